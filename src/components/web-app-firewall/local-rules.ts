// The firewall's rules that run locally, in front of dev's gateway and
// CloudFront stand-in: `rate-based` and `ip-set` rules and the default action,
// evaluated in the list's order as AWS WAF evaluates a web ACL's rules (the
// first Allow or Block ends it; Count goes on). Managed rule groups and
// geographic rules cannot run offline: `notRunLocally` lists them, for dev to
// say once at start. Pure but for the counts it keeps; the clock is given.
//
// AWS's semantics followed, and where local differs:
// - A blocked request gets 403 Forbidden (AWS WAF's default response to a
//   Block action, https://repost.aws/knowledge-center/waf-block-respond-403-forbidden-error;
//   with CloudFront, its 403 error page).
// - Rate: the requests of one client (its source IP, or the first address of
//   X-Forwarded-For with FORWARDED_IP) in the evaluation window looking back
//   from now, 300 s (the default; the web ACL sets no other,
//   https://docs.aws.amazon.com/waf/latest/developerguide/waf-rule-statement-type-rate-based-high-level-settings.html);
//   once there are more than `limit` (10 at least), further requests are
//   blocked until the count falls back to the limit.
// - AWS estimates the rate and checks it every so often, so a client can go
//   over the limit for up to several minutes (usually under 30 s) before it
//   is blocked, and stays blocked a while after it falls below
//   (https://docs.aws.amazon.com/waf/latest/developerguide/waf-rule-statement-type-rate-based-caveats.html).
//   dev counts every request exactly and at once: request `limit + 1` in the
//   window is the first blocked.
// - FORWARDED_IP: without the header the rule does not apply; a header whose
//   first address is not an IP matches (the fallback `MATCH` the component
//   sets; https://docs.aws.amazon.com/waf/latest/APIReference/API_ForwardedIPConfig.html).
import { BlockList, isIP } from "net";
import type { WebAppFirewallProperties, WebAppFirewallRule } from "./properties";
import { ruleName } from "./acl-rules";

/** AWS WAF's default evaluation window of a rate-based rule, in seconds. */
export const RATE_WINDOW_SECONDS = 300;

/** The most clients whose counts a rate rule keeps locally (the oldest go first): memory stays bounded. */
const MAX_CLIENTS = 10_000;

export interface FirewallRequest {
  sourceIp: string;
  headers: [string, string][];
}

export type FirewallDecision = { action: "Allow" | "Block"; by: string };

/** The rules dev cannot run here, by name and why (said once at start). */
export function notRunLocally(props: WebAppFirewallProperties): string[] {
  return (props.rules ?? []).flatMap((r, i) => {
    if (r.type === "managed-rule-group") return [`${ruleName(r, i)} (AWS's managed rule groups run only in AWS)`];
    if (r.type === "geo-match") return [`${ruleName(r, i)} (every local request comes from this machine, in no country)`];
    return [];
  });
}

/** The first address of X-Forwarded-For: undefined without the header, "" when it holds no IP. */
function forwardedIp(headers: [string, string][]): string | undefined {
  const values = headers.filter(([k]) => k.toLowerCase() === "x-forwarded-for").map(([, v]) => v);
  if (!values.length) return undefined;
  const first = values.join(",").split(",")[0].trim();
  return isIP(first) ? first : "";
}

/** Counts per client per second over the window; says whether a client is over its limit. */
function rateCounter(limit: number) {
  const clients = new Map<string, Map<number, number>>();
  return (client: string, nowMs: number): boolean => {
    const second = Math.floor(nowMs / 1000);
    const from = second - RATE_WINDOW_SECONDS + 1;
    let counts = clients.get(client);
    if (!counts) {
      if (clients.size >= MAX_CLIENTS) clients.delete(clients.keys().next().value!);
      counts = new Map();
    }
    clients.delete(client);
    clients.set(client, counts);
    counts.set(second, (counts.get(second) ?? 0) + 1);
    let total = 0;
    for (const [s, n] of counts) {
      if (s < from) counts.delete(s);
      else total += n;
    }
    return total > limit;
  };
}

type Step = (req: FirewallRequest, nowMs: number) => "Allow" | "Block" | undefined;

function step(rule: WebAppFirewallRule): Step | undefined {
  switch (rule.type) {
    case "ip-set": {
      const list = new BlockList();
      for (const cidr of rule.properties.addresses) {
        const [address, prefix] = cidr.split("/");
        const family = isIP(address) === 6 ? "ipv6" : "ipv4";
        list.addSubnet(address, Number(prefix ?? (family === "ipv6" ? 128 : 32)), family);
      }
      const action = rule.properties.action ?? "Block";
      return (req) => {
        const family = isIP(req.sourceIp) === 6 ? "ipv6" : "ipv4";
        if (!list.check(req.sourceIp, family)) return undefined;
        return action === "Count" ? undefined : action;
      };
    }
    case "rate-based": {
      const over = rateCounter(rule.properties.limit);
      const forwarded = rule.properties.aggregateBasedOn === "FORWARDED_IP";
      return (req, nowMs) => {
        const client = forwarded ? forwardedIp(req.headers) : req.sourceIp;
        if (client === undefined) return undefined;
        if (client === "") return "Block";
        return over(client, nowMs) ? "Block" : undefined;
      };
    }
    default:
      return undefined;
  }
}

/** The firewall's local decision for each request (its rate counts live as long as it does). */
export function localFirewall(props: WebAppFirewallProperties): (req: FirewallRequest, nowMs: number) => FirewallDecision {
  const steps = (props.rules ?? []).map((r, i) => ({ name: ruleName(r, i), run: step(r) }));
  const fallback = props.defaultAction ?? "Allow";
  return (req, nowMs) => {
    for (const s of steps) {
      const action = s.run?.(req, nowMs);
      if (action) return { action, by: s.name };
    }
    return { action: fallback, by: "default action" };
  };
}
