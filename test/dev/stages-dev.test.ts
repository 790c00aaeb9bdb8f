// `stackfile dev --stack NAME`: the file's per-stage values apply locally
// (default stage dev, said at start); a stage the file has no value for is
// refused at its line before anything starts.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { cli } from "../cli/cli-helpers";
import { startDevHere } from "./dev-here";
import { basePort } from "./dev-process";

function project(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stages-dev-"));
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: shop\nruntime: nodejs\n");
  fs.writeFileSync(path.join(dir, "Pulumi.production.yaml"), "config:\n  shop:greeting: hello from production\n");
  fs.writeFileSync(path.join(dir, "Pulumi.dev.yaml"), "config:\n  shop:greeting: hello from dev\n");
  fs.writeFileSync(path.join(dir, "fn.ts"), "export async function handler() {\n  return { statusCode: 200, body: JSON.stringify({ size: process.env.SIZE, greeting: process.env.GREETING, stage: process.env.STAGE }) };\n}\n");
  fs.writeFileSync(path.join(dir, "stack.yaml"), `resources:
  api:
    type: http-api-gateway
  hello:
    type: function
    properties:
      entryfilePath: ./fn.ts
      environment:
        - name: SIZE
          value: "$Select($Stage(), {production: large, dev: small})"
        - name: GREETING
          value: $Config('greeting')
        - name: STAGE
          value: "stage $Stage()"
      events:
        - { type: http-api-gateway, properties: { httpApiGatewayName: api, path: /hello, method: GET } }
`);
  return path.join(dir, "stack.yaml");
}

async function answer(args: string[]): Promise<{ body: Record<string, string>; out: string[] }> {
  const dev = await startDevHere(args);
  try {
    const url = String(dev.session.output("api", "url"));
    const body = await (await fetch(`${url}/hello`)).json() as Record<string, string>;
    return { body, out: dev.out };
  } finally {
    dev.stop();
    assert.strictEqual(await dev.code, 0, dev.out.join("\n"));
  }
}

describe("stackfile dev: stages", function () {
  this.timeout(90_000);

  it("runs the dev stage by default, says so at start, and its values reach the function", async () => {
    const { body, out } = await answer([project(), "--port", String(basePort() + 41)]);
    assert.ok(out.includes("stackfile dev: stage dev (dev's default; --stack NAME runs another)"), out.join("\n"));
    assert.deepStrictEqual(body, { size: "small", greeting: "hello from dev", stage: "stage dev" });
  });

  it("runs the stage --stack names: production's values apply locally", async () => {
    const { body, out } = await answer([project(), "--stack", "production", "--port", String(basePort() + 43)]);
    assert.ok(out.includes("stackfile dev: stage production (--stack)"), out.join("\n"));
    assert.deepStrictEqual(body, { size: "large", greeting: "hello from production", stage: "stage production" });
  });

  it("refuses a stage the file has no value for, at its line, and starts nothing", async () => {
    const r = await cli("dev", project(), "--stack", "pr-7");
    assert.strictEqual(r.code, 1);
    assert.match(r.err, /stack\.yaml:10:18: \$Select\(\$Stage\(\), \.\.\.\) has no case for 'pr-7' and no default; add default: <value> \(cases: production, dev\)/);
    assert.match(r.err, /stack\.yaml:12:18: \$Config\('greeting'\): stack pr-7 does not set 'greeting'; run: pulumi config set greeting <value> --stack pr-7/);
  });
});
