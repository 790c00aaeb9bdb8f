// A dev session: brings the local stack to what a stack file says, and again
// after each change of the file (only what changed restarts: a resource keeps
// running while its local settings are the same). In dependency order, as the
// program creates components: gateways (their servers first, their routes once
// the functions exist), caches, functions, sites.
import * as fs from "fs";
import * as path from "path";
import type { StackModel } from "../config/validate";
import { routeKey } from "../components/http-api-gateway/routes";
import { withDefaults } from "../shared/schema/schema";
import { resolvedValueProblems } from "../config/resolved-values";
import { stopAllChildren, type LogLine } from "./children";
import type { CorsSettings } from "./cors";
import { DevFunction, type FunctionSpec } from "./functions";
import { startGateway, type GatewaySettings, type RouteTarget, type RunningGateway } from "./gateway";
import {
  connectionVariables, environmentMap, functionOutputs, gatewayOutputs, LocalValueError, redisOutputs, resolveLocal, siteOutputs, type Outputs,
} from "./local-values";
import { startNextDev } from "./nextjs";
import { startNextProd } from "./nextjs-prod";
import { freePortFrom } from "./ports";
import { checkRedisServer, startRedis } from "./redis";
import type { DevRoute } from "./routes";
import type { DevAuthorizer } from "./authorizers";
import { defaultKeySource, noKeysMessage, type KeySource } from "./jwt";
import { JWT_DEFAULT_IDENTITY_SOURCE, NO_AUTHORIZER } from "../components/http-api-gateway/authorizer-rules";
import { makeSessionTls, type SessionTls } from "./tls";

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

/** A problem of one resource, placed at its property path. */
export interface ResourceProblem {
  resource: string;
  path: (string | number)[];
  message: string;
}

export class ApplyError extends Error {
  constructor(public readonly problems: ResourceProblem[]) {
    super(problems.map((p) => p.message).join("; "));
  }
}

interface Running {
  type: string;
  /** The local settings it was started with: the same settings keep it running. */
  fingerprint: string;
  address: string;
  note?: string;
  stop(): Promise<void>;
}

type Props = Record<string, any>;

const DEFINITIONS: Record<string, string> = {
  "http-api-gateway": "HttpApiGatewayProperties",
  "redis-cluster": "RedisClusterProperties",
  function: "FunctionProperties",
  "nextjs-web": "NextjsWebProperties",
};

export class DevSession {
  readonly cacheDir: string;
  private readonly baseDir: string;
  private readonly running = new Map<string, Running>();
  private readonly ports = new Map<string, number>();
  private readonly taken = new Set<number>();
  private readonly gateways = new Map<string, RunningGateway>();
  readonly functions = new Map<string, DevFunction>();
  private tls?: SessionTls;
  private outputs: Outputs = new Map();
  private readonly jwtKeys: KeySource = defaultKeySource();

  constructor(private readonly opts: SessionOptions) {
    this.baseDir = path.dirname(path.resolve(opts.file));
    this.cacheDir = path.join(this.baseDir, ".stackfile-cache", "dev");
  }

  private logger(resource: string): LogLine {
    return (line) => this.opts.log(resource, line);
  }

  /** What every local workload gets beside its own variables: the session CA, trusted. */
  private baseEnv(): Record<string, string> {
    const env: Record<string, string> = { PATH: process.env.PATH ?? "/usr/bin:/bin" };
    if (process.env.HOME) env.HOME = process.env.HOME;
    if (this.tls) env.NODE_EXTRA_CA_CERTS = this.tls.caFile;
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

  /** Brings the local stack to `model`. Throws ApplyError (nothing of the failing resource changed) on a problem. */
  async apply(model: StackModel): Promise<void> {
    const types = new Map(model.resources.map((r) => [r.name, r.type]));
    fs.mkdirSync(this.cacheDir, { recursive: true });
    if (!this.tls && model.resources.some((r) => r.type === "redis-cluster")) {
      checkRedisServer();
      this.tls = makeSessionTls(this.cacheDir);
    }
    // Gone from the file: stopped.
    for (const [name, r] of [...this.running]) {
      if (types.get(name) !== r.type) await this.stop(name);
    }
    const outputs: Outputs = new Map();
    this.outputs = outputs;
    const problems: ResourceProblem[] = [];
    const props = new Map<string, Props>();
    let nextBase = this.opts.basePort;
    const starting: Promise<ResourceProblem[]>[] = [];
    for (const r of model.resources) {
      let p: Props;
      try {
        const resolved = resolveLocal(r.properties, outputs, this.opts.secrets) as Props;
        // What plan refuses of a secret's value (a too short password), dev refuses too.
        const refused = resolvedValueProblems(r, model, resolved, "secrets");
        if (refused.length) {
          problems.push(...refused.map((x) => ({ resource: r.name, path: x.path.slice(3), message: x.message })));
          continue;
        }
        p = withDefaults(DEFINITIONS[r.type], resolved) as Props;
      } catch (err) {
        if (!(err instanceof LocalValueError)) throw err;
        problems.push({ resource: r.name, path: err.path, message: err.message });
        continue;
      }
      props.set(r.name, p);
      try {
        if (r.type === "http-api-gateway") nextBase = await this.gateway(r.name, nextBase, outputs);
        else if (r.type === "redis-cluster") await this.redis(r.name, p, outputs, starting);
        else if (r.type === "function") await this.function(r.name, p, types, outputs);
        else if (r.type === "nextjs-web") nextBase = await this.site(r.name, p, types, outputs, nextBase);
      } catch (err) {
        if (err instanceof ApplyError) problems.push(...err.problems);
        else throw err;
      }
    }
    for (const failed of await Promise.all(starting)) problems.push(...failed);
    for (const [name, g] of this.gateways) g.update(this.gatewaySettings(name, props.get(name) ?? {}, model, props));
    if (problems.length) throw new ApplyError(problems);
  }

  private async gateway(name: string, base: number, outputs: Outputs): Promise<number> {
    if (!this.gateways.has(name)) {
      const { port, note } = await this.port(name, base);
      // 503 until apply gives it its routes (gateway.ts, `loading`).
      const g = await startGateway({ name, routes: [], log: this.logger(name), loading: true }, port);
      this.gateways.set(name, g);
      this.running.set(name, {
        type: "http-api-gateway", fingerprint: "", address: `http://127.0.0.1:${port}`, note,
        stop: async () => {
          this.gateways.delete(name);
          await g.close();
        },
      });
    }
    const port = this.ports.get(name)!;
    outputs.set(name, gatewayOutputs(port));
    return Math.max(base, port + 1);
  }

  private gatewaySettings(name: string, p: Props, model: StackModel, props: Map<string, Props>): GatewaySettings {
    const routes: DevRoute<RouteTarget>[] = [];
    const authorizers = this.authorizers(name, p);
    for (const r of model.resources) {
      const fn = this.functions.get(r.name);
      if (r.type !== "function" || !fn) continue;
      for (const e of (props.get(r.name)?.events ?? []) as Props[]) {
        const ep = e.properties ?? {};
        if (e.type !== "http-api-gateway" || ep.httpApiGatewayName !== name) continue;
        const key = routeKey(String(ep.method), String(ep.path));
        // The route's own authorizer, `none`, or the gateway's default (never for OPTIONS routes: preflights carry no credentials).
        const authName = ep.authorizer ?? (key.startsWith("OPTIONS ") ? undefined : p.defaultAuthorizer);
        const authorizer = authName && authName !== NO_AUTHORIZER ? authorizers.get(String(authName)) : undefined;
        routes.push({
          key,
          target: {
            authorization: authorizer ? { authorizer, scopes: ep.authorizationScopes } : undefined,
            functionName: r.name,
            // Integration value > gateway value > 1.0 (decisions.md).
            payloadFormat: (ep.payloadFormat ?? p.payloadFormat ?? "1.0") as "1.0" | "2.0",
            invoke: (event) => fn.invoke(event),
          },
        });
      }
    }
    let cors: CorsSettings | undefined;
    if (p.cors?.enabled === true) {
      // The default methods: those of the routes (components/http-api-gateway inferredCorsMethods).
      const methods = [...new Set(routes.map((r) => r.key.split(" ")[0]).map((m) => (m === "ANY" ? "*" : m)))];
      cors = {
        allowOrigins: p.cors.allowedOrigins ?? ["*"],
        allowHeaders: p.cors.allowedHeaders ?? [],
        allowMethods: p.cors.allowedMethods ?? (methods.includes("*") ? ["*"] : methods.sort()),
        allowCredentials: p.cors.allowCredentials === true,
        exposeHeaders: p.cors.exposedResponseHeaders ?? [],
        maxAge: p.cors.maxAge,
      };
    }
    return {
      name, routes, cors, log: this.logger(name), integrationTimeoutMs: this.opts.integrationTimeoutMs,
      accessLog: p.logging?.disabled === true ? undefined : (p.logging?.format ?? "JSON"),
    };
  }

  /** The gateway's authorizers as the local gateway applies them (a Lambda authorizer's function must run here). */
  private authorizers(gateway: string, p: Props): Map<string, DevAuthorizer> {
    const out = new Map<string, DevAuthorizer>();
    for (const [authName, a] of Object.entries((p.authorizers ?? {}) as Record<string, Props>)) {
      if (a.type === "jwt") {
        out.set(authName, {
          type: "jwt", name: authName, issuer: String(a.issuerUrl), audience: (a.audience ?? []).map(String),
          identitySource: String(a.identitySource ?? JWT_DEFAULT_IDENTITY_SOURCE), keys: this.jwtKeys,
        });
        continue;
      }
      const fnName = String(a.functionName);
      const payloadFormat = (a.payloadFormat ?? "2.0") as "1.0" | "2.0";
      out.set(authName, {
        type: "lambda", name: authName, functionName: fnName, identitySource: (a.identitySource ?? []).map(String), payloadFormat,
        // On by default with 2.0 (authorizers.ts of the component); never with 1.0.
        simpleResponses: payloadFormat === "2.0" && a.enableSimpleResponses !== false,
        resultTtl: Number(a.resultTtl ?? 0),
        invoke: (event) => {
          const fn = this.functions.get(fnName);
          if (!fn) return Promise.resolve({ ok: false, error: `the authorizer's function ${fnName} is not running` });
          return fn.invoke(event);
        },
        cache: new Map(),
      });
    }
    if ([...out.values()].some((a) => a.type === "jwt") && !process.env.STACKFILE_DEV_JWKS) {
      for (const a of out.values()) if (a.type === "jwt" && !/^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])([:/]|$)/.test(a.issuer)) this.logger(gateway)(noKeysMessage(a));
    }
    return out;
  }

  /** Allocates the cache's port and starts its server; the start is awaited with the others' (redis-server's cluster mode takes 2 s to serve). */
  private async redis(name: string, p: Props, outputs: Outputs, starting: Promise<ResourceProblem[]>[]): Promise<void> {
    const password = String(p.defaultUserPassword ?? "");
    const sharded = p.enableSharding === true;
    const wanted = Number(p.port ?? 6379);
    const fingerprint = JSON.stringify({ wanted, password, sharded });
    if (this.running.get(name)?.fingerprint !== fingerprint) {
      await this.stop(name);
      const { port, note } = await this.port(name, wanted);
      const start = startRedis({ name, port, password, sharded }, this.tls!, this.cacheDir, this.logger(name));
      this.running.set(name, {
        type: "redis-cluster", fingerprint, address: `rediss://127.0.0.1:${port}${sharded ? " (cluster mode)" : ""}`, note,
        stop: () => start.then((child) => child.stop(), () => undefined),
      });
      starting.push(start.then(() => [], (err) => {
        this.running.delete(name);
        this.releasePort(name);
        return [{ resource: name, path: [], message: (err as Error).message }];
      }));
    }
    outputs.set(name, redisOutputs(this.ports.get(name)!, password, sharded));
  }

  private async function(name: string, p: Props, types: Map<string, string>, outputs: Outputs): Promise<void> {
    outputs.set(name, functionOutputs(name));
    const spec: FunctionSpec = {
      name,
      entry: path.resolve(this.baseDir, String(p.entryfilePath)),
      handlerFunction: String(p.handlerFunction ?? "handler"),
      runtime: String(p.runtime ?? "nodejs22.x"),
      memory: Number(p.memory ?? 1024),
      timeout: Number(p.timeout ?? 10),
      // As deployed (components/function): connectTo's variables, the function's own, source maps on.
      environment: { ...connectionVariables(p.connectTo, types, outputs), ...environmentMap(p.environment), NODE_OPTIONS: "--enable-source-maps" },
    };
    const fingerprint = JSON.stringify(spec);
    const routes = ((p.events ?? []) as Props[]).map((e) => `${e.properties?.httpApiGatewayName} ${routeKey(String(e.properties?.method), String(e.properties?.path))}`);
    const address = routes.length ? `routes: ${routes.join(", ")}` : "no routes";
    const running = this.running.get(name);
    if (running?.fingerprint === fingerprint) {
      // Still running as it was; its routes may have changed (the printed table follows them).
      running.address = address;
      return;
    }
    const fn = new DevFunction(spec, this.cacheDir, this.logger(name), this.baseEnv());
    try {
      fn.build();
    } catch (err) {
      await fn.close();
      const property = (err as { property?: string }).property;
      if (!property) throw err;
      throw new ApplyError([{ resource: name, path: [property], message: (err as Error).message }]);
    }
    await this.stop(name);
    fn.startWorker();
    this.functions.set(name, fn);
    this.running.set(name, {
      type: "function", fingerprint, address,
      stop: async () => {
        this.functions.delete(name);
        await fn.close();
      },
    });
  }

  private async site(name: string, p: Props, types: Map<string, string>, outputs: Outputs, base: number): Promise<number> {
    const { port, note } = await this.port(name, base);
    outputs.set(name, siteOutputs(port));
    const environment = { ...connectionVariables(p.connectTo, types, outputs), ...environmentMap(p.environment) };
    const appDirectory = path.resolve(this.baseDir, String(p.appDirectory));
    const fingerprint = JSON.stringify({ appDirectory, environment, prod: this.opts.prod === true, streaming: p.streamingEnabled, edge: p.useEdgeFunction });
    if (this.running.get(name)?.fingerprint !== fingerprint) {
      const old = this.running.get(name);
      if (old) await old.stop();
      for (const property of ["streamingEnabled", "useEdgeFunction"]) {
        if (this.opts.prod && p[property] === true) {
          throw new ApplyError([{ resource: name, path: [property], message: `dev --prod runs the regional, buffered OpenNext server only; ${property} is not run locally (run without --prod for next dev)` }]);
        }
      }
      let stop: () => Promise<void>;
      try {
        if (this.opts.prod) {
          const site = await startNextProd(
            { name, appDirectory, port, environment },
            this.cacheDir, this.baseEnv(), this.logger(name),
          );
          stop = site.stop;
        } else {
          const child = startNextDev({ name, appDirectory, port, environment }, this.baseEnv(), this.logger(name));
          stop = () => child.stop();
        }
      } catch (err) {
        throw new ApplyError([{ resource: name, path: ["appDirectory"], message: (err as Error).message }]);
      }
      this.running.set(name, { type: "nextjs-web", fingerprint, address: `http://127.0.0.1:${port}${this.opts.prod ? " (OpenNext build, as CloudFront routes it)" : ""}`, note: note ?? old?.note, stop });
    }
    return Math.max(base, port + 1);
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
  output(resource: string, param: string): string | number | undefined {
    return this.outputs.get(resource)?.[param];
  }

  async close(): Promise<void> {
    for (const name of [...this.running.keys()].reverse()) await this.stop(name).catch(() => undefined);
    await stopAllChildren();
  }
}
