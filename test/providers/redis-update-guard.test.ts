import * as assert from "assert";
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import { redisUpdateGuardProvider, REDIS_GUARD_VERSION } from "../../src/providers/redis-update-guard";

const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
const shape = (o: Record<string, unknown> = {}) => ({ enableSharding: false, numShards: 1, numReplicaNodes: 0, enableAutomaticFailover: false, engineVersion: "6.2", ...o });
const inputs = (o: Record<string, unknown>) => ({
  ...shape(), passwordProblem: "", guardVersion: REDIS_GUARD_VERSION, __provider: "code", deployed: null, ...o,
});
/** The guard's inputs asking for `next` of a group whose saved state is `deployed`. */
const change = (deployed: Record<string, unknown>, next: Record<string, unknown>) => inputs({ ...next, deployed: shape(deployed) });

describe("redis update guard provider (direct calls)", () => {
  const p = redisUpdateGuardProvider;

  it("check accepts a first create (no group in the saved state)", async () => {
    const r = await p.check!({}, inputs({ numReplicaNodes: 2 }));
    assert.deepStrictEqual(r.failures, []);
  });

  it("check refuses toggling sharding, naming the property and the fix", async () => {
    const r = await p.check!({}, change({}, { enableSharding: true, numReplicaNodes: 1, enableAutomaticFailover: true }));
    assert.strictEqual(r.failures!.length, 1);
    assert.strictEqual(r.failures![0].property, "enableSharding");
    assert.match(r.failures![0].reason, /cannot change after the cluster is created.*create a new cluster under a new resource name/);
  });

  it("check refuses replica changes on a sharded cluster", async () => {
    const was = { enableSharding: true, numReplicaNodes: 1, enableAutomaticFailover: true };
    const r = await p.check!({}, change(was, { ...was, numReplicaNodes: 2 }));
    assert.deepStrictEqual(r.failures!.map((f) => f.property), ["numReplicaNodes"]);
  });

  it("check refuses failover and replicas in one deploy, saying which deploy comes first", async () => {
    const r = await p.check!({}, change({}, { numReplicaNodes: 1, enableAutomaticFailover: true }));
    assert.deepStrictEqual(r.failures!.map((f) => f.property), ["enableAutomaticFailover"]);
    assert.match(r.failures![0].reason, /first deploy numReplicaNodes: 1 with enableAutomaticFailover: false/);
  });

  it("check never fails on values unknown during preview", async () => {
    const was = { enableSharding: true, numReplicaNodes: 1, enableAutomaticFailover: true, engineVersion: "7.1" };
    const r = await p.check!({}, change(was, { enableSharding: UNKNOWN, numReplicaNodes: UNKNOWN, enableAutomaticFailover: UNKNOWN, engineVersion: UNKNOWN, passwordProblem: UNKNOWN }));
    assert.deepStrictEqual(r.failures, []);
    assert.deepStrictEqual((await p.check!({}, inputs({ engineVersion: "6.2", deployed: UNKNOWN }))).failures, []);
  });

  it("check judges against the group's saved state, never its own olds (left behind by a deploy killed after the group's update)", async () => {
    // The guard still says 6.2 (its update never ran); the group is at 7.0.
    const stale = inputs({ engineVersion: "6.2" });
    const refused = await p.check!(stale, change({ engineVersion: "7.0" }, { engineVersion: "6.2" }));
    assert.deepStrictEqual(refused.failures!.map((f) => [f.property, f.reason.replace(/;.*/, "")]), [["engineVersion", "engineVersion cannot be downgraded (from 7.0 to 6.2)"]]);
    // The group has failover on, with its replica; the guard still says off.
    const off = await p.check!(inputs({ numReplicaNodes: 1 }), change({ numReplicaNodes: 1, enableAutomaticFailover: true }, { numReplicaNodes: 0 }));
    assert.deepStrictEqual(off.failures!.map((f) => f.property), ["numReplicaNodes"]);
    // And the other way: a change its olds would refuse, legal against the group (a failed update left the group as it was).
    const fine = await p.check!(inputs({ engineVersion: "7.1" }), change({ engineVersion: "6.2" }, { engineVersion: "6.2" }));
    assert.deepStrictEqual(fine.failures, []);
  });

  it("check refuses a password the rules refuse", async () => {
    const r = await p.check!({}, inputs({ passwordProblem: "defaultUserPassword must be 16 to 128 characters long" }));
    assert.deepStrictEqual(r.failures!.map((f) => f.property), ["defaultUserPassword"]);
  });

  it("diff reports changes without replacement, never for the group's saved state alone; create and update keep the inputs as state", async () => {
    const d = await p.diff!("id", inputs({}), inputs({ numShards: 2 }));
    assert.deepStrictEqual(d, { changes: true, replaces: [], deleteBeforeReplace: false });
    assert.strictEqual((await p.diff!("id", inputs({}), inputs({}))).changes, false);
    // After a deploy the group's state is the new one: no change of the guard to show in the next preview.
    assert.strictEqual((await p.diff!("id", inputs({ deployed: shape() }), inputs({ deployed: shape({ numReplicaNodes: 1 }) }))).changes, false);
    const c = await p.create(inputs({ numShards: 3 }));
    assert.strictEqual(c.outs.numShards, 3);
    assert.strictEqual(c.outs.__provider, undefined);
    const u = await p.update!("id", inputs({}), inputs({ numShards: 4 }));
    assert.strictEqual(u.outs.numShards, 4);
  });
});

describe("redis update guard provider (serialized as Pulumi does, run in a fresh process)", function () {
  this.timeout(60000);

  it("refuses an illegal update and accepts a legal one", async () => {
    const sf = await pulumi.runtime.serializeFunction(() => redisUpdateGuardProvider);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "guard-"));
    fs.writeFileSync(path.join(dir, "provider.js"), sf.text);
    const calls = {
      illegal: [{}, change({ enableSharding: true, numReplicaNodes: 1, enableAutomaticFailover: true }, { enableSharding: true, numReplicaNodes: 2, enableAutomaticFailover: true })],
      legal: [{}, change({ numReplicaNodes: 1 }, { numReplicaNodes: 1, enableAutomaticFailover: true })],
      preview: [{}, change({}, { enableSharding: UNKNOWN })],
    };
    fs.writeFileSync(
      path.join(dir, "run.js"),
      `const provider = require("./provider.js").${sf.exportName}();
       const calls = ${JSON.stringify(calls)};
       (async () => {
         const out = {};
         for (const [k, [o, n]] of Object.entries(calls)) out[k] = (await provider.check(o, n)).failures;
         process.stdout.write(JSON.stringify(out));
       })().catch((e) => { console.error(e); process.exit(1); });`,
    );
    // A fresh process, outside the repo: nothing but the serialized text.
    const out = JSON.parse(execFileSync(process.execPath, [path.join(dir, "run.js")], { cwd: dir, encoding: "utf8" }));
    assert.deepStrictEqual(out.illegal.map((f: { property: string }) => f.property), ["numReplicaNodes"]);
    assert.match(out.illegal[0].reason, /cannot change on a sharded cluster \(it was 1, now 2\)/);
    assert.deepStrictEqual(out.legal, []);
    assert.deepStrictEqual(out.preview, []);
  });
});
