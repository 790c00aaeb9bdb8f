// A MySQL-protocol server, locally: Debian's MariaDB server (mariadb-server)
// in a new data folder under the machine's temporary folder, on 127.0.0.1
// only, with TLS required (`require_secure_transport`, as RDS's parameter of
// that name requires it; the session certificate, tls.ts), the stack's master
// user and password and its database, made by an init file read at start and
// deleted once the server serves. Nothing is kept: the folder is deleted when
// the server stops. Under root it runs as the `mysql` user Debian's package
// makes (mariadbd refuses root).
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import type { Child, LogLine } from "./children";
import { MissingToolError, type SessionTls } from "./tls";
import { findExecutable, runToEnd, serverUser, startServer } from "./server-binary";

export interface MariadbSpec {
  port: number;
  user: string;
  password: string;
  /** The database made ("" for none). */
  db: string;
}

/** Debian puts the server in /usr/sbin, not on every user's PATH. */
const SBIN = ["/usr/sbin", "/usr/local/sbin"];

/** The server and its set-up command, or why not. */
export function mariadbBinaries(): { server: string; installDb: string } {
  const server = findExecutable("mariadbd", SBIN);
  const installDb = findExecutable("mariadb-install-db", ["/usr/bin", ...SBIN]);
  if (!server || !installDb) {
    throw new MissingToolError("MariaDB is not installed (a relational-database of a MySQL or MariaDB engine runs locally on it); install it: apt-get install mariadb-server (Debian, Ubuntu), brew install mariadb (macOS)");
  }
  return { server, installDb };
}

/** The local server's version, as `mariadbd --version` gives it ("10.11.14"). */
export function mariadbVersion(): string {
  const out = execFileSync(mariadbBinaries().server, ["--version"], { encoding: "utf8" });
  return /Ver\s+([\d.]+)/.exec(out)?.[1] ?? "unknown";
}

/** An SQL string literal. */
const str = (v: string) => `'${v.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
/** An SQL identifier. */
const ident = (v: string) => `\`${v.replace(/`/g, "``")}\``;

/** Starts the server; resolves once it accepts connections. */
export async function startMariadb(spec: MariadbSpec, tlsFiles: SessionTls, log: LogLine): Promise<Child> {
  const { server, installDb } = mariadbBinaries();
  const user = serverUser("MariaDB", ["mysql", "nobody"]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stackfile-dev-mariadb-"));
  const own = (p: string) => user && fs.chownSync(p, user.uid, user.gid);
  own(dir);
  const data = path.join(dir, "data");
  const init = path.join(dir, "init.sql");
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    await runToEnd(installDb, ["--no-defaults", `--datadir=${data}`, "--auth-root-authentication-method=normal", "--skip-test-db"], { user, cwd: dir });
    // Its own copy of the certificate and key, readable by its user only.
    for (const [from, to] of [[tlsFiles.certFile, "server.crt"], [tlsFiles.keyFile, "server.key"], [tlsFiles.caFile, "ca.crt"]]) {
      fs.copyFileSync(from, path.join(dir, to));
      fs.chmodSync(path.join(dir, to), 0o600);
      own(path.join(dir, to));
    }
    // The master user (all privileges, as RDS's master user has on its own databases) and the database.
    const sql = [
      ...(spec.db ? [`CREATE DATABASE IF NOT EXISTS ${ident(spec.db)};`] : []),
      `CREATE USER ${str(spec.user)}@'%' IDENTIFIED BY ${str(spec.password)};`,
      `GRANT ALL PRIVILEGES ON *.* TO ${str(spec.user)}@'%' WITH GRANT OPTION;`,
    ];
    fs.writeFileSync(init, sql.join("\n") + "\n", { mode: 0o600 });
    own(init);
  } catch (err) {
    remove();
    throw err;
  }
  const child = await startServer(server, [
    "--no-defaults", `--datadir=${data}`, `--port=${spec.port}`, "--bind-address=127.0.0.1", "--skip-name-resolve",
    `--socket=${path.join(dir, "mysqld.sock")}`, `--pid-file=${path.join(dir, "mysqld.pid")}`, "--skip-log-bin",
    `--ssl-cert=${path.join(dir, "server.crt")}`, `--ssl-key=${path.join(dir, "server.key")}`, `--ssl-ca=${path.join(dir, "ca.crt")}`,
    "--require-secure-transport=ON", `--init-file=${init}`,
    // The data is thrown away when dev stops: nothing to flush to disk.
    "--innodb-flush-log-at-trx-commit=0",
  ], { user, cwd: dir, log, port: spec.port, ready: /ready for connections/ }).catch((err) => {
    remove();
    throw err;
  }).finally(() => fs.rmSync(init, { force: true }));
  void child.exited.then(remove);
  return child;
}
