// `useFirewall` of the types with a CloudFront distribution (a site, a
// gateway's CDN, a bucket's CDN): the field names a web-app-firewall of the
// stack (made first, its ARN the distribution's web ACL) or gives the ARN of
// a web ACL made elsewhere. Each such type lists `useFirewallField(...)` in
// its definition's `resourceNames` and reads these rules; the firewall's
// facts stay here. No Pulumi: validate reads it.
import type { Problem } from "../../shared/messages/problem";
import type { ResourceNameField } from "../../shared/component/resource-definition";
import { webAppFirewallDefinition } from "./definition";

/** A WAFv2 web ACL that CloudFront can use: CLOUDFRONT scope lives in us-east-1 as `global`. */
export const CLOUDFRONT_WEB_ACL = /^arn:aws[a-z-]*:wafv2:us-east-1:\d{12}:global\/webacl\/[A-Za-z0-9_-]+\/[a-f0-9-]+$/;

const SCOPE_SOURCE = "https://docs.aws.amazon.com/cloudfront/latest/APIReference/API_DistributionConfig.html (WebACLId: a web ACL of CLOUDFRONT scope)";

/** Whether a `useFirewall` value is an ARN (a web ACL made elsewhere) rather than a name. */
export function isArn(value: string): boolean {
  return value.startsWith("arn:");
}

/** The key of `StackArgs.named` the named firewalls come under. */
export const FIREWALLS_ARG = "firewalls";

/**
 * `useFirewall` at `path` as a field naming a web-app-firewall of the stack:
 * an ARN is not a name, and a firewall of scope `regional` cannot serve a
 * CloudFront distribution.
 */
export function useFirewallField(path: string[] = ["useFirewall"]): ResourceNameField {
  return {
    path,
    type: webAppFirewallDefinition.type,
    arg: FIREWALLS_ARG,
    external: isArn,
    refusal: (target) => (target.scope === "regional"
      ? { message: `of scope regional; a CloudFront distribution takes only a web ACL of scope cdn (CLOUDFRONT, in us-east-1): ${SCOPE_SOURCE}`, hint: "remove scope: regional from the firewall (cdn is the default)" }
      : undefined),
  };
}

/** An ARN given as `useFirewall` must be a CLOUDFRONT web ACL's (names are the stack's: checked as names). */
export function useFirewallArnProblems(value: unknown, path: (string | number)[] = ["useFirewall"]): Problem[] {
  if (typeof value !== "string" || !isArn(value) || CLOUDFRONT_WEB_ACL.test(value)) return [];
  return [{
    path,
    message: "useFirewall must be the ARN of a WAFv2 web ACL with CLOUDFRONT scope (arn:aws:wafv2:us-east-1:<account>:global/webacl/<name>/<id>)",
    hint: value.includes(":regional/") ? "this web ACL is REGIONAL; CloudFront needs one created with CLOUDFRONT scope in us-east-1" : undefined,
  }];
}

/** A component made by a program gets no stack to look a name up in: a name there is refused, with what to give. */
export function useFirewallNameInProgram(value: unknown, path: (string | number)[] = ["useFirewall"]): Problem[] {
  if (typeof value !== "string" || isArn(value)) return [];
  return [{
    path,
    message: `useFirewall names '${value}': only a stack file's resources are looked up by name; a program gives the web ACL's ARN`,
    hint: "give the firewall's arn (new WebAppFirewall(...).arn) or an existing CLOUDFRONT web ACL's ARN",
  }];
}
