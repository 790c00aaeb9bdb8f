// The server package's guard on calls to AWS services, run in a process of its
// own: a service with no route from the VPC fails at once; one that cannot
// connect fails after the connect timeout; neither waits for the function's.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { execFile } from "child_process";
import { promisify } from "util";
import { FAIL_FAST_AWS_CALLS, NO_ROUTE_ENV } from "../../../src/components/nextjs-web/server-package";
import { startBlackhole, type Blackhole } from "../../blackhole";

/** Runs the guard, then one HTTP(S) call to `url`; returns how it ended and when. */
async function callThroughGuard(url: string, env: Record<string, string>): Promise<{ code: string; ms: number; stderr: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stackfile-no-route-"));
  fs.writeFileSync(path.join(dir, "guard.mjs"), FAIL_FAST_AWS_CALLS);
  fs.writeFileSync(path.join(dir, "call.mjs"), `import "./guard.mjs";
import http from "node:http";
import https from "node:https";
const started = Date.now();
const req = (${JSON.stringify(url)}.startsWith("https:") ? https : http).request(${JSON.stringify(url)}, { method: "POST" });
req.on("error", (e) => { console.log(JSON.stringify({ code: e.code, ms: Date.now() - started })); });
req.end("{}");
`);
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [path.join(dir, "call.mjs")], { env: { PATH: process.env.PATH!, ...env }, encoding: "utf8", timeout: 20000 });
    return { ...JSON.parse(stdout.trim()), stderr };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs the guard, then one fetch to `url` (as OpenNext's -lite clients call AWS); returns how it ended and when. */
async function fetchThroughGuard(url: string, env: Record<string, string>, times = 1, abortMs = 20000): Promise<{ results: { code: string; ms: number }[]; stderr: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stackfile-no-route-"));
  fs.writeFileSync(path.join(dir, "guard.mjs"), FAIL_FAST_AWS_CALLS);
  fs.writeFileSync(path.join(dir, "call.mjs"), `import "./guard.mjs";
const results = [];
for (let i = 0; i < ${times}; i++) {
  const started = Date.now();
  try {
    const res = await fetch(${JSON.stringify(url)}, { method: "POST", body: "{}", signal: AbortSignal.timeout(${abortMs}) });
    results.push({ code: "HTTP " + res.status, ms: Date.now() - started });
  } catch (e) {
    results.push({ code: e.cause?.code ?? e.name, ms: Date.now() - started });
  }
}
console.log(JSON.stringify(results));
process.exit(0);
`);
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [path.join(dir, "call.mjs")], { env: { PATH: process.env.PATH!, ...env }, encoding: "utf8", timeout: 30000 });
    return { results: JSON.parse(stdout.trim()), stderr };
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

  it(`a service named in ${NO_ROUTE_ENV} fails at once, and says why once`, async () => {
    const r = await fetchThroughGuard(`${hole.endpoint}/`, { AWS_ENDPOINT_URL_SQS: hole.endpoint, [NO_ROUTE_ENV]: "sqs" }, 2);
    assert.deepStrictEqual(r.results.map((x) => x.code), ["ENETUNREACH", "ENETUNREACH"]);
    assert.ok(r.results.every((x) => x.ms < 200), JSON.stringify(r.results));
    assert.strictEqual(r.stderr.match(/stackfile: no route to sqs/g)?.length, 1);
  });

  it("a route that does not connect fails at the connect timeout (not undici's 10 s), and the next call at once", async () => {
    const r = await fetchThroughGuard(`${hole.endpoint}/`, { AWS_ENDPOINT_URL_SQS: hole.endpoint }, 2);
    assert.deepStrictEqual(r.results.map((x) => x.code), ["ETIMEDOUT", "ETIMEDOUT"]);
    assert.ok(r.results[0].ms >= 900 && r.results[0].ms < 3000, `failed after ${r.results[0].ms} ms`);
    assert.ok(r.results[1].ms < 200, `the second call waited ${r.results[1].ms} ms`);
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
    assert.strictEqual(r.code, "ENETUNREACH");
    assert.ok(r.ms < 200, `failed after ${r.ms} ms`);
    assert.match(r.stderr, /stackfile: no route to sqs from this function's VPC/);
  });

  it("the same call with a route that does not connect fails at the connect timeout, not the function's", async () => {
    const r = await callThroughGuard(`${hole.endpoint}/`, { AWS_ENDPOINT_URL_SQS: hole.endpoint });
    assert.strictEqual(r.code, "ETIMEDOUT");
    assert.ok(r.ms >= 900 && r.ms < 3000, `failed after ${r.ms} ms`);
  });

  it("by host name too: sqs.<region>.amazonaws.com is SQS", async () => {
    const r = await callThroughGuard("https://sqs.us-east-1.amazonaws.com/", { [NO_ROUTE_ENV]: "sqs" });
    assert.strictEqual(r.code, "ENETUNREACH");
  });
});
