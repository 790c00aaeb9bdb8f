/**
 * Child resources of a WebAppFirewall, by id. The child named `<name>-<id>` is
 * what `overrides.<id>` (YAML) and `transform.<id>` (TypeScript) adjust.
 * - `webAcl`: aws.wafv2.WebAcl, the firewall (in us-east-1 for scope `cdn`)
 * - `ipSet`: aws.wafv2.IpSet, the addresses of an `ip-set` rule, one per
 *   address version it holds, named `<name>-ip-set-<rule index>-ipv4` / `-ipv6`
 */
export const WEB_APP_FIREWALL_CHILDREN = {
  webAcl: "aws:wafv2/webAcl:WebAcl",
  ipSet: "aws:wafv2/ipSet:IpSet",
} as const;

export const WEB_APP_FIREWALL_CHILD_IDS = Object.keys(WEB_APP_FIREWALL_CHILDREN) as WebAppFirewallChildId[];

export type WebAppFirewallChildId = keyof typeof WEB_APP_FIREWALL_CHILDREN;
