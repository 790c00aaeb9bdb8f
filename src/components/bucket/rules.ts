// Rules of bucket as pure functions: plain values in, Problem[] out, for YAML
// validation and the component constructor. What S3 refuses is in
// aws-rules/s3-bucket-settings.ts (the catalog judges the planned resources
// with the same facts). A value of an unexpected type (a directive, an
// Output) is "not known yet" and never judged.
import type { Problem } from "../../shared/messages/problem";
import { domainListProblems, sharedCertificateProblems } from "../../shared/domains/domain-rules";
import { useFirewallArnProblems } from "../web-app-firewall/use-firewall";
import { defaultRootObjectProblem } from "../../aws-rules/cloudfront";
import { corsOriginProblem, S3_CORS_MAX_RULES, S3_LIFECYCLE_MAX_RULES, transitionMinimumDays } from "../../aws-rules/s3-bucket-settings";

const isMap = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** The day field of each lifecycle rule type that has a storage class. */
const TRANSITION_DAYS: Record<string, string> = { "class-transition": "daysAfterUpload", "non-current-version-class-transition": "daysAfterVersioned" };

function corsProblems(cors: unknown): Problem[] {
  if (!isMap(cors)) return [];
  const rules = list(cors.corsRules);
  const out: Problem[] = [];
  if (rules.length > S3_CORS_MAX_RULES) out.push({ path: ["cors", "corsRules"], message: `S3 takes at most ${S3_CORS_MAX_RULES} CORS rules, not ${rules.length}; merge rules that share methods` });
  rules.forEach((rule, i) => {
    if (!isMap(rule)) return;
    list(rule.allowedOrigins).forEach((o, j) => {
      const why = typeof o === "string" ? corsOriginProblem(o) : undefined;
      if (why) out.push({ path: ["cors", "corsRules", i, "allowedOrigins", j], message: why });
    });
  });
  return out;
}

function lifecycleProblems(rules: unknown): Problem[] {
  const all = list(rules);
  const out: Problem[] = [];
  if (all.length > S3_LIFECYCLE_MAX_RULES) out.push({ path: ["lifecycleRules"], message: `S3 takes at most ${S3_LIFECYCLE_MAX_RULES} lifecycle rules, not ${all.length}` });
  all.forEach((rule, i) => {
    if (!isMap(rule) || !isMap(rule.properties)) return;
    const field = TRANSITION_DAYS[String(rule.type)];
    if (!field) return;
    const days = rule.properties[field];
    const min = transitionMinimumDays(rule.properties.storageClass);
    if (typeof days === "number" && days < min) {
      out.push({ path: ["lifecycleRules", i, "properties", field], message: `S3 moves objects to ${String(rule.properties.storageClass)} only after at least ${min} days, not ${days}; use ${min} or more, or a class without a minimum (INTELLIGENT_TIERING, GLACIER_IR)` });
    }
  });
  return out;
}

/**
 * The CDN: custom domains and the firewall need it on; the domains as every
 * CloudFront distribution's (fully qualified, a us-east-1 certificate, one
 * certificate for all); a firewall given by ARN must be a CLOUDFRONT web ACL.
 */
function cdnProblems(p: Record<string, unknown>): Problem[] {
  const cdn = isMap(p.cdn) ? p.cdn : undefined;
  const on = cdn?.enabled === true;
  const out: Problem[] = [];
  if (typeof p.useFirewall === "string" && !on) {
    out.push({ path: ["useFirewall"], message: "useFirewall needs cdn.enabled: true: the web ACL goes on the bucket's CDN (S3 itself takes none)", hint: "set cdn: { enabled: true }" });
  }
  out.push(...useFirewallArnProblems(p.useFirewall));
  if (!cdn) return out;
  if (!on && list(cdn.customDomains).length) out.push({ path: ["cdn", "customDomains"], message: "cdn.customDomains needs cdn.enabled: true", hint: "set cdn.enabled: true" });
  for (const pr of domainListProblems(cdn.customDomains, true, new Set())) out.push({ ...pr, path: ["cdn", "customDomains", ...pr.path] });
  out.push(...sharedCertificateProblems(cdn.customDomains, ["cdn", "customDomains"]));
  const rootObject = typeof cdn.defaultRootObject === "string" ? defaultRootObjectProblem(cdn.defaultRootObject) : undefined;
  if (rootObject) out.push({ path: ["cdn", "defaultRootObject"], message: rootObject });
  return out;
}

/** Rules that hold for any single configuration. */
export function bucketStaticProblems(p: Record<string, unknown>): Problem[] {
  return [...corsProblems(p.cors), ...lifecycleProblems(p.lifecycleRules), ...cdnProblems(p)];
}

/** Settings that have no effect: the file is valid, but they are probably not what was meant. */
export function bucketWarnings(p: Record<string, unknown>): Problem[] {
  const out: Problem[] = [];
  if (p.encryption === false) {
    out.push({ path: ["encryption"], warning: true, message: "encryption: false has no effect: S3 encrypts every new object with SSE-S3 (AES256) anyway; remove it" });
  }
  if (isMap(p.cors) && p.cors.enabled !== true && list(p.cors.corsRules).length) {
    out.push({ path: ["cors", "corsRules"], warning: true, message: "corsRules have no effect without cors.enabled: true; enable CORS, or remove them" });
  }
  if (p.versioning !== true) {
    list(p.lifecycleRules).forEach((rule, i) => {
      if (isMap(rule) && typeof rule.type === "string" && rule.type.startsWith("non-current-version-")) {
        out.push({ path: ["lifecycleRules", i, "type"], warning: true, message: `a ${rule.type} rule has no effect without versioning: true (only versioned buckets keep previous versions); enable versioning, or remove the rule` });
      }
    });
  }
  return out;
}
