import * as assert from "assert";
import { redisStaticProblems, redisUpdateProblems, redisPasswordProblem, type RedisRuleInput } from "../../../src/components/redis-cluster/rules";
import { replicationGroupShape } from "../../../src/aws-rules/elasticache-updates";

const pw = "Correct-Horse-Battery-1";
const paths = (ps: { path: (string | number)[] }[]) => ps.map((p) => p.path.join("."));

describe("redis-cluster static rules", () => {
  const cases: { name: string; props: RedisRuleInput; expect: string[] }[] = [
    { name: "defaults pass", props: {}, expect: [] },
    { name: "sharding with 1 replica passes", props: { enableSharding: true, numReplicaNodes: 1 }, expect: [] },
    { name: "sharding needs replicas (default 0 fails, at enableSharding)", props: { enableSharding: true }, expect: ["enableSharding"] },
    { name: "sharding with 0 replicas fails", props: { enableSharding: true, numReplicaNodes: 0 }, expect: ["numReplicaNodes"] },
    { name: "failover with replicas passes", props: { enableAutomaticFailover: true, numReplicaNodes: 1 }, expect: [] },
    { name: "failover without replicas fails", props: { enableAutomaticFailover: true }, expect: ["enableAutomaticFailover"] },
    { name: "failover off when sharded fails", props: { enableSharding: true, numReplicaNodes: 1, enableAutomaticFailover: false }, expect: ["enableAutomaticFailover"] },
    { name: "failover on when sharded passes", props: { enableSharding: true, numReplicaNodes: 2, enableAutomaticFailover: true }, expect: [] },
    { name: "unknown replicas are not judged", props: { enableSharding: true, numReplicaNodes: { unknown: true } }, expect: [] },
    { name: "unknown sharding is not judged", props: { enableSharding: null, enableAutomaticFailover: false }, expect: [] },
    { name: "good password passes", props: { defaultUserPassword: pw }, expect: [] },
    { name: "bad password fails", props: { defaultUserPassword: "short" }, expect: ["defaultUserPassword"] },
  ];
  for (const c of cases) {
    it(c.name, () => assert.deepStrictEqual(paths(redisStaticProblems(c.props)), c.expect));
  }
});

describe("redis-cluster password rule", () => {
  const ok = ["a".repeat(16), "A1!&#$^<>-bcdefgh", "x".repeat(128)];
  const bad: [string, RegExp][] = [
    ["a".repeat(15), /^defaultUserPassword must be 16 to 128 characters long$/],
    ["a".repeat(129), /^defaultUserPassword must be 16 to 128 characters long$/],
    ["abcdefghijklmno/p", /must not contain '\/', '\\', '"' or '@'$/],
    ["abcdefghijklmno\\p", /must not contain/],
    ['abcdefghijklmno"p', /must not contain/],
    ["abcdefghijklmno@p", /must not contain/],
    ["abcdefgh ijklmnop", /printable ASCII without spaces$/],
    ["abcdefghijklmnoé", /printable ASCII/],
    ["abcdefghijklmno%p", /only the special characters ! & # \$ \^ < > -/],
  ];
  for (const p of ok) it(`accepts a ${p.length}-character password`, () => assert.strictEqual(redisPasswordProblem(p), undefined));
  for (const [p, re] of bad) {
    it(`refuses ${JSON.stringify(p.length > 20 ? p.slice(0, 10) + "..." : p)}`, () => {
      const why = redisPasswordProblem(p);
      assert.match(why ?? "", re);
      assert.ok(!why!.includes(p), "the message never echoes the password");
      assert.ok(!/\d/.test(why!.replace("16 to 128", "")), `a verdict, never a length or a place: ${why}`);
    });
  }
});

describe("redis-cluster update rules (old -> new)", () => {
  type Row = [string, RedisRuleInput, RedisRuleInput, string[]];
  const rows: Row[] = [
    ["no change", { numReplicaNodes: 1 }, { numReplicaNodes: 1 }, []],
    ["instanceSize-only fields are free", {}, { numShards: 4 }, []],
    ["sharding off -> on is refused", {}, { enableSharding: true, numReplicaNodes: 1 }, ["enableSharding"]],
    ["sharding on -> off is refused", { enableSharding: true, numReplicaNodes: 1 }, { numReplicaNodes: 1 }, ["enableSharding"]],
    ["sharded: replicas 1 -> 2 is refused", { enableSharding: true, numReplicaNodes: 1 }, { enableSharding: true, numReplicaNodes: 2 }, ["numReplicaNodes"]],
    ["sharded: shards 2 -> 5 is allowed", { enableSharding: true, numReplicaNodes: 1, numShards: 2 }, { enableSharding: true, numReplicaNodes: 1, numShards: 5 }, []],
    ["not sharded: replicas 0 -> 2 is allowed", {}, { numReplicaNodes: 2 }, []],
    ["not sharded: replicas 2 -> 0 is allowed without failover", { numReplicaNodes: 2 }, { numReplicaNodes: 0 }, []],
    ["rule 3: replicas and failover in one deploy is refused", {}, { numReplicaNodes: 1, enableAutomaticFailover: true }, ["enableAutomaticFailover"]],
    ["rule 3, first deploy: add replicas", {}, { numReplicaNodes: 1 }, []],
    ["rule 3, second deploy: enable failover", { numReplicaNodes: 1 }, { numReplicaNodes: 1, enableAutomaticFailover: true }, []],
    ["rule 4: disable failover and remove replicas in one deploy is refused", { numReplicaNodes: 1, enableAutomaticFailover: true }, { numReplicaNodes: 0, enableAutomaticFailover: false }, ["numReplicaNodes"]],
    ["rule 4, first deploy: disable failover", { numReplicaNodes: 1, enableAutomaticFailover: true }, { numReplicaNodes: 1, enableAutomaticFailover: false }, []],
    ["rule 4, second deploy: remove replicas", { numReplicaNodes: 1, enableAutomaticFailover: false }, { numReplicaNodes: 0 }, []],
    ["failover on: replicas 2 -> 3 is allowed", { numReplicaNodes: 2, enableAutomaticFailover: true }, { numReplicaNodes: 3, enableAutomaticFailover: true }, []],
    ["engine upgrade is allowed", { engineVersion: "6.2" }, { engineVersion: "7.1" }, []],
    ["engine downgrade is refused", { engineVersion: "7.0" }, { engineVersion: "6.2" }, ["engineVersion"]],
    ["default engine (6.2) -> 6.0 is refused", {}, { engineVersion: "6.0" }, ["engineVersion"]],
    ["unknown new values are never judged", { enableSharding: true, numReplicaNodes: 1 }, { enableSharding: null, numReplicaNodes: null }, []],
    ["unknown old values are never judged", { enableSharding: null }, { enableSharding: true, numReplicaNodes: 1 }, []],
  ];
  for (const [name, a, b, expect] of rows) {
    it(name, () => assert.deepStrictEqual(paths(redisUpdateProblems(a, b)), expect));
  }

  it("says which deploy to do first", () => {
    const [enable] = redisUpdateProblems({}, { numReplicaNodes: 1, enableAutomaticFailover: true });
    assert.match(enable.hint!, /first deploy numReplicaNodes: 1 with enableAutomaticFailover: false, then enable failover in a second deploy/);
    const [disable] = redisUpdateProblems({ numReplicaNodes: 2, enableAutomaticFailover: true }, { numReplicaNodes: 0, enableAutomaticFailover: false });
    assert.match(disable.hint!, /first deploy enableAutomaticFailover: false with numReplicaNodes: 2, then set numReplicaNodes: 0/);
  });
});

describe("a replication group's saved state in the rules' terms (what the update guard compares with)", () => {
  it("reads a group that is not sharded: replicas from the cache clusters, failover, the version asked for", () => {
    assert.deepStrictEqual(
      replicationGroupShape({ clusterMode: "disabled", numCacheClusters: 2, automaticFailoverEnabled: true, engineVersion: "7.0", engineVersionActual: "7.0.7" }),
      { enableSharding: false, numShards: 1, numReplicaNodes: 1, enableAutomaticFailover: true, engineVersion: "7.0" },
    );
  });
  it("reads a sharded group: shards and replicas per shard", () => {
    assert.deepStrictEqual(
      replicationGroupShape({ clusterMode: "enabled", numNodeGroups: 3, replicasPerNodeGroup: 1, automaticFailoverEnabled: true, engineVersion: "6.2" }),
      { enableSharding: true, numShards: 3, numReplicaNodes: 1, enableAutomaticFailover: true, engineVersion: "6.2" },
    );
  });
  it("leaves what the state does not say unjudged (null, never the property's default), and the running version when no version was asked for", () => {
    const shape = replicationGroupShape({ clusterMode: "disabled", engineVersionActual: "7.1.0" })!;
    assert.deepStrictEqual(shape, { enableSharding: false, numShards: 1, numReplicaNodes: null, enableAutomaticFailover: null, engineVersion: "7.1" });
    // Against a change to 3 replicas with failover: nothing to refuse on unknowns; a downgrade still is.
    assert.deepStrictEqual(redisUpdateProblems(shape, { numReplicaNodes: 3, enableAutomaticFailover: true, engineVersion: "7.1" }), []);
    assert.match(redisUpdateProblems(shape, { engineVersion: "6.2" })[0].message, /cannot be downgraded \(from 7\.1 to 6\.2\)/);
    assert.strictEqual(replicationGroupShape(undefined), undefined);
  });
});
