// The child processes of a dev session: each started in a process group of
// its own (so a stop reaches what it starts in turn: next's workers,
// redis-server under a wrapper), its output prefixed `[<resource>]` line by
// line, and all of them stopped together: SIGTERM (or the child's own stop
// signal) to each group, SIGKILL to
// what is left after a grace period.
import { spawn, type ChildProcess, type SpawnOptions } from "child_process";
import * as readline from "readline";

import type { LogLine } from "../shared/component/local-runner";

export type { LogLine };

export interface Child {
  process: ChildProcess;
  /** Resolves when it has exited. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

const GRACE_MS = 3000;

const live = new Set<Child>();

function signalGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (!pid) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

/** Prints each line of `stream` with `prefix`. */
export function prefixLines(stream: NodeJS.ReadableStream | null, log: LogLine): void {
  if (!stream) return;
  readline.createInterface({ input: stream, crlfDelay: Infinity }).on("line", (l) => log(l));
}

/** `stopSignal`: what asks it to stop (SIGTERM unless the program reads another as its quick, clean stop). */
export function startChild(command: string, args: string[], opts: SpawnOptions & { log: LogLine; quiet?: boolean; stopSignal?: NodeJS.Signals }): Child {
  const { log, quiet, stopSignal = "SIGTERM", ...spawnOpts } = opts;
  const proc = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], ...spawnOpts, detached: true });
  if (!quiet) {
    prefixLines(proc.stdout, log);
    prefixLines(proc.stderr, log);
  }
  let done = false;
  const exited = new Promise<number | null>((resolve) => {
    proc.once("exit", (code) => {
      done = true;
      resolve(code);
    });
    proc.once("error", (err) => {
      done = true;
      log(`could not start ${command}: ${err.message}`);
      resolve(null);
    });
  });
  const child: Child = {
    process: proc,
    exited,
    async stop() {
      // Known (to killAllChildrenNow) until its group is gone.
      if (!done) {
        signalGroup(proc.pid, stopSignal);
        const timer = setTimeout(() => signalGroup(proc.pid, "SIGKILL"), GRACE_MS);
        await exited;
        clearTimeout(timer);
      }
      // What it started and left behind in its group.
      signalGroup(proc.pid, "SIGKILL");
      live.delete(child);
    },
  };
  live.add(child);
  return child;
}

/** Stops every child still running. */
export async function stopAllChildren(): Promise<void> {
  await Promise.all([...live].map((c) => c.stop()));
}

/** Last resort on exit: SIGKILL to every group still known (synchronous, for process.on("exit")). */
export function killAllChildrenNow(): void {
  for (const c of live) signalGroup(c.process.pid, "SIGKILL");
}
