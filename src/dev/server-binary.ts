// What the local database servers (postgres.ts, mariadb.ts) share: finding a
// server binary, the system user a server runs as when dev runs as root (both
// servers refuse root), a setup step run to its end, and a server's start
// awaited on the line of its log that says it serves.
import { execFileSync, spawn } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { startChild, type Child, type LogLine } from "./children";
import { MissingToolError } from "./tls";

/** A system user's ids. */
export interface ServerUser {
  uid: number;
  gid: number;
}

/** The first of `dirs` (then PATH's folders) that holds an executable `cmd`. */
export function findExecutable(cmd: string, dirs: string[] = []): string | undefined {
  for (const dir of [...(process.env.PATH ?? "").split(path.delimiter), ...dirs]) {
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

/** Who a server runs as: this process's user, or the first of `names` the system has when this process is root. */
export function serverUser(server: string, names: string[]): ServerUser | undefined {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of names) {
    try {
      const uid = Number(execFileSync("id", ["-u", name], { encoding: "utf8" }).trim());
      const gid = Number(execFileSync("id", ["-g", name], { encoding: "utf8" }).trim());
      if (uid > 0) return { uid, gid };
    } catch {
      // No such user.
    }
  }
  throw new MissingToolError(`${server} does not run as root and this machine has no ${names.join(" nor ")} user; run stackfile dev as another user`);
}

const serverEnv = () => ({ PATH: process.env.PATH ?? "", LC_ALL: "C" });

/** Runs a setup step to its end; rejects with its last lines of output when it fails. */
export function runToEnd(cmd: string, args: string[], opts: { user?: ServerUser; input?: string; cwd: string }): Promise<void> {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { cwd: opts.cwd, stdio: ["pipe", "pipe", "pipe"], env: serverEnv(), ...(opts.user ?? {}) });
    let out = "";
    p.stdout.on("data", (d: Buffer) => (out += d.toString("utf8")));
    p.stderr.on("data", (d: Buffer) => (out += d.toString("utf8")));
    p.stdin.on("error", () => undefined);
    p.stdin.end(opts.input ?? "");
    p.once("error", reject);
    p.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(cmd)} failed: ${out.trim().split("\n").slice(-3).join(" ")}`))));
  });
}

/**
 * Starts a server and resolves once a line of its log matches `ready`;
 * rejects (the server stopped) when it exits first or takes more than a minute.
 */
export async function startServer(cmd: string, args: string[], opts: { user?: ServerUser; cwd: string; log: LogLine; ready: RegExp; port: number; stopSignal?: NodeJS.Signals }): Promise<Child> {
  let serving!: () => void;
  const ready = new Promise<void>((r) => (serving = r));
  const child = startChild(cmd, args, {
    cwd: opts.cwd, ...(opts.user ?? {}), env: serverEnv(), stopSignal: opts.stopSignal,
    log: (line) => {
      if (opts.ready.test(line)) serving();
      opts.log(line);
    },
  });
  const name = path.basename(cmd);
  const exited = child.exited.then((code) => {
    throw new Error(`${name} stopped before it served on port ${opts.port} (exit code ${code}); its log above says why`);
  });
  let timer: NodeJS.Timeout | undefined;
  // Hang guard: a server that neither serves nor exits in a minute.
  const guard = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${name} did not serve on port ${opts.port} within 60 s`)), 60_000)));
  try {
    await Promise.race([ready, exited, guard]);
  } catch (err) {
    await child.stop();
    throw err;
  } finally {
    clearTimeout(timer);
  }
  return child;
}
