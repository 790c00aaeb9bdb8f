// Issue 23, item 13: the app's OpenNext config is read before the build, and
// what it asks that the resource does not is refused at the property's line.
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { cli } from "../../cli/cli-helpers";
import { fakeNextApp } from "../../fake-next-app";
import { NextjsWeb } from "../../../src/components/nextjs-web";
import { readAppOpenNextConfig } from "../../../src/components/nextjs-web/app-config";

/** OpenNext's app-pages-router example's config, in its shape: a streaming server and an `api` split function. */
const SPLIT_AND_STREAMING = `import type { OpenNextConfig } from "@opennextjs/aws/types/open-next.js";

const config = {
  default: {
    override: {
      // streams responses
      wrapper: "aws-lambda-streaming",
    },
  },
  functions: {
    api: {
      routes: ["app/api/client/route", "app/api/host/route", "pages/api/hello"],
      patterns: ["/api/*"],
    },
    "admin-pages": { routes: ["app/admin/page"], patterns: ["/admin/*"], override: { wrapper: "aws-lambda" } },
  },
  dangerous: { enableCacheInterception: true },
} satisfies OpenNextConfig;

export default config;
`;

const STREAMING_ONLY = `const config = {
  default: { override: { wrapper: "aws-lambda-streaming" } },
};
export default config;
`;

/** A stack of one site whose app has `config` as its open-next.config.ts; `extra` lines go under properties. */
function stack(config: string, extra = ""): { file: string; builds: string } {
  const app = fakeNextApp();
  fs.writeFileSync(path.join(app.dir, "open-next.config.ts"), config);
  const file = path.join(path.dirname(app.dir), "stack.yaml");
  fs.writeFileSync(file, `resources:
  web:
    type: nextjs-web
    properties:
      appDirectory: ${JSON.stringify(app.dir)}
      buildCommand: ${JSON.stringify(app.buildCommand)}
${extra}`);
  return { file, builds: path.join(path.dirname(app.dir), "app.builds") };
}

describe("nextjs-web: the app's OpenNext config, read before the build", function () {
  this.timeout(120000);

  it("reads the server's wrapper and the split functions, with their lines, comments aside", () => {
    const dir = path.dirname(stack(SPLIT_AND_STREAMING).file);
    const config = readAppOpenNextConfig(path.join(dir, "app"))!;
    assert.deepStrictEqual(config, { file: "open-next.config.ts", streamingWrapperLine: 7, functionsLine: 10, functions: ["api", "admin-pages"] });
    assert.strictEqual(readAppOpenNextConfig(fs.mkdtempSync(path.join(dir, "none-"))), undefined);
  });

  it("a streaming wrapper without streamingEnabled is refused at appDirectory, before any build", async () => {
    const s = stack(STREAMING_ONLY);
    const r = await cli("plan", s.file);
    assert.strictEqual(r.code, 1);
    assert.strictEqual(r.err.trim(), `${s.file}:5:21: open-next.config.ts:2 sets the server's wrapper to "aws-lambda-streaming", so OpenNext builds a streaming server, but streamingEnabled is not true; ` +
      "set streamingEnabled: true (the function URL then streams), or remove the wrapper from the OpenNext config");
    assert.ok(!fs.existsSync(s.builds), "no build ran");
  });

  it("with streamingEnabled: false it is refused at that line; with streamingEnabled: true it is valid", async () => {
    const off = stack(STREAMING_ONLY, "      streamingEnabled: false\n");
    const r = await cli("plan", off.file);
    assert.strictEqual(r.code, 1);
    assert.match(r.err, new RegExp(`^${off.file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:7:25: open-next.config.ts:2 sets the server's wrapper`));
    const on = stack(STREAMING_ONLY, "      streamingEnabled: true\n");
    assert.match((await cli("validate", on.file)).out, /^ok: 1 resource/);
  });

  it("the TypeScript component refuses the same before building", () => {
    const s = stack(STREAMING_ONLY);
    const app = path.join(path.dirname(s.file), "app");
    assert.throws(() => new NextjsWeb("web", { appDirectory: app, buildCommand: `node -e "process.exit(3)"` }),
      /NextjsWeb 'web': open-next.config.ts:2 sets the server's wrapper to "aws-lambda-streaming"/);
  });

  it("an edge converter without useEdgeFunction is refused at appDirectory", async () => {
    const s = stack(`export default { default: { override: { wrapper: "aws-lambda", converter: "aws-cloudfront" } } };\n`);
    const r = await cli("plan", s.file);
    assert.strictEqual(r.code, 1);
    assert.match(r.err, /:5:21: open-next.config.ts:1 sets the server's converter to "aws-cloudfront" \(a Lambda@Edge server\), but useEdgeFunction is not true/);
  });
});
