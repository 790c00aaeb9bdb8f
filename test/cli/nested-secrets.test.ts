// Only the secret value itself is secret: a function's environment with one
// $Secret variable keeps its other variables readable in `diff` (every
// format) and `plan --json`, and a site's distribution keeps its origins
// readable with only the origin header's value as "[secret]".
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { cli, tmpFile } from "./cli-helpers";
import { fakeNextApp } from "../fake-next-app";

function functionStack(port: string): { dir: string; file: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nested-secrets-"));
  fs.writeFileSync(path.join(dir, "fn.js"), "exports.handler = async () => ({ statusCode: 200 });\n");
  const file = tmpFile(`resources:
  fn:
    type: function
    properties:
      entryfilePath: ./fn.js
      environment:
        - name: CACHE_PORT
          value: "${port}"
        - name: TOKEN
          value: $Secret(token)
`, `stack-${port}.yaml`, dir);
  return { dir, file };
}

describe("secrets stay nested: only the secret value is hidden", function () {
  this.timeout(180000);

  it("diff names a plain environment variable changed beside a $Secret one, with its old and new value, in text, markdown and json", async () => {
    const before = functionStack("6379").file;
    const after = path.join(path.dirname(before), "after.yaml");
    fs.writeFileSync(after, fs.readFileSync(before, "utf8").replace('"6379"', '"6380"'));

    const text = await cli("diff", before, after);
    assert.strictEqual(text.code, 0, text.err);
    assert.match(text.out, /^ {4}environment\[0\]\.value \(CACHE_PORT\): 6379 -> 6380$/m);
    assert.match(text.out, /^ {2}~ {2}fn-function {2}aws:lambda\/function:Function {2}update\n {7}environment\.variables\.CACHE_PORT: 6379 -> 6380$/m);
    assert.doesNotMatch(text.out, /environment: \[secret\]/);

    const md = await cli("diff", before, after, "--format", "markdown");
    assert.strictEqual(md.code, 0, md.err);
    assert.match(md.out, /^\| {2}\| `fn-function` \(fn\)<br>aws:lambda\/function:Function \| update \| `environment\.variables\.CACHE_PORT`: 6379 → 6380 \|$/m);

    const json = JSON.parse((await cli("diff", before, after, "--format", "json")).out);
    const fn = json.resources.find((r: { name: string }) => r.name === "fn-function");
    assert.deepStrictEqual(fn.changed, ["environment.variables.CACHE_PORT"]);
    assert.deepStrictEqual(fn.values, { "environment.variables.CACHE_PORT": { old: "6379", new: "6380" } });
    for (const out of [text.out, md.out, JSON.stringify(json)]) assert.ok(!out.includes("t0ken-value"));
  });

  it("plan --json: the function's environment shows its plain variables, with only the $Secret one as [secret]", async () => {
    const r = await cli("plan", functionStack("6379").file, "--json", "--secret", "token=t0ken-value-1");
    assert.strictEqual(r.code, 0, r.err);
    const fn = JSON.parse(r.out).resources.find((x: { name: string }) => x.name === "fn-function");
    assert.deepStrictEqual(fn.inputs.environment, { variables: { CACHE_PORT: "6379", NODE_OPTIONS: "--enable-source-maps", TOKEN: "[secret]" } });
  });

  it("plan --json: the distribution's origins are readable, only the origin header's value is [secret]", async () => {
    const app = fakeNextApp();
    const file = tmpFile(`resources:
  web:
    type: nextjs-web
    properties:
      appDirectory: ${JSON.stringify(app.dir)}
      buildCommand: ${JSON.stringify(app.buildCommand)}
      environment:
        - name: GREETING
          value: hello
        - name: TOKEN
          value: $Secret(token)
`);
    const r = await cli("plan", file, "--json", "--secret", "token=t0ken-value-1");
    assert.strictEqual(r.code, 0, r.err);
    const resources = JSON.parse(r.out).resources as { name: string; inputs: Record<string, any> }[];
    const origins = resources.find((x) => x.name === "web-distribution")!.inputs.origins as Record<string, any>[];
    assert.ok(Array.isArray(origins), `origins: ${JSON.stringify(origins)}`);
    const server = origins.find((o) => o.originId === "default")!;
    assert.match(server.domainName, /\.lambda-url\.us-east-1\.on\.aws$/);
    assert.deepStrictEqual(server.customHeaders, [{ name: "x-stackfile-origin", value: "[secret]" }]);
    assert.ok(origins.some((o) => o.originId === "s3" && typeof o.domainName === "string"));
    const env = resources.find((x) => x.name === "web-server-function")!.inputs.environment.variables;
    assert.strictEqual(env.GREETING, "hello");
    assert.strictEqual(env.TOKEN, "[secret]");
    assert.ok(!r.out.includes("t0ken-value"));
  });
});
