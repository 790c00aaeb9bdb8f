// RDS: DB instances (and read replicas), Aurora clusters and their instances, parameter groups.
import { dependenciesOf, isObject, type AwsRule, type Finding, type PlannedResource } from "./rule";

const INSTANCE = "aws:rds/instance:Instance";
const CLUSTER = "aws:rds/cluster:Cluster";
const CLUSTER_INSTANCE = "aws:rds/clusterInstance:ClusterInstance";
const PARAMS = "aws:rds/parameterGroup:ParameterGroup";
const CLUSTER_PARAMS = "aws:rds/clusterParameterGroup:ClusterParameterGroup";
const API = "https://docs.aws.amazon.com/AmazonRDS/latest/APIReference";

/**
 * Words PostgreSQL reserves (https://www.postgresql.org/docs/current/sql-keywords-appendix.html,
 * "reserved" and "reserved (can be function or type)").
 */
const POSTGRES_RESERVED = [
  "all", "analyse", "analyze", "and", "any", "array", "as", "asc", "asymmetric", "authorization", "binary", "both", "case", "cast", "check", "collate", "collation",
  "column", "concurrently", "constraint", "create", "cross", "current_catalog", "current_date", "current_role", "current_schema", "current_time", "current_timestamp",
  "current_user", "default", "deferrable", "desc", "distinct", "do", "else", "end", "except", "false", "fetch", "for", "foreign", "freeze", "from", "full", "grant",
  "group", "having", "ilike", "in", "initially", "inner", "intersect", "into", "is", "isnull", "join", "lateral", "leading", "left", "like", "limit", "localtime",
  "localtimestamp", "natural", "not", "notnull", "null", "offset", "on", "only", "or", "order", "outer", "overlaps", "placing", "primary", "references", "returning",
  "right", "select", "session_user", "similar", "some", "symmetric", "system_user", "table", "tablesample", "then", "to", "trailing", "true", "union", "unique", "user",
  "using", "variadic", "verbose", "when", "where", "window", "with",
];

/** A subset of the words MySQL 8.0 reserves (https://dev.mysql.com/doc/refman/8.0/en/keywords.html, marked (R)). */
const MYSQL_RESERVED = [
  "add", "all", "alter", "analyze", "and", "as", "asc", "between", "both", "by", "call", "cascade", "case", "change", "check", "column", "condition", "constraint",
  "continue", "convert", "create", "cross", "database", "databases", "declare", "default", "delete", "desc", "describe", "distinct", "drop", "each", "else", "exists",
  "explain", "false", "fetch", "for", "force", "foreign", "from", "grant", "group", "having", "if", "ignore", "in", "index", "inner", "insert", "into", "is", "join",
  "key", "keys", "kill", "leading", "left", "like", "limit", "lock", "not", "null", "on", "option", "or", "order", "outer", "primary", "procedure", "references",
  "rename", "replace", "require", "restrict", "return", "revoke", "right", "schema", "select", "set", "show", "table", "then", "to", "trigger", "true", "union",
  "unique", "update", "usage", "use", "using", "values", "when", "where", "while", "with",
];

/** `rdsadmin` is RDS's own administrative account on every engine (https://docs.aws.amazon.com/AmazonRDS/latest/UserGuide/UsingWithRDS.MasterAccounts.html). */
const RDS_RESERVED = ["rdsadmin"];

/** The engine family: postgres, mysql or mariadb (Aurora's count as its base engine). */
const family = (engine: unknown) => {
  const e = String(engine ?? "");
  return e.includes("postgres") ? "postgres" : e.includes("mariadb") ? "mariadb" : e.includes("mysql") ? "mysql" : undefined;
};

/** The engine of an instance: its own, or its replica source's. */
function engineOf(r: PlannedResource, ctx: Parameters<AwsRule["check"]>[1]): string | undefined {
  if (typeof r.inputs.engine === "string") return r.inputs.engine;
  const source = dependenciesOf(r, ctx, INSTANCE)[0];
  return typeof source?.inputs.engine === "string" ? source.inputs.engine : undefined;
}

/** The parameter group family an engine and version need: postgres17, mysql8.0, mariadb10.11, aurora-postgresql16, aurora-mysql8.0. */
export function parameterFamily(engine: string, version: string): string | undefined {
  const m = /^(\d+)(?:\.(\d+))?/.exec(version);
  if (!m) return undefined;
  const major = Number(m[1]);
  if (engine === "postgres" || engine === "aurora-postgresql") return `${engine}${major >= 10 ? major : `${major}.${m[2]}`}`;
  if (engine === "mysql" || engine === "mariadb") return `${engine}${major}.${m[2] ?? "0"}`;
  if (engine === "aurora-mysql") {
    // Aurora MySQL 3 (8.0.mysql_aurora.3.x) takes aurora-mysql8.0; version 3.x alone is the same engine.
    if (/mysql_aurora/.test(version)) return `aurora-mysql${major}.${m[2]}`;
    return major === 3 ? "aurora-mysql8.0" : major === 2 ? "aurora-mysql5.7" : undefined;
  }
  return undefined;
}

/** Why RDS refuses this master user name for the engine, or undefined. */
export function masterUsernameProblem(name: string, engine: string | undefined): string | undefined {
  if (!/^[A-Za-z][A-Za-z0-9_]{0,15}$/.test(name)) return `the master user name '${name}' is not 1 to 16 letters, digits and _ starting with a letter`;
  const lower = name.toLowerCase();
  const fam = family(engine);
  const reserved = [...RDS_RESERVED, ...(fam === "postgres" ? POSTGRES_RESERVED : fam ? MYSQL_RESERVED : [])];
  if (reserved.includes(lower)) return `'${name}' is a word ${RDS_RESERVED.includes(lower) ? "RDS" : fam === "postgres" ? "PostgreSQL" : "MySQL"} reserves; choose another master user name`;
  if (fam === "postgres" && lower.startsWith("pg_")) return "PostgreSQL reserves role names beginning with pg_";
  return undefined;
}

/**
 * Why RDS refuses this master password (an instance of `engine`, or any
 * Aurora cluster: "aurora"), never with the value: only its length and which
 * characters are refused.
 */
export function masterPasswordProblems(password: string, engine: string | undefined): string[] {
  const out: string[] = [];
  const max = engine === "postgres" ? 128 : 41;
  if (password.length < 8 || password.length > max) out.push(`the master password has ${password.length} characters; this engine takes 8 to ${max}`);
  const bad = [...new Set([...password].filter((c) => c < "!" || c > "~" || c === "/" || c === "\"" || c === "@"))];
  if (bad.length) out.push(`the master password holds characters RDS refuses (${bad.map((c) => (c === " " ? "space" : /[\x21-\x7e]/.test(c) ? c : "non-printable")).join(", ")}): printable ASCII except / " @`);
  return out;
}

const ACU_STEP = (v: number) => Math.abs(v * 2 - Math.round(v * 2)) < 1e-9;

export const RDS_RULES: AwsRule[] = [
  {
    id: "rds/master-username",
    types: [INSTANCE, CLUSTER],
    summary: "The master user name is 1 to 16 letters, digits and _, starts with a letter, and is not a word the engine or RDS reserves",
    source: `${API}/API_CreateDBInstance.html and API_CreateDBCluster.html (MasterUsername: 1 to 16 letters, numbers or underscores; first a letter; not a reserved word for the engine); https://www.postgresql.org/docs/current/sql-keywords-appendix.html; https://www.postgresql.org/docs/current/sql-createrole.html (names beginning pg_ are reserved); https://dev.mysql.com/doc/refman/8.0/en/keywords.html`,
    check(r, ctx) {
      const input = r.type === INSTANCE ? "username" : "masterUsername";
      const name = r.inputs[input];
      if (typeof name !== "string") return [];
      const why = masterUsernameProblem(name, engineOf(r, ctx));
      return why ? [{ input, message: why }] : [];
    },
    examples: { pass: [{ inputs: { engine: "postgres", username: "app_admin" } }], fail: [{ inputs: { engine: "postgres", username: "user" } }] },
  },
  {
    id: "rds/master-password",
    types: [INSTANCE, CLUSTER],
    summary: "A master password is printable ASCII without / \" @ or spaces: 8 to 41 characters for MySQL, MariaDB and Aurora, 8 to 128 for RDS for PostgreSQL; not with a managed password",
    source: `${API}/API_CreateDBInstance.html (MasterUserPassword: printable ASCII except "/", """ or "@"; MariaDB and MySQL 8 to 41, PostgreSQL 8 to 128; not with ManageMasterUserPassword); ${API}/API_CreateDBCluster.html (8 to 41); the API's InvalidParameterValue "Only printable ASCII characters besides '/', '@', '"', ' ' may be used"`,
    check(r, ctx) {
      const input = r.type === INSTANCE ? "password" : "masterPassword";
      const password = r.inputs[input];
      if (password === undefined) return [];
      const out: Finding[] = [];
      if (r.inputs.manageMasterUserPassword === true) out.push({ input, message: "a password and manageMasterUserPassword exclude each other: RDS keeps a managed password in Secrets Manager" });
      if (typeof password !== "string") return out;
      out.push(...masterPasswordProblems(password, r.type === INSTANCE ? engineOf(r, ctx) : "aurora").map((message) => ({ input, message })));
      return out;
    },
    examples: { pass: [{ inputs: { engine: "postgres", password: "Correct-Horse-Battery-1" } }], fail: [{ inputs: { engine: "mysql", password: "p@ss" } }] },
  },
  {
    id: "rds/allocated-storage",
    types: [INSTANCE],
    summary: "Storage is 20 to 65,536 GiB for gp2/gp3, 100 to 65,536 for io1/io2 (with IOPS of 0.5 to 50 per GiB), 5 to 3,072 for magnetic",
    source: `${API}/API_CreateDBInstance.html (AllocatedStorage for MariaDB, MySQL and PostgreSQL; Iops: a multiple between .5 and 50 of the storage amount)`,
    check(r) {
      if (r.inputs.replicateSourceDb !== undefined) return [];
      const size = r.inputs.allocatedStorage;
      const type = String(r.inputs.storageType ?? "gp2");
      const range = type === "standard" ? [5, 3072] : type.startsWith("io") ? [100, 65536] : [20, 65536];
      const out: Finding[] = [];
      if (typeof size === "number" && (!Number.isInteger(size) || size < range[0] || size > range[1])) out.push({ input: "allocatedStorage", message: `${type} storage is ${range[0]} to ${range[1]} GiB, not ${size}` });
      const iops = r.inputs.iops;
      if (type.startsWith("io") && iops === undefined) out.push({ input: "iops", message: `${type} storage needs provisioned IOPS` });
      if (typeof iops === "number" && typeof size === "number" && type.startsWith("io") && (iops < size * 0.5 || iops > size * 50)) out.push({ input: "iops", message: `IOPS are 0.5 to 50 per GiB of storage: ${size * 0.5} to ${size * 50} for ${size} GiB, not ${iops}` });
      return out;
    },
    examples: { pass: [{ inputs: { engine: "postgres", allocatedStorage: 20, storageType: "gp3" } }], fail: [{ inputs: { engine: "postgres", allocatedStorage: 10, storageType: "gp3" } }] },
  },
  {
    id: "rds/instance-class",
    types: [INSTANCE, CLUSTER_INSTANCE],
    summary: "An instance class is db.<family>.<size>; db.serverless is for Aurora Serverless v2 cluster instances only; Aurora has no micro or small classes",
    source: "https://docs.aws.amazon.com/AmazonRDS/latest/AuroraUserGuide/Concepts.DBInstanceClass.SupportAurora.html (Aurora's smallest burstable classes are medium); https://docs.aws.amazon.com/AmazonRDS/latest/AuroraUserGuide/aurora-serverless-v2.create.html (db.serverless in a cluster with a Serverless v2 capacity range)",
    check(r, ctx) {
      const cls = r.inputs.instanceClass;
      if (typeof cls !== "string") return [];
      if (!/^db\.[a-z0-9-]+(\.[a-z0-9-]+)?$/.test(cls)) return [{ input: "instanceClass", message: `'${cls}' is not an instance class (db.<family>.<size>, like db.t4g.micro)` }];
      if (r.type === INSTANCE) return cls === "db.serverless" ? [{ input: "instanceClass", message: "db.serverless is for Aurora cluster instances; an RDS instance takes a sized class" }] : [];
      if (/\.(micro|small)$/.test(cls)) return [{ input: "instanceClass", message: `Aurora has no ${cls.split(".").pop()} classes: the smallest is db.t4g.medium (or db.serverless)` }];
      if (cls === "db.serverless") {
        const cluster = dependenciesOf(r, ctx, CLUSTER)[0];
        if (cluster && !isObject(cluster.inputs.serverlessv2ScalingConfiguration)) return [{ input: "instanceClass", message: `cluster ${cluster.name} has no Serverless v2 capacity range (serverlessv2ScalingConfiguration) for a db.serverless instance` }];
      }
      return [];
    },
    examples: {
      pass: [{ type: CLUSTER_INSTANCE, inputs: { engine: "aurora-postgresql", instanceClass: "db.serverless" }, dependsOn: ["c"] }, { type: CLUSTER, name: "c", inputs: { engine: "aurora-postgresql", serverlessv2ScalingConfiguration: { minCapacity: 0.5, maxCapacity: 4 } } }],
      fail: [{ type: CLUSTER_INSTANCE, inputs: { engine: "aurora-postgresql", instanceClass: "db.t4g.micro" } }],
    },
  },
  {
    id: "rds/cluster-instance-engine",
    types: [CLUSTER_INSTANCE],
    summary: "A cluster instance runs its cluster's engine",
    source: `${API}/API_CreateDBInstance.html (Engine: for an instance in a cluster, the engine of the cluster)`,
    check(r, ctx) {
      const cluster = dependenciesOf(r, ctx, CLUSTER)[0];
      return cluster && typeof cluster.inputs.engine === "string" && r.inputs.engine !== cluster.inputs.engine
        ? [{ input: "engine", message: `cluster ${cluster.name} runs ${cluster.inputs.engine}, not ${JSON.stringify(r.inputs.engine)}` }] : [];
    },
    examples: {
      pass: [{ inputs: { engine: "aurora-mysql", instanceClass: "db.r6g.large" }, dependsOn: ["c"] }, { type: CLUSTER, name: "c", inputs: { engine: "aurora-mysql" } }],
      fail: [{ inputs: { engine: "aurora-postgresql", instanceClass: "db.r6g.large" }, dependsOn: ["c"] }, { type: CLUSTER, name: "c", inputs: { engine: "aurora-mysql" } }],
    },
  },
  {
    id: "rds/serverless-v2-capacity",
    types: [CLUSTER],
    summary: "A Serverless v2 range is 0 (or 0.5) to 256 ACUs in steps of 0.5, a maximum of at least 1 and no less than the minimum; auto-pause after 300 to 86,400 seconds",
    source: "terraform-provider-aws internal/service/rds/cluster.go (serverlessv2_scaling_configuration: max_capacity 1 to 256, min_capacity 0 to 256, seconds_until_auto_pause 300 to 86400); https://docs.aws.amazon.com/AmazonRDS/latest/AuroraUserGuide/aurora-serverless-v2.setting-capacity.html (half-ACU steps)",
    check(r) {
      const s = r.inputs.serverlessv2ScalingConfiguration;
      if (!isObject(s)) return [];
      const out: Finding[] = [];
      const { minCapacity: min, maxCapacity: max } = s;
      if (typeof min === "number" && (min < 0 || min > 256 || !ACU_STEP(min))) out.push({ input: "serverlessv2ScalingConfiguration.minCapacity", message: `the minimum is 0 to 256 ACUs in steps of 0.5, not ${min}` });
      if (typeof max === "number" && (max < 1 || max > 256 || !ACU_STEP(max))) out.push({ input: "serverlessv2ScalingConfiguration.maxCapacity", message: `the maximum is 1 to 256 ACUs in steps of 0.5, not ${max}` });
      if (typeof min === "number" && typeof max === "number" && min > max) out.push({ input: "serverlessv2ScalingConfiguration.minCapacity", message: `the minimum (${min}) is above the maximum (${max})` });
      const pause = s.secondsUntilAutoPause;
      if (typeof pause === "number" && (pause < 300 || pause > 86400)) out.push({ input: "serverlessv2ScalingConfiguration.secondsUntilAutoPause", message: `auto-pause waits 300 to 86,400 seconds, not ${pause}` });
      return out;
    },
    examples: {
      pass: [{ inputs: { engine: "aurora-postgresql", serverlessv2ScalingConfiguration: { minCapacity: 0.5, maxCapacity: 8 } } }],
      fail: [{ inputs: { engine: "aurora-postgresql", serverlessv2ScalingConfiguration: { minCapacity: 4, maxCapacity: 2.25 } } }],
    },
  },
  {
    id: "rds/backup-retention",
    types: [INSTANCE, CLUSTER],
    summary: "Backups are kept 0 to 35 days on an instance (0 turns them off), 1 to 35 on a cluster; a read replica's source keeps them",
    source: "terraform-provider-aws internal/service/rds/instance.go (backup_retention_period 0 to 35); https://docs.aws.amazon.com/AmazonRDS/latest/APIReference/API_CreateDBCluster.html (BackupRetentionPeriod 1 to 35); https://docs.aws.amazon.com/AmazonRDS/latest/UserGuide/USER_ReadRepl.Create.html (the source needs automatic backups)",
    check(r, ctx) {
      const days = r.inputs.backupRetentionPeriod;
      const min = r.type === CLUSTER ? 1 : 0;
      const out: Finding[] = [];
      if (typeof days === "number" && (!Number.isInteger(days) || days < min || days > 35)) out.push({ input: "backupRetentionPeriod", message: `${r.type === CLUSTER ? "a cluster keeps backups 1" : "an instance keeps backups 0"} to 35 days, not ${days}` });
      if (r.type === INSTANCE && r.inputs.replicateSourceDb !== undefined) {
        const source = dependenciesOf(r, ctx, INSTANCE)[0];
        if (source && source.inputs.backupRetentionPeriod === 0) out.push({ input: "replicateSourceDb", message: `source ${source.name} keeps no backups (retention 0); a read replica needs them` });
      }
      return out;
    },
    examples: { pass: [{ type: CLUSTER, inputs: { engine: "aurora-mysql", backupRetentionPeriod: 7 } }], fail: [{ type: CLUSTER, inputs: { engine: "aurora-mysql", backupRetentionPeriod: 0 } }] },
  },
  {
    id: "rds/parameter-group-family",
    types: [INSTANCE, CLUSTER_INSTANCE, CLUSTER],
    summary: "A parameter group's family is the engine's and its major version's (postgres17, mysql8.0, aurora-postgresql16)",
    source: "https://docs.aws.amazon.com/AmazonRDS/latest/UserGuide/USER_WorkingWithParamGroups.html (a parameter group belongs to a DB engine family and version)",
    check(r, ctx) {
      const groups = r.type === CLUSTER ? dependenciesOf(r, ctx, CLUSTER_PARAMS) : dependenciesOf(r, ctx, PARAMS);
      const engine = engineOf(r, ctx);
      if (!engine) return [];
      const input = r.type === CLUSTER ? "dbClusterParameterGroupName" : r.type === INSTANCE ? "parameterGroupName" : "dbParameterGroupName";
      return groups.flatMap((g) => {
        const fam = String(g.inputs.family ?? "");
        if (!fam.startsWith(engine) || !/^[\d.]+$/.test(fam.slice(engine.length))) return [{ input, message: `parameter group ${g.name} is for ${fam}, not ${engine}` }];
        const version = typeof r.inputs.engineVersion === "string" ? r.inputs.engineVersion : undefined;
        const wanted = version ? parameterFamily(engine, version) : undefined;
        return wanted && wanted !== fam ? [{ input, message: `engine version ${version} takes a ${wanted} parameter group; ${g.name} is ${fam}` }] : [];
      });
    },
    examples: {
      pass: [{ inputs: { engine: "postgres", engineVersion: "17.4" }, dependsOn: ["pg"] }, { type: PARAMS, name: "pg", inputs: { family: "postgres17" } }],
      fail: [{ inputs: { engine: "postgres", engineVersion: "17.4" }, dependsOn: ["pg"] }, { type: PARAMS, name: "pg", inputs: { family: "postgres16" } }],
    },
  },
  {
    id: "rds/monitoring",
    types: [INSTANCE, CLUSTER_INSTANCE, CLUSTER],
    summary: "Enhanced monitoring is every 0, 1, 5, 10, 15, 30 or 60 seconds and needs a monitoring role; Performance Insights keeps 7 days, a multiple of 31, or 731",
    source: `terraform-provider-aws internal/service/rds/instance.go (monitoring_interval in 0, 1, 5, 10, 15, 30, 60) and cluster_instance.go (performance_insights_retention_period 7, 731 or a multiple of 31); ${API}/API_CreateDBInstance.html (MonitoringRoleArn required when MonitoringInterval is not 0)`,
    check(r) {
      const out: Finding[] = [];
      const interval = r.inputs.monitoringInterval;
      if (typeof interval === "number") {
        if (![0, 1, 5, 10, 15, 30, 60].includes(interval)) out.push({ input: "monitoringInterval", message: `monitoring runs every 0, 1, 5, 10, 15, 30 or 60 seconds, not ${interval}` });
        else if (interval > 0 && !r.inputs.monitoringRoleArn) out.push({ input: "monitoringRoleArn", message: "enhanced monitoring needs a role RDS assumes to publish to CloudWatch Logs" });
      }
      const days = r.inputs.performanceInsightsRetentionPeriod;
      if (typeof days === "number" && !(days === 7 || days === 731 || (days >= 7 && days <= 731 && days % 31 === 0))) {
        out.push({ input: "performanceInsightsRetentionPeriod", message: `Performance Insights keeps 7 days, a multiple of 31 up to 713, or 731, not ${days}` });
      }
      return out;
    },
    examples: { pass: [{ inputs: { engine: "postgres", monitoringInterval: 60, monitoringRoleArn: "arn:aws:iam::123456789012:role/rds-monitoring", performanceInsightsRetentionPeriod: 7 } }], fail: [{ inputs: { engine: "postgres", monitoringInterval: 60 } }] },
  },
];
