// A function of the stack, run locally: bundled by the same step as `plan`
// and `pulumi up` (the function type's bundler, which its runner gives:
// components/function/bundle.ts, esbuild, source maps on),
// its package unpacked under .stackfile-cache/dev/, and run in a worker
// process of its own (function-worker.ts) with the environment it has when
// deployed. Its timeout is enforced as Lambda does (the environment is ended,
// the invocation fails: "Task timed out after N seconds"), and it is rebuilt
// and restarted when a file of the bundle's own input list changes.
import { randomUUID } from "crypto";
import * as fs from "fs";
import * as path from "path";
import { readStoredZip } from "../shared/files/zip";
import { startChild, type Child, type LogLine } from "./children";
import type { Invocation } from "./invocation";
import { AlarmWatch, type LocalAlarms } from "./alarm-watch";

export interface FunctionSpec {
  name: string;
  /** Absolute path of the entry file. */
  entry: string;
  handlerFunction: string;
  runtime: string;
  memory: number;
  /** Seconds. */
  timeout: number;
  /** The deployed environment, local addresses in place of AWS ones. */
  environment: Record<string, string>;
  /** Its alarms' thresholds: dev says when an invocation would have fired one (alarm-watch.ts). */
  alarms?: LocalAlarms;
}

/**
 * What to say when a function declares a Node.js major other than this
 * machine's, which runs it here (undefined when they agree, or the runtime
 * is not Node.js's): code that needs the newer one fails only on one side.
 */
export function runtimeMismatch(runtime: string, nodeVersion: string): string | undefined {
  const declared = /^nodejs(\d+)\.x$/.exec(runtime)?.[1];
  if (!declared || declared === nodeVersion.split(".")[0]) return undefined;
  return `declares runtime ${runtime} but runs here on this machine's Node.js ${nodeVersion}: what differs between the two ` +
    `(Promise.withResolvers, require of ES modules, ...) fails here or only in AWS; run dev on Node.js ${declared} (docs/dev.md, "Functions and the machine's Node.js")`;
}

/** A bundle as the runner gets it: the zip, its hash, Lambda's handler, the files it was made from (relative to the entry's folder). */
export interface LocalBundle {
  archivePath: string;
  archiveHash: string;
  handler: string;
  inputs: string[];
}

/**
 * Bundles the function's entry file as `plan` does; a problem of the file
 * (no such file, no such export) is thrown as an error whose `property`
 * names the field at fault.
 */
export type LocalBundler = (spec: FunctionSpec, say: LogLine) => LocalBundle;

/** An error of the stack file's function (its `property` names the field), not of the machine. */
function isFileProblem(err: unknown): err is Error & { property: string } {
  return err instanceof Error && typeof (err as { property?: unknown }).property === "string";
}

interface Pending {
  resolve(v: Invocation): void;
  timer: NodeJS.Timeout;
}

/** The worker is TypeScript when stackfile runs from its sources (tests); then Node needs tsx to load it. */
function workerCommand(): string[] {
  const ext = path.extname(__filename);
  const file = path.join(__dirname, `function-worker${ext}`);
  return ext === ".ts" ? ["--require", require.resolve("tsx/cjs"), file] : [file];
}

export class DevFunction {
  private worker?: { child: Child; ready: Promise<boolean>; pending: Map<number, Pending> };
  private bundleFile?: string;
  private handler = "";
  private watchers: fs.FSWatcher[] = [];
  private nextId = 1;
  private rebuildTimer?: NodeJS.Timeout;
  private closed = false;
  /** Whether the runtime's difference from this Node.js was said (once per function). */
  private runtimeSaid = false;
  /** Resolves after each rebuild (tests and the reload benchmark wait on it). */
  public onReload?: (ms: number) => void;
  /** Says when an invocation would have fired one of its alarms (with spec.alarms). */
  private readonly alarmWatch?: AlarmWatch;

  constructor(
    public spec: FunctionSpec, private readonly cacheDir: string, private readonly log: LogLine, private readonly baseEnv: Record<string, string>,
    /** What bundles `spec.entry` (none for a package built elsewhere: usePrebuilt). */
    private readonly bundler?: LocalBundler,
  ) {
    if (spec.alarms) this.alarmWatch = new AlarmWatch(spec.alarms, (line) => this.log(line));
  }

  /** Bundles and unpacks; starts watching the bundle's inputs. Throws the bundler's problem when it does not bundle. */
  build(): void {
    if (!this.bundler) throw new Error(`${this.spec.name}: no bundler was given for its entry file`);
    const bundle = this.bundler(this.spec, (line) => this.log(line));
    const dir = path.join(this.cacheDir, "functions", this.spec.name, bundle.archiveHash.slice(0, 16));
    if (!fs.existsSync(dir)) {
      fs.mkdirSync(dir, { recursive: true });
      for (const e of readStoredZip(fs.readFileSync(bundle.archivePath))) fs.writeFileSync(path.join(dir, e.name), e.data);
    }
    const [file, handler] = bundle.handler.split(".");
    this.bundleFile = path.join(dir, fs.existsSync(path.join(dir, `${file}.mjs`)) ? `${file}.mjs` : `${file}.cjs`);
    this.handler = handler;
    this.watch(bundle.inputs.map((f) => path.resolve(path.dirname(this.spec.entry), f)));
  }

  /** Runs a package built elsewhere (an OpenNext function's bundle) instead of bundling `spec.entry`: no rebuilds. */
  usePrebuilt(bundleFile: string, handler: string): void {
    this.bundleFile = bundleFile;
    this.handler = handler;
  }

  private watch(files: string[]): void {
    for (const w of this.watchers) w.close();
    this.watchers = [];
    for (const f of files) {
      try {
        this.watchers.push(fs.watch(f, () => this.scheduleRebuild()));
      } catch {
        // Gone already: the next build says what is missing.
      }
    }
  }

  private scheduleRebuild(): void {
    if (this.closed) return;
    clearTimeout(this.rebuildTimer);
    this.rebuildTimer = setTimeout(() => this.rebuild(), 50);
  }

  private rebuild(): void {
    const started = Date.now();
    const before = this.bundleFile;
    try {
      this.build();
    } catch (err) {
      // Whatever went wrong (a bundle error, a file gone mid-read), the last bundle keeps serving.
      const why = isFileProblem(err) ? err.message : `rebuilding failed: ${(err as Error)?.message ?? String(err)}`;
      this.log(`${why} (still running the last bundle)`);
      return;
    }
    if (this.bundleFile === before) return;
    void this.stopWorker().then(() => {
      this.startWorker();
      const ms = Date.now() - started;
      this.log(`reloaded in ${ms} ms`);
      this.onReload?.(ms);
    });
  }

  /** Starts the worker now (the first request then finds it warm). */
  startWorker(): void {
    if (!this.bundleFile || this.closed) return;
    if (!this.runtimeSaid) {
      this.runtimeSaid = true;
      const mismatch = runtimeMismatch(this.spec.runtime, process.versions.node);
      if (mismatch) this.log(mismatch);
    }
    const pending = new Map<number, Pending>();
    const env = {
      ...this.baseEnv,
      AWS_LAMBDA_FUNCTION_NAME: this.spec.name,
      AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(this.spec.memory),
      AWS_LAMBDA_FUNCTION_TIMEOUT: String(this.spec.timeout),
      AWS_LAMBDA_FUNCTION_VERSION: "$LATEST",
      LAMBDA_TASK_ROOT: path.dirname(this.bundleFile),
      TZ: ":UTC",
      ...this.spec.environment,
    };
    const child = startChild(process.execPath, [...workerCommand(), this.bundleFile, this.handler], {
      cwd: path.dirname(this.bundleFile), env, log: this.log, stdio: ["ignore", "pipe", "pipe", "ipc"],
    });
    const ready = new Promise<boolean>((resolve) => {
      child.process.on("message", (m: { type: string; id?: number; ok?: boolean; result?: unknown; error?: string }) => {
        if (m.type === "ready") resolve(true);
        else if (m.type === "init-error") {
          this.log(`could not load: ${m.error}`);
          resolve(false);
        } else if (m.type === "result" && m.id !== undefined) {
          const p = pending.get(m.id);
          if (!p) return;
          pending.delete(m.id);
          clearTimeout(p.timer);
          p.resolve(m.ok ? { ok: true, result: m.result } : { ok: false, error: m.error ?? "failed" });
        }
      });
      void child.exited.then(() => {
        resolve(false);
        for (const [, p] of pending) {
          clearTimeout(p.timer);
          p.resolve({ ok: false, error: "the function's process exited" });
        }
        pending.clear();
        if (this.worker?.child === child) this.worker = undefined;
      });
    });
    this.worker = { child, ready, pending };
  }

  private async stopWorker(): Promise<void> {
    const w = this.worker;
    this.worker = undefined;
    if (w) await w.child.stop();
  }

  async invoke(event: Record<string, unknown>): Promise<Invocation> {
    const started = Date.now();
    const ran = await this.invokeOnce(event);
    this.alarmWatch?.record(ran.ok, Date.now() - started);
    return ran;
  }

  private async invokeOnce(event: Record<string, unknown>): Promise<Invocation> {
    if (!this.worker) this.startWorker();
    const w = this.worker;
    if (!w || !(await w.ready)) return { ok: false, error: "the function could not be loaded" };
    const id = this.nextId++;
    const timeoutMs = this.spec.timeout * 1000;
    return new Promise<Invocation>((resolve) => {
      const timer = setTimeout(() => {
        w.pending.delete(id);
        this.log(`Task timed out after ${this.spec.timeout.toFixed(2)} seconds`);
        resolve({ ok: false, error: `Task timed out after ${this.spec.timeout.toFixed(2)} seconds` });
        // As Lambda does: the environment that timed out is not used again.
        if (this.worker === w) void this.stopWorker();
      }, timeoutMs);
      w.pending.set(id, { resolve, timer });
      w.child.process.send({ id, event, requestId: randomUUID(), deadline: Date.now() + timeoutMs });
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.rebuildTimer);
    for (const w of this.watchers) w.close();
    await this.stopWorker();
  }
}
