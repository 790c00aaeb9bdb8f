import * as assert from "assert";
import { webAppFirewallStaticProblems, webAppFirewallWarnings, firewallCapacity } from "../../../src/components/web-app-firewall/rules";

const paths = (ps: { path: (string | number)[] }[]) => ps.map((p) => p.path.join("."));
const rule = (type: string, properties: Record<string, unknown>) => ({ type, properties });
const group = (name: string, more: Record<string, unknown> = {}) => rule("managed-rule-group", { name, ...more });

describe("web-app-firewall static rules", () => {
  const cases: { name: string; rules: unknown[]; expect: string[] }[] = [
    { name: "no rules pass", rules: [], expect: [] },
    { name: "a rate limit of 10 passes (AWS's lowest since August 2024)", rules: [rule("rate-based", { limit: 10 })], expect: [] },
    { name: "a rate limit of 9 fails", rules: [rule("rate-based", { limit: 9 })], expect: ["rules.0.properties.limit"] },
    { name: "a rate limit above 2,000,000,000 fails", rules: [rule("rate-based", { limit: 2_000_000_001 })], expect: ["rules.0.properties.limit"] },
    { name: "CIDR ranges of both versions pass", rules: [rule("ip-set", { addresses: ["192.0.2.0/24", "198.51.100.7/32", "2001:db8::/32"] })], expect: [] },
    { name: "an address without a prefix and /0 fail, each at its place", rules: [rule("ip-set", { addresses: ["192.0.2.0/24", "192.0.2.7", "0.0.0.0/0", "2001:db8::"] })], expect: ["rules.0.properties.addresses.1", "rules.0.properties.addresses.2", "rules.0.properties.addresses.3"] },
    { name: "ISO 3166 alpha-2 codes pass", rules: [rule("geo-match", { countryCodes: ["US", "GB", "KP"] })], expect: [] },
    { name: "UK (not ISO: GB) and a lower-case code fail", rules: [rule("geo-match", { countryCodes: ["UK", "de"] })], expect: ["rules.0.properties.countryCodes.0", "rules.0.properties.countryCodes.1"] },
    { name: "an AWS managed group by its name passes", rules: [group("AWSManagedRulesKnownBadInputsRuleSet")], expect: [] },
    { name: "a misspelt AWS managed group fails", rules: [group("AWSManagedRulesCoreRuleSet")], expect: ["rules.0.properties.name"] },
    { name: "another vendor's group is not judged by name", rules: [group("SomeSellerRules", { vendorName: "Seller" })], expect: [] },
    { name: "rules at 5,000 WCUs pass (7 core rule sets and admin protection)", rules: [...Array.from({ length: 7 }, () => group("AWSManagedRulesCommonRuleSet")), group("AWSManagedRulesAdminProtectionRuleSet")], expect: [] },
    { name: "rules above 5,000 WCUs fail, at rules", rules: Array.from({ length: 8 }, () => group("AWSManagedRulesCommonRuleSet")), expect: ["rules"] },
    { name: "every problem at once", rules: [rule("rate-based", { limit: 1 }), rule("geo-match", { countryCodes: ["ZZ"] }), group("Nope")], expect: ["rules.0.properties.limit", "rules.1.properties.countryCodes.0", "rules.2.properties.name"] },
    { name: "values not known yet are not judged", rules: [rule("rate-based", { limit: { unknown: true } }), rule("ip-set", { addresses: [{ unknown: true }] })], expect: [] },
  ];
  for (const c of cases) {
    it(c.name, () => assert.deepStrictEqual(paths(webAppFirewallStaticProblems({ rules: c.rules })), c.expect));
  }

  it("a directive where the list, a rule or an action is, is not judged (validate names it elsewhere)", () => {
    assert.deepStrictEqual(webAppFirewallStaticProblems({ rules: { unknown: true } }), []);
    assert.deepStrictEqual(webAppFirewallStaticProblems({ rules: [{ unknown: true }, rule("ip-set", { addresses: ["192.0.2.0/24"], action: { unknown: true } })] }), []);
    assert.deepStrictEqual(webAppFirewallStaticProblems({ rules: [rule("geo-match", { countryCodes: ["US"], action: { unknown: true } })] }), []);
  });

  it("counts capacity as AWS does: 700 for the core rule set, 2 for a rate-based rule, 1 for an IP set or a geo match, one per IP set of each version", () => {
    const p = { rules: [group("AWSManagedRulesCommonRuleSet"), rule("rate-based", { limit: 100 }), rule("geo-match", { countryCodes: ["US"] }), rule("ip-set", { addresses: ["192.0.2.0/24", "2001:db8::/32"] })] };
    assert.deepStrictEqual(firewallCapacity(p), { total: 700 + 2 + 1 + 2, unknown: [] });
  });

  it("the message of a refused limit says AWS's range", () => {
    const [p] = webAppFirewallStaticProblems({ rules: [rule("rate-based", { limit: 5 })] });
    assert.match(p.message, /10 to 2,000,000,000/);
  });

  it("a misspelt AWS group is told the nearest name", () => {
    const [p] = webAppFirewallStaticProblems({ rules: [group("AWSManagedRulesCoreRuleSet")] });
    assert.strictEqual(p.hint, "did you mean 'AWSManagedRulesCommonRuleSet'?");
  });

  it("a single address is told how to write it as a range", () => {
    const [p] = webAppFirewallStaticProblems({ rules: [rule("ip-set", { addresses: ["192.0.2.7"] })] });
    assert.match(p.message, /192\.0\.2\.7\/32/);
  });
});

describe("web-app-firewall warnings", () => {
  it("warns above 1,500 WCUs (AWS charges more) and not at 1,500 or below", () => {
    const over = webAppFirewallWarnings({ rules: [group("AWSManagedRulesCommonRuleSet"), group("AWSManagedRulesCommonRuleSet"), group("AWSManagedRulesKnownBadInputsRuleSet")] });
    assert.deepStrictEqual(paths(over), ["rules"]);
    assert.ok(over[0].warning);
    assert.match(over[0].message, /1600 web ACL capacity units/);
    assert.deepStrictEqual(webAppFirewallWarnings({ rules: [group("AWSManagedRulesCommonRuleSet"), group("AWSManagedRulesCommonRuleSet"), group("AWSManagedRulesAdminProtectionRuleSet")] }), []);
  });

  it("warns that excludedRules has no effect on a group that only counts", () => {
    assert.deepStrictEqual(paths(webAppFirewallWarnings({ rules: [group("AWSManagedRulesCommonRuleSet", { countOnly: true, excludedRules: ["SizeRestrictions_BODY"] })] })), ["rules.0.properties.excludedRules"]);
    assert.deepStrictEqual(webAppFirewallWarnings({ rules: [group("AWSManagedRulesCommonRuleSet", { excludedRules: ["SizeRestrictions_BODY"] })] }), []);
  });
});
