// A PostgreSQL server, locally: the real server binary (Debian's `postgresql`
// package) in a new data folder under the machine's temporary folder, on
// 127.0.0.1 only, with TLS required (the session certificate, tls.ts; every
// connection without TLS is refused, as RDS refuses it with rds.force_ssl),
// the stack's master user and password (SCRAM) and its database. Nothing is
// kept: the folder is deleted when the server stops.
//
// PostgreSQL refuses to run as root (initdb and postgres both say so): under
// root it runs as the `postgres` user Debian's package makes (else `nobody`),
// its folder and its copy of the key that user's alone.
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import type { Child, LogLine } from "./children";
import { MissingToolError, type SessionTls } from "./tls";
import { findExecutable, runToEnd, serverUser, startServer } from "./server-binary";

export interface PostgresSpec {
  name: string;
  port: number;
  user: string;
  password: string;
  /** The database made beside `postgres` (none when it is `postgres`). */
  db: string;
}

const INSTALL = "install it: apt-get install postgresql (Debian, Ubuntu), brew install postgresql (macOS)";

/**
 * The folder of `initdb` and `postgres`: on PATH, else Debian's versioned
 * folder (`/usr/lib/postgresql/<major>/bin`, which the package does not put on
 * PATH), the newest major first.
 */
export function postgresBinDir(): string {
  const found = findExecutable("initdb");
  if (found && fs.existsSync(path.join(path.dirname(found), "postgres"))) return path.dirname(fs.realpathSync(found));
  const root = "/usr/lib/postgresql";
  const majors = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of majors) {
    const bin = path.join(root, v, "bin");
    if (fs.existsSync(path.join(bin, "initdb")) && fs.existsSync(path.join(bin, "postgres"))) return bin;
  }
  throw new MissingToolError(`PostgreSQL is not installed (a relational-database of a PostgreSQL engine runs locally on it); ${INSTALL}`);
}

/** `name` as an SQL identifier. */
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The local server's version, as `postgres --version` gives it ("15.14"). */
export function postgresVersion(): string {
  const out = execFileSync(path.join(postgresBinDir(), "postgres"), ["--version"], { encoding: "utf8" });
  return /PostgreSQL\)\s+([\d.]+)/.exec(out)?.[1] ?? "unknown";
}

/** Starts the server; resolves once it accepts connections. */
export async function startPostgres(spec: PostgresSpec, tlsFiles: SessionTls, log: LogLine): Promise<Child> {
  const bin = postgresBinDir();
  const user = serverUser("PostgreSQL", ["postgres", "nobody"]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stackfile-dev-postgres-"));
  const own = (p: string) => user && fs.chownSync(p, user.uid, user.gid);
  own(dir);
  const data = path.join(dir, "data");
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    // The password reaches initdb in a file only the server's user can read, deleted once read.
    const pwfile = path.join(dir, "pw");
    fs.writeFileSync(pwfile, spec.password + "\n", { mode: 0o600 });
    own(pwfile);
    await runToEnd(path.join(bin, "initdb"), ["-D", data, "-U", spec.user, `--pwfile=${pwfile}`, "--auth=scram-sha-256", "--encoding=UTF8", "--locale=C", "--no-sync"], { user, cwd: dir })
      .finally(() => fs.rmSync(pwfile, { force: true }));
    // Its own copy of the certificate and key: PostgreSQL reads a key only its user (or root) owns, mode 0600.
    for (const [from, to] of [[tlsFiles.certFile, "server.crt"], [tlsFiles.keyFile, "server.key"]]) {
      fs.copyFileSync(from, path.join(data, to));
      fs.chmodSync(path.join(data, to), 0o600);
      own(path.join(data, to));
    }
    // TLS only, from this machine only, SCRAM passwords: no line lets a connection without TLS in.
    fs.writeFileSync(path.join(data, "pg_hba.conf"), "hostssl all all 127.0.0.1/32 scram-sha-256\nhostssl all all ::1/128 scram-sha-256\n");
    if (spec.db !== "postgres") {
      // Single-user mode makes the database before the server listens (no client needed).
      await runToEnd(path.join(bin, "postgres"), ["--single", "-D", data, "-j", "postgres"], { user, cwd: dir, input: `CREATE DATABASE ${ident(spec.db)};\n` });
    }
  } catch (err) {
    remove();
    throw err;
  }
  const settings = [
    `listen_addresses=127.0.0.1`, `port=${spec.port}`, "unix_socket_directories=", "ssl=on",
    "ssl_cert_file=server.crt", "ssl_key_file=server.key", "password_encryption=scram-sha-256",
    // The data is thrown away when dev stops: nothing to flush to disk.
    "fsync=off", "synchronous_commit=off",
  ];
  const child = await startServer(path.join(bin, "postgres"), ["-D", data, ...settings.flatMap((s) => ["-c", s])], {
    user, cwd: dir, log, port: spec.port, ready: /database system is ready to accept connections/,
    // SIGINT is PostgreSQL's fast shutdown: it ends open connections and stops (SIGTERM, the smart one,
    // waits for every client to leave). postgresql.org/docs/15/server-shutdown.html
    stopSignal: "SIGINT",
  }).catch((err) => {
    remove();
    throw err;
  });
  void child.exited.then(remove);
  return child;
}
