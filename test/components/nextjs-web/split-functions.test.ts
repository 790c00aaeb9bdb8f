// Issue 23, item 12: OpenNext's split functions (`functions` in
// open-next.config.ts, as in OpenNext's app-pages-router example): each one a
// Lambda function of its own, with its own URL, origin secret and permissions,
// reached through CloudFront behaviors in the order OpenNext's output gives.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { execFile } from "child_process";
import { promisify } from "util";
import { cli } from "../../cli/cli-helpers";
import { fakeNextApp } from "../../fake-next-app";
import { NextjsWeb } from "../../../src/components/nextjs-web";
import { run, secretInput } from "../../harness";
import { packageOf, unpack } from "../../packages";

const SPLIT = path.join(__dirname, "../../fixtures/fake-open-next-split.js");
const CONFIG = `import type { OpenNextConfig } from "@opennextjs/aws/types/open-next.js";
const config = {
  default: {},
  functions: {
    api: { routes: ["app/api/client/route", "app/api/host/route", "pages/api/hello"], patterns: ["api/*"] },
  },
  dangerous: { enableCacheInterception: true },
} satisfies OpenNextConfig;
export default config;
`;

function splitApp(): { dir: string; buildCommand: string } {
  const app = fakeNextApp();
  fs.writeFileSync(path.join(app.dir, "open-next.config.ts"), CONFIG);
  return { dir: app.dir, buildCommand: `${app.buildCommand} && node "${SPLIT}"` };
}

describe("nextjs-web: OpenNext's split functions", function () {
  this.timeout(120000);

  it("plan makes the api function with its own URL, secret and permissions, and a behavior for api/* before the default; the catalog passes", async () => {
    const app = splitApp();
    const file = path.join(path.dirname(app.dir), "stack.yaml");
    fs.writeFileSync(file, `resources:
  web:
    type: nextjs-web
    properties:
      appDirectory: ${JSON.stringify(app.dir)}
      buildCommand: ${JSON.stringify(app.buildCommand)}
      serverFunction:
        memory: 2048
`);
    const r = await cli("plan", file, "--json");
    assert.strictEqual(r.code, 0, r.err);
    const plan = JSON.parse(r.out) as { resources: { type: string; name: string; inputs: Record<string, any> }[] };
    const byName = (n: string) => plan.resources.find((x) => x.name === n);
    const api = byName("web-split-function-api")!.inputs;
    assert.deepStrictEqual([api.handler, api.memorySize], ["stackfile-server.handler", 2048], "the server's settings apply");
    assert.strictEqual(byName("web-split-url-api")!.inputs.authorizationType, "NONE");
    assert.ok(byName("web-split-url-permission-api") && byName("web-split-invoke-permission-api") && byName("web-split-origin-secret-api"));
    const d = plan.resources.find((x) => x.type === "aws:cloudfront/distribution:Distribution")!.inputs;
    const patterns = d.orderedCacheBehaviors.map((b: any) => `${b.pathPattern} ${b.targetOriginId}`);
    assert.strictEqual(patterns[0], "/api/* api", patterns.join(", "));
    assert.strictEqual(d.defaultCacheBehavior.targetOriginId, "default");
    const apiBehavior = d.orderedCacheBehaviors[0];
    assert.strictEqual(apiBehavior.allowedMethods.length, 7);
    assert.strictEqual(apiBehavior.cachePolicyId, d.defaultCacheBehavior.cachePolicyId);
  });

  it("the api package answers requests that carry its own secret, and refuses the server's", async () => {
    const app = splitApp();
    const r = await run(() => new NextjsWeb("web", { appDirectory: app.dir, buildCommand: app.buildCommand }));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stackfile-split-"));
    unpack(await packageOf(r.byName("web-split-function-api")!.inputs.code), dir);
    const env = r.byName("web-split-function-api")!.inputs.environment.variables;
    const own = r.byName("web-split-origin-secret-api")!.state.value as string;
    const servers = r.byName("web-origin-secret")!.state.value as string;
    assert.notStrictEqual(own, servers);
    // CloudFront sends each origin its own secret.
    const raw = r.one("aws:cloudfront/distribution:Distribution").inputs.origins;
    const origins = (Array.isArray(raw) ? raw : secretInput(raw)) as { originId: string; customHeaders?: { name: string; value: unknown }[] }[];
    const header = (id: string) => JSON.stringify(origins.find((o) => o.originId === id)!.customHeaders);
    assert.ok(header("api").includes(own) && header("default").includes(servers), "each origin gets its own secret");
    const call = async (secret: string) => {
      const event = { rawPath: "/api/hello", requestContext: { http: { method: "GET", path: "/api/hello" } }, headers: { "x-stackfile-origin": secret } };
      const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e",
        `const m = await import(${JSON.stringify(path.join(dir, "stackfile-server.mjs"))}); console.log(JSON.stringify(await m.handler(${JSON.stringify(event)}, {})));`,
      ], { cwd: dir, env: { PATH: process.env.PATH!, ...env }, encoding: "utf8" });
      return JSON.parse(stdout.trim().split("\n").pop()!);
    };
    assert.deepStrictEqual(await call(own), { statusCode: 200, body: "api /api/hello" });
    assert.strictEqual((await call(servers)).statusCode, 403);
  });
});
