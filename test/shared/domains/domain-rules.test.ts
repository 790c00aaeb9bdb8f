import * as assert from "assert";
import { domainNameProblem } from "../../../src/shared/domains/domain-rules";
import { analyzeStackfile } from "../../../src/config/stackfile";
import { formatProblem } from "../../../src/config/stackfile";

describe("domain names", () => {
  it("refuses a trailing dot (CloudFront aliases, ACM and API Gateway take none), saying what to write", () => {
    assert.strictEqual(domainNameProblem("www.example.com."), "domainName 'www.example.com.' must not end with a dot; write 'www.example.com'");
    assert.strictEqual(domainNameProblem("www.example.com"), undefined);
  });

  it("refuses upper case (DNS names are case-insensitive; AWS keeps them in lower case)", () => {
    assert.strictEqual(domainNameProblem("WWW.Example.com"), "domainName 'WWW.Example.com' must be in lower case; write 'www.example.com'");
  });

  it("refuses the same domain in two resources, at the second, naming the first", () => {
    const text = `resources:
  api:
    type: http-api-gateway
    properties:
      customDomains:
        - domainName: api.example.com
  other:
    type: http-api-gateway
    properties:
      cdn:
        enabled: true
        customDomains:
          - domainName: api.example.com
`;
    const r = analyzeStackfile("s.yaml", text);
    assert.deepStrictEqual(r.problems.map(formatProblem), [
      "s.yaml:13:25: domain 'api.example.com' is already a custom domain of 'api' (customDomains[0].domainName); a domain points at one resource only, and its DNS records would overwrite the other's",
    ]);
  });
});
