/** The database engine, as the stack file names it. */
export type RelationalEngineType =
  | "postgres" | "mysql" | "mariadb"
  | "aurora-postgresql" | "aurora-mysql"
  | "aurora-postgresql-serverless-v2" | "aurora-mysql-serverless-v2";

/** An RDS instance (the primary of `postgres`, `mysql` and `mariadb`, or a read replica). */
export interface RelationalInstance {
  /**
   * Instance class, `db.<family>.<size>`. Changes in place, with a few
   * minutes of downtime while the instance restarts (a Multi-AZ instance
   * fails over instead).
   * @example "db.t4g.micro"
   */
  instanceSize: string;
  /**
   * A standby in a second availability zone that takes over when the primary fails.
   * @default false
   */
  multiAz?: boolean;
}

/** An Aurora cluster instance: the first of `instances` is the writer, the others are readers. */
export interface AuroraInstance {
  /**
   * Instance class of a provisioned cluster, `db.<family>.<size>` (from
   * db.t4g.medium; Aurora has no micro or small classes). Serverless v2
   * clusters leave it out: their instances are `db.serverless`.
   * @example "db.r7g.large"
   */
  instanceSize?: string;
}

/** How the engine runs. Which fields apply depends on `engine.type` (the rules say which). */
export interface RelationalEngineProperties {
  /**
   * Engine version: `17` or `17.4` (PostgreSQL), `8.0` or `8.0.40` (MySQL),
   * `11.4` or `11.4.5` (MariaDB), `8.0.mysql_aurora.3.08.0` (Aurora MySQL).
   * A major alone lets RDS pick its newest minor. Quote it: YAML reads `8.0`
   * as a number. Defaults: postgres `17`, mysql `8.0`, mariadb `11.4`,
   * Aurora PostgreSQL `16`, Aurora MySQL `8.0.mysql_aurora.3.08.0`.
   * A major upgrade needs `allowMajorVersionUpgrade`; a downgrade is refused.
   * @example "17"
   */
  version?: string;
  /**
   * Lets a change of `version` to a new major version upgrade the database
   * (RDS refuses a major upgrade without it; the application may need changes).
   * @default false
   */
  allowMajorVersionUpgrade?: boolean;
  /**
   * Name of the database created with it. Without it, PostgreSQL engines
   * connect to `postgres` and MySQL engines to no database. Set at creation
   * only: a change replaces the database.
   * @example "app"
   */
  dbName?: string;
  /**
   * Port it listens on. Defaults to the engine's: 5432 for PostgreSQL, 3306
   * for MySQL and MariaDB.
   * @minimum 1150
   * @maximum 65535
   * @multipleOf 1
   */
  port?: number;
  /** `postgres`, `mysql`, `mariadb`: the primary instance (required for these engines). */
  primaryInstance?: RelationalInstance;
  /**
   * `postgres`, `mysql`, `mariadb`: read replicas of the primary (asynchronous
   * copies that serve reads). They need `credentials.masterUserPassword`: RDS
   * makes no replica of an instance whose password it manages.
   * @maxItems 15
   */
  readReplicas?: RelationalInstance[];
  /**
   * Aurora engines: the cluster's instances, the first the writer and the
   * others readers. Defaults to one writer for Serverless v2; a provisioned
   * cluster lists at least one.
   * @maxItems 16
   */
  instances?: AuroraInstance[];
  /**
   * Serverless v2: the least capacity, in Aurora capacity units of about
   * 2 GiB of memory, in steps of 0.5.
   * @default 0.5
   * @minimum 0
   * @maximum 256
   */
  minCapacity?: number;
  /**
   * Serverless v2: the most capacity, in Aurora capacity units, in steps of 0.5.
   * @default 4
   * @minimum 1
   * @maximum 256
   */
  maxCapacity?: number;
  /**
   * `postgres`, `mysql`, `mariadb`: storage in GiB (gp3) at creation; it can grow, never shrink.
   * @default 20
   * @minimum 20
   * @maximum 65536
   * @multipleOf 1
   */
  allocatedStorage?: number;
  /**
   * `postgres`, `mysql`, `mariadb`: lets RDS grow the storage on its own up to this many GiB.
   * @minimum 21
   * @maximum 65536
   * @multipleOf 1
   */
  maxAllocatedStorage?: number;
}

/** The database engine and how it runs. */
export interface RelationalEngine {
  /**
   * `postgres`, `mysql`, `mariadb`: an RDS instance (with optional read
   * replicas). `aurora-postgresql`, `aurora-mysql`: an Aurora cluster of
   * provisioned instances. `aurora-*-serverless-v2`: an Aurora cluster whose
   * instances scale between `minCapacity` and `maxCapacity`. Changing the
   * engine replaces the database (its data is lost).
   * @example "postgres"
   */
  type: RelationalEngineType;
  /** How the engine runs. */
  properties?: RelationalEngineProperties;
}

/** The master user. */
export interface RelationalCredentials {
  /**
   * Master user name: 1 to 16 letters, digits and `_`, first a letter, not a
   * word the engine reserves. Set at creation only.
   * @default "dbadmin"
   */
  masterUserName?: string;
  /**
   * Master password: 8 to 128 printable ASCII characters for RDS for
   * PostgreSQL, 8 to 41 for the others, none of `/`, `"`, `@` or a space.
   * Use `$Secret(...)`. Without it RDS generates the password and keeps it in
   * Secrets Manager (rotated every 7 days), and connection strings carry no
   * password.
   * @example "$Secret('dbPassword')"
   * @writeOnly
   */
  masterUserPassword?: string;
}

/** Who can reach the database over the network. It is never publicly accessible. */
export interface RelationalAccessibility {
  /**
   * `vpc`: any resource inside the default VPC can reach the port.
   * `scoping-workloads-in-vpc`: only workloads that are explicitly allowed
   * (through `connectTo`) can reach it.
   * @default "vpc"
   */
  accessibilityMode?: "vpc" | "scoping-workloads-in-vpc";
}

/** The engine's logs, exported to CloudWatch Logs by RDS. */
export interface RelationalLogging {
  /**
   * Exports no logs.
   * @default false
   */
  disabled?: boolean;
  /**
   * Which logs to export. Defaults: PostgreSQL engines `postgresql`; MySQL
   * and MariaDB engines `error` and `slowquery`.
   */
  logTypes?: ("postgresql" | "upgrade" | "error" | "general" | "slowquery" | "audit" | "iam-db-auth-error" | "instance")[];
}

/**
 * A relational database: an RDS instance (PostgreSQL, MySQL, MariaDB) or an
 * Aurora cluster, in the default VPC, with storage encryption, TLS required,
 * automated backups and deletion protection on.
 */
export interface RelationalDatabaseProperties {
  /** The engine and how it runs. */
  engine: RelationalEngine;
  /** The master user; without a password RDS generates one in Secrets Manager. */
  credentials?: RelationalCredentials;
  /** Network reachability of the database. */
  accessibility?: RelationalAccessibility;
  /**
   * Days automated backups (and point-in-time recovery) are kept.
   * @default 7
   * @minimum 1
   * @maximum 35
   * @multipleOf 1
   */
  automatedBackupRetentionDays?: number;
  /**
   * RDS refuses to delete the database while it is on; turn it off in its own
   * deploy before removing the database.
   * @default true
   */
  deletionProtection?: boolean;
  /** Log exports to CloudWatch Logs. */
  logging?: RelationalLogging;
}

/** Parameters other resources can read with `$ResourceParam(name, param)`. */
export const relationalDatabaseParams = {
  /** The writer's endpoint (the instance's address, or the cluster endpoint). */
  host: { type: "string" },
  port: { type: "number" },
  /** The database connected to (`dbName`, else the engine's default). */
  dbName: { type: "string" },
  /** `postgresql://` or `mysql://` URL with the user and password (secret). */
  connectionString: { type: "string", secret: true },
  /** `jdbc:` URL with the user and password (secret). */
  jdbcConnectionString: { type: "string", secret: true },
  /** The readers' endpoint (Aurora's reader endpoint, or the first read replica); only with readers. */
  readerHost: { type: "string", readers: true },
  readerConnectionString: { type: "string", secret: true, readers: true },
  readerJdbcConnectionString: { type: "string", secret: true, readers: true },
} as const;
