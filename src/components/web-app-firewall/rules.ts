// Rules of web-app-firewall as pure functions: plain values in, Problem[] out,
// for validate and the component. What AWS refuses (rate limits, CIDR ranges,
// country codes, managed group names, capacity) is in aws-rules/wafv2*.ts,
// with its source; these rules read it there. A value of an unexpected type
// (a directive, an Output) is not known yet and never judged.
import type { Problem } from "../../shared/messages/problem";
import { AWS_MANAGED_GROUPS, WEB_ACL_WCU_LIMIT, cidrProblem, countryCodeProblem, managedGroupProblem, rateLimitProblem } from "../../aws-rules/wafv2";
import { webAclCapacity } from "../../aws-rules/wafv2-capacity";
import { closest } from "../../shared/messages/suggest";
import { aclRules } from "./acl-rules";
import type { WebAppFirewallProperties } from "./properties";

type Obj = Record<string, unknown>;

/** The most capacity units a web ACL takes, and the most the basic price covers (https://aws.amazon.com/about-aws/whats-new/2023/04/aws-waf-web-acl-capacity-units-limits/). */
export const WCU = { max: WEB_ACL_WCU_LIMIT, priced: 1500 } as const;

function obj(v: unknown): Obj | undefined {
  return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Obj) : undefined;
}

function list(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

/** The rules' plain items, with their index. */
function rulesOf(p: Obj): { i: number; type: unknown; props: Obj }[] {
  return list(p.rules).flatMap((r, i) => {
    const rule = obj(r);
    const props = obj(rule?.properties);
    return rule && props ? [{ i, type: rule.type, props }] : [];
  });
}

/** The web ACL capacity units the rules use (a lower bound when a group's is not published: `unknown` names it). */
export function firewallCapacity(p: Obj) {
  // A value not known yet (a directive where a list or a rule is) is not counted.
  const known = Array.isArray(p.rules) && rulesOf(p).length === p.rules.length;
  return known ? webAclCapacity(aclRules(p as WebAppFirewallProperties, () => "arn")) : { total: 0, unknown: [] };
}

export function webAppFirewallStaticProblems(p: Obj): Problem[] {
  const out: Problem[] = [];
  for (const { i, type, props } of rulesOf(p)) {
    const at = (...rest: (string | number)[]) => ["rules", i, "properties", ...rest];
    if (type === "rate-based") {
      const why = rateLimitProblem(props.limit);
      if (why) out.push({ path: at("limit"), message: why });
    } else if (type === "ip-set") {
      list(props.addresses).forEach((a, j) => {
        if (typeof a !== "string") return;
        const why = cidrProblem(a);
        if (why) out.push({ path: at("addresses", j), message: why });
      });
    } else if (type === "geo-match") {
      list(props.countryCodes).forEach((c, j) => {
        if (typeof c !== "string") return;
        const why = countryCodeProblem(c);
        if (why) out.push({ path: at("countryCodes", j), message: why });
      });
    } else if (type === "managed-rule-group") {
      const why = managedGroupProblem(props.vendorName ?? "AWS", props.name);
      const near = why && typeof props.name === "string" ? closest(props.name, [...AWS_MANAGED_GROUPS]) : undefined;
      if (why) out.push({ path: at("name"), message: why, hint: near ? `did you mean '${near}'?` : undefined });
    }
  }
  const { total, unknown } = firewallCapacity(p);
  if (total > WCU.max) {
    out.push({
      path: ["rules"],
      message: `the rules use ${unknown.length ? "at least " : ""}${total} web ACL capacity units (WCUs); AWS takes at most ${WCU.max} in a web ACL`,
      hint: "remove a managed rule group (the core rule set alone uses 700)",
    });
  }
  return out;
}

/** Settings that have no effect, or cost more than one may expect: the file is valid. */
export function webAppFirewallWarnings(p: Obj): Problem[] {
  const out: Problem[] = [];
  for (const { i, type, props } of rulesOf(p)) {
    if (type === "managed-rule-group" && props.countOnly === true && list(props.excludedRules).length) {
      out.push({ path: ["rules", i, "properties", "excludedRules"], warning: true, message: "excludedRules has no effect with countOnly: true (every rule of the group only counts); remove one of them" });
    }
  }
  const { total } = firewallCapacity(p);
  if (total > WCU.priced && total <= WCU.max) {
    out.push({ path: ["rules"], warning: true, message: `the rules use ${total} web ACL capacity units (WCUs); above ${WCU.priced} AWS charges more for every request the firewall inspects` });
  }
  return out;
}
