// RDS: DB instances (and read replicas), Aurora clusters and their instances, parameter groups.
import { dependenciesOf, isObject, type AwsRule, type Finding, type PlannedResource } from "./rule";
import { masterPasswordProblems, masterUsernameProblem, parameterFamily } from "./rds-facts";

export { masterPasswordProblems, masterUsernameProblem, parameterFamily } from "./rds-facts";

const INSTANCE = "aws:rds/instance:Instance";
const CLUSTER = "aws:rds/cluster:Cluster";
const CLUSTER_INSTANCE = "aws:rds/clusterInstance:ClusterInstance";
const PARAMS = "aws:rds/parameterGroup:ParameterGroup";
const CLUSTER_PARAMS = "aws:rds/clusterParameterGroup:ClusterParameterGroup";
const API = "https://docs.aws.amazon.com/AmazonRDS/latest/APIReference";


/** The engine of an instance: its own, or its replica source's. */
function engineOf(r: PlannedResource, ctx: Parameters<AwsRule["check"]>[1]): string | undefined {
  if (typeof r.inputs.engine === "string") return r.inputs.engine;
  const source = dependenciesOf(r, ctx, INSTANCE)[0];
  return typeof source?.inputs.engine === "string" ? source.inputs.engine : undefined;
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
