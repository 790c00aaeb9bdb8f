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
import { execFileSync, spawn } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { startChild, type Child, type LogLine } from "./children";
import { MissingToolError, type SessionTls } from "./tls";

export interface PostgresSpec {
  name: string;
  port: number;
  user: string;
  password: string;
  /** The database made beside `postgres` (none when it is `postgres`). */
  db: string;
}

const INSTALL = "install it: apt-get install postgresql (Debian, Ubuntu), brew install postgresql (macOS)";

function onPath(cmd: string): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const p = path.join(dir || ".", cmd);
    try {
      fs.accessSync(p, fs.constants.X_OK);
      return p;
    } catch {
      // Not here.
    }
  }
  return undefined;
}

/**
 * The folder of `initdb` and `postgres`: on PATH, else Debian's versioned
 * folder (`/usr/lib/postgresql/<major>/bin`, which the package does not put on
 * PATH), the newest major first.
 */
export function postgresBinDir(): string {
  const found = onPath("initdb");
  if (found && fs.existsSync(path.join(path.dirname(found), "postgres"))) return path.dirname(fs.realpathSync(found));
  const root = "/usr/lib/postgresql";
  const majors = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of majors) {
    const bin = path.join(root, v, "bin");
    if (fs.existsSync(path.join(bin, "initdb")) && fs.existsSync(path.join(bin, "postgres"))) return bin;
  }
  throw new MissingToolError(`PostgreSQL is not installed (a relational-database of a PostgreSQL engine runs locally on it); ${INSTALL}`);
}

/** Who the server runs as: this process's user, or a user of the system's when this process is root. */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of ["postgres", "nobody"]) {
    try {
      const uid = Number(execFileSync("id", ["-u", name], { encoding: "utf8" }).trim());
      const gid = Number(execFileSync("id", ["-g", name], { encoding: "utf8" }).trim());
      if (uid > 0) return { uid, gid };
    } catch {
      // No such user.
    }
  }
  throw new MissingToolError("PostgreSQL does not run as root and this machine has neither a postgres nor a nobody user; run stackfile dev as another user");
}

/** Runs a binary to its end; rejects with its last lines of output when it fails. */
function runToEnd(cmd: string, args: string[], opts: { user?: { uid: number; gid: number }; input?: string; cwd: string }): Promise<void> {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { cwd: opts.cwd, stdio: ["pipe", "pipe", "pipe"], env: { PATH: process.env.PATH ?? "", LC_ALL: "C" }, ...(opts.user ?? {}) });
    let out = "";
    p.stdout.on("data", (d: Buffer) => (out += d.toString("utf8")));
    p.stderr.on("data", (d: Buffer) => (out += d.toString("utf8")));
    p.stdin.on("error", () => undefined);
    p.stdin.end(opts.input ?? "");
    p.once("error", reject);
    p.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(cmd)} failed: ${out.trim().split("\n").slice(-3).join(" ")}`))));
  });
}

/** `name` as an SQL identifier. */
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Starts the server; resolves once it accepts connections. */
export async function startPostgres(spec: PostgresSpec, tlsFiles: SessionTls, log: LogLine): Promise<Child> {
  const bin = postgresBinDir();
  const user = serverUser();
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
  let ready!: () => void;
  const accepting = new Promise<void>((r) => (ready = r));
  const settings = [
    `listen_addresses=127.0.0.1`, `port=${spec.port}`, "unix_socket_directories=", "ssl=on",
    "ssl_cert_file=server.crt", "ssl_key_file=server.key", "password_encryption=scram-sha-256",
    // The data is thrown away when dev stops: nothing to flush to disk.
    "fsync=off", "synchronous_commit=off",
  ];
  const child = startChild(path.join(bin, "postgres"), ["-D", data, ...settings.flatMap((s) => ["-c", s])], {
    cwd: dir, ...(user ?? {}), env: { PATH: process.env.PATH ?? "", LC_ALL: "C" },
    log: (line) => {
      if (/database system is ready to accept connections/.test(line)) ready();
      log(line);
    },
  });
  void child.exited.then(remove);
  const exited = child.exited.then((code) => {
    throw new Error(`postgres stopped before it served on port ${spec.port} (exit code ${code}); its log above says why`);
  });
  let timer: NodeJS.Timeout | undefined;
  // Hang guard: a server that neither serves nor exits in a minute.
  const guard = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`postgres did not serve on port ${spec.port} within 60 s`)), 60_000)));
  try {
    await Promise.race([accepting, exited, guard]);
  } catch (err) {
    await child.stop();
    throw err;
  } finally {
    clearTimeout(timer);
  }
  exited.catch(() => undefined);
  return child;
}
