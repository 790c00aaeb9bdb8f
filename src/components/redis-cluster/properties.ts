import type { AlarmSetting } from "../../shared/alarms/alarm-setting";
import type { RetentionDays } from "../../shared/schema/enums";
import type { LogForwarding } from "../../shared/logging/log-forwarding-properties";

/**
 * Node sizes ElastiCache offers for this service, `cache.<family>.<size>`.
 */
export type RedisInstanceSize =
  | "cache.m4.large" | "cache.m4.xlarge" | "cache.m4.2xlarge" | "cache.m4.4xlarge" | "cache.m4.10xlarge"
  | "cache.m5.large" | "cache.m5.xlarge" | "cache.m5.2xlarge" | "cache.m5.4xlarge" | "cache.m5.12xlarge" | "cache.m5.24xlarge"
  | "cache.m6g.large" | "cache.m6g.xlarge" | "cache.m6g.2xlarge" | "cache.m6g.4xlarge" | "cache.m6g.8xlarge" | "cache.m6g.12xlarge" | "cache.m6g.16xlarge"
  | "cache.m7g.large" | "cache.m7g.xlarge" | "cache.m7g.2xlarge" | "cache.m7g.4xlarge" | "cache.m7g.8xlarge" | "cache.m7g.12xlarge" | "cache.m7g.16xlarge"
  | "cache.r4.large" | "cache.r4.xlarge" | "cache.r4.2xlarge" | "cache.r4.4xlarge" | "cache.r4.8xlarge" | "cache.r4.16xlarge"
  | "cache.r5.large" | "cache.r5.xlarge" | "cache.r5.2xlarge" | "cache.r5.4xlarge" | "cache.r5.12xlarge" | "cache.r5.24xlarge"
  | "cache.r6g.large" | "cache.r6g.xlarge" | "cache.r6g.2xlarge" | "cache.r6g.4xlarge" | "cache.r6g.8xlarge" | "cache.r6g.12xlarge" | "cache.r6g.16xlarge"
  | "cache.r7g.large" | "cache.r7g.xlarge" | "cache.r7g.2xlarge" | "cache.r7g.4xlarge" | "cache.r7g.8xlarge" | "cache.r7g.12xlarge" | "cache.r7g.16xlarge"
  | "cache.t2.micro" | "cache.t2.small" | "cache.t2.medium"
  | "cache.t3.micro" | "cache.t3.small" | "cache.t3.medium"
  | "cache.t4g.micro" | "cache.t4g.small" | "cache.t4g.medium";

/** Redis engine versions offered. */
export type RedisEngineVersion = "6.0" | "6.2" | "7.0" | "7.1";

/** Slow-log collection into a CloudWatch log group created with the cluster. */
export interface RedisLogging {
  /**
   * Turns off slow-log collection; no log group is created.
   * @default false
   */
  disabled?: boolean;
  /**
   * Format of the delivered slow-log entries.
   * @default "json"
   */
  format?: "json" | "text";
  /**
   * Days the log group keeps entries.
   * @default 90
   */
  retentionDays?: RetentionDays;
  /** Forwards the slow log to an HTTP endpoint or a logs vendor. */
  logForwarding?: LogForwarding;
}

/** Who can reach the cluster over the network. Public access is never possible. */
export interface RedisAccessibility {
  /**
   * `vpc`: any resource inside the default VPC can reach the port.
   * `scoping-workloads-in-vpc`: only workloads that are explicitly allowed
   * (for example through `connectTo`) can reach it.
   * @default "vpc"
   */
  accessibilityMode?: "vpc" | "scoping-workloads-in-vpc";
}

/** A redis cluster's alarms (docs/redis-cluster.md): each a setting over its default, or `false` to switch it off. */
export interface RedisClusterAlarms {
  /** CPU (%): CPUUtilization at 90 / vCPUs on nodes of 2 vCPUs or fewer, else EngineCPUUtilization at 90; in a period of 300 s. */
  cpu?: AlarmSetting | false;
  /** DatabaseMemoryUsagePercentage; default: 80 (%) in a period of 300 s. */
  memory?: AlarmSetting | false;
  /** Evictions; default: 1000 in a period of 300 s. */
  evictions?: AlarmSetting | false;
  /** With replicas: ReplicationLag (s); default: 30 in a period of 300 s. */
  replicationLag?: AlarmSetting | false;
}

/**
 * A managed, redis-compatible in-memory store (ElastiCache replication group).
 * TLS in transit, encryption at rest and the password are always on.
 */
export interface RedisClusterProperties {
  /**
   * Splits data into shards, each a primary with `numReplicaNodes` replicas.
   * Can be set only when the cluster is first created.
   * @default false
   */
  enableSharding?: boolean;
  /**
   * Number of shards. Effective only when `enableSharding` is true; can be
   * increased or decreased without interrupting the cluster.
   * @default 1
   * @minimum 1
   * @maximum 500
   * @multipleOf 1
   */
  numShards?: number;
  /**
   * Replicas per shard (or of the single primary when not sharded). At least 1
   * when sharding is enabled; cannot be changed on a sharded cluster.
   * @default 0
   * @minimum 0
   * @maximum 5
   * @multipleOf 1
   */
  numReplicaNodes?: number;
  /**
   * A replica takes over when the primary fails. Needs `numReplicaNodes` of at
   * least 1. Always on, and cannot be disabled, when sharding is enabled.
   * Defaults to on for sharded clusters and off otherwise.
   */
  enableAutomaticFailover?: boolean;
  /**
   * Node size of every node. Can be changed without interruption or data loss.
   * @example "cache.t4g.micro"
   */
  instanceSize: RedisInstanceSize;
  /** Slow-log collection. */
  logging?: RedisLogging;
  /**
   * Days automatic backups are kept; 0 disables them. Manual snapshots are not affected.
   * @default 0
   * @minimum 0
   * @maximum 35
   * @multipleOf 1
   */
  automatedBackupRetentionDays?: number;
  /**
   * Port the nodes listen on.
   * @default 6379
   * @minimum 1
   * @maximum 65535
   * @multipleOf 1
   */
  port?: number;
  /**
   * Password of the default user: 16 to 128 printable ASCII characters, none of
   * `/`, `\`, `"` or `@` (ElastiCache allows only `! & # $ ^ < > -` as special
   * characters). Use `$Secret(...)`.
   * @example "$Secret('redisPassword')"
   * @writeOnly
   */
  defaultUserPassword: string;
  /** Its CloudWatch alarms, one set per shard watching the highest of its nodes, each on unless `false`: new thresholds and periods over the defaults. */
  alarms?: RedisClusterAlarms;
  /** Network reachability of the cluster. */
  accessibility?: RedisAccessibility;
  /**
   * Redis engine version.
   * @default "6.2"
   */
  engineVersion?: RedisEngineVersion;
}

/** Parameters other resources can read with `$ResourceParam(name, param)`. */
export const redisClusterParams = {
  /** Primary endpoint; the configuration endpoint when sharded. */
  host: { type: "string" },
  port: { type: "number" },
  /** `rediss://default:<password>@host:port` (secret). */
  connectionString: { type: "string", secret: true },
  /** `"enabled"` or `"disabled"`. */
  sharding: { type: "string" },
  /** Reader endpoint; only when not sharded. */
  readerHost: { type: "string", unsharded: true },
  readerPort: { type: "number", unsharded: true },
  readerConnectionString: { type: "string", secret: true, unsharded: true },
} as const;
