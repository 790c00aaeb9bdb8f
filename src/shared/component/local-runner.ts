// The contract between `stackfile dev`'s session (cli/dev-session.ts), which
// loops over the stack's resources in dependency order as the program does,
// and each type's local runner (components/<type>/dev.ts, loaded through the
// type's registry entry), which runs a resource of its type on the local
// services of src/dev/. The session knows no type; a runner knows the
// session only through this interface. Types and one error class: no Pulumi,
// no service.

/** What invoking a local function gave: its result, or that it failed (threw, timed out, crashed). */
export type Invocation = { ok: true; result: unknown } | { ok: false; error: string };

/** Where a resource's log lines go. */
export type LogLine = (line: string) => void;

/** The session's certificate authority, and a server certificate for 127.0.0.1 and localhost signed by it. */
export interface SessionTls {
  caFile: string;
  certFile: string;
  keyFile: string;
}

/** A local value of a parameter. */
export type LocalValue = string | number;

/**
 * A resource's local outputs: every parameter of its type (`P`, the type's
 * params), undefined where it has none; a parameter left out, or one the type
 * does not have, does not compile.
 */
export type LocalOutputs<P> = { [K in keyof P]: LocalValue | undefined };

/** A problem of one resource, placed at its property path. */
export interface ResourceProblem {
  resource: string;
  path: (string | number)[];
  message: string;
}

/** A refusal to apply: nothing of the failing resource changed. */
export class ApplyError extends Error {
  constructor(public readonly problems: ResourceProblem[]) {
    super(problems.map((p) => p.message).join("; "));
  }
}

/** A resource as a runner gets it. */
export interface DevResource {
  name: string;
  /** Its properties, directives resolved to local values, the schema's defaults filled in. */
  props: Record<string, any>;
}

/** What runs for a resource, as the session keeps it. */
export interface Running {
  /** The resource's type. */
  type: string;
  /** The local settings it was started with: the same settings keep it running. */
  fingerprint: string;
  /** Where it is (the session's table). */
  address: string;
  note?: string;
  stop(): Promise<void>;
}

/** Calls a workload running here (a function), as Lambda would. */
export type Invoker = (event: unknown) => Promise<Invocation>;

/** A request as a filter in front of a local HTTP server sees it (a firewall in front of a gateway). */
export interface FilterRequest {
  sourceIp: string;
  /** The request's headers, as sent. */
  headers: [string, string][];
}

/** The answer a filter sends instead of passing the request on. */
export interface FilterResponse {
  status: number;
  headers: [string, string][];
  body: Buffer;
}

/** Decides on a request before the server behind it sees it: undefined lets it through. */
export type RequestFilter = (request: FilterRequest) => FilterResponse | undefined;

/** An event of a workload that names a resource (a gateway's route). */
export interface DevEvent {
  source: string;
  /** The event's properties (literal-only: as written). */
  properties: Record<string, unknown>;
}

/** A local server the session's resources share (one per service: a workload's SDK client has one endpoint each). */
export interface SharedServer<S> {
  /** The server, started if it is not; `holder` (a resource, or a resource under its settings) holds it until it lets go. */
  hold(holder: string): Promise<S>;
  /** `holder` lets go; the last one to let go closes the server. */
  release(holder: string): Promise<void>;
  /** The server if it has started (nothing starts it). */
  readonly current: S | undefined;
}

/** The session, as a runner sees it. */
export interface DevContext {
  /** The stack file's folder: its relative paths start there. */
  readonly baseDir: string;
  /** `.stackfile-cache/dev` of that folder. */
  readonly cacheDir: string;
  /** `dev --prod`: sites as deployed. */
  readonly prod: boolean;
  readonly integrationTimeoutMs?: number;
  /** A resource's log lines. */
  logger(resource: string): LogLine;
  /** What every local process gets beside its own variables (PATH, HOME, the session's CA). */
  baseEnv(): Record<string, string>;
  /** The session's certificate authority and server certificate, made when first asked for. */
  tls(): SessionTls;
  /** A port for the resource: the one it has, else `wanted` or the next free one. */
  port(name: string, wanted: number): Promise<{ port: number; note?: string }>;
  /** A port for an HTTP server (gateways, sites): the next from the session's base port, in the order resources are applied. */
  httpPort(name: string): Promise<{ port: number; note?: string }>;
  releasePort(name: string): void;
  /** What runs for `name`, if anything. */
  running(name: string): Running | undefined;
  /** Records what runs for `name` (its previous one, if any, is the runner's to stop first). */
  run(name: string, running: Running): void;
  /** Stops what runs for `name` and frees its port. */
  stop(name: string): Promise<void>;
  /** Starts that the session awaits with the others before it settles (a redis server takes seconds). */
  starting(start: Promise<ResourceProblem[]>): void;
  /** The resource's local outputs, for the resources after it. */
  setOutputs(name: string, outputs: Record<string, LocalValue | undefined>): void;
  /** A local output of a resource applied before (a gateway's cognito authorizer reads its pool's `issuerUrl`); undefined when it has none. */
  outputOf(resource: string, param: string): LocalValue | undefined;
  /** The `STP_<NAME>_<VAR>` variables of a workload's connectTo list, from the targets' local outputs. */
  connectionVariables(connectTo: unknown): Record<string, string>;
  /** The events of the stack that name `target`, in file order. */
  eventsOf(target: string): DevEvent[];
  /** The events of the workload `source`, as their targets key them: `api GET /items`. */
  eventKeysOf(source: string): string[];
  /** A workload running here, to call (a route's function, an authorizer's). */
  invoker(name: string): Invoker | undefined;
  /** Offers a workload to be called (undefined: no longer). */
  offer(name: string, invoker: Invoker | undefined): void;
  /** The request filter a resource offers (a firewall), for the servers that name it. */
  requestFilter(name: string): RequestFilter | undefined;
  /** Offers a filter for the servers that name `name` (undefined: no longer). */
  offerRequestFilter(name: string, filter: RequestFilter | undefined): void;
  /** The session's server of `key` (a service: "sqs"), made with `start` by the first runner that asks; runners of several types reach it by the key. */
  shared<S extends { close(): Promise<void> }>(key: string, start: () => Promise<S>): SharedServer<S>;
}

/** A type's runner in one session: it may hold what its resources share (a gateway's servers). */
export interface DevRunner {
  /** Before any resource of the stack is applied, with the names of this type's (redis checks its server and makes the session's CA). */
  prepare?(names: string[]): void;
  /** Brings one resource to its properties; throws ApplyError on a problem of the file. */
  apply(resource: DevResource): Promise<void>;
  /** Once every resource is applied and started: this type's resources as applied (a gateway routes to the functions now running). */
  settle?(resources: DevResource[]): void;
}

/** How a type runs locally (components/<type>/dev.ts). */
export interface DevType {
  runner(session: DevContext): DevRunner;
}
