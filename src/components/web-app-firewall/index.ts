import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import type { WebAppFirewallProperties, WebAppFirewallRule } from "./properties";
import type { WEB_APP_FIREWALL_CHILDREN } from "./child-ids";
import { webAppFirewallDefinition } from "./definition";
import { aclRules, ipSetsOf } from "./acl-rules";
import { Component, literal } from "../../shared/component/component";
import type { ChildTransforms } from "../../shared/component/children";
import { CLOUDFRONT_REGION } from "../../shared/domains/cloudfront-region";

/**
 * Arguments of {@link WebAppFirewall}: the YAML properties, plain values (the
 * scope and the rules decide what is made: the web ACL's region, the IP sets,
 * each rule's statement).
 */
export interface WebAppFirewallArgs extends WebAppFirewallProperties {
  /** Adjusts a child's arguments before it is created, by child id (see the class docs). */
  transform?: ChildTransforms<typeof WEB_APP_FIREWALL_CHILDREN>;
}

/**
 * An AWS WAF web ACL with the rules in order (each at the priority of its
 * place), CloudWatch metrics and sampled requests on for the ACL and every
 * rule, and one IP set per address version of each `ip-set` rule. Scope `cdn`
 * (the default) makes a CLOUDFRONT web ACL in us-east-1, as AWS requires,
 * with the stack's provider and the resource's own region; a site's or a
 * gateway's CDN takes its `arn` as the distribution's web ACL.
 *
 * Children (ids for `transform` / YAML `overrides`, names `<name>-<child-id>`):
 * `webAcl`; `ipSet` (named `<name>-ip-set-<rule index>-ipv4` / `-ipv6`).
 *
 * @example
 * const firewall = new WebAppFirewall("edge", {
 *   rules: [
 *     { type: "managed-rule-group", properties: { name: "AWSManagedRulesCommonRuleSet" } },
 *     { type: "rate-based", properties: { limit: 1000 } },
 *   ],
 * });
 * export const aclArn = firewall.arn;
 */
export class WebAppFirewall extends Component<typeof webAppFirewallDefinition, Omit<WebAppFirewallArgs, "transform">> {
  /** The web ACL's ARN. */
  public readonly arn: pulumi.Output<string>;
  /** The web ACL's id. */
  public readonly id: pulumi.Output<string>;
  /** `cdn` or `regional`: where the web ACL can be used. */
  public readonly scope: "cdn" | "regional";
  public readonly webAcl: aws.wafv2.WebAcl;

  constructor(name: string, args: WebAppFirewallArgs, opts?: pulumi.ComponentResourceOptions) {
    const { transform, ...properties } = args;
    super(webAppFirewallDefinition, name, { properties, transform }, opts);
    this.scope = literal(this.properties.scope) === "regional" ? "regional" : "cdn";
    const ipSets = this.ipSets();
    this.webAcl = this.acl(ipSets);
    this.arn = this.webAcl.arn;
    this.id = this.webAcl.id;
    this.registerOutputs({ arn: this.arn, id: this.id });
  }

  /** The provider's scope and the region the firewall's resources are made in (CLOUDFRONT: us-east-1). */
  private where(): { scope: string; region?: string } {
    return this.scope === "cdn" ? { scope: "CLOUDFRONT", region: CLOUDFRONT_REGION } : { scope: "REGIONAL" };
  }

  /** One IP set per address version of each `ip-set` rule, by `<rule>/<version>`. */
  private ipSets(): Map<string, aws.wafv2.IpSet> {
    const out = new Map<string, aws.wafv2.IpSet>();
    for (const set of ipSetsOf(this.properties.rules as WebAppFirewallRule[] | undefined)) {
      const made = this.children.suffixed(`-${set.rule}-${set.version.toLowerCase()}`).make("ipSet", aws.wafv2.IpSet, {
        ...this.where(),
        description: `Addresses of rule ${set.rule} of firewall ${this.children.name}`,
        ipAddressVersion: set.version,
        addresses: set.addresses,
      });
      out.set(`${set.rule}/${set.version}`, made);
    }
    return out;
  }

  private acl(ipSets: Map<string, aws.wafv2.IpSet>): aws.wafv2.WebAcl {
    const p = this.properties;
    const name = this.children.name;
    // The rules are plain values (literal-only); only the IP sets' ARNs are Outputs.
    const rules = aclRules(p as WebAppFirewallProperties, (rule, version) => ipSets.get(`${rule}/${version}`)!.arn);
    return this.children.make("webAcl", aws.wafv2.WebAcl, {
      ...this.where(),
      description: `Firewall ${name} (stackfile)`,
      defaultAction: literal(p.defaultAction) === "Block" ? { block: {} } : { allow: {} },
      rules: rules as unknown as pulumi.Input<aws.types.input.wafv2.WebAclRule[]>,
      visibilityConfig: { cloudwatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName: name.replace(/[^\w-]/g, "-").slice(0, 128) },
    });
  }
}
