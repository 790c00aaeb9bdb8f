// The server package's guard on calls to AWS services, run in a process of its
// own: a service with no route from the VPC fails without a connection; one that
// cannot connect fails at the guard's connect bound; neither waits for the
// function's timeout. What ended each call is told by its error (the guard's
// codes, not undici's or Node's) and by the connections tried; how long each
// takes is a figure of `npm run bench` (scripts/bench-bounds.ts), not a test.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { execFile } from "child_process";
import { promisify } from "util";
import { FAIL_FAST_AWS_CALLS, NO_ROUTE_ENV } from "../../../src/components/nextjs-web/server-package";
import { startBlackhole, type Blackhole } from "../../blackhole";

/** A hang guard, not a timing: a call that no bound ends would wait on the blackhole for ever. */
const HANG_GUARD_MS = 30_000;

/** Runs the guard, then one HTTP(S) call to `url`; returns how it ended. */
async function callThroughGuard(url: string, env: Record<string, string>): Promise<{ code: string; stderr: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stackfile-no-route-"));
  fs.writeFileSync(path.join(dir, "guard.mjs"), FAIL_FAST_AWS_CALLS);
  fs.writeFileSync(path.join(dir, "call.mjs"), `import "./guard.mjs";
import http from "node:http";
import https from "node:https";
const req = (${JSON.stringify(url)}.startsWith("https:") ? https : http).request(${JSON.stringify(url)}, { method: "POST" });
req.on("error", (e) => { console.log(JSON.stringify({ code: e.code })); });
req.end("{}");
`);
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [path.join(dir, "call.mjs")], { env: { PATH: process.env.PATH!, ...env }, encoding: "utf8", timeout: HANG_GUARD_MS });
    return { ...JSON.parse(stdout.trim()), stderr };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Runs the guard, then `times` fetches to `url` (as OpenNext's -lite clients call AWS);
 * returns how each ended and how many TCP connects the guard's probe tried (net.connect,
 * counted by a module loaded before the guard).
 */
async function fetchThroughGuard(url: string, env: Record<string, string>, times = 1, abortMs = 20000): Promise<{ results: { code: string }[]; probes: number; stderr: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stackfile-no-route-"));
  fs.writeFileSync(path.join(dir, "guard.mjs"), FAIL_FAST_AWS_CALLS);
  fs.writeFileSync(path.join(dir, "count.mjs"), `import net from "node:net";
globalThis.probes = 0;
const connect = net.connect;
net.connect = function (...args) { globalThis.probes++; return connect.apply(this, args); };
`);
  fs.writeFileSync(path.join(dir, "call.mjs"), `import "./count.mjs";
import "./guard.mjs";
const results = [];
for (let i = 0; i < ${times}; i++) {
  try {
    const res = await fetch(${JSON.stringify(url)}, { method: "POST", body: "{}", signal: AbortSignal.timeout(${abortMs}) });
    results.push({ code: "HTTP " + res.status });
  } catch (e) {
    results.push({ code: e.cause?.code ?? e.name });
  }
}
console.log(JSON.stringify({ results, probes: globalThis.probes }));
process.exit(0);
`);
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [path.join(dir, "call.mjs")], { env: { PATH: process.env.PATH!, ...env }, encoding: "utf8", timeout: HANG_GUARD_MS });
    return { ...JSON.parse(stdout.trim()), stderr };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("the server's fetch calls to AWS services without a route (OpenNext's -lite clients)", function () {
  this.timeout(60000);
  let hole: Blackhole;
  before(async () => {
    hole = await startBlackhole();
  });
  after(() => hole.stop());

  it(`a service named in ${NO_ROUTE_ENV} fails at once (no connection tried), and says why once`, async () => {
    const r = await fetchThroughGuard(`${hole.endpoint}/`, { AWS_ENDPOINT_URL_SQS: hole.endpoint, [NO_ROUTE_ENV]: "sqs" }, 2);
    assert.deepStrictEqual(r.results.map((x) => x.code), ["ENETUNREACH", "ENETUNREACH"]);
    assert.strictEqual(r.probes, 0, "no connection was tried");
    assert.strictEqual(r.stderr.match(/stackfile: no route to sqs/g)?.length, 1);
  });

  it("a route that does not connect fails at the guard's connect bound (not undici's 10 s connect timeout), and the next call without trying again", async () => {
    const r = await fetchThroughGuard(`${hole.endpoint}/`, { AWS_ENDPOINT_URL_SQS: hole.endpoint }, 2);
    // undici's own connect timeout would end it with UND_ERR_CONNECT_TIMEOUT; ETIMEDOUT is the guard's.
    assert.deepStrictEqual(r.results.map((x) => x.code), ["ETIMEDOUT", "ETIMEDOUT"]);
    assert.match(r.stderr, /stackfile: no connection to 127\.0\.0\.1 within 1000 ms/);
    assert.strictEqual(r.probes, 1, "one probe for both calls: the second is refused from the first's result");
  });

  it("a service that connects is called as usual, and calls to hosts that are not AWS are left alone", async () => {
    const http = await import("http");
    const server = http.createServer((_req, res) => { res.statusCode = 204; res.end(); });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      const aws = await fetchThroughGuard(`${url}/`, { AWS_ENDPOINT_URL_S3: url }, 2);
      assert.deepStrictEqual(aws.results.map((x) => x.code), ["HTTP 204", "HTTP 204"]);
      // Not AWS: no guard, so the caller's own 2 s limit ends the call, not the guard's 1 s.
      const other = await fetchThroughGuard(`${hole.endpoint}/`, {}, 1, 2000);
      assert.strictEqual(other.results[0].code, "TimeoutError", JSON.stringify(other.results));
    } finally {
      server.close();
    }
  });
});

describe("the server's calls to AWS services without a route", function () {
  this.timeout(60000);
  let hole: Blackhole;
  before(async () => {
    hole = await startBlackhole();
  });
  after(() => hole.stop());

  it(`a service named in ${NO_ROUTE_ENV} (SQS from the default VPC) fails at once, and says why once`, async () => {
    const r = await callThroughGuard(`${hole.endpoint}/`, { AWS_ENDPOINT_URL_SQS: hole.endpoint, [NO_ROUTE_ENV]: "sqs" });
    // The guard's refusal, before any connection (a connection to the blackhole would never end).
    assert.strictEqual(r.code, "ENETUNREACH");
    assert.match(r.stderr, /stackfile: no route to sqs from this function's VPC/);
  });

  it("the same call with a route that does not connect fails at the guard's connect bound, not the function's timeout", async () => {
    const r = await callThroughGuard(`${hole.endpoint}/`, { AWS_ENDPOINT_URL_SQS: hole.endpoint });
    // Node's http sets no connect timeout: without the guard this call would wait on the blackhole until the hang guard.
    assert.strictEqual(r.code, "ETIMEDOUT");
    assert.match(r.stderr, /stackfile: no connection to 127\.0\.0\.1 within 1000 ms/);
  });

  it("by host name too: sqs.<region>.amazonaws.com is SQS", async () => {
    const r = await callThroughGuard("https://sqs.us-east-1.amazonaws.com/", { [NO_ROUTE_ENV]: "sqs" });
    assert.strictEqual(r.code, "ENETUNREACH");
  });
});
