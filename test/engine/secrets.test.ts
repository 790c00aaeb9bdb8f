// Secrets under the real Pulumi engine: after `pulumi config set --secret`, a
// redis cluster's password and a function's secret environment value never
// appear in plain text in the exported state or in any file of the stack's
// backend; secret outputs stay secret in `pulumi stack output`. The stand-in's
// account (world.json) is AWS's side: it may hold them, as AWS does.
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { newStack, removeStack, requireEngine, type EngineStack } from "./harness";

const PASSWORD = "Correct-Horse-Battery-1";
const API_KEY = "fn-Api-Key-8c41d2";

const STACK = `resources:
  cache:
    type: redis-cluster
    properties:
      instanceSize: cache.t4g.micro
      defaultUserPassword: $Secret('cachePassword')
  worker:
    type: function
    properties:
      entryfilePath: ./fn.ts
      environment:
        - name: PLAIN
          value: not-a-secret
        - name: API_KEY
          value: $Secret('apiKey')
`;

const FN = "export const handler = async () => ({ statusCode: 200, body: process.env.PLAIN });\n";

/** Every file under `dir` whose bytes hold `needle` (as text, JSON-escaped or base64). */
function filesHolding(dir: string, needle: string): string[] {
  const forms = [needle, JSON.stringify(needle).slice(1, -1), Buffer.from(needle).toString("base64")].map((f) => Buffer.from(f));
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) {
        const bytes = fs.readFileSync(p);
        if (forms.some((f) => bytes.includes(f))) out.push(p);
      }
    }
  };
  walk(dir);
  return out;
}

describe("engine: secrets (real pulumi)", function () {
  this.timeout(600_000);
  let s: EngineStack | undefined;
  before(async function () {
    requireEngine(this);
    s = await newStack(STACK, { "fn.ts": FN }, { cachePassword: PASSWORD, apiKey: API_KEY });
    await s.ok(["up", "--yes"]);
  });
  after(() => removeStack(s));

  it("no secret value appears in plain text in `pulumi stack export`", async () => {
    const out = await s!.ok(["stack", "export"]);
    const exported = JSON.parse(out.slice(out.indexOf("{")));
    // The deployment holds the resources that took them (so the check looks at the right thing).
    const types = exported.deployment.resources.map((r: { type: string }) => r.type);
    assert.ok(types.includes("aws:elasticache/replicationGroup:ReplicationGroup") && types.includes("aws:lambda/function:Function"), types.join("\n"));
    for (const secret of [PASSWORD, API_KEY]) assert.ok(!out.includes(secret), `stack export shows ${secret}`);
    // And they are there, encrypted: the group's authToken and the function's secret variable are secret-wrapped.
    const byType = (t: string) => exported.deployment.resources.find((r: { type: string }) => r.type === t);
    const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";
    assert.strictEqual(byType("aws:elasticache/replicationGroup:ReplicationGroup").outputs.authToken["4dabf18193072939515e22adb298388d"], SECRET_SIG);
    // Only the secret value is secret (a reviewer still reads PLAIN): issue 24's nested secrets, as the engine keeps them.
    const variables = byType("aws:lambda/function:Function").outputs.environment.variables;
    assert.strictEqual(variables.API_KEY["4dabf18193072939515e22adb298388d"], SECRET_SIG);
    assert.strictEqual(variables.PLAIN, "not-a-secret");
  });

  it("no file of the stack's backend (state, history, backups) holds a secret value", () => {
    const backend = path.join(s!.dir, ".engine", "backend");
    assert.ok(fs.readdirSync(backend).length > 0);
    for (const secret of [PASSWORD, API_KEY]) assert.deepStrictEqual(filesHolding(backend, secret), [], `${secret} in the backend`);
    // Nor the project's stack config (Pulumi.dev.yaml holds them encrypted).
    for (const secret of [PASSWORD, API_KEY]) assert.deepStrictEqual(filesHolding(s!.dir, secret).filter((p) => !p.includes(`${path.sep}.engine${path.sep}`)), [], `${secret} in the project`);
  });

  it("the stand-in's account holds the secrets only where AWS holds them (the group's auth token, the function's environment)", () => {
    const holders = (secret: string) => Object.values(s!.world().resources).filter((r) => JSON.stringify(r).includes(secret)).map((r) => r.type).sort();
    assert.deepStrictEqual(holders(PASSWORD), ["aws:elasticache/replicationGroup:ReplicationGroup"]);
    assert.deepStrictEqual(holders(API_KEY), ["aws:lambda/function:Function"]);
  });

  it("secret outputs stay secret in `pulumi stack output --json` (connectionString shows [secret]); --show-secrets reveals them", async () => {
    const out = await s!.ok(["stack", "output", "--json"]);
    assert.ok(!out.includes(PASSWORD), out);
    const outputs = JSON.parse(out.slice(out.indexOf("{")));
    assert.strictEqual(outputs.cache.connectionString ?? outputs.cache, "[secret]", out);
    const shown = await s!.ok(["stack", "output", "--json", "--show-secrets"]);
    assert.match(shown, new RegExp(PASSWORD));
  });
});
