// One build at a time per app directory: two plans (or two deploys) building
// the same `.open-next` at once would leave files and manifests that disagree.
// The lock is a directory made atomically beside the build, holding its
// owner; a lock whose process is gone is taken over. Taking over is itself
// done under a second lock (`.open-next.lock.takeover`), with the owner read
// again there: two waiters that both judged a lock stale remove it once, and
// never the lock one of them has taken since. Any file of the lock may vanish
// between two steps (its holder finishing): that is a retry, never an error.
// The holder renews a lease (the owner file's modification time) every few
// seconds from a worker thread, which runs while the build blocks the main
// one: a lock whose lease has run out is stale whoever names it (a CI
// container gone with its hostname, a pid reused by an unrelated process).
import { Worker } from "worker_threads";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { BuildError } from "./build-error";

export const LOCK = ".open-next.lock";
const WAIT_MS = 250;
const GIVE_UP_MS = 30 * 60 * 1000;
/** A lock (or takeover lock) with no owner file this old was left half-made by a killed process. */
const HALF_MADE_MS = 10_000;

/** A lease not renewed for this long is stale. */
export const LEASE_MS = 30_000;
/** The holder renews its lease this often. */
export const RENEW_MS = 5_000;

interface Owner { pid: number; host: string; started: number; renewed: number }

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

const code = (err: unknown) => (err as NodeJS.ErrnoException)?.code;

function ownerOf(lock: string): Owner | undefined {
  try {
    const file = path.join(lock, "owner.json");
    const o = JSON.parse(fs.readFileSync(file, "utf8")) as Owner;
    if (typeof o?.pid !== "number") return undefined;
    return { ...o, renewed: fs.statSync(file).mtimeMs };
  } catch {
    return undefined;
  }
}

/** Milliseconds since `dir` was made, or undefined when it is gone. */
function age(dir: string): number | undefined {
  try {
    return Date.now() - fs.statSync(dir).mtimeMs;
  } catch (err) {
    if (code(err) === "ENOENT") return undefined;
    throw err;
  }
}

/** The lock's state: free (gone), stale (its process gone on this machine, its lease run out, or half-made long ago), or held. */
function judge(lock: string): { state: "free" } | { state: "stale"; owner?: Owner } | { state: "held"; owner?: Owner } {
  const owner = ownerOf(lock);
  if (owner) {
    const gone = owner.host === os.hostname() && !alive(owner.pid);
    return gone || Date.now() - owner.renewed > LEASE_MS ? { state: "stale", owner } : { state: "held", owner };
  }
  const made = age(lock);
  if (made === undefined) return { state: "free" };
  // The owner file is written just after the directory: give its maker time.
  return made > HALF_MADE_MS && !ownerOf(lock) ? { state: "stale" } : { state: "held" };
}

/** Makes `dir`; false when it exists. */
function take(dir: string): boolean {
  try {
    fs.mkdirSync(dir);
    return true;
  } catch (err) {
    if (code(err) === "EEXIST") return false;
    throw err;
  }
}

/**
 * Removes the lock if it is still stale, deciding under the takeover lock so
 * that only one waiter removes it, and only the lock it judged.
 */
function takeOver(lock: string): void {
  const guard = `${lock}.takeover`;
  if (!take(guard)) {
    // Another waiter is taking over (for microseconds), or one was killed doing so long ago.
    if ((age(guard) ?? 0) > HALF_MADE_MS) fs.rmSync(guard, { recursive: true, force: true });
    else sleep(WAIT_MS / 10);
    return;
  }
  try {
    if (judge(lock).state === "stale") fs.rmSync(lock, { recursive: true, force: true });
  } finally {
    fs.rmSync(guard, { recursive: true, force: true });
  }
}

/** A worker thread that renews the lease of `file` every RENEW_MS until terminated; it never keeps the process alive. */
function renewLease(file: string): Worker {
  const worker = new Worker(
    `const fs = require("fs"); const { workerData } = require("worker_threads");
     setInterval(() => { try { const now = new Date(); fs.utimesSync(workerData.file, now, now); } catch {} }, workerData.every);`,
    { eval: true, workerData: { file, every: RENEW_MS } },
  );
  worker.unref();
  return worker;
}

/** Runs `fn` holding the app directory's build lock; `say` tells what it waits for. */
export function withBuildLock<T>(appDir: string, label: string, say: (line: string) => void, fn: () => T): T {
  const lock = path.join(appDir, LOCK);
  const start = Date.now();
  let told = false;
  for (;;) {
    if (take(lock)) {
      fs.writeFileSync(path.join(lock, "owner.json"), JSON.stringify({ pid: process.pid, host: os.hostname(), started: Date.now() }));
      break;
    }
    const seen = judge(lock);
    if (seen.state === "free") continue;
    if (seen.state === "stale") {
      takeOver(lock);
      continue;
    }
    if (!told) {
      const owner = seen.owner;
      say(`${label}: waiting for another build of ${path.relative(process.cwd(), appDir) || "."}${owner ? ` (process ${owner.pid}, started ${new Date(owner.started).toISOString()})` : ""} ...`);
      told = true;
    }
    if (Date.now() - start > GIVE_UP_MS) {
      throw new BuildError(`another build of ${appDir} has held ${lock} for 30 minutes, renewing its lease; if no build is running, delete that folder`);
    }
    sleep(WAIT_MS);
  }
  const lease = renewLease(path.join(lock, "owner.json"));
  try {
    return fn();
  } finally {
    void lease.terminate();
    fs.rmSync(lock, { recursive: true, force: true });
  }
}
