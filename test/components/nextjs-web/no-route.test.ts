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
