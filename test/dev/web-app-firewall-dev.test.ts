// A web-app-firewall under `stackfile dev`: the gateway whose CDN names it by
// useFirewall gets its rate limit and IP set in front: requests over the limit
// get 403 (AWS WAF's answer to a Block), others reach the function; the rules
// that cannot run locally are listed once at start.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import type { DevSession } from "../../src/cli/dev-session";
import { startDevHere } from "./dev-here";
import { basePort } from "./dev-process";

describe("stackfile dev: web-app-firewall", function () {
  // Hang guard for two busy cores, not a timing.
  this.timeout(120_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "waf-dev-"));
  let out: string[] = [];
  let stop: () => void = () => undefined;
  let code: Promise<number> = Promise.resolve(0);
  let session: DevSession | undefined;

  before(async () => {
    fs.writeFileSync(path.join(dir, "hello.mjs"), "export async function handler() {\n  return { statusCode: 200, body: \"hello\" };\n}\n");
    fs.writeFileSync(path.join(dir, "stack.yaml"), `resources:
  edge:
    type: web-app-firewall
    properties:
      rules:
        - { type: managed-rule-group, properties: { name: AWSManagedRulesCommonRuleSet } }
        - { type: rate-based, properties: { limit: 10 } }
        - { type: geo-match, properties: { countryCodes: [KP] } }
  deny:
    type: web-app-firewall
    properties:
      rules:
        - { type: ip-set, properties: { addresses: [127.0.0.0/8] } }
  api:
    type: http-api-gateway
    properties: { cdn: { enabled: true }, useFirewall: edge }
  closed:
    type: http-api-gateway
    properties: { cdn: { enabled: true }, useFirewall: deny }
  files:
    type: bucket
    properties: { cdn: { enabled: true }, useFirewall: edge }
  hello:
    type: function
    properties:
      entryfilePath: ./hello.mjs
      events:
        - { type: http-api-gateway, properties: { httpApiGatewayName: api, path: /hello, method: GET } }
        - { type: http-api-gateway, properties: { httpApiGatewayName: closed, path: /hello, method: GET } }
`);
    ({ out, session, code, stop } = await startDevHere([path.join(dir, "stack.yaml"), "--port", String(basePort() + 50)]));
  });

  after(async () => {
    stop();
    assert.strictEqual(await code, 0, out.join("\n"));
  });

  it("the gateway behind a rate-based rule of limit 10 answers 10 requests and gives the 11th 403, which never reaches the gateway's log", async () => {
    const url = `${session!.output("api", "url")}/hello`;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await fetch(url);
      await res.text();
      statuses.push(res.status);
    }
    assert.deepStrictEqual(statuses, [...Array(10).fill(200), 403], out.join("\n"));
    const blocked = await fetch(url);
    assert.strictEqual(blocked.status, 403);
    assert.strictEqual(blocked.headers.get("apigw-requestid"), null);
    assert.match(await blocked.text(), /Forbidden/);
    assert.ok(out.some((l) => /^\[edge\] blocked a request from 127\.0\.0\.1 \(1-rate-based\): 403$/.test(l)), out.join("\n"));
    // The gateway's access log has the 10 it answered only.
    assert.strictEqual(out.filter((l) => l.startsWith("[api] {")).length, 10, out.join("\n"));
  });

  it("the gateway behind an IP set that blocks this machine's addresses answers 403 to every request", async () => {
    const res = await fetch(`${session!.output("closed", "url")}/hello`);
    assert.strictEqual(res.status, 403);
    assert.ok(out.some((l) => /^\[deny\] blocked a request from 127\.0\.0\.1 \(0-ip-set\): 403$/.test(l)), out.join("\n"));
  });

  it("says that a bucket's CDN naming it is not filtered (dev serves the bucket without its CDN)", () => {
    assert.deepStrictEqual(out.filter((l) => l.startsWith("[files] useFirewall")), ["[files] useFirewall edge is not applied: dev serves the bucket without its CDN"]);
  });

  it("says once, at start, which rules do not run locally", () => {
    const said = out.filter((l) => l.startsWith("[edge] not run locally"));
    assert.strictEqual(said.length, 1, out.join("\n"));
    assert.match(said[0], /0-AWSManagedRulesCommonRuleSet .*; 2-geo-match /);
    assert.ok(!out.some((l) => l.startsWith("[deny] not run locally")), out.join("\n"));
  });
});
