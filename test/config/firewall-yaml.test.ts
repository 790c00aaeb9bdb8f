// The web-app-firewall type in YAML: its rules at their lines at `validate`,
// the web ACL and IP sets in the plan of a stack, and `useFirewall` of a
// site and a gateway naming it.
import * as assert from "assert";
import * as path from "path";
import { analyzeStackfile, formatProblem } from "../../src/config/stackfile";
import { cli, tmpFile } from "../cli/cli-helpers";
import { exampleBuild } from "../nextjs-fixture";

const ROOT = path.resolve(__dirname, "../..");

const problems = (text: string) => analyzeStackfile("s.yaml", text).problems.map(formatProblem);

const FIREWALL = `resources:
  edge:
    type: web-app-firewall
    properties:
      rules:
        - type: managed-rule-group
          properties: { name: AWSManagedRulesCommonRuleSet }
        - type: rate-based
          properties: { limit: 1000 }
        - type: ip-set
          properties: { addresses: ["192.0.2.0/24"], action: Block }
        - type: geo-match
          properties: { countryCodes: [KP] }
`;

describe("web-app-firewall in YAML: validate", () => {
  it("accepts every kind of rule; other resources read its arn and id", () => {
    assert.deepStrictEqual(problems(FIREWALL), []);
  });

  it("says each refused rule value at its line, all at once", () => {
    const text = FIREWALL.replace("limit: 1000", "limit: 5").replace('"192.0.2.0/24"', '"192.0.2.7"').replace("[KP]", "[UK]").replace("AWSManagedRulesCommonRuleSet", "AWSManagedRulesCoreRuleSet");
    const found = problems(text);
    assert.strictEqual(found.length, 4, found.join("\n"));
    assert.match(found[0], /^s\.yaml:7:\d+: .*'AWSManagedRulesCoreRuleSet' is not an AWS managed rule group/);
    assert.match(found[1], /^s\.yaml:9:\d+: .*a rate limit is a whole number of requests from 10 to 2,000,000,000, not 5/);
    assert.match(found[2], /^s\.yaml:11:\d+: .*"192\.0\.2\.7" is not an IPv4 CIDR range .*192\.0\.2\.7\/32/);
    assert.match(found[3], /^s\.yaml:13:\d+: .*"UK" is not an ISO 3166 alpha-2 country code/);
  });

  it("refuses an unknown scope and a rule kind it does not have", () => {
    const found = problems(FIREWALL.replace("    properties:\n      rules:", "    properties:\n      scope: global\n      rules:").replace("type: geo-match", "type: regex"));
    assert.strictEqual(found.length, 2, found.join("\n"));
    assert.match(found[0], /^s\.yaml:5:\d+: .*scope/);
    assert.match(found[1], /^s\.yaml:13:\d+: /);
  });

  it("a directive in a rule is refused: the rules decide what is made", () => {
    const found = problems(`${FIREWALL.replace("limit: 1000", "limit: \"$ResourceParam('other', 'id')\"")}  other:\n    type: web-app-firewall\n`);
    assert.strictEqual(found.length, 1, found.join("\n"));
    assert.match(found[0], /^s\.yaml:9:\d+: .*must be a plain value/);
  });
});

describe("web-app-firewall in YAML: plan", () => {
  let plan: any;
  before(async () => {
    const r = await cli("plan", tmpFile(FIREWALL), "--json");
    assert.strictEqual(r.code, 0, r.err);
    plan = JSON.parse(r.out);
  });

  it("shows the web ACL (CLOUDFRONT, us-east-1) with its four rules in order, and the IP set", () => {
    const acl = plan.resources.find((x: any) => x.type === "aws:wafv2/webAcl:WebAcl");
    assert.strictEqual(acl.name, "edge-web-acl");
    assert.strictEqual(acl.inputs.scope, "CLOUDFRONT");
    assert.strictEqual(acl.inputs.region, "us-east-1");
    assert.deepStrictEqual(acl.inputs.rules.map((r: any) => [r.priority, r.name]), [[0, "0-AWSManagedRulesCommonRuleSet"], [1, "1-rate-based"], [2, "2-ip-set"], [3, "3-geo-match"]]);
    const set = plan.resources.find((x: any) => x.type === "aws:wafv2/ipSet:IpSet");
    assert.deepStrictEqual([set.name, set.inputs.addresses, set.inputs.scope], ["edge-ip-set-2-ipv4", ["192.0.2.0/24"], "CLOUDFRONT"]);
  });

  it("outputs the firewall's arn and id, the arn global (CLOUDFRONT scope)", () => {
    assert.deepStrictEqual(Object.keys(plan.outputs.edge).sort(), ["arn", "id"]);
    assert.match(plan.outputs.edge.arn, /^arn:aws:wafv2:us-east-1:\d{12}:global\/webacl\//);
  });
});

const GATEWAY = (props: string) => `  api:
    type: http-api-gateway
    properties:
${props}`;
const SITE = (useFirewall: string) => `  web:
    type: nextjs-web
    properties:
      appDirectory: ${path.join(ROOT, "examples", "nextjs-app")}
      useFirewall: ${useFirewall}
`;

describe("useFirewall names a web-app-firewall: validate", () => {
  it("a site and a gateway with a CDN name the stack's firewall; an ARN of a CLOUDFRONT web ACL is still taken", () => {
    assert.deepStrictEqual(problems(`${FIREWALL}${SITE("edge")}${GATEWAY("      cdn: { enabled: true }\n      useFirewall: edge\n")}`), []);
    assert.deepStrictEqual(problems(`${FIREWALL}${SITE("arn:aws:wafv2:us-east-1:123456789012:global/webacl/site/0a1b2c3d-0000-1111-2222-333344445555")}`), []);
  });

  it("a name that is no resource of the file is refused, with the firewalls there are", () => {
    const found = problems(`${FIREWALL}${SITE("edg")}`);
    assert.deepStrictEqual(found, [`s.yaml:18:20: useFirewall names 'edg', which is not a resource of this file; did you mean 'edge'?`]);
  });

  it("a resource of another type is refused", () => {
    const found = problems(`${FIREWALL}${GATEWAY("      cdn: { enabled: true }\n      useFirewall: web\n")}${SITE("edge")}`);
    assert.strictEqual(found.length, 1, found.join("\n"));
    assert.match(found[0], /^s\.yaml:18:20: useFirewall names 'web', a nextjs-web; it must name a web-app-firewall \(edge\)$/);
  });

  it("a firewall of scope regional is refused on a CloudFront distribution, with the reason and its source", () => {
    const found = problems(`${FIREWALL.replace("    properties:\n      rules:", "    properties:\n      scope: regional\n      rules:")}${SITE("edge")}`);
    assert.strictEqual(found.length, 1, found.join("\n"));
    assert.match(found[0], /^s\.yaml:19:20: useFirewall names web-app-firewall 'edge', of scope regional; a CloudFront distribution takes only a web ACL of scope cdn .*API_DistributionConfig\.html/);
  });

  it("a gateway without a CDN cannot take a firewall: AWS WAF protects REST APIs, not HTTP APIs (said with the source)", () => {
    const found = problems(`${FIREWALL}${GATEWAY("      useFirewall: edge\n")}`);
    assert.strictEqual(found.length, 1, found.join("\n"));
    assert.match(found[0], /^s\.yaml:17:20: useFirewall needs cdn\.enabled: true: AWS WAF protects API Gateway REST APIs, not HTTP APIs \(https:\/\/docs\.aws\.amazon\.com\/waf\/latest\/APIReference\/Welcome\.html/);
  });

  it("a REGIONAL web ACL's ARN is refused on a gateway's CDN as on a site", () => {
    const found = problems(GATEWAY("      cdn: { enabled: true }\n      useFirewall: arn:aws:wafv2:us-east-1:123456789012:regional/webacl/api/0a1b2c3d-0000-1111-2222-333344445555\n").replace("  api:", "resources:\n  api:"));
    assert.strictEqual(found.length, 1, found.join("\n"));
    assert.match(found[0], /useFirewall must be the ARN of a WAFv2 web ACL with CLOUDFRONT scope/);
  });
});

describe("useFirewall names a web-app-firewall: plan", () => {
  let plan: any;
  before(async () => {
    const r = await cli("plan", tmpFile(`${FIREWALL}${GATEWAY("      cdn: { enabled: true }\n      useFirewall: edge\n")}`), "--json");
    assert.strictEqual(r.code, 0, r.err);
    plan = JSON.parse(r.out);
  });

  it("the gateway's CDN distribution takes the firewall's ARN as its web ACL (the firewall is made first: its ARN is known)", () => {
    const dist = plan.resources.find((x: any) => x.type === "aws:cloudfront/distribution:Distribution" && x.parent === "api");
    assert.strictEqual(dist.inputs.webAclId, plan.outputs.edge.arn);
    assert.match(dist.inputs.webAclId, /:global\/webacl\//);
  });

  it("the gateway's stage takes no association (an HTTP API takes no web ACL)", () => {
    assert.deepStrictEqual(plan.resources.filter((x: any) => x.type === "aws:wafv2/webAclAssociation:WebAclAssociation"), []);
  });
});

describe("useFirewall names a web-app-firewall: a site's plan", function () {
  // Hang guard, not a timing: the example app's OpenNext build runs first on two busy cores.
  this.timeout(600_000);
  let plan: any;
  before(async () => {
    exampleBuild();
    const r = await cli("plan", tmpFile(`${FIREWALL}${SITE("edge")}`), "--json");
    assert.strictEqual(r.code, 0, r.err);
    plan = JSON.parse(r.out);
  });

  it("the site's distribution takes the firewall's ARN as its web ACL", () => {
    const dist = plan.resources.find((x: any) => x.type === "aws:cloudfront/distribution:Distribution" && x.parent === "web");
    assert.strictEqual(dist.inputs.webAclId, plan.outputs.edge.arn);
  });
});
