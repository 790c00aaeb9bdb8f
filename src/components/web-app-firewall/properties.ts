/** What a rule does with the requests it matches. `Count` only counts them (and labels them). */
export type WebAppFirewallAction = "Allow" | "Block" | "Count";

/** A rule group that AWS (or a Marketplace seller) writes and keeps up to date. */
export interface ManagedRuleGroupProperties {
  /**
   * Who publishes the group.
   * @default "AWS"
   */
  vendorName?: string;
  /**
   * The group's name, as the vendor publishes it.
   * @example "AWSManagedRulesCommonRuleSet"
   */
  name: string;
  /**
   * Rules of the group that only count (they never block): their matches are
   * counted and labelled. AWS's `ruleActionOverrides` with the Count action.
   * @example ["SizeRestrictions_BODY"]
   */
  excludedRules?: string[];
  /**
   * The whole group only counts (AWS's override action `count`): a way to
   * see what it would block before it blocks.
   * @default false
   */
  countOnly?: boolean;
}

/** Blocks a client that sends more than `limit` requests in 5 minutes. */
export interface RateBasedProperties {
  /**
   * Requests a client may send in a 5-minute window; above it the client's
   * requests are blocked until its rate falls below it again. AWS accepts 10
   * to 2,000,000,000.
   * @example 1000
   */
  limit: number;
  /**
   * What counts as one client: the request's source IP (`IP`), or the first
   * address of the `X-Forwarded-For` header (`FORWARDED_IP`, for clients behind a proxy).
   * @default "IP"
   */
  aggregateBasedOn?: "IP" | "FORWARDED_IP";
}

/** Allows or blocks requests from a list of address ranges. */
export interface IpSetProperties {
  /**
   * CIDR ranges, IPv4 or IPv6 (one address is `/32` or `/128`); any prefix but `/0`.
   * @example ["192.0.2.0/24", "2001:db8::/32"]
   */
  addresses: string[];
  /**
   * What happens to requests from these addresses.
   * @default "Block"
   */
  action?: WebAppFirewallAction;
}

/** Allows or blocks requests by the country they come from. */
export interface GeoMatchProperties {
  /**
   * ISO 3166 alpha-2 country codes.
   * @example ["KP", "IR"]
   */
  countryCodes: string[];
  /**
   * What happens to requests from these countries.
   * @default "Block"
   */
  action?: WebAppFirewallAction;
}

export interface ManagedRuleGroupRule {
  type: "managed-rule-group";
  properties: ManagedRuleGroupProperties;
}

export interface RateBasedRule {
  type: "rate-based";
  properties: RateBasedProperties;
}

export interface IpSetRule {
  type: "ip-set";
  properties: IpSetProperties;
}

export interface GeoMatchRule {
  type: "geo-match";
  properties: GeoMatchProperties;
}

/** One rule of the firewall; rules are evaluated in the order of the list. */
export type WebAppFirewallRule = ManagedRuleGroupRule | RateBasedRule | IpSetRule | GeoMatchRule;

/**
 * A web application firewall (an AWS WAF web ACL): AWS's managed rule groups,
 * a rate limit per client, IP allow and deny lists and geographic blocking,
 * in front of a CDN (`useFirewall` of a site or a gateway's CDN names it).
 * Request metrics and sampled requests are always on.
 */
export interface WebAppFirewallProperties {
  /**
   * What it protects: `cdn`, CloudFront distributions (the web ACL is made in
   * us-east-1, as AWS requires); `regional`, regional resources of the stack's region.
   * @default "cdn"
   */
  scope?: "cdn" | "regional";
  /**
   * What happens to a request no rule decided.
   * @default "Allow"
   */
  defaultAction?: "Allow" | "Block";
  /**
   * The rules, evaluated in this order (a rule's priority is its place in the list).
   * @example [{ "type": "managed-rule-group", "properties": { "name": "AWSManagedRulesCommonRuleSet" } }, { "type": "rate-based", "properties": { "limit": 1000 } }]
   */
  rules?: WebAppFirewallRule[];
}

/** Parameters other resources can read with `$ResourceParam(name, param)`. */
export const webAppFirewallParams = {
  /** The web ACL's ARN (what a CloudFront distribution's web ACL id is). */
  arn: { type: "string" },
  /** The web ACL's id. */
  id: { type: "string" },
} as const;
