// A redis cluster's default alarms (decisions.md, "Alarms and cost"; docs/redis-cluster.md#alarms).
// ElastiCache publishes its metrics per node, namespace AWS/ElastiCache,
// dimension CacheClusterId (the node's member cluster: `<group>-00N`, sharded
// `<group>-000S-00N`), every 60 seconds
// (https://docs.aws.amazon.com/AmazonElastiCache/latest/dg/CacheMetrics.html).
// One alarm per shard for each metric, watching the highest of the shard's
// nodes (metric math): a failover moves the primary's role to another node
// of the shard, so an alarm on "the primary" by node id would watch a replica
// afterwards; CloudWatch prices an alarm per metric it reads, so this costs
// what per-node alarms would, with a shard's worth fewer alarms to receive.
// CPU: on nodes of 2 vCPUs or fewer CPUUtilization at 90% of one core's share
// (90 / vCPUs: the engine is single-threaded), on larger ones
// EngineCPUUtilization (the engine's core) at 90%
// (https://docs.aws.amazon.com/AmazonElastiCache/latest/dg/CacheMetrics.WhichShouldIMonitor.html).
import type { AlarmDefault } from "./metric-alarms";

/** vCPUs of a node size: t2.micro/small 1; micro, small, medium, large 2; xlarge 4; Nxlarge 4N. */
export function redisNodeVcpus(instanceSize: string): number {
  const size = instanceSize.split(".")[2] ?? "";
  if (/^cache\.t2\.(micro|small)$/.test(instanceSize)) return 1;
  const n = /^(\d*)xlarge$/.exec(size);
  if (n) return 4 * Number(n[1] || 1);
  return 2;
}

/** The alarms of one shard; `replicationLag` only when the cluster has replicas. */
export function redisAlarms(instanceSize: string, hasReplicas: boolean): Record<string, AlarmDefault> {
  const vcpus = redisNodeVcpus(instanceSize);
  const common = { namespace: "AWS/ElastiCache", each: "node", comparison: "GreaterThanOrEqualToThreshold" as const, periodSeconds: 300, evaluationPeriods: 1 };
  return {
    cpu: vcpus <= 2
      ? { ...common, childId: "cpuAlarm", description: `host CPU (%; 90% of one of ${vcpus} vCPUs)`, metric: { metricName: "CPUUtilization", statistic: "Maximum" }, threshold: Math.round(90 / vcpus) }
      : { ...common, childId: "cpuAlarm", description: "the engine's core's CPU (%)", metric: { metricName: "EngineCPUUtilization", statistic: "Maximum" }, threshold: 90 },
    memory: { ...common, childId: "memoryAlarm", description: "memory used of maxmemory (%)", metric: { metricName: "DatabaseMemoryUsagePercentage", statistic: "Maximum" }, threshold: 80 },
    evictions: { ...common, childId: "evictionsAlarm", description: "keys evicted for lack of memory (count)", metric: { metricName: "Evictions", statistic: "Sum" }, threshold: 1000 },
    ...(hasReplicas
      ? { replicationLag: { ...common, childId: "replicationLagAlarm", description: "a replica's lag behind its primary (s)", metric: { metricName: "ReplicationLag", statistic: "Maximum" }, threshold: 30 } }
      : {}),
  };
}

/** A shard of a replication group: the suffix of its alarms' names (`-0001`; none unsharded) and its nodes' member cluster suffixes. */
export interface RedisShard {
  suffix: string;
  nodes: string[];
}

/** The shards of a replication group and their nodes, as ElastiCache names the member clusters (`-001`, sharded `-0001-001`). */
export function redisShards(sharded: boolean, shards: number, replicas: number): RedisShard[] {
  const nodes = Array.from({ length: replicas + 1 }, (_, i) => String(i + 1).padStart(3, "0"));
  if (!sharded) return [{ suffix: "", nodes }];
  return Array.from({ length: shards }, (_, s) => String(s + 1).padStart(4, "0")).map((s) => ({ suffix: `-${s}`, nodes: nodes.map((n) => `${s}-${n}`) }));
}
