import * as assert from "assert";
import { analyzeStackfile, formatProblem } from "../../src/config/stackfile";
import { cli } from "../cli/cli-helpers";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";

const problems = (text: string) => analyzeStackfile("s.yaml", text).problems.map(formatProblem);

describe("http-api-gateway in YAML", () => {
  it("a definition with only `type` is valid", () => {
    assert.deepStrictEqual(problems("resources:\n  api:\n    type: http-api-gateway\n"), []);
    assert.deepStrictEqual(problems("resources:\n  api:\n    type: http-api-gateway\n    properties:\n"), []);
  });

  it("tells to quote a payload format YAML read as a number", () => {
    assert.deepStrictEqual(problems("resources:\n  api:\n    type: http-api-gateway\n    properties:\n      payloadFormat: 2.0\n"), [
      's.yaml:5:22: payloadFormat must be one of 1.0, 2.0, not number 2; write it in quotes: "2.0"',
    ]);
  });

  it("points at the offending CORS, domain and CDN values", () => {
    const text = `resources:
  api:
    type: http-api-gateway
    properties:
      cors:
        enabled: true
        allowCredentials: true
        allowedMethods: [GET, FETCH]
      customDomains:
        - domainName: https://api.example.com
      cdn:
        enabled: true
        cachingOptions:
          cacheMethods: [GET]
        forwardingOptions:
          headers: { behavior: allViewer }
`;
    assert.deepStrictEqual(problems(text), [
      "s.yaml:7:27: allowCredentials cannot be used with the origin '*' (browsers refuse it); list the allowed origins in allowedOrigins",
      's.yaml:8:31: allowedMethods must be one of *, DELETE, GET, HEAD, OPTIONS, PATCH, POST, PUT, not the string "FETCH"; did you mean PATCH?',
      "s.yaml:10:23: domainName must not include a protocol: write 'api.example.com'",
      "s.yaml:14:25: cacheMethods must be [GET, HEAD] or [GET, HEAD, OPTIONS]",
      's.yaml:16:32: behavior must be one of none, whitelist, allExcept, not the string "allViewer"',
    ]);
  });

  it("knows which parameters a gateway has", () => {
    const base = `resources:
  api:
    type: http-api-gateway
    properties:
      cdn: { enabled: true }
  cache:
    type: redis-cluster
    properties:
      instanceSize: cache.t3.micro
      defaultUserPassword: "Correct-Horse-Battery-1"
      engineVersion: `;
    assert.deepStrictEqual(problems(base + "$ResourceParam(api, cdnUrl)\n").filter((p) => !p.includes("engineVersion must be")), []);
    assert.match(problems(base + "$ResourceParam(api, customDomains)\n")[0],
      /s.yaml:11:22: http-api-gateway 'api' has no 'customDomains' in its configuration; available: domain, url, cdnDomain, cdnUrl/);
  });

  it("checks overrides against the gateway's child ids", () => {
    assert.match(problems("resources:\n  api:\n    type: http-api-gateway\n    overrides:\n      stages: {}\n")[0], /s.yaml:5:7: 'stages' is not a child of http-api-gateway 'api'; did you mean 'stage'\?/);
  });

  it("plan shows the whole tree of a gateway with CORS, a custom domain and a CDN", async () => {
    const f = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "gw-")), "stack.yaml");
    fs.writeFileSync(f, `resources:
  api:
    type: http-api-gateway
    properties:
      cors: { enabled: true, allowedOrigins: ["$ResourceParam(web, cdnUrl)"] }
      customDomains: [{ domainName: api.example.com }]
      cdn: { enabled: true }
    overrides:
      stage: { description: tuned }
  web:
    type: http-api-gateway
    properties:
      cdn: { enabled: true }
`);
    const r = await cli("plan", f, "--json");
    assert.strictEqual(r.code, 0, r.err);
    const plan = JSON.parse(r.out);
    const types = plan.resources.filter((x: any) => x.parent === "api").map((x: any) => x.type.split(":")[1]).sort();
    assert.deepStrictEqual(types, [
      "acm/certificate", "acm/certificateValidation", "apigatewayv2/api", "apigatewayv2/apiMapping", "apigatewayv2/domainName",
      "apigatewayv2/stage", "cloudfront/cachePolicy", "cloudfront/distribution", "cloudfront/originRequestPolicy", "cloudwatch/logGroup",
      "cloudwatch/metricAlarm", "cloudwatch/metricAlarm", "cloudwatch/metricAlarm", "route53/record", "route53/record", "route53/record",
    ]);
    const api = plan.resources.find((x: any) => x.name === "api-api");
    assert.deepStrictEqual(api.inputs.corsConfiguration.allowOrigins, [plan.outputs.web.cdnUrl]);
    assert.strictEqual(plan.resources.find((x: any) => x.name === "api-stage").inputs.description, "tuned");
    assert.deepStrictEqual(Object.keys(plan.outputs.api), ["domain", "url", "customDomains", "customDomainUrls", "cdnDomain", "cdnUrl"]);
  });
});
