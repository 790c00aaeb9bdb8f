// ElastiCache (Redis OSS) replication groups, parameter groups, subnet groups.
import { asArray, isObject, type AwsRule, type PlannedResource, type CatalogContext } from "./rule";

const RG = "aws:elasticache/replicationGroup:ReplicationGroup";
const PG = "aws:elasticache/parameterGroup:ParameterGroup";
const SG = "aws:elasticache/subnetGroup:SubnetGroup";

/** `7.1` -> [7, 1]; `6.x` -> [6, 99]; undefined for other spellings. */
export function engineVersion(v: unknown): [number, number] | undefined {
  const m = typeof v === "string" ? /^(\d+)\.(\d+|x)$/.exec(v) : null;
  return m ? [Number(m[1]), m[2] === "x" ? 99 : Number(m[2])] : undefined;
}

const atLeast = (v: [number, number] | undefined, major: number, minor: number) =>
  v !== undefined && (v[0] > major || (v[0] === major && v[1] >= minor));

/** What a replication group is, from its inputs. */
function shape(i: Record<string, any>) {
  const sharded = i.clusterMode === "enabled";
  const replicas = sharded ? (i.replicasPerNodeGroup ?? 0) : (i.numCacheClusters ?? 1) - 1;
  const shards = sharded ? (i.numNodeGroups ?? 1) : 1;
  return { sharded, replicas, shards };
}

/** The parameter group a replication group uses, when the plan makes it. */
function parameterGroupOf(r: PlannedResource, ctx: CatalogContext): PlannedResource | undefined {
  return ctx.resources.find((x) => x.type === PG && r.dependsOn.includes(x.name));
}

const group = (inputs: Record<string, any>) => ({ inputs: { description: "cache", engine: "redis", engineVersion: "7.1", nodeType: "cache.t4g.small", transitEncryptionEnabled: true, ...inputs } });

const FAMILY: Record<string, string> = { "6": "redis6.x", "7": "redis7" };

export const ELASTICACHE_RULES: AwsRule[] = [
  {
    id: "elasticache/transit-encryption-mode-engine",
    types: [RG],
    summary: "ElastiCache accepts a transit encryption mode only from Redis OSS 7.0 (6.x: InvalidParameterCombination, 'Transit encryption mode is not supported for engine version 6.2.6')",
    source: "https://docs.aws.amazon.com/AmazonElastiCache/latest/dg/in-transit-encryption-enable.html; the API's error as quoted in cloudposse/terraform-aws-elasticache-redis#231",
    check(r) {
      const v = engineVersion(r.inputs.engineVersion);
      if (r.inputs.transitEncryptionMode === undefined || v === undefined || atLeast(v, 7, 0)) return [];
      return [{ input: "transitEncryptionMode", message: `ElastiCache accepts a transit encryption mode only from engine 7.0, and engineVersion is ${r.inputs.engineVersion}; leave it unset (enabling transit encryption at creation already requires TLS) or use engine 7.0 or later` }];
    },
    examples: { pass: [group({ transitEncryptionMode: "required" })], fail: [group({ engineVersion: "6.2", transitEncryptionMode: "required" })] },
  },
  {
    id: "elasticache/auth-token-needs-tls",
    types: [RG],
    summary: "An AUTH token can be set only on a replication group with transit encryption enabled",
    source: "https://docs.aws.amazon.com/AmazonElastiCache/latest/APIReference/API_CreateReplicationGroup.html (AuthToken)",
    check(r) {
      return r.inputs.authToken !== undefined && r.inputs.transitEncryptionEnabled !== true
        ? [{ input: "authToken", message: "an AUTH token needs transitEncryptionEnabled: true" }] : [];
    },
    examples: { pass: [group({ authToken: "Correct-Horse-Battery-1" })], fail: [group({ authToken: "Correct-Horse-Battery-1", transitEncryptionEnabled: false })] },
  },
  {
    id: "elasticache/auth-token-characters",
    types: [RG],
    summary: "An AUTH token is 16 to 128 printable ASCII characters with only ! & # $ ^ < > - as special characters",
    source: "https://docs.aws.amazon.com/AmazonElastiCache/latest/APIReference/API_CreateReplicationGroup.html (AuthToken); https://docs.aws.amazon.com/AmazonElastiCache/latest/dg/auth.html",
    check(r) {
      const t = r.inputs.authToken;
      if (typeof t !== "string") return [];
      // A verdict only: the token is a secret.
      if (t.length < 16 || t.length > 128) return [{ input: "authToken", message: "the AUTH token must be 16 to 128 characters long" }];
      if (!/^[A-Za-z0-9!&#$^<>-]+$/.test(t)) return [{ input: "authToken", message: "the AUTH token may hold only letters, digits and ! & # $ ^ < > -" }];
      return [];
    },
    examples: { pass: [group({ authToken: "Correct-Horse-Battery-1" })], fail: [group({ authToken: "Correct-Horse%Battery-1" })] },
  },
  {
    id: "elasticache/node-type-engine",
    types: [RG],
    summary: "Node families need a minimum engine (m7g and r7g: Redis OSS 6.2), and T2 nodes can no longer be created",
    source: "https://docs.aws.amazon.com/AmazonElastiCache/latest/dg/CacheNodes.SupportedTypes.html",
    check(r) {
      const family = typeof r.inputs.nodeType === "string" ? r.inputs.nodeType.split(".")[1] : undefined;
      const v = engineVersion(r.inputs.engineVersion);
      if ((family === "m7g" || family === "r7g") && v && !atLeast(v, 6, 2)) {
        return [{ input: "nodeType", message: `${r.inputs.nodeType} needs Redis OSS 6.2 or later (engineVersion is ${r.inputs.engineVersion})` }];
      }
      if (family === "t2") {
        return [{ input: "nodeType", message: `AWS no longer creates ElastiCache clusters of the T2 family (previous generation), though the spec lists it; use the same size of cache.t3 or cache.t4g` }];
      }
      return [];
    },
    examples: {
      pass: [group({ nodeType: "cache.r7g.large", engineVersion: "6.2" })],
      fail: [group({ nodeType: "cache.m7g.large", engineVersion: "6.0" })],
    },
  },
  {
    id: "elasticache/engine-version-format",
    types: [RG],
    summary: "From Redis 6 the engine version is <major>.<minor> (6.0, 6.2, 7.0, 7.1), never a patch version",
    source: "terraform-provider-aws internal/service/elasticache/engine_version.go (validRedisVersionString)",
    check(r) {
      const v = r.inputs.engineVersion;
      return v === undefined || (typeof v === "string" && /^(6\.x|[6-9]\.\d+)$/.test(v))
        ? [] : [{ input: "engineVersion", message: `engineVersion ${JSON.stringify(v)} is not <major>.<minor> (like 7.1)` }];
    },
    examples: { pass: [group({ engineVersion: "6.2" })], fail: [group({ engineVersion: "7.0.7" })] },
  },
  {
    id: "elasticache/replicas-range",
    types: [RG],
    summary: "A replication group has 1 to 6 cache clusters without cluster mode, 0 to 5 replicas per shard and 1 to 500 shards with it",
    source: "https://docs.aws.amazon.com/AmazonElastiCache/latest/APIReference/API_CreateReplicationGroup.html (NumCacheClusters, ReplicasPerNodeGroup, NumNodeGroups)",
    check(r) {
      const i = r.inputs;
      const out = [];
      if (typeof i.numCacheClusters === "number" && (i.numCacheClusters < 1 || i.numCacheClusters > 6)) out.push({ input: "numCacheClusters", message: `numCacheClusters must be 1 to 6 (a primary and up to 5 replicas), not ${i.numCacheClusters}` });
      if (typeof i.replicasPerNodeGroup === "number" && (i.replicasPerNodeGroup < 0 || i.replicasPerNodeGroup > 5)) out.push({ input: "replicasPerNodeGroup", message: `replicasPerNodeGroup must be 0 to 5, not ${i.replicasPerNodeGroup}` });
      if (typeof i.numNodeGroups === "number" && (i.numNodeGroups < 1 || i.numNodeGroups > 500)) out.push({ input: "numNodeGroups", message: `numNodeGroups must be 1 to 500, not ${i.numNodeGroups}` });
      return out;
    },
    examples: { pass: [group({ numCacheClusters: 6 })], fail: [group({ numCacheClusters: 7 })] },
  },
  {
    id: "elasticache/nodes-per-cluster",
    types: [RG],
    summary: "A cluster-mode replication group has at most 90 nodes (shards x (replicas + 1)) unless the account's quota is raised",
    source: "https://docs.aws.amazon.com/AmazonElastiCache/latest/dg/quota-limits.html (Nodes per cluster per instance type); https://docs.aws.amazon.com/AmazonElastiCache/latest/dg/Shards.html",
    quota: { default: 90, adjustable: true },
    check(r, _ctx, limit) {
      const s = shape(r.inputs);
      if (!s.sharded || typeof s.shards !== "number" || typeof s.replicas !== "number") return [];
      const nodes = s.shards * (s.replicas + 1);
      return nodes > limit ? [{ input: "numNodeGroups", message: `${s.shards} shards of ${s.replicas + 1} nodes are ${nodes} nodes, more than the ${limit} a cluster may have by default (raise the quota "Nodes per cluster per instance type", then plan with --quota elasticache/nodes-per-cluster=N)` }] : [];
    },
    examples: {
      pass: [group({ clusterMode: "enabled", numNodeGroups: 45, replicasPerNodeGroup: 1, automaticFailoverEnabled: true })],
      fail: [group({ clusterMode: "enabled", numNodeGroups: 46, replicasPerNodeGroup: 1, automaticFailoverEnabled: true })],
    },
  },
  {
    id: "elasticache/failover-needs-replica",
    types: [RG],
    summary: "Without cluster mode, automatic failover needs at least 2 cache clusters, and Multi-AZ needs automatic failover",
    source: "terraform-provider-aws internal/service/elasticache/replication_group.go (replicationGroupValidateAutomaticFailoverNumCacheClusters, replicationGroupValidateMultiAZAutomaticFailover); AWS: 'When using automatic failover, there must be at least 2 cache clusters in the replication group'",
    check(r) {
      const i = r.inputs;
      const out = [];
      if (i.clusterMode !== "enabled" && i.automaticFailoverEnabled === true && (i.numCacheClusters ?? 1) < 2) {
        out.push({ input: "automaticFailoverEnabled", message: "automatic failover needs at least 2 cache clusters (a replica)" });
      }
      if (i.multiAzEnabled === true && i.automaticFailoverEnabled !== true) out.push({ input: "multiAzEnabled", message: "Multi-AZ needs automaticFailoverEnabled: true" });
      return out;
    },
    examples: {
      pass: [group({ numCacheClusters: 2, automaticFailoverEnabled: true, multiAzEnabled: true })],
      fail: [group({ numCacheClusters: 1, automaticFailoverEnabled: true, multiAzEnabled: true })],
    },
  },
  {
    id: "elasticache/cluster-mode-needs-failover",
    types: [RG],
    summary: "A replication group with cluster mode enabled must have automatic failover enabled",
    source: "https://docs.aws.amazon.com/AmazonElastiCache/latest/APIReference/API_CreateReplicationGroup.html (AutomaticFailoverEnabled)",
    check(r) {
      return r.inputs.clusterMode === "enabled" && r.inputs.automaticFailoverEnabled !== true
        ? [{ input: "automaticFailoverEnabled", message: "cluster mode needs automatic failover enabled" }] : [];
    },
    examples: {
      pass: [group({ clusterMode: "enabled", numNodeGroups: 2, replicasPerNodeGroup: 1, automaticFailoverEnabled: true })],
      fail: [group({ clusterMode: "enabled", numNodeGroups: 2, replicasPerNodeGroup: 1, automaticFailoverEnabled: false })],
    },
  },
  {
    id: "elasticache/snapshot-retention",
    types: [RG],
    summary: "Automatic backups are kept 0 to 35 days",
    source: "terraform-provider-aws internal/service/elasticache/replication_group.go (snapshot_retention_limit: IntAtMost(35))",
    check(r) {
      const n = r.inputs.snapshotRetentionLimit;
      return typeof n === "number" && (n < 0 || n > 35) ? [{ input: "snapshotRetentionLimit", message: `snapshotRetentionLimit must be 0 to 35 days, not ${n}` }] : [];
    },
    examples: { pass: [group({ snapshotRetentionLimit: 35 })], fail: [group({ snapshotRetentionLimit: 36 })] },
  },
  {
    id: "elasticache/log-delivery",
    types: [RG],
    summary: "Slow-log delivery needs Redis OSS 6.0 and engine-log delivery 6.2; at most one delivery of each log type",
    source: "https://docs.aws.amazon.com/AmazonElastiCache/latest/dg/Log_Delivery.html",
    check(r) {
      const v = engineVersion(r.inputs.engineVersion);
      const out = [];
      const seen = new Set<string>();
      for (const [i, d] of asArray(r.inputs.logDeliveryConfigurations).entries()) {
        if (!isObject(d)) continue;
        const need: [number, number] = d.logType === "engine-log" ? [6, 2] : [6, 0];
        if (v && !atLeast(v, ...need)) out.push({ input: `logDeliveryConfigurations.${i}.logType`, message: `${d.logType} delivery needs Redis OSS ${need.join(".")} or later (engineVersion is ${r.inputs.engineVersion})` });
        if (seen.has(d.logType)) out.push({ input: `logDeliveryConfigurations.${i}.logType`, message: `a second ${d.logType} delivery; a group has one of each log type` });
        seen.add(d.logType);
      }
      return out;
    },
    examples: {
      pass: [group({ engineVersion: "6.0", logDeliveryConfigurations: [{ destination: "g", destinationType: "cloudwatch-logs", logFormat: "json", logType: "slow-log" }] })],
      fail: [group({ engineVersion: "6.0", logDeliveryConfigurations: [{ destination: "g", destinationType: "cloudwatch-logs", logFormat: "json", logType: "engine-log" }] })],
    },
  },
  {
    id: "elasticache/description-required",
    types: [RG, SG],
    summary: "A replication group and a subnet group need a non-empty description",
    source: "terraform-provider-aws internal/service/elasticache/replication_group.go (description: validation.StringIsNotEmpty); https://docs.aws.amazon.com/AmazonElastiCache/latest/APIReference/API_CreateCacheSubnetGroup.html (CacheSubnetGroupDescription, required)",
    check(r) {
      return typeof r.inputs.description === "string" && r.inputs.description.trim() !== ""
        ? [] : [{ input: "description", message: "a description is required and must not be empty" }];
    },
    examples: { pass: [group({ description: "cache" })], fail: [group({ description: "" })] },
  },
  {
    id: "elasticache/parameter-group-matches",
    types: [RG],
    summary: "The parameter group's family must match the engine's major version (redis6.x, redis7), and its cluster-enabled parameter the cluster mode",
    source: "https://docs.aws.amazon.com/AmazonElastiCache/latest/dg/ParameterGroups.Engine.html; terraform-provider-aws replication_group_test.go (cluster mode follows the parameter group's cluster-enabled)",
    check(r, ctx) {
      const pg = parameterGroupOf(r, ctx);
      const v = engineVersion(r.inputs.engineVersion);
      if (!pg || !v) return [];
      const out = [];
      const family = FAMILY[String(v[0])];
      if (family && pg.inputs.family !== family) out.push({ input: "parameterGroupName", message: `parameter group ${pg.name} is of family ${pg.inputs.family}, but engine ${r.inputs.engineVersion} needs ${family}` });
      const enabled = asArray(pg.inputs.parameters).find((p) => isObject(p) && p.name === "cluster-enabled")?.value;
      const wanted = r.inputs.clusterMode === "enabled" ? "yes" : "no";
      if ((enabled ?? "no") !== wanted) out.push({ input: "parameterGroupName", message: `clusterMode is ${r.inputs.clusterMode ?? "disabled"}, but parameter group ${pg.name} sets cluster-enabled ${enabled ?? "no"}` });
      return out;
    },
    examples: {
      pass: [{ ...group({ parameterGroupName: "pg" }), dependsOn: ["pg"] }, { type: PG, name: "pg", inputs: { family: "redis7", parameters: [{ name: "cluster-enabled", value: "no" }] } }],
      fail: [{ ...group({ parameterGroupName: "pg" }), dependsOn: ["pg"] }, { type: PG, name: "pg", inputs: { family: "redis6.x", parameters: [{ name: "cluster-enabled", value: "no" }] } }],
    },
  },
  {
    id: "elasticache/parameter-group-family",
    types: [PG],
    summary: "A Redis OSS parameter group family is redis6.x or redis7 for the engines offered (not redis7.2, not redis6.2)",
    source: "https://docs.aws.amazon.com/AmazonElastiCache/latest/dg/ParameterGroups.Engine.html; the API's error 'CacheParameterGroupFamily redis7.2 is not a valid parameter group family' (cloudposse/terraform-aws-elasticache-redis#231)",
    check(r) {
      const f = r.inputs.family;
      return ["redis2.6", "redis2.8", "redis3.2", "redis4.0", "redis5.0", "redis6.x", "redis7", "valkey7", "valkey8"].includes(f)
        ? [] : [{ input: "family", message: `${JSON.stringify(f)} is not a parameter group family; Redis OSS 6 uses redis6.x, 7 uses redis7` }];
    },
    examples: { pass: [{ inputs: { family: "redis7" } }], fail: [{ inputs: { family: "redis7.1" } }] },
  },
];
