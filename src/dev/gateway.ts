// The local HTTP API: one HTTP server per http-api-gateway, routing as API
// Gateway does (routes.ts), building the route's payload-format event
// (events.ts), mapping the function's answer back (responses.ts), with CORS
// (cors.ts), API Gateway's limits and its error answers, and one access-log
// line per request (access-log.ts).
import { randomBytes } from "crypto";
import * as http from "http";
import type { AddressInfo } from "net";
import { authorize, type RouteAuthorization } from "./authorizers";
import { accessLogLine, type AccessLogFormat } from "./access-log";
import { isPreflight, preflightHeaders, responseCorsHeaders, withoutCorsHeaders, type CorsSettings } from "./cors";
import { eventV1, eventV2, type GatewayRequest, type RouteContext } from "./events";
import { INTERNAL_ERROR, jsonMessage, responseV1, responseV2, type GatewayResponse } from "./responses";
import { selectRoute, type DevRoute } from "./routes";
import type { Invocation } from "./invocation";
import { readBody } from "./request-body";
import type { RequestFilter } from "../shared/component/local-runner";
export type { Invocation } from "./invocation";

/**
 * "Payload size: 10 MB" and "Maximum integration timeout: 30 seconds" (not
 * adjustable): "Quotas for configuring and running an HTTP API",
 * https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-quotas.html
 */
export const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;
export const INTEGRATION_TIMEOUT_MS = 30_000;

/**
 * Lambda's limit on a synchronous invocation's response: "For synchronous
 * invocations, the maximum payload size is 6 MB" (Invoke,
 * https://docs.aws.amazon.com/lambda/latest/dg/API_Invoke.html; "Invocation
 * payload (request and response)" in
 * https://docs.aws.amazon.com/lambda/latest/dg/gettingstarted-limits.html),
 * of the JSON the handler's result becomes; measured, it is 6 MiB and 100
 * bytes (Zac Charles, "Deep Dive: Lambda's Response Payload Size Limit",
 * and part 2, https://zaccharles.medium.com/deep-dive-lambdas-request-payload-size-limit-2-2-6350c1ae5577).
 * A larger one fails the invocation, and API Gateway answers a failed
 * integration with a 500.
 */
export const MAX_RESPONSE_BYTES = 6 * 1024 * 1024 + 100;

export interface RouteTarget {
  payloadFormat: "1.0" | "2.0";
  /** The function's name, for the log. */
  functionName: string;
  invoke(event: Record<string, unknown>): Promise<Invocation>;
  /** The route's authorizer (authorizers.ts), applied after the route is chosen and before the function. */
  authorization?: RouteAuthorization;
}

export interface GatewaySettings {
  name: string;
  routes: DevRoute<RouteTarget>[];
  cors?: CorsSettings;
  /** The access-log format, or undefined when logging is disabled. */
  accessLog?: AccessLogFormat;
  log(line: string): void;
  integrationTimeoutMs?: number;
  /**
   * Started before its routes are known (the functions still build): every
   * request gets 503 with Retry-After until settings without it arrive, so a
   * client polling the port never takes a 404 for a route not loaded yet.
   */
  loading?: boolean;
  /**
   * What stands in front of it (a firewall its CDN has, `useFirewall`): a
   * request it answers never reaches the gateway (no route, no access-log
   * line, no request id), as a request blocked before CloudFront's origin.
   */
  filter?: RequestFilter;
}

export interface RunningGateway {
  port: number;
  /** Swaps the routes and settings (after a stack file change) without a new port. */
  update(settings: GatewaySettings): void;
  close(): Promise<void>;
}

/** Whether every header is a valid HTTP field (RFC 9110 5.1, 5.5: a token name; a value without CR, LF or NUL), as Node checks them before sending. */
function sendableHeaders(headers: [string, string][]): boolean {
  try {
    for (const [name, value] of headers) {
      http.validateHeaderName(name);
      http.validateHeaderValue(name, value);
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * The routes with stackfile's OPTIONS route beside each authorized ANY route,
 * as the deployed gateway has them with CORS on
 * (components/http-api-gateway/cors-only.ts): an OPTIONS request that is not
 * a preflight gets 204 and the CORS headers, and reaches no function.
 */
export function withCorsOnlyRoutes(routes: DevRoute<RouteTarget>[]): DevRoute<RouteTarget>[] {
  const corsOnly: RouteTarget = { payloadFormat: "2.0", functionName: "stackfile's CORS-only function", invoke: async () => ({ ok: true, result: { statusCode: 204 } }) };
  const extra = routes
    .filter((r) => r.key.startsWith("ANY ") && r.target.authorization)
    .map((r) => ({ key: `OPTIONS ${r.key.slice("ANY ".length)}`, target: corsOnly }))
    .filter((r) => !routes.some((x) => x.key === r.key));
  return extra.length ? [...routes, ...extra] : routes;
}

function requestId(): string {
  return randomBytes(12).toString("base64").replace(/[+/]/g, "A").slice(0, 15) + "=";
}

function pairs(raw: string[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push([raw[i], raw[i + 1]]);
  return out;
}

function withTimeout(p: Promise<Invocation>, ms: number): Promise<Invocation | "timeout"> {
  return new Promise((resolve) => {
    const t = setTimeout(() => resolve("timeout"), ms);
    p.then((v) => {
      clearTimeout(t);
      resolve(v);
    }, (err) => {
      clearTimeout(t);
      resolve({ ok: false, error: String((err as Error)?.message ?? err) });
    });
  });
}

/** The answer to one request, and the route key it was routed by (`-` when none; undefined when the filter in front answered). */
export async function answer(settings: GatewaySettings, request: GatewayRequest, oversized: boolean): Promise<{ response: GatewayResponse; routeKey?: string }> {
  if (settings.loading) {
    const busy = jsonMessage(503, "Service Unavailable");
    return { response: { ...busy, headers: [...busy.headers, ["retry-after", "1"]] }, routeKey: "-" };
  }
  const filtered = settings.filter?.({ sourceIp: request.sourceIp, headers: request.headers });
  if (filtered) return { response: filtered };
  const header = (name: string) => request.headers.find(([k]) => k.toLowerCase() === name)?.[1];
  const cors = settings.cors;
  if (cors && isPreflight(request.method, header)) {
    return { response: { status: 204, headers: preflightHeaders(cors, header), body: Buffer.alloc(0) }, routeKey: "-" };
  }
  const withCors = (r: GatewayResponse): GatewayResponse =>
    cors ? { ...r, headers: [...withoutCorsHeaders(r.headers), ...responseCorsHeaders(cors, header("origin"))] } : r;
  // The 10 MB payload quota: larger requests never reach the integration.
  if (oversized) return { response: withCors(jsonMessage(413, "Request Entity Too Large")), routeKey: "-" };
  const match = selectRoute(cors ? withCorsOnlyRoutes(settings.routes) : settings.routes, request.method, request.rawPath);
  if (!match) return { response: withCors(jsonMessage(404, "Not Found")), routeKey: "-" };
  const routeKey = match.route.key;
  const target = match.route.target;
  const route: RouteContext = { routeKey, pathParameters: match.pathParameters };
  if (target.authorization) {
    const decided = await authorize(target.authorization, request, route, settings.log);
    if ("denied" in decided) return { response: withCors(decided.denied), routeKey };
    route.authorizer = target.payloadFormat === "2.0" ? decided.context.v2 : decided.context.v1;
  }
  const event = target.payloadFormat === "2.0" ? eventV2(request, route) : eventV1(request, route);
  const ran = await withTimeout(target.invoke(event), settings.integrationTimeoutMs ?? INTEGRATION_TIMEOUT_MS);
  // An integration that does not answer within 30 s: 503 {"message":"Service Unavailable"}. No API Gateway guide page
  // states the code for HTTP APIs; a real HTTP API's answer, captured with its apigw-requestid header, is this 503
  // (https://github.com/cortexlabs/cortex/issues/1225). The knowledge-center page
  // https://repost.aws/knowledge-center/api-gateway-504-errors names HTTP APIs in its title but describes the REST
  // API timeout parameter (REST answers 504). docs/dev.md, "Limits", has the whole search.
  if (ran === "timeout") return { response: withCors(jsonMessage(503, "Service Unavailable")), routeKey };
  if (!ran.ok) {
    settings.log(`${target.functionName} failed: ${ran.error}`);
    return { response: withCors(INTERNAL_ERROR), routeKey };
  }
  const size = Buffer.byteLength(JSON.stringify(ran.result) ?? "");
  if (size > MAX_RESPONSE_BYTES) {
    settings.log(`${target.functionName} answered ${size} bytes; Lambda refuses a synchronous response over 6 MB (${MAX_RESPONSE_BYTES} bytes): 500`);
    return { response: withCors(INTERNAL_ERROR), routeKey };
  }
  const mapped = target.payloadFormat === "2.0" ? responseV2(ran.result) : responseV1(ran.result);
  if (mapped === INTERNAL_ERROR) settings.log(`${target.functionName} answered what API Gateway cannot read as a payload ${target.payloadFormat} response: 500`);
  else if (!sendableHeaders(mapped.headers)) {
    // A malformed integration response: API Gateway answers 500 Internal Server Error (and sends none of it).
    settings.log(`${target.functionName} answered a header API Gateway cannot send (CR, LF or another character a header may not hold): 500`);
    return { response: withCors(INTERNAL_ERROR), routeKey };
  }
  return { response: withCors(mapped), routeKey };
}

export function startGateway(initial: GatewaySettings, port: number): Promise<RunningGateway> {
  let settings = initial;
  const server = http.createServer((req, res) => {
    const time = new Date();
    const id = requestId();
    const url = req.url ?? "/";
    const q = url.indexOf("?");
    void readBody(req, MAX_PAYLOAD_BYTES).then(async (body) => {
      const request: GatewayRequest = {
        method: (req.method ?? "GET").toUpperCase(),
        rawPath: q < 0 ? url : url.slice(0, q),
        rawQueryString: q < 0 ? "" : url.slice(q + 1),
        headers: pairs(req.rawHeaders),
        body: body ?? Buffer.alloc(0),
        sourceIp: (req.socket.remoteAddress ?? "127.0.0.1").replace(/^::ffff:/, ""),
        protocol: `HTTP/${req.httpVersion}`,
        requestId: id,
        time,
        apiId: settings.name.toLowerCase(),
        domainName: req.headers.host ?? `127.0.0.1:${port}`,
      };
      let answered: { response: GatewayResponse; routeKey?: string };
      try {
        answered = await answer(settings, request, body === undefined);
      } catch (err) {
        settings.log(`request failed: ${(err as Error).message}`);
        answered = { response: INTERNAL_ERROR, routeKey: "-" };
      }
      const { response, routeKey } = answered;
      const reached = routeKey !== undefined;
      const headers = [...response.headers, ...(reached ? [["apigw-requestid", id]] : []), ["content-length", String(response.body.length)]] as [string, string][];
      res.writeHead(response.status, http.STATUS_CODES[response.status] ?? "", headers.flat());
      res.end(request.method === "HEAD" ? undefined : response.body);
      if (settings.accessLog && reached) {
        settings.log(accessLogLine(settings.accessLog, {
          requestId: id, sourceIp: request.sourceIp, time, httpMethod: request.method, routeKey,
          status: response.status, protocol: request.protocol, responseLength: response.body.length,
        }));
      }
    }).catch((err) => {
      settings.log(`request failed: ${(err as Error).message}`);
      if (!res.headersSent) res.writeHead(500, "Internal Server Error", { "content-type": "application/json", "apigw-requestid": id });
      res.end(JSON.stringify({ message: "Internal Server Error" }));
    });
  });
  // Long integrations must not be cut by Node's own request timeout before API Gateway's.
  server.requestTimeout = 0;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve({
        port: (server.address() as AddressInfo).port,
        update(next) {
          settings = next;
        },
        close: () => new Promise((r) => {
          server.closeAllConnections();
          server.close(() => r());
        }),
      });
    });
  });
}
