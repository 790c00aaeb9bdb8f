// An HTTP proxy on loopback in front of a real server (the local S3 server),
// that injects faults into chosen requests: never answer (a stalled request),
// reset the connection, answer with a given status, or hand the request to a
// function that may forward it and rewrite the answer. Everything else passes
// through unchanged.
import * as http from "http";
import type { AddressInfo, Socket } from "net";

/** The upstream's answer to a forwarded request. */
export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export type FaultAction =
  | "stall"
  | "reset"
  | { status: number; body?: string; headers?: Record<string, string> }
  | ((req: { method: string; url: string; headers: http.IncomingHttpHeaders; body: Buffer; forward(): Promise<Answer> }) => Promise<Answer>);

export interface FaultRule {
  method?: string;
  /** Matches the path with its query (`/bucket/key?x-id=PutObject`). */
  url?: RegExp;
  /** How many matching requests it applies to; then it is dropped (default 1; Infinity for all). */
  times?: number;
  action: FaultAction;
}

export interface FaultProxy {
  endpoint: string;
  /** Requests seen, as `METHOD /path` (no query). */
  seen: string[];
  /** Requests that were stalled (never answered). */
  stalled: string[];
  add(rule: FaultRule): void;
  /** Drops every rule (stalled requests stay stalled). */
  clear(): void;
  stop(): Promise<void>;
}

/** `listenPort`: where the proxy listens (0, the default: a free port). */
export async function startFaultProxy(upstreamPort: number, listenPort = 0): Promise<FaultProxy> {
  const rules: (FaultRule & { left: number })[] = [];
  const seen: string[] = [];
  const stalled: string[] = [];
  const sockets = new Set<Socket>();
  const forward = (method: string, url: string, headers: http.IncomingHttpHeaders, body: Buffer) =>
    new Promise<Answer>((resolve, reject) => {
      const up = http.request({ host: "127.0.0.1", port: upstreamPort, method, path: url, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      });
      up.on("error", reject);
      up.end(body);
    });
  const server = http.createServer((req, res) => {
    const method = req.method ?? "GET";
    const url = req.url ?? "/";
    const line = `${method} ${url.split("?")[0]}`;
    seen.push(line);
    const rule = rules.find((r) => r.left > 0 && (!r.method || r.method === method) && (!r.url || r.url.test(url)));
    if (!rule) {
      const up = http.request({ host: "127.0.0.1", port: upstreamPort, method, path: url, headers: req.headers }, (upRes) => {
        res.writeHead(upRes.statusCode ?? 502, upRes.headers);
        upRes.pipe(res);
      });
      up.on("error", () => res.destroy());
      req.pipe(up);
      return;
    }
    rule.left--;
    const { action } = rule;
    if (action === "stall") {
      stalled.push(line);
      req.resume();
      return;
    }
    if (action === "reset") {
      req.socket.destroy();
      return;
    }
    if (typeof action === "object") {
      req.resume();
      res.writeHead(action.status, { "content-type": "application/xml", ...action.headers });
      res.end(action.body ?? "");
      return;
    }
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      action({ method, url, headers: req.headers, body, forward: () => forward(method, url, req.headers, body) }).then(
        (a) => {
          const headers = { ...a.headers };
          delete headers["content-length"];
          delete headers["transfer-encoding"];
          res.writeHead(a.status, { ...headers, "content-length": String(a.body.length) });
          res.end(a.body);
        },
        () => res.destroy(),
      );
    });
  });
  server.on("connection", (s: Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(listenPort, "127.0.0.1", resolve);
  });
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    stalled,
    add: (rule) => rules.push({ ...rule, left: rule.times ?? 1 }),
    clear: () => {
      rules.length = 0;
    },
    async stop() {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}
