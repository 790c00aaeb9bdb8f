// The local gateway in this process, with stand-in functions, through a real
// HTTP client: the answers API Gateway gives of its own (timeouts, limits,
// unreadable responses, CORS refusals) and the response mapping of each payload format.
import * as assert from "assert";
import { accessLogFormat } from "../../src/components/http-api-gateway/access-log";
import { startGateway, MAX_PAYLOAD_BYTES, type GatewaySettings, type Invocation, type RouteTarget, type RunningGateway } from "../../src/dev/gateway";
import type { DevRoute } from "../../src/dev/routes";

type Handler = (event: Record<string, any>) => Promise<Invocation>;

function route(key: string, payloadFormat: "1.0" | "2.0", handler: Handler): DevRoute<RouteTarget> {
  return { key, target: { payloadFormat, functionName: "fn", invoke: handler } };
}

const ok = (result: unknown): Promise<Invocation> => Promise.resolve({ ok: true, result });

describe("dev gateway answers", () => {
  let gw: RunningGateway;
  let url: string;
  const logged: string[] = [];
  const events: Record<string, any>[] = [];
  const settings: GatewaySettings = {
    name: "api",
    log: (l) => logged.push(l),
    accessLog: { template: accessLogFormat("JSON"), json: true },
    integrationTimeoutMs: 300,
    cors: { allowOrigins: ["https://*.example.com"], allowHeaders: ["content-type"], allowMethods: ["GET", "POST"], allowCredentials: false, exposeHeaders: ["x-total"], maxAge: 60 },
    routes: [
      route("GET /hang", "2.0", () => new Promise(() => undefined)),
      route("GET /plain", "2.0", () => ok({ hello: "world" })),
      route("GET /text", "2.0", () => ok("just text")),
      route("GET /bad1", "1.0", () => ok({ body: "no status" })),
      route("GET /bad2", "2.0", () => ok({ statusCode: "teapot" })),
      route("GET /throws", "2.0", () => Promise.resolve({ ok: false, error: "Error: boom" })),
      route("POST /size", "2.0", async (e) => ({ ok: true, result: { statusCode: 200, body: String(Buffer.from(e.body, "base64").length) } })),
      route("GET /huge", "2.0", () => ok({ statusCode: 200, body: "x".repeat(7 * 1024 * 1024) })),
      // {"statusCode":200,"body":"xx..."}: 28 bytes and the body, at Lambda's limit.
      route("GET /just-fits", "2.0", () => ok({ statusCode: 200, body: "x".repeat(6 * 1024 * 1024 + 100 - 28) })),
      route("GET /one-over", "2.0", () => ok({ statusCode: 200, body: "x".repeat(6 * 1024 * 1024 + 100 - 27) })),
      route("GET /crlf", "2.0", () => ok({ statusCode: 200, headers: { "x-a": "1\r\nset-cookie: planted=1" }, body: "hi" })),
      route("GET /crlf-cookie", "2.0", () => ok({ statusCode: 200, cookies: ["a=1\r\nx-planted: 1"], body: "hi" })),
      route("GET /bad-name", "2.0", () => ok({ statusCode: 200, headers: { "x a": "1" }, body: "hi" })),
      route("GET /crlf1", "1.0", () => ok({ statusCode: 200, multiValueHeaders: { "x-b": ["ok", "no\nway"] }, body: "hi" })),
      route("POST /echo1", "1.0", async (e) => {
        events.push(e);
        return { ok: true, result: { statusCode: 200, headers: { "x-one": "1" }, multiValueHeaders: { "set-cookie": ["a=1", "b=2"] }, body: e.body, isBase64Encoded: e.isBase64Encoded } };
      }),
      route("POST /echo2", "2.0", async (e) => {
        events.push(e);
        return { ok: true, result: { statusCode: 200, body: e.body ?? "", isBase64Encoded: e.isBase64Encoded } };
      }),
    ],
  };

  before(async () => {
    gw = await startGateway(settings, 0);
    url = `http://127.0.0.1:${gw.port}`;
  });
  after(() => gw.close());

  it("answers an integration that does not answer in time with 503 Service Unavailable", async () => {
    const r = await fetch(`${url}/hang`);
    assert.strictEqual(r.status, 503);
    assert.deepStrictEqual(await r.json(), { message: "Service Unavailable" });
  });

  it("refuses a body over 10 MB with 413 and never calls the function", async () => {
    const before = events.length;
    const r = await fetch(`${url}/echo2`, { method: "POST", body: Buffer.alloc(MAX_PAYLOAD_BYTES + 1), headers: { "content-type": "application/octet-stream" } });
    assert.strictEqual(r.status, 413);
    assert.strictEqual(events.length, before);
    const fits = await fetch(`${url}/size`, { method: "POST", body: Buffer.alloc(MAX_PAYLOAD_BYTES), headers: { "content-type": "application/octet-stream" } });
    assert.strictEqual(fits.status, 200);
    assert.strictEqual(await fits.text(), String(MAX_PAYLOAD_BYTES));
  });

  it("turns a 2.0 result without statusCode into a 200 JSON response of the result", async () => {
    const r = await fetch(`${url}/plain`);
    assert.strictEqual(r.status, 200);
    assert.strictEqual(r.headers.get("content-type"), "application/json");
    assert.deepStrictEqual(await r.json(), { hello: "world" });
    assert.strictEqual(await (await fetch(`${url}/text`)).text(), '"just text"');
  });

  it("answers 500 for a 1.0 result without statusCode, a bad statusCode, and a function that failed", async () => {
    for (const p of ["/bad1", "/bad2", "/throws"]) {
      const r = await fetch(`${url}${p}`);
      assert.strictEqual(r.status, 500, p);
      assert.deepStrictEqual(await r.json(), { message: "Internal Server Error" });
    }
  });

  /** The access-log line of the request `id`. */
  const accessLine = async (id: string) => {
    await new Promise((res) => setTimeout(res, 50));
    const line = logged.find((l) => l.startsWith("{") && JSON.parse(l).requestId === id);
    assert.ok(line, `no access-log line for ${id}: ${logged.join("\n")}`);
    return JSON.parse(line);
  };

  it("answers a response over Lambda's 6 MB as a failed invocation: 500 with its request id, logged", async () => {
    logged.length = 0;
    const r = await fetch(`${url}/huge`);
    assert.strictEqual(r.status, 500);
    assert.deepStrictEqual(await r.json(), { message: "Internal Server Error" });
    const id = r.headers.get("apigw-requestid")!;
    assert.ok(id);
    assert.strictEqual((await accessLine(id)).status, "500");
    assert.ok(logged.some((l) => /^fn answered \d+ bytes; Lambda refuses a synchronous response over 6 MB \(6291556 bytes\): 500$/.test(l)), logged.join("\n"));
    const fits = await fetch(`${url}/just-fits`);
    assert.strictEqual(fits.status, 200);
    assert.strictEqual((await fits.arrayBuffer()).byteLength, 6 * 1024 * 1024 + 100 - 28);
    assert.strictEqual((await fetch(`${url}/one-over`)).status, 500);
  });

  it("answers a header with CR or LF, or a name that is no header name, with 500 Internal Server Error, its request id and an access-log line", async () => {
    for (const p of ["/crlf", "/crlf-cookie", "/bad-name", "/crlf1"]) {
      logged.length = 0;
      const r = await fetch(`${url}${p}`);
      assert.strictEqual(r.status, 500, p);
      assert.strictEqual(r.statusText, "Internal Server Error", p);
      assert.deepStrictEqual(await r.json(), { message: "Internal Server Error" }, p);
      assert.strictEqual(r.headers.get("x-planted"), null);
      assert.strictEqual(r.headers.get("set-cookie"), null);
      const id = r.headers.get("apigw-requestid")!;
      assert.ok(id, p);
      assert.strictEqual((await accessLine(id)).status, "500", p);
      assert.ok(logged.some((l) => /^fn answered a header API Gateway cannot send \(CR, LF or another character a header may not hold\): 500$/.test(l)), `${p}: ${logged.join("\n")}`);
    }
  });

  it("passes text bodies as text and other bodies base64-encoded, in both formats", async () => {
    events.length = 0;
    await fetch(`${url}/echo1`, { method: "POST", body: '{"a":1}', headers: { "content-type": "application/json" } });
    await fetch(`${url}/echo2`, { method: "POST", body: "a=1&b=2", headers: { "content-type": "application/x-www-form-urlencoded" } });
    assert.deepStrictEqual([events[0].body, events[0].isBase64Encoded], ['{"a":1}', false]);
    assert.deepStrictEqual([events[1].body, events[1].isBase64Encoded], [Buffer.from("a=1&b=2").toString("base64"), true]);
  });

  it("builds the 1.0 event with multi-value headers and queries, and maps multiValueHeaders back", async () => {
    events.length = 0;
    const r = await fetch(`${url}/echo1?k=1&k=2&z=3`, { method: "POST", body: "x", headers: { "content-type": "text/plain", "x-dup": "one" } });
    const e = events[0];
    assert.strictEqual(e.version, "1.0");
    assert.strictEqual(e.resource, "/echo1");
    assert.deepStrictEqual(e.queryStringParameters, { k: "2", z: "3" });
    assert.deepStrictEqual(e.multiValueQueryStringParameters, { k: ["1", "2"], z: ["3"] });
    assert.strictEqual(e.headers["x-dup"], "one");
    assert.strictEqual(e.requestContext.stage, "$default");
    assert.deepStrictEqual(r.headers.getSetCookie(), ["a=1", "b=2"]);
    assert.strictEqual(r.headers.get("x-one"), "1");
  });

  it("builds the 2.0 event with joined duplicate query values, lower-case headers and the route key", async () => {
    events.length = 0;
    await fetch(`${url}/echo2?k=1&k=2`, { method: "POST", body: "x", headers: { "content-type": "text/plain", "X-Custom": "v" } });
    const e = events[0];
    assert.strictEqual(e.version, "2.0");
    assert.strictEqual(e.routeKey, "POST /echo2");
    assert.strictEqual(e.rawQueryString, "k=1&k=2");
    assert.deepStrictEqual(e.queryStringParameters, { k: "1,2" });
    assert.strictEqual(e.headers["x-custom"], "v");
    assert.strictEqual(e.requestContext.http.method, "POST");
    assert.match(e.requestContext.time, /^\d\d\/[A-Z][a-z]{2}\/\d{4}:\d\d:\d\d:\d\d \+0000$/);
  });

  it("answers a preflight for a subdomain origin the wildcard allows, and refuses a method or header not configured", async () => {
    const pre = (origin: string, method: string, headers?: string) => fetch(`${url}/plain`, {
      method: "OPTIONS", headers: { origin, "access-control-request-method": method, ...(headers ? { "access-control-request-headers": headers } : {}) },
    });
    const allowed = await pre("https://app.example.com", "POST", "content-type");
    assert.strictEqual(allowed.status, 204);
    assert.strictEqual(allowed.headers.get("access-control-allow-origin"), "https://app.example.com");
    assert.strictEqual(allowed.headers.get("access-control-allow-methods"), "GET,POST");
    assert.strictEqual(allowed.headers.get("access-control-max-age"), "60");
    assert.strictEqual((await pre("https://app.example.com", "DELETE")).headers.get("access-control-allow-origin"), null);
    assert.strictEqual((await pre("https://app.example.com", "GET", "x-secret")).headers.get("access-control-allow-origin"), null);
    assert.strictEqual((await pre("https://example.org", "GET")).headers.get("access-control-allow-origin"), null);
  });

  it("adds the exposed headers to a CORS response and nothing to a request without origin", async () => {
    const withOrigin = await fetch(`${url}/plain`, { headers: { origin: "https://a.example.com" } });
    assert.strictEqual(withOrigin.headers.get("access-control-expose-headers"), "x-total");
    const without = await fetch(`${url}/plain`);
    assert.strictEqual(without.headers.get("access-control-allow-origin"), null);
  });

  it("logs each request as one JSON line with the stage format's fields", async () => {
    logged.length = 0;
    const r = await fetch(`${url}/plain`);
    await r.text();
    await new Promise((res) => setTimeout(res, 50));
    const line = JSON.parse(logged.find((l) => l.startsWith("{"))!);
    assert.deepStrictEqual(Object.keys(line).sort(), ["httpMethod", "ip", "protocol", "requestId", "requestTime", "responseLength", "routeKey", "status"]);
    assert.strictEqual(line.requestId, r.headers.get("apigw-requestid"));
    assert.strictEqual(line.routeKey, "GET /plain");
    assert.strictEqual(line.status, "200");
  });
});

describe("dev gateway: an OPTIONS request beside an authorized ANY route (CORS on)", () => {
  let gw: RunningGateway;
  let url: string;
  const called: string[] = [];
  const allow = { type: "lambda" as const, name: "keys", functionName: "gate", identitySource: ["$request.header.x-api-key"], payloadFormat: "2.0" as const, simpleResponses: true, resultTtl: 0,
    invoke: async () => ({ ok: true as const, result: { isAuthorized: false } }), cache: new Map() };
  before(async () => {
    gw = await startGateway({
      name: "api",
      log: () => undefined,
      cors: { allowOrigins: ["https://app.example.com"], allowHeaders: ["x-api-key"], allowMethods: ["*"], allowCredentials: false, exposeHeaders: [], maxAge: 60 },
      routes: [{
        key: "ANY /legacy/{proxy+}",
        target: { payloadFormat: "2.0", functionName: "legacy", authorization: { authorizer: allow }, invoke: async (e) => {
          called.push(String((e as any).requestContext.http.method));
          return { ok: true, result: { statusCode: 200, body: "secret admin page" } };
        } },
      }],
    }, 0);
    url = `http://127.0.0.1:${gw.port}`;
  });
  after(() => gw.close());

  it("answers 204 from stackfile's CORS-only route, as AWS does: never the protected function, with or without an origin", async () => {
    const plain = await fetch(`${url}/legacy/admin`, { method: "OPTIONS" });
    assert.strictEqual(plain.status, 204);
    assert.strictEqual(await plain.text(), "");
    const withOrigin = await fetch(`${url}/legacy/admin`, { method: "OPTIONS", headers: { origin: "https://app.example.com" } });
    assert.strictEqual(withOrigin.status, 204);
    assert.strictEqual(withOrigin.headers.get("access-control-allow-origin"), "https://app.example.com");
    assert.deepStrictEqual(called, []);
    // Other methods still go through the authorizer, which refuses.
    assert.strictEqual((await fetch(`${url}/legacy/admin`)).status, 401);
    assert.strictEqual((await fetch(`${url}/legacy/admin`, { headers: { "x-api-key": "k" } })).status, 403);
    assert.deepStrictEqual(called, []);
  });
});
