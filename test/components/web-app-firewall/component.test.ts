import * as assert from "assert";
import { WebAppFirewall, type WebAppFirewallArgs } from "../../../src/components/web-app-firewall";
import { run, outputValue } from "../../harness";

const ACL = "aws:wafv2/webAcl:WebAcl";
const IPSET = "aws:wafv2/ipSet:IpSet";

const everyKind: WebAppFirewallArgs = {
  rules: [
    { type: "managed-rule-group", properties: { name: "AWSManagedRulesCommonRuleSet", excludedRules: ["SizeRestrictions_BODY"] } },
    { type: "managed-rule-group", properties: { name: "AWSManagedRulesAmazonIpReputationList", countOnly: true } },
    { type: "rate-based", properties: { limit: 500 } },
    { type: "ip-set", properties: { addresses: ["192.0.2.0/24", "2001:db8::/32"], action: "Allow" } },
    { type: "geo-match", properties: { countryCodes: ["KP"] } },
  ],
};

describe("WebAppFirewall", () => {
  let r: Awaited<ReturnType<typeof run<WebAppFirewall>>>;
  before(async () => {
    r = await run(() => new WebAppFirewall("edge", everyKind));
  });

  it("makes a CLOUDFRONT web ACL in us-east-1 by default, allowing what no rule decides, metrics and sampled requests on", () => {
    const acl = r.one(ACL).inputs;
    assert.strictEqual(acl.scope, "CLOUDFRONT");
    assert.strictEqual(acl.region, "us-east-1");
    assert.deepStrictEqual(acl.defaultAction, { allow: {} });
    assert.deepStrictEqual(acl.visibilityConfig, { cloudwatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName: "edge" });
  });

  it("gives each rule the priority of its place, a name of its own and its own metrics", () => {
    const rules = r.one(ACL).inputs.rules as any[];
    assert.deepStrictEqual(rules.map((x) => x.priority), [0, 1, 2, 3, 4]);
    assert.deepStrictEqual(rules.map((x) => x.name), ["0-AWSManagedRulesCommonRuleSet", "1-AWSManagedRulesAmazonIpReputationList", "2-rate-based", "3-ip-set", "4-geo-match"]);
    for (const x of rules) assert.deepStrictEqual(x.visibilityConfig, { cloudwatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName: x.name });
  });

  it("runs AWS's managed groups by name: excluded rules only count, a countOnly group only counts", () => {
    const [common, reputation] = r.one(ACL).inputs.rules as any[];
    assert.deepStrictEqual(common.overrideAction, { none: {} });
    assert.deepStrictEqual(common.statement, { managedRuleGroupStatement: { vendorName: "AWS", name: "AWSManagedRulesCommonRuleSet", ruleActionOverrides: [{ name: "SizeRestrictions_BODY", actionToUse: { count: {} } }] } });
    assert.deepStrictEqual(reputation.overrideAction, { count: {} });
    assert.deepStrictEqual(reputation.statement, { managedRuleGroupStatement: { vendorName: "AWS", name: "AWSManagedRulesAmazonIpReputationList" } });
  });

  it("blocks a client above the rate limit, counted by source IP", () => {
    const rate = (r.one(ACL).inputs.rules as any[])[2];
    assert.deepStrictEqual(rate.action, { block: {} });
    assert.deepStrictEqual(rate.statement, { rateBasedStatement: { limit: 500, aggregateKeyType: "IP" } });
  });

  it("makes one IP set per address version of an ip-set rule, in the ACL's scope and region, and the rule matches either", async () => {
    const sets = r.all(IPSET);
    assert.deepStrictEqual(sets.map((s) => [s.name, s.inputs.ipAddressVersion, s.inputs.addresses, s.inputs.scope, s.inputs.region]), [
      ["edge-ip-set-3-ipv4", "IPV4", ["192.0.2.0/24"], "CLOUDFRONT", "us-east-1"],
      ["edge-ip-set-3-ipv6", "IPV6", ["2001:db8::/32"], "CLOUDFRONT", "us-east-1"],
    ]);
    const ipRule = (r.one(ACL).inputs.rules as any[])[3];
    assert.deepStrictEqual(ipRule.action, { allow: {} });
    const arns = ipRule.statement.orStatement.statements.map((s: any) => s.ipSetReferenceStatement.arn);
    assert.strictEqual(arns.length, 2);
    assert.match(arns[0], /^arn:aws:wafv2:us-east-1:\d{12}:global\/ipset\//);
  });

  it("blocks the listed countries by default", () => {
    const geo = (r.one(ACL).inputs.rules as any[])[4];
    assert.deepStrictEqual(geo.action, { block: {} });
    assert.deepStrictEqual(geo.statement, { geoMatchStatement: { countryCodes: ["KP"] } });
  });

  it("has the ACL's ARN and id as its parameters, and names its children <name>-<child-id>", async () => {
    assert.match(await outputValue(r.result.arn), /^arn:aws:wafv2:us-east-1:\d{12}:global\/webacl\/edge-web-acl-[0-9a-f]+\//);
    assert.match(await outputValue(r.result.id), /^[0-9a-f]{8}-/);
    assert.deepStrictEqual(r.resources.filter((x) => x.parent === "edge").map((x) => x.name).sort(), ["edge-ip-set-3-ipv4", "edge-ip-set-3-ipv6", "edge-web-acl"]);
  });

  it("scope regional: a REGIONAL web ACL in the stack's region; a forwarded-IP rate limit reads X-Forwarded-For; defaultAction Block", async () => {
    const reg = await run(() => new WebAppFirewall("api", { scope: "regional", defaultAction: "Block", rules: [{ type: "rate-based", properties: { limit: 100, aggregateBasedOn: "FORWARDED_IP" } }, { type: "ip-set", properties: { addresses: ["198.51.100.0/24"] } }] }));
    const acl = reg.one(ACL).inputs;
    assert.strictEqual(acl.scope, "REGIONAL");
    assert.strictEqual(acl.region, undefined);
    assert.deepStrictEqual(acl.defaultAction, { block: {} });
    assert.deepStrictEqual(acl.rules[0].statement.rateBasedStatement, { limit: 100, aggregateKeyType: "FORWARDED_IP", forwardedIpConfig: { headerName: "X-Forwarded-For", fallbackBehavior: "MATCH" } });
    assert.ok(acl.rules[1].statement.ipSetReferenceStatement, "one IP set: a plain reference, no OR");
    assert.strictEqual(reg.one(IPSET).inputs.scope, "REGIONAL");
  });

  it("overrides adjust a child by id", async () => {
    const o = await run(() => new WebAppFirewall("edge", { transform: { webAcl: { description: "mine" } } }));
    assert.strictEqual(o.one(ACL).inputs.description, "mine");
  });
});
