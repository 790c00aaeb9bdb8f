import type { AlarmSetting } from "../../shared/alarms/alarm-setting";
import type { DomainConfiguration } from "../../shared/domains/domain-properties";

/** Who can read the bucket's objects without credentials. */
export interface BucketAccessibility {
  /**
   * `private`: only identities granted access (connectTo, IAM statements, the
   * bucket's CDN) can read or write; S3's public access block is fully on.
   * `public-read`: anyone may read (GetObject) every object over HTTPS; writes
   * still need permissions. The public access block then lets the bucket's
   * policy grant it (public ACLs stay blocked).
   * @default "private"
   */
  accessibilityMode?: "private" | "public-read";
}

/** One CORS rule: which browser origins may call the bucket, with what. */
export interface BucketCorsRule {
  /**
   * Origins allowed (`*` for any; one `*` wildcard within an origin is allowed).
   * @default ["*"]
   * @example ["https://app.example.com"]
   */
  allowedOrigins?: string[];
  /**
   * Request headers allowed in a preflight's `Access-Control-Request-Headers`.
   * @default ["*"]
   * @example ["content-type"]
   */
  allowedHeaders?: string[];
  /**
   * HTTP methods allowed.
   * @default ["GET", "PUT", "HEAD", "POST", "DELETE"]
   * @example ["GET", "PUT"]
   */
  allowedMethods?: ("GET" | "PUT" | "HEAD" | "POST" | "DELETE")[];
  /**
   * Response headers a browser script may read.
   * @example ["ETag"]
   */
  exposedResponseHeaders?: string[];
  /**
   * Seconds a browser may cache the preflight's answer.
   * @minimum 0
   * @multipleOf 1
   * @example 3600
   */
  maxAge?: number;
}

/** Cross-origin access from browsers (S3's CORS configuration). */
export interface BucketCors {
  /**
   * Turns CORS on; without `corsRules`, one rule allows any origin, any
   * header and the methods GET, PUT, HEAD, POST and DELETE.
   * @default false
   */
  enabled: boolean;
  /**
   * The rules, first match wins (S3 takes at most 100).
   * @example [{ "allowedOrigins": ["https://app.example.com"], "allowedMethods": ["GET", "PUT"] }]
   */
  corsRules?: BucketCorsRule[];
}

/** Storage classes objects can move to. */
export type BucketStorageClass = "STANDARD_IA" | "ONEZONE_IA" | "INTELLIGENT_TIERING" | "GLACIER_IR" | "GLACIER" | "DEEP_ARCHIVE";

/** Which objects a lifecycle rule applies to. */
export interface LifecycleRuleFilter {
  /**
   * Only objects whose key starts with this prefix.
   * @example "logs/"
   */
  prefix?: string;
}

/** Deletes objects some days after they were uploaded. */
export interface ExpirationLifecycleRule {
  type: "expiration";
  properties: LifecycleRuleFilter & {
    /**
     * Days after upload (a positive whole number).
     * @minimum 1
     * @multipleOf 1
     * @example 30
     */
    daysAfterUpload: number;
  };
}

/** Moves objects to another storage class some days after they were uploaded. */
export interface ClassTransitionLifecycleRule {
  type: "class-transition";
  properties: LifecycleRuleFilter & {
    /**
     * Days after upload; at least 30 for STANDARD_IA and ONEZONE_IA.
     * @minimum 0
     * @multipleOf 1
     * @example 90
     */
    daysAfterUpload: number;
    /**
     * The class objects move to.
     * @example "GLACIER"
     */
    storageClass: BucketStorageClass;
  };
}

/** Deletes previous versions some days after they stopped being current (needs `versioning`). */
export interface NonCurrentVersionExpirationLifecycleRule {
  type: "non-current-version-expiration";
  properties: LifecycleRuleFilter & {
    /**
     * Days after a version became non-current (a positive whole number).
     * @minimum 1
     * @multipleOf 1
     * @example 30
     */
    daysAfterVersioned: number;
  };
}

/** Moves previous versions to another storage class (needs `versioning`). */
export interface NonCurrentVersionClassTransitionLifecycleRule {
  type: "non-current-version-class-transition";
  properties: LifecycleRuleFilter & {
    /**
     * Days after a version became non-current; at least 30 for STANDARD_IA and ONEZONE_IA.
     * @minimum 0
     * @multipleOf 1
     * @example 30
     */
    daysAfterVersioned: number;
    /**
     * The class versions move to.
     * @example "GLACIER"
     */
    storageClass: BucketStorageClass;
  };
}

/** Aborts multipart uploads left incomplete, and deletes their parts. */
export interface AbortIncompleteUploadLifecycleRule {
  type: "abort-incomplete-multipart-upload";
  properties: LifecycleRuleFilter & {
    /**
     * Days after the upload started (a positive whole number).
     * @minimum 1
     * @multipleOf 1
     * @example 7
     */
    daysAfterInitiation: number;
  };
}

/** One lifecycle rule: what happens to (some) objects as they age. */
export type BucketLifecycleRule =
  | ExpirationLifecycleRule | ClassTransitionLifecycleRule
  | NonCurrentVersionExpirationLifecycleRule | NonCurrentVersionClassTransitionLifecycleRule
  | AbortIncompleteUploadLifecycleRule;

/** A local directory whose files the bucket holds, synced on every deploy. */
export interface BucketDirectoryUpload {
  /**
   * The directory, relative to the stack file (in a program: to its working
   * directory). Each file becomes the object of its path within it
   * (`img/logo.png`), with a content type from its extension. A file removed
   * from the directory is deleted from the bucket by the next deploy; objects
   * the sync did not upload are left alone. A failed deploy loses no file:
   * the sync lists what it will change in `_stackfile/` in the bucket first
   * (so the directory may not hold a `_stackfile` folder).
   * @example "./public"
   */
  directoryPath: string;
}

/** CloudFront in front of the bucket: it reads the (private) bucket through origin access control. */
export interface BucketCdn {
  /**
   * Puts the CDN in front of the bucket.
   * @default false
   */
  enabled: boolean;
  /**
   * Domains of the CDN (one certificate for all of them, in us-east-1).
   * @example [{ "domainName": "files.example.com" }]
   */
  customDomains?: DomainConfiguration[];
  /**
   * The object the CDN answers a request for `/` with.
   * @example "index.html"
   */
  defaultRootObject?: string;
  /**
   * Edge locations used (and paid for).
   * @default "PriceClass_All"
   */
  cloudfrontPriceClass?: "PriceClass_100" | "PriceClass_200" | "PriceClass_All";
}

/** A bucket's alarms (docs/bucket.md): each a setting over its default, or `false` to switch it off. */
export interface BucketAlarms {
  /** With a CDN: its 5xx answers as a percentage of its requests; default: 5 (%) in a period of 300 s. */
  cdnServerErrors?: AlarmSetting | false;
}

/**
 * An S3 bucket, private and encrypted, with a TLS-only policy: objects are
 * read and written only over HTTPS.
 */
export interface BucketProperties {
  /**
   * Keeps every version of every object (overwrites and deletes keep the old
   * one). Once on, S3 can only suspend it: turning it off suspends it.
   * @default false
   */
  versioning?: boolean;
  /**
   * Server-side encryption with S3-managed keys (SSE-S3, AES256) as the
   * bucket's default. S3 encrypts every new object with SSE-S3 even without
   * it, so `false` only leaves the bucket's configuration unset.
   * @default true
   */
  encryption?: boolean;
  /** Who can read objects without credentials. */
  accessibility?: BucketAccessibility;
  /** Cross-origin access from browsers. */
  cors?: BucketCors;
  /**
   * What happens to objects as they age: expiration, storage-class
   * transitions, previous versions, incomplete multipart uploads.
   * @example [{ "type": "expiration", "properties": { "daysAfterUpload": 30, "prefix": "tmp/" } }]
   */
  lifecycleRules?: BucketLifecycleRule[];
  /** A local directory synced to the bucket on every deploy. */
  directoryUpload?: BucketDirectoryUpload;
  /** CloudFront in front of the bucket, with custom domains. */
  cdn?: BucketCdn;
  /**
   * The web ACL of the CDN (needs `cdn.enabled: true`): the name of a
   * `web-app-firewall` resource of this stack (scope `cdn`), or the ARN of a
   * WAFv2 web ACL with CLOUDFRONT scope.
   * @example "firewall"
   */
  useFirewall?: string;
  /** Its CloudWatch alarms, each on unless `false`: new thresholds and periods over the defaults. */
  alarms?: BucketAlarms;
}

/** Parameters other resources can read with `$ResourceParam(name, param)`. */
export const bucketParams = {
  /** The bucket's name. */
  name: { type: "string" },
  /** The bucket's ARN. */
  arn: { type: "string" },
  /** With a CDN: the distribution's own domain (`d111111abcdef8.cloudfront.net`). */
  cdnDomain: { type: "string", when: "cdn" },
  /** With a CDN: its URL, on the first custom domain if it has one, else on the distribution's domain. */
  cdnUrl: { type: "string", when: "cdn" },
} as const;

export type BucketParam = keyof typeof bucketParams;

/** Which parameters a bucket with these properties has: the CDN's only with `cdn.enabled: true`. */
export function bucketAvailableParams(p: { cdn?: unknown }): BucketParam[] {
  const cdn = typeof p.cdn === "object" && p.cdn !== null ? (p.cdn as { enabled?: unknown }) : {};
  return (Object.keys(bucketParams) as BucketParam[]).filter((k) => !("when" in bucketParams[k]) || cdn.enabled === true);
}
