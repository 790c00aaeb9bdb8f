// What each RDS and Aurora engine accepts: its major versions, its version
// strings, its instance classes, and the parameter that makes it refuse
// connections without TLS. Facts with their sources; the catalog entries at
// the end judge planned resources, and relational-database's rules judge a
// stack file's properties with the same functions.
import { dependenciesOf, type AwsRule } from "./rule";

const INSTANCE = "aws:rds/instance:Instance";
const CLUSTER = "aws:rds/cluster:Cluster";
const CLUSTER_INSTANCE = "aws:rds/clusterInstance:ClusterInstance";
const PARAMS = "aws:rds/parameterGroup:ParameterGroup";
const CLUSTER_PARAMS = "aws:rds/clusterParameterGroup:ClusterParameterGroup";
const GUIDE = "https://docs.aws.amazon.com/AmazonRDS/latest/UserGuide";
const AURORA = "https://docs.aws.amazon.com/AmazonRDS/latest/AuroraUserGuide";

/** The engines RDS and Aurora run here, as the API names them. */
export type RdsEngine = "postgres" | "mysql" | "mariadb" | "aurora-postgresql" | "aurora-mysql";

/**
 * Major versions in standard support (a major in RDS Extended Support only is
 * charged extra and not offered), as each engine's release calendar lists them.
 */
export const RDS_MAJOR_VERSIONS: Record<RdsEngine, { majors: string[]; source: string }> = {
  postgres: { majors: ["13", "14", "15", "16", "17"], source: `${GUIDE}/PostgreSQL.Concepts.General.DBVersions.html (release calendar)` },
  mysql: { majors: ["8.0", "8.4"], source: `${GUIDE}/MySQL.Concepts.VersionMgmt.html (release calendar)` },
  mariadb: { majors: ["10.5", "10.6", "10.11", "11.4", "11.8"], source: `${GUIDE}/MariaDB.Concepts.VersionMgmt.html (release calendar); ${GUIDE}/MariaDB.Concepts.SSLSupport.html (11.8 to 10.5)` },
  "aurora-postgresql": { majors: ["13", "14", "15", "16", "17"], source: `${AURORA}/AuroraPostgreSQL.Updates.html (release calendar)` },
  "aurora-mysql": { majors: ["3"], source: `${AURORA}/AuroraMySQL.Updates.Versions.html (Aurora MySQL version 3, compatible with MySQL 8.0; version 2 reached end of standard support)` },
};

/**
 * A version string's major, or undefined when the engine does not take that
 * form: `17` or `17.4` (PostgreSQL), `8.0` or `8.0.40` (MySQL), `10.11` or
 * `10.11.9` (MariaDB), `8.0.mysql_aurora.3.08.0` (Aurora MySQL). A major alone
 * lets RDS pick its newest minor (terraform-provider-aws docs, engine_version:
 * a prefix of the version with auto_minor_version_upgrade).
 */
export function majorVersion(engine: RdsEngine, version: string): string | undefined {
  if (engine === "postgres" || engine === "aurora-postgresql") return /^(\d+)(\.\d+)?$/.exec(version)?.[1];
  if (engine === "aurora-mysql") return /^8\.0\.mysql_aurora\.(\d+)\.\d+\.\d+$/.exec(version)?.[1];
  const m = /^(\d+\.\d+)(\.\d+)?$/.exec(version);
  return m?.[1];
}

/** Why the engine refuses this version, or undefined. */
export function versionProblem(engine: RdsEngine, version: string): string | undefined {
  const { majors } = RDS_MAJOR_VERSIONS[engine];
  const major = majorVersion(engine, version);
  const form = engine === "aurora-mysql" ? "8.0.mysql_aurora.3.<minor>.<patch>, like 8.0.mysql_aurora.3.08.0"
    : engine.includes("postgres") ? "<major> or <major>.<minor>, like 17 or 17.4" : `<major> or <major>.<patch>, like ${majors[majors.length - 1]}`;
  if (major === undefined) return `'${version}' is not a ${engine} version (${form})`;
  if (!majors.includes(major)) return `${engine} ${major} is not offered (in standard support: ${majors.join(", ")})`;
  return undefined;
}

/**
 * Instance class families each kind of engine runs on (the sizes follow the
 * family: db.t4g.micro, db.r7g.2xlarge). Aurora has no micro or small classes
 * (aws-rules/rds.ts, rds/instance-class).
 */
export const RDS_CLASS_FAMILIES = {
  instance: {
    families: ["t3", "t4g", "m5", "m5d", "m6g", "m6gd", "m6i", "m6id", "m7g", "m7i", "m8g", "r5", "r5b", "r5d", "r6g", "r6gd", "r6i", "r6id", "r7g", "r7i", "r8g", "x2g", "x2idn", "x2iedn"],
    source: `${GUIDE}/Concepts.DBInstanceClass.Support.html (supported DB engines for DB instance classes)`,
  },
  aurora: {
    families: ["t3", "t4g", "r5", "r6g", "r6gd", "r6i", "r6id", "r7g", "r7i", "r8g", "x2g"],
    source: `${AURORA}/Concepts.DBInstanceClass.SupportAurora.html (supported DB engines for DB instance classes)`,
  },
} as const;

const SIZES = /^(micro|small|medium|large|xlarge|\d+xlarge)$/;

/** Why an engine of this kind refuses the class, or undefined. */
export function instanceClassProblem(kind: "instance" | "aurora", cls: string): string | undefined {
  const m = /^db\.([a-z0-9]+)\.([a-z0-9]+)$/.exec(cls);
  if (!m || !SIZES.test(m[2])) return `'${cls}' is not an instance class (db.<family>.<size>, like ${kind === "aurora" ? "db.t4g.medium" : "db.t4g.micro"})`;
  const { families } = RDS_CLASS_FAMILIES[kind];
  if (!(families as readonly string[]).includes(m[1])) return `${kind === "aurora" ? "Aurora" : "RDS"} has no db.${m[1]} classes (families: ${families.join(", ")})`;
  if (kind === "aurora" && /^(micro|small)$/.test(m[2])) return `Aurora has no ${m[2]} classes: the smallest is db.t4g.medium`;
  return undefined;
}

/**
 * The parameter and value that make the engine refuse connections without
 * TLS: `rds.force_ssl` 1 on PostgreSQL ({@link TLS_SOURCES}), and
 * `require_secure_transport` on MySQL, MariaDB 10.5 and later, and Aurora MySQL.
 */
export function tlsParameter(engine: RdsEngine): { name: string; value: string } {
  if (engine === "postgres" || engine === "aurora-postgresql") return { name: "rds.force_ssl", value: "1" };
  return { name: "require_secure_transport", value: engine === "aurora-mysql" ? "ON" : "1" };
}

export const TLS_SOURCES = [
  `${GUIDE}/PostgreSQL.Concepts.General.SSL.html (Requiring an SSL connection: rds.force_ssl)`,
  `${GUIDE}/mysql-ssl-connections.require-ssl.html (require_secure_transport 1 (ON))`,
  `${GUIDE}/mariadb-ssl-connections.require-ssl.html (require_secure_transport, MariaDB 10.5 and higher)`,
  `${AURORA}/AuroraPostgreSQL.Security.html (rds.force_ssl in the DB cluster parameter group)`,
  `${AURORA}/AuroraMySQL.Security.html (require_secure_transport ON in the DB cluster parameter group)`,
];

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
