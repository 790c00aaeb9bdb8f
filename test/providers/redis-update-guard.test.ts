import * as assert from "assert";
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import { redisUpdateGuardProvider, REDIS_GUARD_VERSION } from "../../src/providers/redis-update-guard";

const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
const inputs = (o: Record<string, unknown>) => ({
  enableSharding: false, numShards: 1, numReplicaNodes: 0, enableAutomaticFailover: false,
  engineVersion: "6.2", passwordProblem: "", guardVersion: REDIS_GUARD_VERSION, __provider: "code", ...o,
});

describe("redis update guard provider (direct calls)", () => {
  const p = redisUpdateGuardProvider;

  it("check accepts a first create ({} olds)", async () => {
    const r = await p.check!({}, inputs({ numReplicaNodes: 2 }));
    assert.deepStrictEqual(r.failures, []);
  });

  it("check refuses toggling sharding, naming the property and the fix", async () => {
    const r = await p.check!(inputs({}), inputs({ enableSharding: true, numReplicaNodes: 1, enableAutomaticFailover: true }));
    assert.strictEqual(r.failures!.length, 1);
    assert.strictEqual(r.failures![0].property, "enableSharding");
    assert.match(r.failures![0].reason, /cannot change after the cluster is created.*create a new cluster under a new resource name/);
  });

  it("check refuses replica changes on a sharded cluster", async () => {
    const old = inputs({ enableSharding: true, numReplicaNodes: 1, enableAutomaticFailover: true });
    const r = await p.check!(old, { ...old, numReplicaNodes: 2 });
    assert.deepStrictEqual(r.failures!.map((f) => f.property), ["numReplicaNodes"]);
  });

  it("check refuses failover and replicas in one deploy, saying which deploy comes first", async () => {
    const r = await p.check!(inputs({}), inputs({ numReplicaNodes: 1, enableAutomaticFailover: true }));
    assert.deepStrictEqual(r.failures!.map((f) => f.property), ["enableAutomaticFailover"]);
    assert.match(r.failures![0].reason, /first deploy numReplicaNodes: 1 with enableAutomaticFailover: false/);
  });

  it("check never fails on values unknown during preview", async () => {
    const old = inputs({ enableSharding: true, numReplicaNodes: 1, enableAutomaticFailover: true, engineVersion: "7.1" });
    const r = await p.check!(old, inputs({ enableSharding: UNKNOWN, numReplicaNodes: UNKNOWN, enableAutomaticFailover: UNKNOWN, engineVersion: UNKNOWN, passwordProblem: UNKNOWN }));
    assert.deepStrictEqual(r.failures, []);
  });

  it("check refuses a password the rules refuse", async () => {
    const r = await p.check!({}, inputs({ passwordProblem: "defaultUserPassword must be 16 to 128 characters long" }));
    assert.deepStrictEqual(r.failures!.map((f) => f.property), ["defaultUserPassword"]);
  });

  it("diff reports changes without replacement; create and update keep the inputs as state", async () => {
    const d = await p.diff!("id", inputs({}), inputs({ numShards: 2 }));
    assert.deepStrictEqual(d, { changes: true, replaces: [], deleteBeforeReplace: false });
    assert.strictEqual((await p.diff!("id", inputs({}), inputs({}))).changes, false);
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
      illegal: [inputs({ enableSharding: true, numReplicaNodes: 1, enableAutomaticFailover: true }), inputs({ enableSharding: true, numReplicaNodes: 2, enableAutomaticFailover: true })],
      legal: [inputs({ numReplicaNodes: 1 }), inputs({ numReplicaNodes: 1, enableAutomaticFailover: true })],
      preview: [inputs({}), inputs({ enableSharding: UNKNOWN })],
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
