// `stackfile dev` run in the test's own process (runDev), for checks that read
// its session's outputs: the lines it printed, the session once it has
// started, its exit code, and the stop that Ctrl-C would give.
import { runDev } from "../../src/cli/dev-command";
import type { DevSession } from "../../src/cli/dev-session";

export interface DevHere {
  /** Every line dev printed, stdout and stderr in order. */
  out: string[];
  session: DevSession;
  /** Its exit code, once stopped. */
  code: Promise<number>;
  stop(): void;
}

/** Starts dev with `args`; resolves once it runs, rejects with what it printed when it exits first. */
export async function startDevHere(args: string[]): Promise<DevHere> {
  const out: string[] = [];
  let stop!: () => void;
  const stopped = new Promise<void>((r) => (stop = r));
  let session: DevSession | undefined;
  let started!: () => void;
  const ready = new Promise<void>((r) => (started = r));
  const code = runDev(args, { out: (t) => out.push(t), err: (t) => out.push(t) }, stopped, { started: (s) => { session = s; started(); } });
  await Promise.race([ready, code.then((c) => Promise.reject(new Error(`dev exited ${c} before it started:\n${out.join("\n")}`)))]);
  return { out, session: session!, code, stop };
}
