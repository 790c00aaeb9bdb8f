// The catalog's entries on what each RDS and Aurora engine accepts: versions,
// instance classes, the TLS parameter, replicas of a managed-password
// instance. The facts and their sources are in rds-facts.ts.
import { dependenciesOf, type AwsRule } from "./rule";
import { instanceClassProblem, RDS_CLASS_FAMILIES, RDS_MAJOR_VERSIONS, TLS_SOURCES, versionProblem, type RdsEngine } from "./rds-facts";

export { instanceClassProblem, majorVersion, RDS_CLASS_FAMILIES, RDS_MAJOR_VERSIONS, tlsParameter, TLS_SOURCES, versionProblem, type RdsEngine } from "./rds-facts";

const INSTANCE = "aws:rds/instance:Instance";
const CLUSTER = "aws:rds/cluster:Cluster";
const CLUSTER_INSTANCE = "aws:rds/clusterInstance:ClusterInstance";
const PARAMS = "aws:rds/parameterGroup:ParameterGroup";
const CLUSTER_PARAMS = "aws:rds/clusterParameterGroup:ClusterParameterGroup";
const GUIDE = "https://docs.aws.amazon.com/AmazonRDS/latest/UserGuide";

const engineOf = (v: unknown): RdsEngine | undefined => (typeof v === "string" && v in RDS_MAJOR_VERSIONS ? (v as RdsEngine) : undefined);

export const RDS_ENGINE_RULES: AwsRule[] = [
  {
    id: "rds/engine-version",
    types: [INSTANCE, CLUSTER, CLUSTER_INSTANCE],
    summary: "An engine version is one the engine offers in standard support, written as that engine writes it",
    source: Object.values(RDS_MAJOR_VERSIONS).map((x) => x.source).join("; "),
    check(r) {
      const engine = engineOf(r.inputs.engine);
      const version = r.inputs.engineVersion;
      if (!engine || typeof version !== "string") return [];
      const why = versionProblem(engine, version);
      return why ? [{ input: "engineVersion", message: why }] : [];
    },
    examples: {
      pass: [{ inputs: { engine: "postgres", engineVersion: "17.4" } }, { type: CLUSTER, inputs: { engine: "aurora-mysql", engineVersion: "8.0.mysql_aurora.3.08.0" } }],
      fail: [{ inputs: { engine: "postgres", engineVersion: "9.6" } }, { type: CLUSTER, inputs: { engine: "aurora-mysql", engineVersion: "5.7.mysql_aurora.2.11.2" } }],
    },
  },
  {
    id: "rds/instance-class-engine",
    types: [INSTANCE, CLUSTER_INSTANCE],
    summary: "An instance class is of a family the engine runs on (Aurora: no m classes and no micro or small sizes)",
    source: `${RDS_CLASS_FAMILIES.instance.source}; ${RDS_CLASS_FAMILIES.aurora.source}`,
    check(r) {
      const cls = r.inputs.instanceClass;
      if (typeof cls !== "string" || cls === "db.serverless") return [];
      const why = instanceClassProblem(r.type === CLUSTER_INSTANCE ? "aurora" : "instance", cls);
      return why ? [{ input: "instanceClass", message: why }] : [];
    },
    examples: {
      pass: [{ inputs: { engine: "postgres", instanceClass: "db.t4g.micro" } }, { type: CLUSTER_INSTANCE, inputs: { engine: "aurora-postgresql", instanceClass: "db.r7g.large" } }],
      fail: [{ type: CLUSTER_INSTANCE, inputs: { engine: "aurora-postgresql", instanceClass: "db.m6g.large" } }, { inputs: { engine: "mysql", instanceClass: "db.q9.large" } }],
    },
  },
  {
    id: "rds/tls-parameter",
    types: [PARAMS, CLUSTER_PARAMS],
    summary: "The TLS parameter exists in the family: require_secure_transport on MariaDB from 10.5 only",
    source: TLS_SOURCES.join("; "),
    check(r) {
      const fam = String(r.inputs.family ?? "");
      const params = Array.isArray(r.inputs.parameters) ? (r.inputs.parameters as { name?: unknown }[]) : [];
      const m = /^mariadb(\d+)\.(\d+)$/.exec(fam);
      const old = m && (Number(m[1]) < 10 || (Number(m[1]) === 10 && Number(m[2]) < 5));
      return old && params.some((p) => p.name === "require_secure_transport")
        ? [{ input: "parameters", message: `${fam} has no require_secure_transport (MariaDB 10.5 and later)` }] : [];
    },
    examples: {
      pass: [{ type: PARAMS, inputs: { family: "mariadb10.11", parameters: [{ name: "require_secure_transport", value: "1" }] } }],
      fail: [{ type: PARAMS, inputs: { family: "mariadb10.4", parameters: [{ name: "require_secure_transport", value: "1" }] } }],
    },
  },
  {
    id: "rds/replica-managed-password",
    types: [INSTANCE],
    summary: "A read replica cannot be made of an instance whose master password RDS manages in Secrets Manager",
    source: `${GUIDE}/rds-secrets-manager.html (Limitations: creating a read replica when the source DB instance manages credentials with Secrets Manager is not supported, except RDS for SQL Server)`,
    check(r, ctx) {
      if (r.inputs.replicateSourceDb === undefined) return [];
      const source = dependenciesOf(r, ctx, INSTANCE)[0];
      return source?.inputs.manageMasterUserPassword === true
        ? [{ input: "replicateSourceDb", message: `source ${source.name} keeps its master password in Secrets Manager (manageMasterUserPassword); RDS cannot make a read replica of it: give the master password instead` }] : [];
    },
    examples: {
      pass: [{ inputs: { replicateSourceDb: "db", instanceClass: "db.t4g.micro" }, dependsOn: ["db"] }, { name: "db", inputs: { engine: "postgres", password: "Correct-Horse-1" } }],
      fail: [{ inputs: { replicateSourceDb: "db", instanceClass: "db.t4g.micro" }, dependsOn: ["db"] }, { name: "db", inputs: { engine: "postgres", manageMasterUserPassword: true } }],
    },
  },
];
