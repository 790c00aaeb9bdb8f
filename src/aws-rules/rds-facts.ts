// What RDS and Aurora accept, as small functions that import nothing: the
// catalog's RDS entries (rds.ts, rds-engines.ts) and relational-database's
// rules (which validate loads: scripts/bundle-validate.ts, RULE_FACTS) read
// them here. Each fact with its source.

const GUIDE = "https://docs.aws.amazon.com/AmazonRDS/latest/UserGuide";
const AURORA = "https://docs.aws.amazon.com/AmazonRDS/latest/AuroraUserGuide";

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
export const family = (engine: unknown) => {
  const e = String(engine ?? "");
  return e.includes("postgres") ? "postgres" : e.includes("mariadb") ? "mariadb" : e.includes("mysql") ? "mysql" : undefined;
};


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
