// The firewall's rules as WAFv2 web ACL rules (the provider's input shape),
// pure: the component gives them to the web ACL, the rules count their
// capacity with the catalog's counter, dev reads the rate limits and IP rules.
import { cidrVersion } from "../../aws-rules/wafv2";
import type { WebAppFirewallAction, WebAppFirewallProperties, WebAppFirewallRule } from "./properties";

type Obj = Record<string, any>;

/** An IP set of an `ip-set` rule: one per address version its addresses hold. */
export interface IpSetOfRule {
  /** The rule's place in the list. */
  rule: number;
  version: "IPV4" | "IPV6";
  addresses: string[];
}

/** The IP sets the `ip-set` rules need, in rule order, IPv4 first. */
export function ipSetsOf(rules: readonly WebAppFirewallRule[] | undefined): IpSetOfRule[] {
  return (rules ?? []).flatMap((r, rule) => {
    if (r?.type !== "ip-set" || !Array.isArray(r.properties?.addresses)) return [];
    const addresses = r.properties.addresses.filter((a): a is string => typeof a === "string");
    return (["IPV4", "IPV6"] as const).flatMap((version) => {
      const mine = addresses.filter((a) => cidrVersion(a) === version);
      return mine.length ? [{ rule, version, addresses: mine }] : [];
    });
  });
}

/** An action in the provider's shape: `{ block: {} }`. */
function action(a: WebAppFirewallAction | undefined): Obj {
  return { [(typeof a === "string" ? a : "Block").toLowerCase()]: {} };
}

/** A rule's name (and metric name): its place and kind, so each is its own. */
export function ruleName(rule: WebAppFirewallRule, index: number): string {
  return rule.type === "managed-rule-group" ? `${index}-${rule.properties.name}` : `${index}-${rule.type}`;
}

/**
 * The web ACL's rules: each at the priority of its place in the list (AWS
 * wants every priority different), metrics and sampled requests on.
 * `ipSetArn(rule, version)` is the ARN of that rule's IP set.
 */
export function aclRules<Arn>(props: WebAppFirewallProperties, ipSetArn: (rule: number, version: "IPV4" | "IPV6") => Arn): Obj[] {
  const sets = ipSetsOf(props.rules);
  return (props.rules ?? []).map((rule, priority) => {
    const name = ruleName(rule, priority);
    const visibilityConfig = { cloudwatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName: name };
    const base = { name, priority, visibilityConfig };
    switch (rule.type) {
      case "managed-rule-group": {
        const g = rule.properties;
        return {
          ...base,
          overrideAction: g.countOnly ? { count: {} } : { none: {} },
          statement: {
            managedRuleGroupStatement: {
              vendorName: g.vendorName ?? "AWS",
              name: g.name,
              ...(g.excludedRules?.length ? { ruleActionOverrides: g.excludedRules.map((r) => ({ name: r, actionToUse: { count: {} } })) } : {}),
            },
          },
        };
      }
      case "rate-based": {
        const forwarded = rule.properties.aggregateBasedOn === "FORWARDED_IP";
        return {
          ...base,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              limit: rule.properties.limit,
              aggregateKeyType: forwarded ? "FORWARDED_IP" : "IP",
              ...(forwarded ? { forwardedIpConfig: { headerName: "X-Forwarded-For", fallbackBehavior: "MATCH" } } : {}),
            },
          },
        };
      }
      case "ip-set": {
        const refs = sets.filter((s) => s.rule === priority).map((s) => ({ ipSetReferenceStatement: { arn: ipSetArn(priority, s.version) } }));
        return { ...base, action: action(rule.properties.action), statement: refs.length === 1 ? refs[0] : { orStatement: { statements: refs } } };
      }
      case "geo-match":
        return { ...base, action: action(rule.properties.action), statement: { geoMatchStatement: { countryCodes: rule.properties.countryCodes } } };
    }
  });
}
