// One build at a time per app directory: two plans (or two deploys) building
// the same `.open-next` at once would leave files and manifests that disagree.
// The lock is a directory made atomically beside the build, holding its
// owner; a lock whose process is gone is taken over.
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { BuildError } from "./build-error";

export const LOCK = ".open-next.lock";
const WAIT_MS = 250;
const GIVE_UP_MS = 30 * 60 * 1000;

interface Owner { pid: number; host: string; started: number }

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

function ownerOf(lock: string): Owner | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(lock, "owner.json"), "utf8")) as Owner;
  } catch {
    return undefined;
  }
}

/** Runs `fn` holding the app directory's build lock; `say` tells what it waits for. */
export function withBuildLock<T>(appDir: string, label: string, say: (line: string) => void, fn: () => T): T {
  const lock = path.join(appDir, LOCK);
  const start = Date.now();
  let told = false;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(path.join(lock, "owner.json"), JSON.stringify({ pid: process.pid, host: os.hostname(), started: Date.now() } satisfies Owner));
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    const owner = ownerOf(lock);
    // Gone (on this machine), or a lock left half-made by a killed process.
    const stale = owner ? owner.host === os.hostname() && !alive(owner.pid) : Date.now() - fs.statSync(lock).mtimeMs > 10_000;
    if (stale) {
      fs.rmSync(lock, { recursive: true, force: true });
      continue;
    }
    if (!told) {
      say(`${label}: waiting for another build of ${path.relative(process.cwd(), appDir) || "."}${owner ? ` (process ${owner.pid}, started ${new Date(owner.started).toISOString()})` : ""} ...`);
      told = true;
    }
    if (Date.now() - start > GIVE_UP_MS) {
      throw new BuildError(`another build of ${appDir} has held ${lock} for 30 minutes; if no build is running, delete that folder`);
    }
    sleep(WAIT_MS);
  }
  try {
    return fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}
