// S3 bucket settings a bucket type writes: CORS and lifecycle configurations.
// The facts are exported for the bucket type's rules (they judge a stack
// file's properties with them); the catalog entries judge the planned
// resources.
import { asArray, isObject, type AwsRule, type Finding } from "./rule";
import { oneEach } from "./storage";

const CORS = "aws:s3/bucketCorsConfiguration:BucketCorsConfiguration";
const LIFECYCLE = "aws:s3/bucketLifecycleConfiguration:BucketLifecycleConfiguration";

/** The methods a CORS rule may allow (https://docs.aws.amazon.com/AmazonS3/latest/API/API_CORSRule.html, AllowedMethod). */
export const S3_CORS_METHODS = ["GET", "PUT", "HEAD", "POST", "DELETE"];
/** Rules of one CORS configuration (https://docs.aws.amazon.com/AmazonS3/latest/userguide/cors.html: "up to 100 rules"). */
export const S3_CORS_MAX_RULES = 100;
/** Rules of one lifecycle configuration (https://docs.aws.amazon.com/AmazonS3/latest/userguide/intro-lifecycle-rules.html: "up to 1,000 rules"). */
export const S3_LIFECYCLE_MAX_RULES = 1000;
/** An origin of a CORS rule holds at most one `*` (API_CORSRule: AllowedOrigin "can contain at most one * wildcard character"). */
export const corsOriginProblem = (origin: string): string | undefined =>
  (origin.split("*").length > 2 ? `origin ${JSON.stringify(origin)} has more than one * wildcard; S3 allows one` : undefined);

/**
 * The fewest days before objects may move to a storage class: S3 Standard-IA
 * and One Zone-IA take objects stored at least 30 days
 * (https://docs.aws.amazon.com/AmazonS3/latest/userguide/lifecycle-transition-general-considerations.html,
 * "Minimum days for transition"; https://docs.aws.amazon.com/AmazonS3/latest/API/API_Transition.html, Days).
 */
export function transitionMinimumDays(storageClass: unknown): number {
  return storageClass === "STANDARD_IA" || storageClass === "ONEZONE_IA" ? 30 : 0;
}

export const S3_BUCKET_SETTING_RULES: AwsRule[] = [
  {
    id: "s3/cors",
    types: [CORS],
    summary: "A CORS configuration has 1 to 100 rules, each allowing origins and methods among GET, PUT, HEAD, POST and DELETE, one per bucket",
    source: "https://docs.aws.amazon.com/AmazonS3/latest/API/API_CORSRule.html; https://docs.aws.amazon.com/AmazonS3/latest/userguide/cors.html (up to 100 rules)",
    check(r, ctx) {
      const out: Finding[] = oneEach(CORS, "a CORS configuration")(r, ctx, Infinity);
      const rules = asArray(r.inputs.corsRules);
      if (rules.length === 0 || rules.length > S3_CORS_MAX_RULES) out.push({ input: "corsRules", message: `a CORS configuration has 1 to ${S3_CORS_MAX_RULES} rules, not ${rules.length}` });
      rules.forEach((rule, i) => {
        const methods = asArray<string>(isObject(rule) ? rule.allowedMethods : []);
        const bad = methods.filter((m) => !S3_CORS_METHODS.includes(m));
        if (!methods.length || bad.length) out.push({ input: `corsRules.${i}.allowedMethods`, message: `allowed methods are one or more of ${S3_CORS_METHODS.join(", ")}${bad.length ? `, not ${bad.join(", ")}` : ""}` });
        const origins = asArray<string>(isObject(rule) ? rule.allowedOrigins : []);
        if (!origins.length) out.push({ input: `corsRules.${i}.allowedOrigins`, message: "a CORS rule allows at least one origin" });
        for (const o of origins) {
          const why = typeof o === "string" ? corsOriginProblem(o) : undefined;
          if (why) out.push({ input: `corsRules.${i}.allowedOrigins`, message: why });
        }
      });
      return out;
    },
    examples: {
      pass: [{ inputs: { bucket: "b", corsRules: [{ allowedMethods: ["GET", "PUT"], allowedOrigins: ["https://*.example.com"] }] } }],
      fail: [{ inputs: { bucket: "b", corsRules: [{ allowedMethods: ["PATCH"], allowedOrigins: ["https://*.*.example.com"] }] } }],
    },
  },
  {
    id: "s3/lifecycle",
    types: [LIFECYCLE],
    summary: "A lifecycle configuration has 1 to 1,000 rules; expirations are positive days; transitions to STANDARD_IA or ONEZONE_IA wait at least 30 days",
    source: "https://docs.aws.amazon.com/AmazonS3/latest/userguide/intro-lifecycle-rules.html (up to 1,000 rules); https://docs.aws.amazon.com/AmazonS3/latest/API/API_LifecycleExpiration.html (Days: a non-zero positive integer); https://docs.aws.amazon.com/AmazonS3/latest/userguide/lifecycle-transition-general-considerations.html (30 days before Standard-IA and One Zone-IA)",
    check(r, ctx) {
      const out: Finding[] = oneEach(LIFECYCLE, "a lifecycle configuration")(r, ctx, Infinity);
      const rules = asArray(r.inputs.rules);
      if (rules.length === 0 || rules.length > S3_LIFECYCLE_MAX_RULES) out.push({ input: "rules", message: `a lifecycle configuration has 1 to ${S3_LIFECYCLE_MAX_RULES} rules, not ${rules.length}` });
      rules.forEach((rule, i) => {
        if (!isObject(rule)) return;
        const days = isObject(rule.expiration) ? rule.expiration.days : undefined;
        if (typeof days === "number" && days < 1) out.push({ input: `rules.${i}.expiration.days`, message: `an expiration is at least 1 day after creation, not ${days}` });
        const transitions = [...asArray(rule.transitions).map((t, j) => ({ t, at: `rules.${i}.transitions.${j}`, days: isObject(t) ? t.days : undefined })),
          ...asArray(rule.noncurrentVersionTransitions).map((t, j) => ({ t, at: `rules.${i}.noncurrentVersionTransitions.${j}`, days: isObject(t) ? t.noncurrentDays : undefined }))];
        for (const { t, at, days: d } of transitions) {
          const min = transitionMinimumDays(isObject(t) ? t.storageClass : undefined);
          if (typeof d === "number" && d < min) out.push({ input: at, message: `objects move to ${(t as Record<string, unknown>).storageClass} after at least ${min} days, not ${d}` });
        }
      });
      return out;
    },
    examples: {
      pass: [{ inputs: { bucket: "b", rules: [{ id: "r", status: "Enabled", expiration: { days: 30 }, transitions: [{ days: 30, storageClass: "STANDARD_IA" }] }] } }],
      fail: [{ inputs: { bucket: "b", rules: [{ id: "r", status: "Enabled", transitions: [{ days: 7, storageClass: "ONEZONE_IA" }] }] } }],
    },
  },
];
