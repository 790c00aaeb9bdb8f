// The wire protocols the AWS SDK for JavaScript v3 clients speak to the
// local services, each served on 127.0.0.1 only:
// - AWS JSON 1.0 / 1.1 (`POST /`, `x-amz-target: <Prefix>.<Operation>`, a JSON
//   body): SQS (JSON 1.0, with the query-compatible error header), EventBridge
//   (JSON 1.1). https://smithy.io/2.0/aws/protocols/aws-json-1_0-protocol.html
// - AWS query (`POST /`, a form body with `Action=...`, XML answers): SNS.
//   https://smithy.io/2.0/aws/protocols/aws-query-protocol.html
// A request body over the service's bound is refused before it is parsed
// (memory stays bounded whatever a client sends); an error answer names the
// problem and never echoes a request's body or credentials.
import { randomUUID } from "crypto";
import * as http from "http";
import type { AddressInfo, Socket } from "net";
import { readBody } from "../request-body";

/** An error AWS would answer, in its own words: `code` as the API reference lists it. */
export class ServiceError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** HTTP status (400 unless the API reference says otherwise). */
    readonly status = 400,
    /** For query-compatible JSON services (SQS): the query protocol's code (`AWS.SimpleQueueService.NonExistentQueue`). */
    readonly queryCode?: string,
  ) {
    super(message);
  }
}

export interface LocalServer {
  /** `http://127.0.0.1:PORT` */
  endpoint: string;
  port: number;
  close(): Promise<void>;
}

export interface ServeOptions {
  /** 0 (the default): a free port. */
  port?: number;
  /** Largest request body taken, in bytes (a larger one is answered 413 unread). */
  maxBodyBytes: number;
  /** A line for the log: operation and outcome, never a body or a header. */
  log?(line: string): void;
  /** Requests of dev's own (not AWS's: a schedule run now), by method and path; undefined: not one of them. */
  local?(method: string, path: string): { status: number; body: string } | undefined;
}

type Handler = (req: http.IncomingMessage, body: Buffer) => Promise<{ status: number; headers: Record<string, string>; body: string }>;

/** Serves `server` on 127.0.0.1 (`port` 0: a free one); `close` ends its open connections too. */
export async function listenLoopback(server: http.Server, port = 0): Promise<LocalServer> {
  const sockets = new Set<Socket>();
  server.on("connection", (s: Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    endpoint: `http://127.0.0.1:${bound}`,
    port: bound,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

function listen(handler: Handler, options: ServeOptions): Promise<LocalServer> {
  const server = http.createServer((req, res) => {
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > options.maxBodyBytes) {
      res.writeHead(413, { connection: "close" }).end();
      req.destroy();
      return;
    }
    readBody(req, options.maxBodyBytes).then(async (body) => {
      if (body === undefined) {
        res.writeHead(413).end();
        return;
      }
      const own = options.local?.(req.method ?? "", new URL(req.url ?? "/", "http://127.0.0.1").pathname);
      const answer = own ? { ...own, headers: { "content-type": "text/plain; charset=utf-8" } } : await handler(req, body);
      res.writeHead(answer.status, { "x-amzn-requestid": randomUUID(), ...answer.headers, "content-length": String(Buffer.byteLength(answer.body)) });
      res.end(answer.body);
    }).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });
  return listenLoopback(server, options.port);
}

export interface JsonServiceOptions extends ServeOptions {
  /** `x-amz-target`'s prefix: `AmazonSQS`, `AWSEvents`. */
  targetPrefix: string;
  /** `1.0` or `1.1`. */
  version: "1.0" | "1.1";
  /** The shape namespace of error types (`com.amazonaws.sqs`). */
  errorNamespace: string;
  /** SQS: errors also carry `x-amzn-query-error` (the SDK's awsQueryCompatible trait). */
  queryCompatible?: boolean;
  operations: Record<string, (input: any) => unknown>;
}

/** An AWS JSON 1.0/1.1 service. */
export function serveJson(options: JsonServiceOptions): Promise<LocalServer> {
  const contentType = `application/x-amz-json-${options.version}`;
  const error = (e: ServiceError) => {
    const headers: Record<string, string> = { "content-type": contentType, "x-amzn-errortype": e.code };
    if (options.queryCompatible) headers["x-amzn-query-error"] = `${e.queryCode ?? e.code};${e.status >= 500 ? "Receiver" : "Sender"}`;
    return { status: e.status, headers, body: JSON.stringify({ __type: `${options.errorNamespace}#${e.code}`, message: e.message }) };
  };
  return listen(async (req, body) => {
    const target = String(req.headers["x-amz-target"] ?? "");
    const op = target.startsWith(`${options.targetPrefix}.`) ? target.slice(options.targetPrefix.length + 1) : "";
    const run = Object.prototype.hasOwnProperty.call(options.operations, op) ? options.operations[op] : undefined;
    if (req.method !== "POST" || !run) {
      options.log?.(`${req.method} ${op || "(no x-amz-target)"}: unknown operation`);
      return error(new ServiceError("UnknownOperationException", `${op || "the request"} is not an operation this local service answers (it speaks AWS JSON ${options.version} with x-amz-target ${options.targetPrefix}.<Operation>)`));
    }
    let input: unknown;
    try {
      input = body.length ? JSON.parse(body.toString("utf8")) : {};
    } catch {
      return error(new ServiceError("SerializationException", "the request body is not JSON"));
    }
    if (input === null || typeof input !== "object" || Array.isArray(input)) return error(new ServiceError("SerializationException", "the request body is not a JSON object"));
    try {
      const out = await run(input);
      options.log?.(`${op} 200`);
      return { status: 200, headers: { "content-type": contentType }, body: JSON.stringify(out ?? {}) };
    } catch (e) {
      if (!(e instanceof ServiceError)) throw e;
      options.log?.(`${op} ${e.status} ${e.code}`);
      return error(e);
    }
  }, options);
}

export interface QueryServiceOptions extends ServeOptions {
  /** The XML namespace of answers (`https://sns.amazonaws.com/doc/2010-03-31/`). */
  xmlns: string;
  /** Action -> the inner XML of `<ActionResult>` (or undefined for none). */
  actions: Record<string, (params: URLSearchParams) => string | undefined | Promise<string | undefined>>;
}

/** Escapes text for XML. */
export const xmlText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

/** An AWS query service (form in, XML out). */
export function serveQuery(options: QueryServiceOptions): Promise<LocalServer> {
  const error = (e: ServiceError) => ({
    status: e.status,
    headers: { "content-type": "text/xml" },
    body: `<ErrorResponse xmlns="${options.xmlns}"><Error><Type>${e.status >= 500 ? "Receiver" : "Sender"}</Type><Code>${xmlText(e.code)}</Code><Message>${xmlText(e.message)}</Message></Error><RequestId>${randomUUID()}</RequestId></ErrorResponse>`,
  });
  return listen(async (req, body) => {
    const params = new URLSearchParams(body.toString("utf8"));
    const action = params.get("Action") ?? "";
    const run = Object.prototype.hasOwnProperty.call(options.actions, action) ? options.actions[action] : undefined;
    if (req.method !== "POST" || !run) {
      options.log?.(`${req.method} ${action || "(no Action)"}: unknown action`);
      return error(new ServiceError("InvalidAction", `${action || "the request"} is not an action this local service answers`));
    }
    try {
      const inner = await run(params);
      options.log?.(`${action} 200`);
      const result = inner === undefined ? "" : `<${action}Result>${inner}</${action}Result>`;
      return {
        status: 200,
        headers: { "content-type": "text/xml" },
        body: `<${action}Response xmlns="${options.xmlns}">${result}<ResponseMetadata><RequestId>${randomUUID()}</RequestId></ResponseMetadata></${action}Response>`,
      };
    } catch (e) {
      if (!(e instanceof ServiceError)) throw e;
      options.log?.(`${action} ${e.status} ${e.code}`);
      return error(e);
    }
  }, options);
}

/** The query protocol's lists and maps: `Prefix.member.N` / `Prefix.entry.N.key` (`Prefix.entry.N.value` or `.Value.*`). */
export function queryList(params: URLSearchParams, prefix: string): string[] {
  const out: string[] = [];
  for (let i = 1; params.has(`${prefix}.member.${i}`); i++) out.push(params.get(`${prefix}.member.${i}`)!);
  return out;
}

/** `Prefix.entry.N.key` / `.value` pairs (SNS Attributes, Tags). */
export function queryMap(params: URLSearchParams, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 1; params.has(`${prefix}.entry.${i}.key`); i++) out[params.get(`${prefix}.entry.${i}.key`)!] = params.get(`${prefix}.entry.${i}.value`) ?? "";
  return out;
}
