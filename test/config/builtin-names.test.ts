// Names JavaScript objects already hold (`constructor`, `__proto__`, `toString` ...)
// are plain text to stackfile: as a resource name, a type, a secret name and a key.
import * as assert from "assert";
import { cli, tmpFile } from "../cli/cli-helpers";

const BUILT_IN = ["constructor", "__proto__", "toString", "valueOf", "hasOwnProperty", "isPrototypeOf", "__defineGetter__", "prototype"];
const PASSWORD = "Built-in-Names-Password-1";


const redis = (name: string, props: string) => `resources:
  ${name}:
    type: redis-cluster
    properties:
      instanceSize: cache.t4g.small
${props}`;

describe("built-in JavaScript names are plain text", () => {
  for (const word of BUILT_IN) {
    it(`'${word}' as a resource name: valid when the name rule allows it, refused at its line otherwise`, async () => {
      const f = tmpFile(redis(word, `      defaultUserPassword: $Secret('builtinPassword')\n`));
      const r = await cli("validate", f);
      if (/^[A-Za-z][A-Za-z0-9]*$/.test(word)) {
        assert.deepStrictEqual(r, { code: 0, out: "ok: 1 resource", err: "" });
        const p = await cli("plan", f, "--json");
        assert.strictEqual(p.code, 0, p.err);
        const plan = JSON.parse(p.out);
        assert.ok(plan.resources.some((x: { name: string }) => x.name === `${word.toLowerCase() === word ? word : word}-replication-group`));
      } else {
        assert.strictEqual(r.code, 1);
        assert.match(r.err, new RegExp(`${f}:2:3: resource name '${word}' must start with a letter`));
      }
    });

    it(`'${word}' as a type is an unknown type, at its line`, async () => {
      const r = await cli("validate", tmpFile(`resources:\n  a:\n    type: ${word}\n    properties: {}\n`));
      assert.strictEqual(r.code, 1);
      assert.match(r.err, new RegExp(`:3:11: unknown resource type "${word}"; `));
      assert.ok(!/internal error/.test(r.err));
    });

    it(`'${word}' as a secret name is read like any other`, async () => {
      const f = tmpFile(redis("cache", `      defaultUserPassword: $Secret('${word}')\n`));
      assert.deepStrictEqual(await cli("validate", f), { code: 0, out: "ok: 1 resource", err: "" });
      // Not given: a placeholder, not the object's own member.
      const placeholder = await cli("plan", f, "--json");
      assert.strictEqual(placeholder.code, 0, placeholder.err);
      const given = await cli("plan", f, "--json", "--secret", `${word}=${PASSWORD}`);
      assert.strictEqual(given.code, 0, given.err);
      for (const out of [placeholder.out, given.out]) {
        const group = JSON.parse(out).resources.find((x: { type: string }) => x.type === "aws:elasticache/replicationGroup:ReplicationGroup");
        assert.strictEqual(group.inputs.authToken, "[secret]");
      }
      assert.ok(!given.out.includes(PASSWORD));
    });

    it(`'${word}' as a property key is an unknown property, at its line`, async () => {
      const f = tmpFile(redis("cache", `      defaultUserPassword: ${PASSWORD}\n      ${word}: {x: 1}\n      logging: {${word}: 1}\n`));
      const r = await cli("validate", f);
      assert.strictEqual(r.code, 1, r.err);
      const lines = r.err.split("\n");
      assert.ok(lines.some((l) => l.startsWith(`${f}:7:7: unknown property '${word}'`)), r.err);
      assert.ok(lines.some((l) => l.startsWith(`${f}:8:17: unknown property '${word}'`)), r.err);
    });
  }

  it("a $ResourceParam naming a built-in parameter is an unknown parameter", async () => {
    const f = tmpFile(`${redis("cache", `      defaultUserPassword: ${PASSWORD}\n`)}  api:
    type: http-api-gateway
    properties:
      cors:
        enabled: true
        maxAge: $ResourceParam('cache', 'constructor')
`);
    const r = await cli("validate", f);
    assert.strictEqual(r.code, 1);
    assert.match(r.err, /:12:17: redis-cluster has no parameter 'constructor'/);
  });

  it("a JSON secret's key is read only from the secret's own keys", async () => {
    const f = tmpFile(redis("cache", "      defaultUserPassword: $Secret('redis.constructor')\n"));
    const r = await cli("plan", f, "--secret", `redis={"password": "${PASSWORD}"}`);
    assert.strictEqual(r.code, 1);
    assert.match(r.err, /secret 'redis' has no key 'constructor'/);
    const ok = await cli("plan", f, "--json", "--secret", `redis={"constructor": "${PASSWORD}"}`);
    assert.strictEqual(ok.code, 0, ok.err);
  });
});
