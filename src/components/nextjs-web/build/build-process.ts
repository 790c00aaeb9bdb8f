// Runs a build as a process group of its own, under a small supervisor
// process: Ctrl-C (SIGINT to the terminal's process group), SIGTERM or SIGHUP
// to the supervisor, or the death of stackfile itself, ends the build's
// whole group (a shell, `next build`, its workers) and releases the build
// lock, where `spawnSync` alone leaves the build running as an orphan and
// the lock behind. The command is an argv (never a shell) unless the user
// wrote a buildCommand, which is a shell command by definition.
import { spawnSync, type SpawnSyncReturns } from "child_process";

/** What to run: the user's shell command, or a program and its arguments. */
export type BuildCommand = { shell: string } | { file: string; args: string[] };

export interface GroupRun {
  command: BuildCommand;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Show the output live (on stderr) instead of capturing it. */
  live: boolean;
  /** The build lock folder and its owner's pid: removed when the build is interrupted. */
  lock?: { dir: string; pid: number };
}

/**
 * The supervisor (plain JavaScript, run with `node -e`): starts the build
 * detached (a new process group), forwards its exit, and on a signal or on
 * losing its parent kills the group, then releases the lock.
 */
const SUPERVISOR = String.raw`
const { spawn } = require("child_process");
const fs = require("fs");
const path = require("path");
const spec = JSON.parse(process.argv[1]);
const parent = process.ppid;
const child = "shell" in spec.command
  ? spawn(spec.command.shell, { cwd: spec.cwd, env: process.env, stdio: "inherit", detached: true, shell: true })
  : spawn(spec.command.file, spec.command.args, { cwd: spec.cwd, env: process.env, stdio: "inherit", detached: true });
const group = (signal) => { try { process.kill(-child.pid, signal); } catch {} };
const release = () => {
  if (!spec.lock) return;
  try {
    const owner = JSON.parse(fs.readFileSync(path.join(spec.lock.dir, "owner.json"), "utf8"));
    if (owner.pid === spec.lock.pid) fs.rmSync(spec.lock.dir, { recursive: true, force: true });
  } catch {}
};
let ending = false;
const end = (signal) => {
  if (ending) return;
  ending = true;
  group("SIGTERM");
  setTimeout(() => {
    group("SIGKILL");
    release();
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  }, 1500);
};
for (const s of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(s, () => end(s));
setInterval(() => { if (process.ppid !== parent) end("SIGTERM"); }, 250).unref();
child.on("error", (err) => { process.stderr.write(String(err.message) + "\n"); process.exit(127); });
child.on("exit", (code, signal) => {
  if (ending) return;
  // What the build left running in its group (a stray watcher) ends with it.
  group("SIGKILL");
  if (signal) { process.removeAllListeners(signal); process.kill(process.pid, signal); }
  else process.exit(code ?? 1);
});
`;

/** Runs the build to its end (synchronously), as its own process group under the supervisor. */
export function runInGroup(run: GroupRun): SpawnSyncReturns<string> {
  const spec = { command: run.command, cwd: run.cwd, lock: run.lock };
  return spawnSync(process.execPath, ["-e", SUPERVISOR, JSON.stringify(spec)], {
    cwd: run.cwd,
    stdio: run.live ? ["ignore", process.stderr, process.stderr] : ["ignore", "pipe", "pipe"],
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
    env: run.env,
  });
}
