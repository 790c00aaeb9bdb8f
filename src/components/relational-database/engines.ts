// What each `engine.type` of a stack file is in RDS: its API engine, whether
// it is an Aurora cluster (and Serverless v2), its default version and port,
// and how clients connect to it. No Pulumi here: validate and dev read it.
import type { RdsEngine } from "../../aws-rules/rds-facts";
import type { RelationalEngineType } from "./properties";

export interface EngineKind {
  /** The engine as the RDS API names it. */
  engine: RdsEngine;
  /** An Aurora cluster (else an RDS instance). */
  cluster: boolean;
  serverless: boolean;
  /** The SQL dialect clients speak. */
  dialect: "postgres" | "mysql" | "mariadb";
  defaultVersion: string;
  /** The port RDS listens on when none is given (API_CreateDBInstance, API_CreateDBCluster: Port). */
  defaultPort: number;
  /** The database a client reaches when `dbName` is not set ("" for none). */
  defaultDb: string;
}

const PG = { dialect: "postgres", defaultPort: 5432, defaultDb: "postgres" } as const;
const MY = { dialect: "mysql", defaultPort: 3306, defaultDb: "" } as const;

export const ENGINES: Record<RelationalEngineType, EngineKind> = {
  postgres: { engine: "postgres", cluster: false, serverless: false, defaultVersion: "17", ...PG },
  mysql: { engine: "mysql", cluster: false, serverless: false, defaultVersion: "8.0", ...MY },
  mariadb: { engine: "mariadb", cluster: false, serverless: false, defaultVersion: "11.4", ...MY, dialect: "mariadb" },
  "aurora-postgresql": { engine: "aurora-postgresql", cluster: true, serverless: false, defaultVersion: "16", ...PG },
  "aurora-mysql": { engine: "aurora-mysql", cluster: true, serverless: false, defaultVersion: "8.0.mysql_aurora.3.08.0", ...MY },
  "aurora-postgresql-serverless-v2": { engine: "aurora-postgresql", cluster: true, serverless: true, defaultVersion: "16", ...PG },
  "aurora-mysql-serverless-v2": { engine: "aurora-mysql", cluster: true, serverless: true, defaultVersion: "8.0.mysql_aurora.3.08.0", ...MY },
};

/** The kind of a (plain) engine type, or undefined when it is not one. */
export function engineKind(type: unknown): EngineKind | undefined {
  return typeof type === "string" && Object.prototype.hasOwnProperty.call(ENGINES, type) ? ENGINES[type as RelationalEngineType] : undefined;
}

/** Log exports when none are listed (API_CreateDBInstance: EnableCloudwatchLogsExports, the engine's log types). */
export function defaultLogTypes(kind: EngineKind): string[] {
  return kind.dialect === "postgres" ? ["postgresql"] : ["error", "slowquery"];
}

/** Whether the database has readers: read replicas, or more than one Aurora instance. */
export function hasReaders(kind: EngineKind | undefined, props: { readReplicas?: unknown; instances?: unknown }): boolean {
  if (!kind) return false;
  const n = (v: unknown) => (Array.isArray(v) ? v.length : 0);
  return kind.cluster ? n(props.instances) > 1 : n(props.readReplicas) > 0;
}

/**
 * The URLs a client connects with. TLS is required by the server; the URLs
 * ask for it (`sslmode=require` in libpq and pgJDBC, `sslMode=REQUIRED` in
 * MySQL Connector/J, `sslMode=trust` in MariaDB Connector/J: encrypted, the
 * server's certificate not verified unless the client trusts the RDS CA).
 */
export function connectionUrls(kind: EngineKind, c: { user: string; password?: string; host: string; port: number; db: string }): { url: string; jdbc: string } {
  const enc = encodeURIComponent;
  const auth = c.password === undefined ? enc(c.user) : `${enc(c.user)}:${enc(c.password)}`;
  const jdbcAuth = `user=${enc(c.user)}${c.password === undefined ? "" : `&password=${enc(c.password)}`}`;
  if (kind.dialect === "postgres") {
    return {
      url: `postgresql://${auth}@${c.host}:${c.port}/${enc(c.db)}?sslmode=require`,
      jdbc: `jdbc:postgresql://${c.host}:${c.port}/${enc(c.db)}?${jdbcAuth}&sslmode=require`,
    };
  }
  const scheme = kind.dialect;
  return {
    url: `mysql://${auth}@${c.host}:${c.port}/${enc(c.db)}`,
    jdbc: `jdbc:${scheme}://${c.host}:${c.port}/${enc(c.db)}?${jdbcAuth}&sslMode=${scheme === "mariadb" ? "trust" : "REQUIRED"}`,
  };
}
