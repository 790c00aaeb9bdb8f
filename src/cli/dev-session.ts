// A dev session: brings the local stack to what a stack file says, and again
// after each change of the file (only what changed restarts: a resource keeps
// running while its local settings are the same). It loops over the
// resources in dependency order, as the program does, and hands each to its
// type's local runner (the registry entry's `dev`, components/<type>/dev.ts);
// it knows no type. Once all are applied, each runner settles (a gateway
// routes to the functions now running).
import * as fs from "fs";
import * as path from "path";
import type { StackModel } from "../config/validate";
import { withDefaults } from "../shared/schema/schema";
import { resolvedValueProblems } from "../config/resolved-values";
import { stackEvents } from "../config/stack-names";
import type { TypeEntry } from "../shared/component/type-entry";
import {
  ApplyError, type DevContext, type DevEvent, type DevResource, type DevRunner, type Invoker, type LocalValue, type RequestFilter, type ResourceProblem, type Running, type SessionTls, type SharedServer,
} from "../shared/component/local-runner";
import { stopAllChildren, type LogLine } from "../dev/children";
import { freePortFrom } from "../dev/ports";
import { sharedServer } from "../dev/shared-server";
import { makeSessionTls } from "../dev/tls";
import { LocalValueError, localConnectionVariables, resolveLocal, type Outputs } from "./dev-values";

export { ApplyError, type ResourceProblem } from "../shared/component/local-runner";

export interface SessionOptions {
  /** The stack file (relative paths in it are relative to its folder). */
  file: string;
  secrets: Record<string, string>;
  /** First port for gateways and sites. */
  basePort: number;
  /** Lines of the session itself (the table, what restarted). */
  say(line: string): void;
  /** A resource's log lines (printed `[<resource>] line`). */
  log(resource: string, line: string): void;
  integrationTimeoutMs?: number;
  /** Sites as deployed (the OpenNext build behind CloudFront's behaviours) instead of next dev. */
  prod?: boolean;
}

/** What one `apply` knows of the stack: the events, the types, the outputs made so far, the next HTTP port. */
interface Round {
  events: Map<string, DevEvent[]>;
  eventKeys: Map<string, string[]>;
  entries: Map<string, TypeEntry>;
  outputs: Outputs;
  starting: Promise<ResourceProblem[]>[];
  nextHttp: number;
}

export class DevSession {
  readonly cacheDir: string;
  private readonly baseDir: string;
  private readonly running = new Map<string, Running>();
  private readonly ports = new Map<string, number>();
  private readonly taken = new Set<number>();
  /** One runner per type, made when the session first runs a resource of it. */
  private readonly runners = new Map<string, DevRunner>();
  private readonly invokers = new Map<string, Invoker>();
  private readonly filters = new Map<string, RequestFilter>();
  /** The local servers the runners share, by service. */
  private readonly servers = new Map<string, SharedServer<any>>();
  private sessionTls?: SessionTls;
  private outputs: Outputs = new Map();
  private round: Round = { events: new Map(), eventKeys: new Map(), entries: new Map(), outputs: new Map(), starting: [], nextHttp: 0 };
  /** What runners see of the session. */
  private readonly context: DevContext;

  constructor(private readonly opts: SessionOptions) {
    this.baseDir = path.dirname(path.resolve(opts.file));
    this.cacheDir = path.join(this.baseDir, ".stackfile-cache", "dev");
    this.context = this.makeContext();
  }

  private logger(resource: string): LogLine {
    return (line) => this.opts.log(resource, line);
  }

  /** What every local workload gets beside its own variables: the session CA, trusted. */
  private baseEnv(): Record<string, string> {
    const env: Record<string, string> = { PATH: process.env.PATH ?? "/usr/bin:/bin" };
    if (process.env.HOME) env.HOME = process.env.HOME;
    if (this.sessionTls) env.NODE_EXTRA_CA_CERTS = this.sessionTls.caFile;
    return env;
  }

  private async port(name: string, wanted: number): Promise<{ port: number; note?: string }> {
    const had = this.ports.get(name);
    if (had !== undefined) return { port: had };
    const port = await freePortFrom(wanted, this.taken);
    this.ports.set(name, port);
    return { port, note: port === wanted ? undefined : `${wanted} was in use` };
  }

  private releasePort(name: string): void {
    const p = this.ports.get(name);
    if (p !== undefined) this.taken.delete(p);
    this.ports.delete(name);
  }

  private makeContext(): DevContext {
    return {
      baseDir: this.baseDir,
      cacheDir: this.cacheDir,
      prod: this.opts.prod === true,
      integrationTimeoutMs: this.opts.integrationTimeoutMs,
      logger: (resource) => this.logger(resource),
      baseEnv: () => this.baseEnv(),
      tls: () => (this.sessionTls ??= makeSessionTls(this.cacheDir)),
      port: (name, wanted) => this.port(name, wanted),
      httpPort: async (name) => {
        const got = await this.port(name, this.round.nextHttp);
        this.round.nextHttp = Math.max(this.round.nextHttp, got.port + 1);
        return got;
      },
      releasePort: (name) => this.releasePort(name),
      running: (name) => this.running.get(name),
      run: (name, r) => void this.running.set(name, r),
      stop: (name) => this.stop(name),
      starting: (start) => void this.round.starting.push(start),
      setOutputs: (name, outputs) => void this.round.outputs.set(name, outputs),
      outputOf: (resource, param) => this.round.outputs.get(resource)?.[param],
      connectionVariables: (connectTo) => localConnectionVariables(connectTo, this.round.entries, this.round.outputs),
      eventsOf: (target) => this.round.events.get(target) ?? [],
      eventKeysOf: (source) => this.round.eventKeys.get(source) ?? [],
      invoker: (name) => this.invokers.get(name),
      offer: (name, invoker) => void (invoker ? this.invokers.set(name, invoker) : this.invokers.delete(name)),
      requestFilter: (name) => this.filters.get(name),
      offerRequestFilter: (name, filter) => void (filter ? this.filters.set(name, filter) : this.filters.delete(name)),
      shared: (key, start) => {
        if (!this.servers.has(key)) this.servers.set(key, sharedServer(start));
        return this.servers.get(key)!;
      },
    };
  }

  /** The runner of a type in this session. */
  private runner(entry: TypeEntry): DevRunner {
    let runner = this.runners.get(entry.type);
    if (!runner) {
      runner = entry.dev().runner(this.context);
      this.runners.set(entry.type, runner);
    }
    return runner;
  }

  /** Brings the local stack to `model`. Throws ApplyError (nothing of the failing resource changed) on a problem. */
  async apply(model: StackModel): Promise<void> {
    const types = new Map(model.resources.map((r) => [r.name, r.type]));
    fs.mkdirSync(this.cacheDir, { recursive: true });
    this.round = { ...roundOf(model), outputs: new Map(), starting: [], nextHttp: this.opts.basePort };
    this.outputs = this.round.outputs;
    const byType = new Map<string, { entry: TypeEntry; names: string[] }>();
    for (const r of model.resources) {
      const of = byType.get(r.type) ?? { entry: r.entry, names: [] };
      of.names.push(r.name);
      byType.set(r.type, of);
    }
    for (const { entry, names } of byType.values()) this.runner(entry).prepare?.(names);
    // Gone from the file: stopped.
    for (const [name, r] of [...this.running]) {
      if (types.get(name) !== r.type) await this.stop(name);
    }
    const problems: ResourceProblem[] = [];
    const applied = new Map<string, DevResource[]>();
    for (const r of model.resources) {
      let props: Record<string, unknown>;
      try {
        const resolved = resolveLocal(r.properties, this.round.outputs, this.opts.secrets) as Record<string, unknown>;
        // What plan refuses of a secret's value (a too short password), dev refuses too.
        const refused = resolvedValueProblems(r, model, resolved, "secrets");
        if (refused.length) {
          problems.push(...refused.map((x) => ({ resource: r.name, path: x.path.slice(3), message: x.message })));
          continue;
        }
        props = withDefaults(r.entry.definition, resolved) as Record<string, unknown>;
      } catch (err) {
        if (!(err instanceof LocalValueError)) throw err;
        problems.push({ resource: r.name, path: err.path, message: err.message });
        continue;
      }
      const resource: DevResource = { name: r.name, props };
      applied.set(r.type, [...(applied.get(r.type) ?? []), resource]);
      try {
        await this.runner(r.entry).apply(resource);
      } catch (err) {
        if (err instanceof ApplyError) problems.push(...err.problems);
        else throw err;
      }
    }
    for (const failed of await Promise.all(this.round.starting)) problems.push(...failed);
    for (const [type, runner] of this.runners) runner.settle?.(applied.get(type) ?? []);
    if (problems.length) throw new ApplyError(problems);
  }

  private async stop(name: string): Promise<void> {
    const r = this.running.get(name);
    this.running.delete(name);
    this.releasePort(name);
    if (r) await r.stop();
  }

  /** One line per resource: its name and local address. */
  table(): string[] {
    const rows = [...this.running].map(([name, r]) => [name, r.address + (r.note ? `  (${r.note})` : "")]);
    const width = Math.max(0, ...rows.map(([n]) => n.length));
    return rows.map(([n, a]) => `${n.padEnd(width)}  ${a}`);
  }

  /** The local outputs (for tests: the address of a resource by parameter). */
  output(resource: string, param: string): LocalValue | undefined {
    return this.outputs.get(resource)?.[param];
  }

  async close(): Promise<void> {
    for (const name of [...this.running.keys()].reverse()) await this.stop(name).catch(() => undefined);
    await stopAllChildren();
  }
}

/** The stack's events by target and by source (as their targets key them, in the workload's order), and each resource's type entry. */
function roundOf(model: StackModel): Pick<Round, "events" | "eventKeys" | "entries"> {
  const entries = new Map(model.resources.map((r) => [r.name, r.entry]));
  const events = new Map<string, DevEvent[]>();
  const keyed: { source: string; index: number; key: string }[] = [];
  for (const [target, list] of stackEvents(model.resources)) {
    events.set(target, list.map((e) => ({ source: e.source, properties: e.properties })));
    const key = entries.get(target)?.eventTarget?.key;
    for (const e of list) {
      const k = key?.(e.properties);
      if (k !== undefined) keyed.push({ source: e.source, index: Number(e.at[1]), key: `${target} ${k}` });
    }
  }
  const eventKeys = new Map<string, string[]>();
  for (const k of keyed.sort((a, b) => a.index - b.index)) eventKeys.set(k.source, [...(eventKeys.get(k.source) ?? []), k.key]);
  return { events, eventKeys, entries };
}
