// A relational-database, locally: PostgreSQL engines (postgres and the Aurora
// PostgreSQL ones) on the real PostgreSQL server (src/dev/postgres.ts), MySQL
// and MariaDB engines on Debian's MariaDB server (src/dev/mariadb.ts), on
// 127.0.0.1, TLS required as RDS requires it, with the stack's master user,
// password and database. Readers (read replicas, Aurora reader instances) are
// the same server: the READER_* variables point at it. A server that is not
// installed stops dev with how to install it. Restarted only when its port,
// user, password or database change.
import { randomBytes } from "crypto";
import { ApplyError, type DevType, type LocalOutputs, type LogLine, type SessionTls } from "../../shared/component/local-runner";
import { postgresBinDir, postgresVersion, startPostgres } from "../../dev/postgres";
import { mariadbBinaries, mariadbVersion, startMariadb } from "../../dev/mariadb";
import type { Child } from "../../dev/children";
import type { relationalDatabaseParams } from "./properties";
import { relationalDatabaseDefinition } from "./definition";
import { connectionUrls, engineKind, hasReaders, type EngineKind } from "./engines";

const HOST = "127.0.0.1";

interface LocalServer {
  /** Throws (MissingToolError) when the server is not installed. */
  check(): void;
  /** The installed server's version ("15.14", "10.11.14"). */
  version(): string;
  start(spec: { name: string; port: number; user: string; password: string; db: string }, tls: SessionTls, log: LogLine): Promise<Child>;
  scheme: string;
  label: string;
}

/** The server each dialect runs on: PostgreSQL's for PostgreSQL engines, MariaDB's for MySQL and MariaDB ones (MariaDB speaks MySQL's protocol). */
const SERVERS: Record<"postgres" | "mysql", LocalServer> = {
  postgres: { check: postgresBinDir, version: postgresVersion, start: startPostgres, scheme: "postgresql", label: "PostgreSQL" },
  mysql: { check: mariadbBinaries, version: mariadbVersion, start: startMariadb, scheme: "mysql", label: "MariaDB" },
};

const obj = (v: unknown): Record<string, any> => (typeof v === "object" && v !== null ? (v as Record<string, any>) : {});

/** A database's outputs, locally: the same URLs as in AWS, every endpoint this server (readers only when it has them). */
export function relationalLocalOutputs(kind: EngineKind, readers: boolean, c: { user: string; password: string; port: number; db: string }): LocalOutputs<typeof relationalDatabaseParams> {
  const { url, jdbc } = connectionUrls(kind, { ...c, host: HOST });
  return {
    host: HOST, port: c.port, dbName: c.db, connectionString: url, jdbcConnectionString: jdbc,
    readerHost: readers ? HOST : undefined, readerConnectionString: readers ? url : undefined, readerJdbcConnectionString: readers ? jdbc : undefined,
  };
}

const major = (v: string) => v.split(".")[0];

/**
 * A line saying what the local server is when it is not what the stack asks
 * for: another PostgreSQL major version, or MariaDB for a MySQL engine (the
 * same protocol, not the same SQL); none when they match.
 */
export function versionNote(kind: EngineKind, asked: string, server: { label: string; version: string }): string | undefined {
  const sameProduct = kind.dialect === "postgres" ? server.label === "PostgreSQL" : kind.dialect === "mariadb";
  if (sameProduct && major(asked) === major(server.version)) return undefined;
  return `runs ${server.label} ${server.version} here; the stack asks for ${kind.engine} ${asked}: SQL or extensions that differ between them fail here or only in AWS (docs/relational-database.md, "In dev")`;
}

/** A password of RDS's characters (no `/`, `"`, `@` or space) for a database whose password RDS would generate. */
function generatedPassword(): string {
  return randomBytes(24).toString("base64url");
}

export const relationalDatabaseDev: DevType = {
  runner(ctx) {
    const generated = new Map<string, string>();
    return {
      prepare(names) {
        // Before anything starts: workloads trust the session's CA (NODE_EXTRA_CA_CERTS) from their first start.
        if (names.length) ctx.tls();
      },
      async apply({ name, props: p }) {
        const kind = engineKind(obj(p.engine).type);
        if (!kind) throw new ApplyError([{ resource: name, path: ["engine", "type"], message: "not an engine type" }]);
        const server = SERVERS[kind.dialect === "postgres" ? "postgres" : "mysql"];
        server.check();
        const e = obj(obj(p.engine).properties);
        const given = obj(p.credentials).masterUserPassword;
        if (given === undefined && !generated.has(name)) generated.set(name, generatedPassword());
        const password = given === undefined ? generated.get(name)! : String(given);
        const user = String(obj(p.credentials).masterUserName ?? "dbadmin");
        const db = String(e.dbName ?? kind.defaultDb);
        const wanted = Number(e.port ?? kind.defaultPort);
        const fingerprint = JSON.stringify({ wanted, user, password, db });
        if (ctx.running(name)?.fingerprint !== fingerprint) {
          await ctx.stop(name);
          const { port, note } = await ctx.port(name, wanted);
          const versionLine = versionNote(kind, String(e.version ?? kind.defaultVersion), { label: server.label, version: server.version() });
          if (versionLine) ctx.logger(name)(versionLine);
          const start = server.start({ name, port, user, password, db }, ctx.tls(), ctx.logger(name));
          ctx.run(name, {
            type: relationalDatabaseDefinition.type, fingerprint, address: `${server.scheme}://${HOST}:${port}/${db} (${server.label}, TLS required)`, note,
            stop: () => start.then((child) => child.stop(), () => undefined),
          });
          ctx.starting(start.then(() => [], async (err) => {
            await ctx.stop(name).catch(() => undefined);
            return [{ resource: name, path: [], message: (err as Error).message }];
          }));
        }
        const { port } = await ctx.port(name, wanted);
        ctx.setOutputs(name, relationalLocalOutputs(kind, hasReaders(kind, e), { user, password, port, db }));
      },
    };
  },
};
