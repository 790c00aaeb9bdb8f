// CloudFront distributions, cache and origin request policies, functions and
// origin access controls.
import { asArray, isObject, type AwsRule, type Finding, type PlannedResource } from "./rule";

const DIST = "aws:cloudfront/distribution:Distribution";
const CACHE = "aws:cloudfront/cachePolicy:CachePolicy";
const ORP = "aws:cloudfront/originRequestPolicy:OriginRequestPolicy";
const FN = "aws:cloudfront/function:Function";
const OAC = "aws:cloudfront/originAccessControl:OriginAccessControl";

const QUOTAS = "https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/cloudfront-limits.html";

const ROOT_OBJECT_SOURCE = "https://docs.aws.amazon.com/cloudfront/latest/APIReference/API_DistributionConfig.html (DefaultRootObject: the object's name or path, not beginning with /); https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/DefaultRootObject.html";

/** Why CloudFront refuses a default root object, or undefined: it is a key, never beginning with `/`. */
export function defaultRootObjectProblem(value: string): string | undefined {
  return value.startsWith("/") ? `the default root object is an object's key, without a leading /: write '${value.replace(/^\/+/, "")}'` : undefined;
}

/** Every cache behavior of a distribution with its input path. */
function behaviors(r: PlannedResource): { at: string; b: Record<string, any> }[] {
  const out: { at: string; b: Record<string, any> }[] = [];
  if (isObject(r.inputs.defaultCacheBehavior)) out.push({ at: "defaultCacheBehavior", b: r.inputs.defaultCacheBehavior });
  asArray(r.inputs.orderedCacheBehaviors).forEach((b, i) => isObject(b) && out.push({ at: `orderedCacheBehaviors.${i}`, b }));
  return out;
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && new Set(a).size === a.length && a.every((x) => b.includes(x));
const ALLOWED_SETS = [["GET", "HEAD"], ["GET", "HEAD", "OPTIONS"], ["GET", "HEAD", "OPTIONS", "PUT", "PATCH", "POST", "DELETE"]];
const CACHED_SETS = [["GET", "HEAD"], ["GET", "HEAD", "OPTIONS"]];

const DENIED = [
  "cache-control", "connection", "content-length", "cookie", "host", "if-match", "if-modified-since", "if-none-match", "if-range",
  "if-unmodified-since", "max-forwards", "pragma", "proxy-authenticate", "proxy-authorization", "proxy-connection", "range", "request-range",
  "te", "trailer", "transfer-encoding", "upgrade", "via", "x-real-ip",
];

/** Items of a cookies/headers/query strings config (`headersConfig.headers.items`). */
function configItems(config: unknown, plural: string): string[] {
  return isObject(config) && isObject(config[plural]) ? asArray<string>(config[plural].items) : [];
}

/** Key quotas of a cache or origin request policy: 10 of each, 1024 characters of names. */
function policyKeyFindings(configs: Record<string, unknown>, base: string, limit: number): Finding[] {
  const out: Finding[] = [];
  let total = 0;
  for (const [key, plural] of [["cookiesConfig", "cookies"], ["headersConfig", "headers"], ["queryStringsConfig", "queryStrings"]]) {
    const items = configItems(configs[key], plural);
    total += items.join("").length;
    if (items.length > limit) out.push({ input: `${base}${key}`, message: `${items.length} ${plural} listed; a policy holds at most ${limit} by default (raise the quota, then plan with --quota)` });
  }
  if (total > 1024) out.push({ input: base.replace(/\.$/, "") || "headersConfig", message: `the names listed come to ${total} characters; CloudFront takes 1024` });
  return out;
}

const behavior = (b: Record<string, any>) => ({ inputs: { defaultCacheBehavior: { targetOriginId: "o", viewerProtocolPolicy: "redirect-to-https", allowedMethods: ["GET", "HEAD"], cachedMethods: ["GET", "HEAD"], ...b } } });
const dist = (inputs: Record<string, any>) => ({ inputs: { enabled: true, origins: [{ originId: "o", domainName: "example.com" }], defaultCacheBehavior: { targetOriginId: "o", allowedMethods: ["GET", "HEAD"], cachedMethods: ["GET", "HEAD"] }, viewerCertificate: { cloudfrontDefaultCertificate: true }, ...inputs } });
const policy = (headers: string[], ttl = 60) => ({ inputs: { minTtl: 0, defaultTtl: 0, maxTtl: ttl, parametersInCacheKeyAndForwardedToOrigin: { headersConfig: { headerBehavior: headers.length ? "whitelist" : "none", headers: { items: headers } }, cookiesConfig: { cookieBehavior: "none" }, queryStringsConfig: { queryStringBehavior: "none" } } } });

export const CLOUDFRONT_RULES: AwsRule[] = [
  {
    id: "cloudfront/methods",
    types: [DIST],
    summary: "A cache behavior allows GET,HEAD; GET,HEAD,OPTIONS; or all seven methods, and caches GET,HEAD or GET,HEAD,OPTIONS among them, each once",
    source: "https://docs.aws.amazon.com/cloudfront/latest/APIReference/API_AllowedMethods.html; https://docs.aws.amazon.com/cloudfront/latest/APIReference/API_CachedMethods.html",
    check(r) {
      const out: Finding[] = [];
      for (const { at, b } of behaviors(r)) {
        const allowed = asArray<string>(b.allowedMethods);
        const cached = asArray<string>(b.cachedMethods);
        if (!ALLOWED_SETS.some((s) => sameSet(allowed, s))) out.push({ input: `${at}.allowedMethods`, message: `allowed methods [${allowed.join(", ")}] are not one of CloudFront's sets (GET,HEAD; GET,HEAD,OPTIONS; all seven), each method once` });
        if (!CACHED_SETS.some((s) => sameSet(cached, s))) out.push({ input: `${at}.cachedMethods`, message: `cached methods [${cached.join(", ")}] must be GET,HEAD or GET,HEAD,OPTIONS, each once` });
        else if (!cached.every((m) => allowed.includes(m))) out.push({ input: `${at}.cachedMethods`, message: "cached methods must be among the allowed methods" });
      }
      return out;
    },
    examples: { pass: [behavior({})], fail: [behavior({ cachedMethods: ["GET", "HEAD", "HEAD"] })] },
  },
  {
    id: "cloudfront/cache-behaviors",
    types: [DIST],
    summary: "A distribution has at most 75 cache behaviors by default",
    source: `${QUOTAS} (Cache behaviors per distribution: 75, adjustable)`,
    quota: { default: 75, adjustable: true },
    check(r, _ctx, limit) {
      const n = asArray(r.inputs.orderedCacheBehaviors).length;
      return n > limit ? [{ input: "orderedCacheBehaviors", message: `${n} cache behaviors, more than the ${limit} a distribution has by default (a Next.js site gets one for each top-level entry of public/: move files into a folder, or raise "Cache behaviors per distribution" and plan with --quota cloudfront/cache-behaviors=N)` }] : [];
    },
    examples: {
      pass: [dist({ orderedCacheBehaviors: Array.from({ length: 75 }, (_, i) => ({ pathPattern: `/p${i}` })) })],
      fail: [dist({ orderedCacheBehaviors: Array.from({ length: 76 }, (_, i) => ({ pathPattern: `/p${i}` })) })],
    },
  },
  {
    id: "cloudfront/origins",
    types: [DIST],
    summary: "A distribution has at most 100 origins by default, each with an origin path that starts with / and does not end with one",
    source: `${QUOTAS} (Origins per distribution: 100, adjustable); https://docs.aws.amazon.com/cloudfront/latest/APIReference/API_Origin.html (OriginPath)`,
    quota: { default: 100, adjustable: true },
    check(r, _ctx, limit) {
      const origins = asArray(r.inputs.origins);
      const out: Finding[] = origins.length > limit ? [{ input: "origins", message: `${origins.length} origins, more than the ${limit} a distribution has by default` }] : [];
      origins.forEach((o, i) => {
        const p = isObject(o) ? o.originPath : undefined;
        if (typeof p === "string" && p !== "" && (!p.startsWith("/") || p.endsWith("/"))) out.push({ input: `origins.${i}.originPath`, message: `origin path '${p}' must start with / and not end with one` });
      });
      return out;
    },
    examples: { pass: [dist({ origins: [{ originId: "o", domainName: "b.s3.amazonaws.com", originPath: "/_assets" }] })], fail: [dist({ origins: [{ originId: "o", domainName: "b.s3.amazonaws.com", originPath: "_assets/" }] })] },
  },
  {
    id: "cloudfront/origin-custom-headers",
    types: [DIST],
    summary: "CloudFront adds no Host, Cookie, Cache-Control, X-Amz-*, X-Edge-* and other listed headers to origin requests; at most 30 headers by default, names of 256 and values of 1783 characters, 10,240 in all",
    source: "https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/add-origin-custom-headers.html#add-origin-custom-headers-denylist; " + QUOTAS,
    quota: { default: 30, adjustable: true },
    check(r, _ctx, limit) {
      const out: Finding[] = [];
      asArray(r.inputs.origins).forEach((o, i) => {
        const headers = isObject(o) ? asArray(o.customHeaders) : [];
        if (headers.length > limit) out.push({ input: `origins.${i}.customHeaders`, message: `${headers.length} custom headers, more than the ${limit} CloudFront adds by default` });
        let total = 0;
        headers.forEach((h, j) => {
          const name = String(isObject(h) ? h.name : "");
          const value = String(isObject(h) ? h.value ?? "" : "");
          total += name.length + value.length;
          const lower = name.toLowerCase();
          if (DENIED.includes(lower) || lower.startsWith("x-amz-") || lower.startsWith("x-edge-")) out.push({ input: `origins.${i}.customHeaders.${j}.name`, message: `CloudFront cannot add the header '${name}' to origin requests` });
          if (name.length > 256 || value.length > 1783) out.push({ input: `origins.${i}.customHeaders.${j}`, message: "a custom header's name is at most 256 characters and its value 1783" });
        });
        if (total > 10240) out.push({ input: `origins.${i}.customHeaders`, message: `custom header names and values come to ${total} characters; CloudFront takes 10,240` });
      });
      return out;
    },
    examples: {
      pass: [dist({ origins: [{ originId: "o", domainName: "example.com", customHeaders: [{ name: "x-origin-verify", value: "v" }] }] })],
      fail: [dist({ origins: [{ originId: "o", domainName: "example.com", customHeaders: [{ name: "X-Amz-Date", value: "v" }] }] })],
    },
  },
  {
    id: "cloudfront/aliases",
    types: [DIST],
    summary: "Alternate domain names are lower case without a final dot, at most 100 by default, covered by a certificate that is not CloudFront's own, each on one distribution only",
    source: "https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/CNAMEs.html; https://docs.aws.amazon.com/cloudfront/latest/APIReference/API_ViewerCertificate.html; " + QUOTAS,
    quota: { default: 100, adjustable: true },
    check(r, ctx, limit) {
      const aliases = asArray<string>(r.inputs.aliases);
      const out: Finding[] = [];
      if (aliases.length > limit) out.push({ input: "aliases", message: `${aliases.length} alternate domain names, more than the ${limit} a distribution has by default` });
      aliases.forEach((a, i) => {
        if (a !== a.toLowerCase() || a.endsWith(".")) out.push({ input: `aliases.${i}`, message: `alternate domain name '${a}' must be lower case without a final dot` });
        const other = ctx.resources.find((x) => x !== r && x.type === DIST && asArray(x.inputs.aliases).includes(a));
        if (other) out.push({ input: `aliases.${i}`, message: `'${a}' is also an alternate domain name of ${other.name}; CloudFront refuses it on a second distribution (CNAMEAlreadyExists)` });
      });
      const cert = isObject(r.inputs.viewerCertificate) ? r.inputs.viewerCertificate : {};
      if (aliases.length && (cert.cloudfrontDefaultCertificate === true || (!cert.acmCertificateArn && !cert.iamCertificateId))) {
        out.push({ input: "viewerCertificate", message: "alternate domain names need a certificate of their own (ACM), not CloudFront's default one" });
      }
      return out;
    },
    examples: { pass: [dist({})], fail: [dist({ aliases: ["www.example.com"] })] },
  },
  {
    id: "cloudfront/viewer-certificate",
    types: [DIST],
    summary: "A viewer certificate from ACM is in us-east-1, and TLS 1.2 policies need SNI",
    source: "https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/cnames-and-https-requirements.html; https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/distribution-web-values-specify.html#DownloadDistValues-security-policy",
    check(r) {
      const c = isObject(r.inputs.viewerCertificate) ? r.inputs.viewerCertificate : {};
      const out: Finding[] = [];
      if (typeof c.acmCertificateArn === "string" && !/^arn:aws[a-z-]*:acm:us-east-1:/.test(c.acmCertificateArn)) out.push({ input: "viewerCertificate.acmCertificateArn", message: "CloudFront takes ACM certificates from us-east-1 only" });
      if (typeof c.minimumProtocolVersion === "string" && /^TLSv1\.[12]_/.test(c.minimumProtocolVersion) && c.sslSupportMethod !== "sni-only") out.push({ input: "viewerCertificate.minimumProtocolVersion", message: `${c.minimumProtocolVersion} needs sslSupportMethod sni-only` });
      return out;
    },
    examples: {
      pass: [dist({ viewerCertificate: { acmCertificateArn: "arn:aws:acm:us-east-1:123456789012:certificate/abc", sslSupportMethod: "sni-only", minimumProtocolVersion: "TLSv1.2_2021" } })],
      fail: [dist({ viewerCertificate: { acmCertificateArn: "arn:aws:acm:eu-west-1:123456789012:certificate/abc", sslSupportMethod: "sni-only", minimumProtocolVersion: "TLSv1.2_2021" } })],
    },
  },
  {
    id: "cloudfront/edge-associations",
    types: [DIST],
    summary: "Lambda@Edge is associated by a numbered version in us-east-1 (never $LATEST), with the body only on viewer-request and origin-request; CloudFront Functions run on viewer events only",
    source: "https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/lambda-at-edge-function-restrictions.html; https://docs.aws.amazon.com/cloudfront/latest/APIReference/API_LambdaFunctionAssociation.html; https://docs.aws.amazon.com/cloudfront/latest/APIReference/API_FunctionAssociation.html",
    check(r) {
      const out: Finding[] = [];
      for (const { at, b } of behaviors(r)) {
        asArray(b.lambdaFunctionAssociations).forEach((l, i) => {
          if (!isObject(l)) return;
          const arn = String(l.lambdaArn ?? "");
          if (!/^arn:aws[a-z-]*:lambda:us-east-1:\d{12}:function:[A-Za-z0-9_-]+:\d+$/.test(arn)) out.push({ input: `${at}.lambdaFunctionAssociations.${i}.lambdaArn`, message: `'${arn}' is not a numbered version of a function in us-east-1` });
          if (l.includeBody === true && !["viewer-request", "origin-request"].includes(l.eventType)) out.push({ input: `${at}.lambdaFunctionAssociations.${i}.includeBody`, message: `the body is passed only on viewer-request and origin-request, not ${l.eventType}` });
        });
        asArray(b.functionAssociations).forEach((f, i) => {
          if (isObject(f) && !["viewer-request", "viewer-response"].includes(f.eventType)) out.push({ input: `${at}.functionAssociations.${i}.eventType`, message: `CloudFront Functions run on viewer-request or viewer-response, not ${f.eventType}` });
        });
      }
      return out;
    },
    examples: {
      pass: [
        behavior({ lambdaFunctionAssociations: [{ eventType: "origin-request", lambdaArn: "arn:aws:lambda:us-east-1:123456789012:function:web-server:3", includeBody: true }] }),
        behavior({ lambdaFunctionAssociations: [{ eventType: "origin-request", lambdaArn: "arn:aws-us-gov:lambda:us-east-1:123456789012:function:web-server:3", includeBody: true }] }),
      ],
      fail: [behavior({ lambdaFunctionAssociations: [{ eventType: "origin-request", lambdaArn: "arn:aws:lambda:us-east-1:123456789012:function:web-server:$LATEST", includeBody: true }] })],
    },
  },
  {
    id: "cloudfront/web-acl",
    types: [DIST],
    summary: "A distribution's web ACL is a WAFv2 ACL of CLOUDFRONT scope (us-east-1, global)",
    source: "https://docs.aws.amazon.com/cloudfront/latest/APIReference/API_DistributionConfig.html (WebACLId); https://docs.aws.amazon.com/waf/latest/developerguide/cloudfront-features.html",
    check(r) {
      const acl = r.inputs.webAclId;
      return typeof acl === "string" && acl !== "" && !/^arn:aws[a-z-]*:wafv2:us-east-1:\d{12}:global\/webacl\//.test(acl)
        ? [{ input: "webAclId", message: "the web ACL must be a WAFv2 ARN of CLOUDFRONT scope (arn:aws:wafv2:us-east-1:<account>:global/webacl/...)" }] : [];
    },
    examples: { pass: [dist({ webAclId: "arn:aws:wafv2:us-east-1:123456789012:global/webacl/site/0a1b" }), dist({ webAclId: "arn:aws-us-gov:wafv2:us-east-1:123456789012:global/webacl/site/0a1b" })], fail: [dist({ webAclId: "arn:aws:wafv2:eu-west-1:123456789012:regional/webacl/site/0a1b" })] },
  },
  {
    id: "cloudfront/default-root-object",
    types: [DIST],
    summary: "A distribution's default root object is an object's name or path, not beginning with /",
    source: ROOT_OBJECT_SOURCE,
    check(r) {
      const why = typeof r.inputs.defaultRootObject === "string" ? defaultRootObjectProblem(r.inputs.defaultRootObject) : undefined;
      return why ? [{ input: "defaultRootObject", message: why }] : [];
    },
    examples: { pass: [dist({ defaultRootObject: "index.html" }), dist({ defaultRootObject: "docs/index.html" })], fail: [dist({ defaultRootObject: "/index.html" })] },
  },
  {
    id: "cloudfront/comments",
    types: [DIST, CACHE, ORP, FN],
    summary: "Comments of distributions, policies and functions are at most 128 characters",
    source: "https://docs.aws.amazon.com/cloudfront/latest/APIReference/API_DistributionConfig.html (Comment); API_CachePolicyConfig.html; API_OriginRequestPolicyConfig.html; API_FunctionConfig.html",
    check(r) {
      const c = r.inputs.comment;
      return typeof c === "string" && c.length > 128 ? [{ input: "comment", message: `the comment has ${c.length} characters; CloudFront takes 128` }] : [];
    },
    examples: { pass: [{ inputs: { comment: "Next.js site web" } }], fail: [{ inputs: { comment: "c".repeat(129) } }] },
  },
  {
    id: "cloudfront/cache-policy-key",
    types: [CACHE],
    summary: "A cache policy's TTLs are ordered; with caching disabled (TTLs 0) its key holds nothing and no compression flags; 10 headers, cookies and query strings at most by default",
    source: `${QUOTAS} (Headers/Cookies/Query strings per cache policy: 10); the API's 'The parameter HeaderBehavior is invalid for policy with caching disabled' and 'EnableAcceptEncodingGzip is invalid for policy with caching disabled' (sladg/nextjs-lambda#89, ballPointPenguin/artificial-u#116)`,
    quota: { default: 10, adjustable: true },
    check(r, _ctx, limit) {
      const i = r.inputs;
      const out: Finding[] = [];
      const [min, def, max] = [i.minTtl ?? 0, i.defaultTtl ?? 86400, i.maxTtl ?? 31536000];
      if (!(min <= def && def <= max)) out.push({ input: "defaultTtl", message: `TTLs must be ordered minTtl <= defaultTtl <= maxTtl (got ${min}, ${def}, ${max})` });
      const p = isObject(i.parametersInCacheKeyAndForwardedToOrigin) ? i.parametersInCacheKeyAndForwardedToOrigin : {};
      if (max === 0) {
        for (const [key, field] of [["headersConfig", "headerBehavior"], ["cookiesConfig", "cookieBehavior"], ["queryStringsConfig", "queryStringBehavior"]]) {
          const b = isObject(p[key]) ? p[key][field] : undefined;
          if (b !== undefined && b !== "none") out.push({ input: `parametersInCacheKeyAndForwardedToOrigin.${key}`, message: `with caching disabled (TTLs 0) the cache key holds nothing, but ${field} is ${b}` });
        }
        if (p.enableAcceptEncodingGzip === true || p.enableAcceptEncodingBrotli === true) out.push({ input: "parametersInCacheKeyAndForwardedToOrigin.enableAcceptEncodingGzip", message: "with caching disabled (TTLs 0) CloudFront refuses the compression flags" });
      }
      out.push(...policyKeyFindings(p, "parametersInCacheKeyAndForwardedToOrigin.", limit));
      return out;
    },
    examples: { pass: [policy(["authorization", "origin"])], fail: [policy(["authorization"], 0)] },
  },
  {
    id: "cloudfront/origin-request-policy",
    types: [ORP],
    summary: "An origin request policy cannot list Authorization (or Accept-Encoding), and holds at most 10 headers, cookies and query strings by default",
    source: "https://repost.aws/knowledge-center/cloudfront-authorization-header; aws-cdk aws-cloudfront/lib/origin-request-policy.ts (Accept-Encoding and Authorization refused); " + QUOTAS,
    quota: { default: 10, adjustable: true },
    check(r, _ctx, limit) {
      const out = policyKeyFindings(r.inputs, "", limit);
      const h = isObject(r.inputs.headersConfig) ? r.inputs.headersConfig : {};
      if (["whitelist", "allViewerAndWhitelistCloudFront"].includes(h.headerBehavior)) {
        const bad = configItems(h, "headers").find((x) => ["authorization", "accept-encoding"].includes(x.toLowerCase()));
        if (bad) out.push({ input: "headersConfig", message: `an origin request policy cannot list ${bad} (CloudFront answers 400); put it in the cache policy's key` });
      }
      return out;
    },
    examples: {
      pass: [{ inputs: { headersConfig: { headerBehavior: "allExcept", headers: { items: ["host"] } } } }],
      fail: [{ inputs: { headersConfig: { headerBehavior: "whitelist", headers: { items: ["Authorization"] } } } }],
    },
  },
  {
    id: "cloudfront/function-code",
    types: [FN],
    summary: "A CloudFront Function's code is at most 10 KB, on the cloudfront-js-1.0 or 2.0 runtime",
    source: `${QUOTAS} (Function size: 10 KB); https://docs.aws.amazon.com/cloudfront/latest/APIReference/API_FunctionConfig.html (Runtime)`,
    check(r) {
      const out: Finding[] = [];
      const code = r.inputs.code;
      if (typeof code === "string" && Buffer.byteLength(code) > 10240) out.push({ input: "code", message: `the code is ${Buffer.byteLength(code)} bytes; a CloudFront Function holds 10 KB` });
      if (!["cloudfront-js-1.0", "cloudfront-js-2.0"].includes(r.inputs.runtime)) out.push({ input: "runtime", message: `runtime must be cloudfront-js-1.0 or cloudfront-js-2.0, not ${JSON.stringify(r.inputs.runtime)}` });
      return out;
    },
    examples: { pass: [{ inputs: { runtime: "cloudfront-js-2.0", code: "function handler(e) { return e.request; }" } }], fail: [{ inputs: { runtime: "cloudfront-js-2.0", code: "x".repeat(10241) } }] },
  },
  {
    id: "cloudfront/origin-access-control",
    types: [OAC],
    summary: "An origin access control signs with sigv4 for an s3, lambda, mediastore or mediapackagev2 origin, always, never or unless the viewer signed",
    source: "https://docs.aws.amazon.com/cloudfront/latest/APIReference/API_OriginAccessControlConfig.html",
    check(r) {
      const i = r.inputs;
      const out: Finding[] = [];
      if (!["s3", "lambda", "mediastore", "mediapackagev2"].includes(i.originAccessControlOriginType)) out.push({ input: "originAccessControlOriginType", message: `origin type ${JSON.stringify(i.originAccessControlOriginType)} is not s3, lambda, mediastore or mediapackagev2` });
      if (!["always", "never", "no-override"].includes(i.signingBehavior)) out.push({ input: "signingBehavior", message: `signing behavior ${JSON.stringify(i.signingBehavior)} is not always, never or no-override` });
      if (i.signingProtocol !== "sigv4") out.push({ input: "signingProtocol", message: "the signing protocol is sigv4" });
      return out;
    },
    examples: {
      pass: [{ inputs: { originAccessControlOriginType: "s3", signingBehavior: "always", signingProtocol: "sigv4" } }],
      fail: [{ inputs: { originAccessControlOriginType: "lambda-url", signingBehavior: "always", signingProtocol: "sigv4" } }],
    },
  },
];

/** Policies of the plan that count toward an account's custom policy quota. */
function policiesPerAccount(type: string, what: string, quotaName: string): AwsRule {
  return {
    id: `cloudfront/${type === CACHE ? "cache" : "origin-request"}-policies-per-account`,
    types: [type],
    summary: `An account has at most 20 custom ${what} by default; each stack's count toward it`,
    source: `${QUOTAS} (${quotaName}: 20, adjustable)`,
    quota: { default: 20, adjustable: true },
    check(r, ctx, limit) {
      const all = ctx.resources.filter((x) => x.type === type);
      return all.length > limit && all[0] === r
        ? [{ input: "name", message: `this stack makes ${all.length} custom ${what}; an account has ${limit} by default, other stacks' included (raise "${quotaName}", then plan with --quota ${this.id}=N)` }]
        : [];
    },
    examples: {
      pass: [{ inputs: {} }],
      fail: [{ inputs: {} }, ...Array.from({ length: 20 }, (_, i) => ({ name: `p${i}`, inputs: {} }))],
    },
  };
}

CLOUDFRONT_RULES.push(
  policiesPerAccount(CACHE, "cache policies", "Custom cache policies per AWS account"),
  policiesPerAccount(ORP, "origin request policies", "Custom origin request policies per AWS account"),
);
