// The web-app-firewall type in YAML: its rules at their lines at `validate`,
// and the web ACL and IP sets in the plan of a stack.
import * as assert from "assert";
import { analyzeStackfile, formatProblem } from "../../src/config/stackfile";
import { cli, tmpFile } from "../cli/cli-helpers";

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
