// One build at a time per app directory: a waiter says what it waits for,
// takes over a lock whose process is gone, never removes a lock another
// waiter has just taken, and a lock released at any moment (even between two
// of its own steps) is simply taken, never an error.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { execSync, spawnSync } from "child_process";
import { LEASE_MS, LOCK, RENEW_MS, withBuildLock } from "../../../src/components/nextjs-web/build/build-lock";

function appDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "lock-app-"));
}

/** A process that lives `seconds` and is not our child (so nothing of ours must reap it): its pid. */
function liveProcess(seconds: number): number {
  return Number(execSync(`sleep ${seconds} >/dev/null 2>&1 & echo $!`, { shell: "/bin/sh", encoding: "utf8" }).trim());
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The pid of a process that has ended. */
function deadPid(): number {
  return spawnSync("true").pid!;
}

function holdLock(dir: string, pid: number, started = Date.now(), host = os.hostname()): void {
  fs.mkdirSync(path.join(dir, LOCK));
  fs.writeFileSync(path.join(dir, LOCK, "owner.json"), JSON.stringify({ pid, host, started }));
}

/** Makes the lock's lease look last renewed `ms` ago. */
function leaseAge(dir: string, ms: number): void {
  const then = new Date(Date.now() - ms);
  fs.utimesSync(path.join(dir, LOCK, "owner.json"), then, then);
}

/** Runs `fn` with fs.readFileSync of the lock's owner file replaced, once, by `onRead`. */
function onOwnerRead<T>(onRead: (file: string, read: () => string) => string, fn: () => T): T {
  // The module object itself (an `import * as` namespace is read-only).
  const nodeFs = require("fs") as { readFileSync: (...a: unknown[]) => unknown };
  const real = nodeFs.readFileSync;
  let done = false;
  nodeFs.readFileSync = (file: unknown, ...rest: unknown[]) => {
    if (!done && typeof file === "string" && file.endsWith(path.join(LOCK, "owner.json"))) {
      done = true;
      return onRead(file, () => String(real.call(nodeFs, file, "utf8")));
    }
    return real.call(nodeFs, file, ...rest);
  };
  try {
    return fn();
  } finally {
    nodeFs.readFileSync = real;
  }
}

describe("the build lock", function () {
  this.timeout(30000);

  it("a waiter says whom it waits for, then takes the lock once that process is gone", () => {
    const dir = appDir();
    const pid = liveProcess(1.5);
    holdLock(dir, pid, Date.UTC(2026, 0, 2, 3, 4, 5));
    const lines: string[] = [];
    const start = Date.now();
    const ran = withBuildLock(dir, "web", (l) => lines.push(l), () => ({ at: Date.now(), ownerAlive: alive(pid) }));
    assert.deepStrictEqual(lines, [`web: waiting for another build of ${path.relative(process.cwd(), dir)} (process ${pid}, started 2026-01-02T03:04:05.000Z) ...`]);
    assert.strictEqual(ran.ownerAlive, false, "it ran only once the owner was gone");
    assert.ok(ran.at - start >= 1000, `waited ${ran.at - start} ms`);
    assert.ok(!fs.existsSync(path.join(dir, LOCK)), "and released the lock");
  });

  it("a lock whose process is gone is taken over at once, silently", () => {
    const dir = appDir();
    holdLock(dir, deadPid());
    const lines: string[] = [];
    assert.strictEqual(withBuildLock(dir, "web", (l) => lines.push(l), () => "ran"), "ran");
    assert.deepStrictEqual(lines, []);
  });

  it("a waiter that judged a lock stale never removes the lock another waiter has taken over since", () => {
    const dir = appDir();
    holdLock(dir, deadPid());
    const other = liveProcess(1.5);
    const start = Date.now();
    // This waiter reads the dead owner; before it acts, another waiter takes the lock over.
    const ran = onOwnerRead((file, read) => {
      const stale = read();
      fs.rmSync(path.dirname(file), { recursive: true });
      holdLock(dir, other);
      return stale;
    }, () => withBuildLock(dir, "web", () => undefined, () => ({ at: Date.now(), otherAlive: alive(other), ownerFile: fs.readFileSync(path.join(dir, LOCK, "owner.json"), "utf8") })));
    assert.strictEqual(ran.otherAlive, false, "it waited for the other waiter's build");
    assert.ok(ran.at - start >= 1000, `waited ${ran.at - start} ms`);
    assert.strictEqual(JSON.parse(ran.ownerFile).pid, process.pid, "then held the lock itself");
  });

  it("a lock released between its failed take and the read of its owner is taken, with no error", () => {
    const dir = appDir();
    holdLock(dir, process.pid);
    const lines: string[] = [];
    const ran = onOwnerRead((file) => {
      // The holder finishes right then.
      fs.rmSync(path.dirname(file), { recursive: true });
      throw Object.assign(new Error(`ENOENT: no such file or directory, open '${file}'`), { code: "ENOENT" });
    }, () => withBuildLock(dir, "web", (l) => lines.push(l), () => "ran"));
    assert.strictEqual(ran, "ran");
    assert.deepStrictEqual(lines, []);
  });

  it("a lock named by another host (a CI container gone with its hostname) whose lease ran out is taken over, not waited on", () => {
    const dir = appDir();
    holdLock(dir, process.pid, Date.now() - 60_000, "ci-runner-7f3a");
    leaseAge(dir, LEASE_MS + 1000);
    const lines: string[] = [];
    assert.strictEqual(withBuildLock(dir, "web", (l) => lines.push(l), () => "ran"), "ran");
    // A waiter says so ("waiting for another build"): this one took the lock over without a word.
    assert.deepStrictEqual(lines, []);
  });

  it("a lock naming a live but unrelated process whose lease ran out is taken over", () => {
    const dir = appDir();
    const unrelated = liveProcess(20);
    holdLock(dir, unrelated);
    leaseAge(dir, LEASE_MS + 1000);
    const lines: string[] = [];
    assert.strictEqual(withBuildLock(dir, "web", (l) => lines.push(l), () => "ran"), "ran");
    assert.deepStrictEqual(lines, [], "taken over, not waited on");
    assert.ok(alive(unrelated), "and the process itself is left alone");
  });

  it("the holder renews its lease while it works, even with its main thread blocked", () => {
    const dir = appDir();
    const renewedAgo = withBuildLock(dir, "web", () => undefined, () => {
      leaseAge(dir, LEASE_MS - 1000);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, RENEW_MS + 1500);
      return Date.now() - fs.statSync(path.join(dir, LOCK, "owner.json")).mtimeMs;
    });
    // Aged to LEASE_MS - 1000 ms, then blocked past a renewal: the lease moved forward (not a timing).
    assert.ok(renewedAgo < LEASE_MS - 1000, `lease not renewed: last touched ${renewedAgo} ms ago`);
  });
});
