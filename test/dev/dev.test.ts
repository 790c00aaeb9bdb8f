// `stackfile dev` of a test stack (a gateway with CORS and a CLF access log,
// a payload 2.0 and a payload 1.0 function, a cache the first connects to),
// checked with real clients: fetch, and a TLS PING from inside the function.
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
import { alive, basePort, copyFixture, descendants, startDev, type DevProcess } from "./dev-process";

const SECRET = "Correct-Horse-Battery-27";

describe("stackfile dev: the test stack, end to end", function () {
  this.timeout(120_000);
  let dev: DevProcess;
  let api: string;
  const base = basePort();

  before(async () => {
    dev = startDev(copyFixture(), ["--port", String(base)], { STACKFILE_SECRET_cachePassword: SECRET });
    await dev.waitFor(/running locally/, 90_000);
    const line = await dev.waitFor(/^api\s+http:/);
    api = line.split(/\s+/)[1];
    await dev.waitFor(/^legacy\s/);
  });

  after(async () => {
    if (dev && dev.proc.exitCode === null) {
      dev.proc.kill("SIGINT");
      await dev.exited;
    }
  });

  it("prints one line per resource with its local address", () => {
    const at = dev.outLines.findIndex((l) => /running locally/.test(l));
    const table = dev.outLines.slice(at + 1, at + 5);
    assert.deepStrictEqual(table.map((l) => l.split(/\s+/)[0]).sort(), ["api", "cache", "echo", "legacy"], JSON.stringify(dev.outLines.slice(at)));
    assert.match(api, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.ok(table.some((l) => /^cache\s+rediss:\/\/127\.0\.0\.1:\d+/.test(l)));
  });

  it("routes a literal path before a path variable, and a path variable before {proxy+}", async () => {
    const special = await (await fetch(`${api}/items/special`)).json() as Json;
    const byId = await (await fetch(`${api}/items/42`)).json();
    const greedy = await (await fetch(`${api}/items/a/b%20c`)).json() as Json;
    assert.strictEqual(special.routeKey, "GET /items/special");
    assert.deepStrictEqual(byId, { routeKey: "GET /items/{id}", pathParameters: { id: "42" }, cookies: null });
    assert.deepStrictEqual(greedy.pathParameters, { proxy: "a/b c" });
    assert.strictEqual(greedy.routeKey, "ANY /items/{proxy+}");
  });

  it("sends ANY routes the methods no route of the path names", async () => {
    const del = await (await fetch(`${api}/items/42`, { method: "DELETE" })).json() as Json;
    assert.strictEqual(del.routeKey, "ANY /items/{proxy+}");
  });

  it("answers an unknown route as API Gateway does: 404 {\"message\":\"Not Found\"}", async () => {
    const r = await fetch(`${api}/nothing/here`);
    assert.strictEqual(r.status, 404);
    assert.deepStrictEqual(await r.json(), { message: "Not Found" });
  });

  it("gives a payload 1.0 route its 1.0 event and maps multiValueHeaders back", async () => {
    const r = await fetch(`${api}/v1/bob?x=1&x=2`);
    assert.strictEqual(r.status, 201);
    assert.strictEqual(r.headers.get("x-multi"), "one, two");
    assert.deepStrictEqual(await r.json(), { resource: "/v1/{name}", path: "/v1/bob", method: "GET", pathParameters: { name: "bob" }, query: { x: ["1", "2"] } });
  });

  it("answers an allowed CORS preflight itself, with the configured headers", async () => {
    const r = await fetch(`${api}/items/1`, { method: "OPTIONS", headers: { origin: "https://app.example.com", "access-control-request-method": "GET" } });
    assert.strictEqual(r.status, 204);
    assert.strictEqual(r.headers.get("access-control-allow-origin"), "https://app.example.com");
    assert.strictEqual(r.headers.get("access-control-allow-credentials"), "true");
    assert.strictEqual(r.headers.get("access-control-max-age"), "600");
    // The default methods are the routes' (ANY among them: every method).
    assert.strictEqual(r.headers.get("access-control-allow-methods"), "GET");
  });

  it("refuses a CORS preflight from an origin not configured: no CORS headers", async () => {
    const r = await fetch(`${api}/items/1`, { method: "OPTIONS", headers: { origin: "https://evil.example", "access-control-request-method": "GET" } });
    assert.strictEqual(r.status, 204);
    assert.strictEqual(r.headers.get("access-control-allow-origin"), null);
  });

  it("answers a credentialed request with the origin, credentials allowed, cookies both ways, and the function's own CORS headers dropped", async () => {
    const r = await fetch(`${api}/items/7`, { headers: { origin: "https://app.example.com", cookie: "session=abc; theme=dark" } });
    assert.strictEqual(r.headers.get("access-control-allow-origin"), "https://app.example.com");
    assert.strictEqual(r.headers.get("access-control-allow-credentials"), "true");
    assert.deepStrictEqual(r.headers.getSetCookie(), ["a=1; Path=/", "b=2; Path=/"]);
    assert.deepStrictEqual(((await r.json()) as Json).cookies, ["session=abc", "theme=dark"]);
  });

  it("round-trips a binary body: base64 to the function, decoded back to the client", async () => {
    const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const r = await fetch(`${api}/binary`, { method: "POST", body: bytes, headers: { "content-type": "application/octet-stream" } });
    assert.strictEqual(r.status, 200);
    assert.ok(Buffer.from(await r.arrayBuffer()).equals(bytes));
  });

  it("ends a function that runs past its timeout: 500, as a failed Lambda invocation", async () => {
    const r = await fetch(`${api}/slow`);
    assert.strictEqual(r.status, 500);
    assert.deepStrictEqual(await r.json(), { message: "Internal Server Error" });
    // Ended by the function's 2 s timeout (its own words), not by the handler's 10 s.
    await dev.waitFor(/^\[echo\] Task timed out after 2\.00 seconds/);
  });

  it("PINGs the cache over TLS with the password, through the injected variables", async () => {
    const r = await fetch(`${api}/redis`);
    assert.strictEqual(await r.text(), "PONG");
  });

  it("writes one access-log line per request in the configured format (CLF)", async () => {
    const r = await fetch(`${api}/items/99`);
    const id = r.headers.get("apigw-requestid")!;
    const line = await dev.waitFor(new RegExp(` ${id.replace(/[+=]/g, "\\$&")}$`), 5000);
    assert.match(line, /^\[api\] 127\.0\.0\.1 - - \[\d\d\/[A-Z][a-z]{2}\/\d{4}:\d\d:\d\d:\d\d \+0000\] "GET GET \/items\/\{id\} HTTP\/1\.1" 200 \d+ /);
  });

  it("resolves $ResourceParam to the local gateway", async () => {
    assert.strictEqual(((await (await fetch(`${api}/version`)).json()) as Json).apiUrl, api);
  });

  it("reloads a function edited while it runs: the next request sees the change", async () => {
    const from = dev.lines.length;
    fs.writeFileSync(path.join(dev.dir, "functions", "version.ts"), 'export const VERSION = "two";\n');
    await dev.waitFor(/^\[echo\] reloaded in \d+ ms/, 20_000, from);
    assert.strictEqual(((await (await fetch(`${api}/version`)).json()) as Json).version, "two");
  });

  it("keeps serving the last bundle when an edit does not bundle, saying where the error is", async () => {
    const from = dev.lines.length;
    const file = path.join(dev.dir, "functions", "version.ts");
    fs.writeFileSync(file, 'export const VERSION = "three;\n');
    await dev.waitFor(/^\[echo\] bundling .* failed: .*version\.ts:1:\d+: .*\(still running the last bundle\)$/, 20_000, from);
    assert.strictEqual(((await (await fetch(`${api}/version`)).json()) as Json).version, "two");
    fs.writeFileSync(file, 'export const VERSION = "three";\n');
    await dev.waitFor(/^\[echo\] reloaded in \d+ ms/, 20_000, from);
    assert.strictEqual(((await (await fetch(`${api}/version`)).json()) as Json).version, "three");
  });

  it("restarts what a change of the stack file changed, and keeps the rest", async () => {
    const from = dev.lines.length;
    const file = path.join(dev.dir, "stack.yaml");
    fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace("/v1/{name}", "/v2/{name}"));
    await dev.waitFor(/applied the change/, 20_000, from);
    assert.strictEqual((await fetch(`${api}/v1/bob`)).status, 404);
    assert.strictEqual((await fetch(`${api}/v2/bob`)).status, 201);
    assert.ok(!dev.lines.slice(from).some((l) => /^\[cache\].*Ready to accept/.test(l)), "the cache did not restart");
  });

  /** The files under the stack's folder that hold `text`. */
  const filesHolding = (dir: string, text: string): string[] => fs.readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && fs.readFileSync(path.join(e.parentPath, e.name), "latin1").includes(text))
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));

  it("writes the cache's password to no file while it runs (redis-server reads its settings from standard input)", () => {
    assert.deepStrictEqual(filesHolding(dev.dir, SECRET), []);
  });

  it("stops every child process on Ctrl-C", async () => {
    const children = descendants(dev.proc.pid!);
    assert.ok(children.length >= 3, `redis-server and two function workers run (found ${children.length})`);
    dev.proc.kill("SIGINT");
    assert.strictEqual(await dev.exited, 0);
    await new Promise((r) => setTimeout(r, 200));
    assert.deepStrictEqual(children.filter(alive), []);
    assert.deepStrictEqual(filesHolding(dev.dir, SECRET), [], "no file keeps the password after dev exits");
  });
});
