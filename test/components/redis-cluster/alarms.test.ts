// A redis cluster's default alarms, read from what it registers: one set per
// shard, each watching the highest of the shard's nodes (the member clusters
// ElastiCache names `<group>-00N`, sharded `<group>-000S-00N`) with its
// metric, dimensions, threshold and period; `alarms` changes them, and
// `false` removes exactly that alarm.
import * as assert from "assert";
import { RedisCluster, type RedisClusterArgs } from "../../../src/components/redis-cluster";
import { run, type Run } from "../../harness";

const ALARM = "aws:cloudwatch/metricAlarm:MetricAlarm";
const PASSWORD = "Correct-Horse-Battery-1";
const make = (args: Partial<RedisClusterArgs>) => run(() => new RedisCluster("cache", { instanceSize: "cache.t4g.micro", defaultUserPassword: PASSWORD, ...args } as RedisClusterArgs));
const alarms = (r: Run<unknown>) => Object.fromEntries(r.all(ALARM).map((a) => [a.name, a.inputs]));
const pick = (a: any) => [a.namespace, a.metricName, a.statistic, a.dimensions, a.comparisonOperator, a.threshold, a.period, a.evaluationPeriods];
/** A metric-math alarm's node metrics and its expression. */
const queries = (a: any) => a.metricQueries.map((q: any) => q.expression ?? [q.id, q.metric.namespace, q.metric.metricName, q.metric.stat, q.metric.period, q.metric.dimensions]);

describe("RedisCluster alarms", () => {
  let single: Run<RedisCluster>;
  let replicated: Run<RedisCluster>;
  let sharded: Run<RedisCluster>;
  let large: Run<RedisCluster>;
  let changed: Run<RedisCluster>;
  before(async () => {
    single = await make({});
    replicated = await make({ numReplicaNodes: 1, enableAutomaticFailover: true });
    sharded = await make({ instanceSize: "cache.r7g.large", enableSharding: true, numShards: 2, numReplicaNodes: 1 });
    large = await make({ instanceSize: "cache.r7g.2xlarge" });
    changed = await make({ numReplicaNodes: 1, enableAutomaticFailover: true, alarms: { memory: { threshold: 90, periodSeconds: 60, evaluationPeriods: 3 }, evictions: false } });
  });

  it("one node: CPU (90% of one of its 2 vCPUs: 45), memory and evictions on the node, no replication lag", () => {
    const group = single.one("aws:elasticache/replicationGroup:ReplicationGroup").id;
    assert.ok(group);
    const byName = alarms(single);
    assert.deepStrictEqual(Object.keys(byName).sort(), ["cache-cpu-alarm", "cache-evictions-alarm", "cache-memory-alarm"]);
    const node = { CacheClusterId: `${group}-001` };
    assert.deepStrictEqual(pick(byName["cache-cpu-alarm"]), ["AWS/ElastiCache", "CPUUtilization", "Maximum", node, "GreaterThanOrEqualToThreshold", 45, 300, 1]);
    assert.deepStrictEqual(pick(byName["cache-memory-alarm"]), ["AWS/ElastiCache", "DatabaseMemoryUsagePercentage", "Maximum", node, "GreaterThanOrEqualToThreshold", 80, 300, 1]);
    assert.deepStrictEqual(pick(byName["cache-evictions-alarm"]), ["AWS/ElastiCache", "Evictions", "Sum", node, "GreaterThanOrEqualToThreshold", 1000, 300, 1]);
    assert.strictEqual(byName["cache-cpu-alarm"].treatMissingData, "notBreaching");
  });

  it("with a replica: each alarm watches the highest of both nodes (the primary's role moves on failover), and the replication lag", () => {
    const group = replicated.one("aws:elasticache/replicationGroup:ReplicationGroup").id;
    const byName = alarms(replicated);
    assert.deepStrictEqual(Object.keys(byName).sort(), ["cache-cpu-alarm", "cache-evictions-alarm", "cache-memory-alarm", "cache-replication-lag-alarm"]);
    const lag = byName["cache-replication-lag-alarm"];
    assert.deepStrictEqual([lag.comparisonOperator, lag.threshold, lag.evaluationPeriods, lag.metricName, lag.dimensions], ["GreaterThanOrEqualToThreshold", 30, 1, undefined, undefined]);
    assert.deepStrictEqual(queries(lag), [
      ["m1", "AWS/ElastiCache", "ReplicationLag", "Maximum", 300, { CacheClusterId: `${group}-001` }],
      ["m2", "AWS/ElastiCache", "ReplicationLag", "Maximum", 300, { CacheClusterId: `${group}-002` }],
      "MAX([m1, m2])",
    ]);
    assert.deepStrictEqual(lag.metricQueries.map((q: any) => q.returnData), [false, false, true]);
    assert.match(lag.alarmDescription, /^AWS\/ElastiCache ReplicationLag \(Maximum\) >= 30, 1 period\(s\) of 300 s: cache, the highest of 2 nodes: a replica.s lag/);
  });

  it("sharded: one set per shard over its own nodes (<group>-000S-00N); a node of more than 2 vCPUs watches the engine's CPU at 90", () => {
    const group = sharded.one("aws:elasticache/replicationGroup:ReplicationGroup").id;
    const byName = alarms(sharded);
    assert.deepStrictEqual(Object.keys(byName).sort(), ["0001", "0002"].flatMap((s) => ["cpu", "evictions", "memory", "replication-lag"].map((a) => `cache-${a}-alarm-${s}`)).sort());
    assert.deepStrictEqual(queries(byName["cache-cpu-alarm-0002"]), [
      ["m1", "AWS/ElastiCache", "CPUUtilization", "Maximum", 300, { CacheClusterId: `${group}-0002-001` }],
      ["m2", "AWS/ElastiCache", "CPUUtilization", "Maximum", 300, { CacheClusterId: `${group}-0002-002` }],
      "MAX([m1, m2])",
    ]);
    assert.strictEqual(byName["cache-cpu-alarm-0002"].threshold, 45);
    const engine = alarms(large)["cache-cpu-alarm"];
    assert.deepStrictEqual([engine.metricName, engine.threshold], ["EngineCPUUtilization", 90]);
  });

  it("alarms: new settings replace the defaults; false removes exactly that alarm and nothing else", () => {
    const names = (r: Run<unknown>) => r.all(ALARM).map((a) => a.name).sort();
    assert.deepStrictEqual(names(changed), names(replicated).filter((n) => n !== "cache-evictions-alarm"));
    const memory = alarms(changed)["cache-memory-alarm"];
    assert.deepStrictEqual([memory.threshold, memory.evaluationPeriods, ...memory.metricQueries.slice(0, 2).map((q: any) => q.metric.period)], [90, 3, 60, 60]);
    const rest = (r: Run<unknown>) => r.resources.filter((x) => x.type !== ALARM).map((x) => [x.name, x.type]);
    assert.deepStrictEqual(rest(changed), rest(replicated));
  });
});
