// `plan` and `dev` read a secret through one reader (config/secrets.ts), so a
// value means the same in both: `pin: 0012` is 0012, 9007199254740993 keeps
// its digits, STACKFILE_SECRET_CACHE_PASSWORD names `cachePassword`; and
// what `plan` refuses of a secret's value (an 8-character redis password
// holding `@`), `dev` refuses, with the same message at the same line.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { cli, tmpFile } from "./cli-helpers";
import { loadStackfile, secretNames } from "../../src/config/stackfile";
import { plan } from "../../src/cli/plan";
import { stackInputs } from "../../src/cli/secret-sources";
import { resolveLocal } from "../../src/cli/dev-values";
import { environmentMap } from "../../src/dev/environment";
import { revealed } from "../harness";

const STACK = `resources:
  cache:
    type: redis-cluster
    properties:
      instanceSize: cache.t4g.micro
      defaultUserPassword: $Secret('cachePassword')
  hello:
    type: function
    properties:
      entryfilePath: ./hello.ts
      environment:
        - name: PIN
          value: $Secret('pin')
        - name: BIG
          value: $Secret('big')
        - name: PORT
          value: $Secret('redis.port')
`;

/** Runs `fn` with `env` added to process.env. */
async function withEnv<T>(env: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  const before = { ...process.env };
  Object.assign(process.env, env);
  try {
    return await fn();
  } finally {
    for (const k of Object.keys(env)) if (!(k in before)) delete process.env[k];
  }
}

describe("plan and dev read a secret the same way", function () {
  this.timeout(120_000);

  it("pin: 0012, 9007199254740993 and STACKFILE_SECRET_CACHE_PASSWORD mean the same in plan and in dev", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "secrets-agree-"));
    const file = tmpFile(STACK, "stack.yaml", dir);
    fs.writeFileSync(path.join(dir, "hello.ts"), "export const handler = async () => ({ statusCode: 200, body: 'hi' });\n");
    const secretsFile = tmpFile("pin: 0012\nbig: 9007199254740993\nredis: {port: 6379}\n", "secrets.yaml", dir);
    const env = { STACKFILE_SECRET_CACHE_PASSWORD: "Correct-Horse-Battery-1" };
    const r = loadStackfile(file);
    const read = () => stackInputs(file, { secretsFile, secrets: {} }).secrets.pick(secretNames(r.model));

    // plan: what the program registers (secrets unwrapped).
    const planned = await withEnv(env, async () => plan(r, { json: false, secrets: read(), for: "compare" }));
    const lambda = planned.states.find((s) => s.type === "aws:lambda/function:Function")!;
    const variables = revealed(lambda.inputs.environment) as { variables: Record<string, string> };
    const group = planned.states.find((s) => s.type === "aws:elasticache/replicationGroup:ReplicationGroup")!;

    // dev: the same properties resolved as the local session resolves them.
    const local = await withEnv(env, async () => resolveLocal(r.model.resources[1].properties, new Map(), read()) as { environment: unknown });
    const localCache = await withEnv(env, async () => resolveLocal(r.model.resources[0].properties, new Map(), read()) as { defaultUserPassword: string });
    const devVariables = environmentMap(local.environment);

    assert.deepStrictEqual({ PIN: variables.variables.PIN, BIG: variables.variables.BIG, PORT: variables.variables.PORT }, { PIN: "0012", BIG: "9007199254740993", PORT: "6379" });
    assert.deepStrictEqual({ PIN: devVariables.PIN, BIG: devVariables.BIG, PORT: devVariables.PORT }, { PIN: "0012", BIG: "9007199254740993", PORT: "6379" });
    assert.strictEqual(revealed(group.inputs.authToken), "Correct-Horse-Battery-1");
    assert.strictEqual(localCache.defaultUserPassword, "Correct-Horse-Battery-1");
  });

  it("dev refuses a secret value plan refuses (an 8-character redis password with @), with the same line", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "secrets-agree-"));
    const file = tmpFile(STACK.slice(0, STACK.indexOf("  hello:")), "stack.yaml", dir);
    const secretsFile = tmpFile("cachePassword: 'Pa@ss123'\n", "secrets.yaml", dir);
    const planned = await cli("plan", file, "--secrets-file", secretsFile);
    assert.strictEqual(planned.code, 1, planned.out);
    const line = planned.err.split("\n").find((l) => l.includes("defaultUserPassword"));
    assert.ok(line, planned.err);
    assert.match(line, /^.*stack\.yaml:6:28: /);
    const dev = await cli("dev", file, "--secrets-file", secretsFile);
    assert.strictEqual(dev.code, 1, dev.out);
    assert.ok(dev.err.split("\n").includes(line), `dev says what plan says:\n${dev.err}\nplan:\n${line}`);
    assert.doesNotMatch(planned.err + dev.err, /Pa@ss123/);
  });

  it("a JSON secret holding a number a double would round is refused by both", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "secrets-agree-"));
    const file = tmpFile(STACK.slice(0, STACK.indexOf("  hello:")).replace("$Secret('cachePassword')", "$Secret('redis.password')"), "stack.yaml", dir);
    const given = `redis={"password":"Correct-Horse-Battery-1","pin":9007199254740993}`;
    const planned = await cli("plan", file, "--secret", given);
    const dev = await cli("dev", file, "--secret", given);
    for (const r of [planned, dev]) {
      assert.strictEqual(r.code, 1, r.out);
      assert.match(r.err, /stack\.yaml:6:28: secret 'redis' holds a number that JSON readers cannot keep exactly/);
      assert.doesNotMatch(r.err, /900719/);
    }
  });
});
