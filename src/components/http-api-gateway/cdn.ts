// The CDN in front of the gateway: cache policy, origin request policy
// (never the Host header), a CloudFront distribution (HTTPS to the origin,
// TLS 1.2+ for viewers on custom domains) and its custom domains.
import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import type { CdnSelection, HttpApiCdn } from "./properties";
import type { ChildFactory } from "../../shared/component/child-factory";
import { cloudFrontAliasRecords, cloudFrontCertificate, viewerCertificate } from "../../shared/domains/cloudfront-domains";
import type { DeepInput } from "../../shared/component/inputs";
import { keyCovers, KEY_DEFAULTS } from "./cache-key";

const ALL_METHODS = ["DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT"];

export interface Cdn {
  distribution: aws.cloudfront.Distribution;
  /** The distribution's own domain (`dxxxx.cloudfront.net`). */
  domain: pulumi.Output<string>;
  customDomains: string[];
}

type Selection = DeepInput<CdnSelection<string>>;

/** A CloudFront cookies/headers/query strings config from a plain selection (`must`: names the cache key must hold). */
function plainConfig(kind: "cookie" | "header" | "queryString", sel: CdnSelection<string> | undefined, none: boolean, must: string[]) {
  const plural = kind === "queryString" ? "queryStrings" : `${kind}s`;
  if (none) return { [`${kind}Behavior`]: "none" };
  let list = [...(sel?.items ?? [])];
  let behavior = sel?.behavior ?? "none";
  const missing = must.filter((m) => !list.some((x) => x.toLowerCase() === m.toLowerCase()));
  // `all` holds every name, and `allExcept` every name it does not list.
  if (missing.length && behavior !== "all" && behavior !== "allExcept") {
    behavior = "whitelist";
    list = [...list, ...missing];
  }
  // The Host header is never forwarded: allExcept always lists it.
  if (kind === "header" && behavior === "allExcept" && !list.some((h) => h.toLowerCase() === "host")) list = [...list, "host"];
  return list.length
    ? { [`${kind}Behavior`]: behavior, [plural]: { items: list } }
    : { [`${kind}Behavior`]: behavior };
}

/** plainConfig over inputs. */
function config(kind: "cookie" | "header" | "queryString", sel: Selection | undefined, forceNone: pulumi.Input<boolean> = false, required: pulumi.Input<string[]> = []) {
  return pulumi.all([sel?.behavior ?? "none", sel?.items ?? [], forceNone, required])
    .apply(([behavior, items, none, must]) => plainConfig(kind, { behavior, items: items as string[] }, none, must as string[])) as pulumi.Output<any>;
}

/**
 * The cache key's cookies when an authorizer reads the Cookie header: all of
 * them where the key would hold none (a cached answer is then served only to
 * the same cookies), the key's own selection otherwise.
 */
function withCookies(sel: Selection | undefined, cachingOff: pulumi.Input<boolean>) {
  return pulumi.all([sel?.behavior ?? "none", sel?.items ?? [], cachingOff]).apply(([behavior, items, off]) =>
    plainConfig("cookie", behavior === "none" ? { behavior: "all" } : { behavior, items: items as string[] }, off, [])) as pulumi.Output<any>;
}

/**
 * The cookies or query strings the origin request policy adds. With caching
 * on, only a selection the cache key already covers (cache-key.ts): the
 * default forwarding (`all`) past a narrower key forwards nothing more, so the
 * gateway sees exactly the values the cached response is keyed on; an
 * explicit wider selection is refused by the rules before this runs.
 */
function forwardedConfig(kind: "cookie" | "queryString", fwd: Selection | undefined, key: Selection | undefined, cachingOff: pulumi.Input<boolean>) {
  const field = kind === "cookie" ? "cookies" : "queryString";
  return pulumi.all([pulumi.output(fwd), pulumi.output(key), cachingOff]).apply(([f, k, off]) => {
    const given = f as CdnSelection<string> | undefined;
    const covered = off || !given || keyCovers((k as CdnSelection<string> | undefined) ?? KEY_DEFAULTS[field], given);
    return plainConfig(kind, covered ? given : { behavior: "none" }, false, []);
  }) as pulumi.Output<any>;
}

/**
 * Headers the cache key must hold besides the user's, with caching on:
 * - `authorization` when the forwarding passes it on: CloudFront forwards it
 *   only as part of the cache key then (with caching off, allExcept forwards it);
 * - `origin` with CORS, or one origin's Access-Control-Allow-Origin is served
 *   to another; the preflight's request headers too when OPTIONS is cached.
 */
export function requiredCacheKeyHeaders(forwardedHeaders: CdnSelection<string> | undefined, corsEnabled: boolean, cacheMethods: string[]): string[] {
  const forwardsAuthorization = forwardedHeaders === undefined ||
    (forwardedHeaders.behavior === "allExcept" && !(forwardedHeaders.items ?? []).some((h) => h.toLowerCase() === "authorization"));
  return [
    ...(forwardsAuthorization ? ["authorization"] : []),
    ...(corsEnabled ? ["origin"] : []),
    ...(corsEnabled && cacheMethods.includes("OPTIONS") ? ["access-control-request-headers", "access-control-request-method"] : []),
  ].sort();
}

/**
 * Names the cache key must hold because authorizers read them (their identity
 * sources): a cached answer is then served only to a request with the same
 * credentials, never to another caller. Identity sources a key cannot hold
 * ($context, $stageVariables) are refused with caching on (authorizer-rules.ts).
 */
export interface AuthorizerKeyNames {
  headers: string[];
  queryStrings: string[];
  /** The authorizers that read the Cookie header: the key then holds the cookies (all of them, unless it names some). */
  cookies?: string[];
  /** The longest an answer may be cached (authorizer-rules.ts authorizedCacheLimit); undefined: no limit. */
  ttlLimit?: number;
}

export function createCdn(
  children: ChildFactory, cdn: DeepInput<HttpApiCdn>, originDomain: pulumi.Input<string>, corsEnabled: pulumi.Input<boolean> = false,
  authorizerKeys: AuthorizerKeyNames = { headers: [], queryStrings: [], cookies: [] },
  webAclId?: pulumi.Input<string>,
): Cdn {
  const { name } = children;
  const caching = cdn.cachingOptions ?? {};
  const keys = caching.cacheKeyParameters ?? {};
  const fwd = cdn.forwardingOptions ?? {};
  // Never longer than the authorizers keep their answers (a revoked key must stop working at the CDN too).
  const limited = (ttl: pulumi.Input<number> | undefined, byDefault: number) =>
    pulumi.output(ttl).apply((t) => Math.min(t ?? byDefault, authorizerKeys.ttlLimit ?? Infinity));
  const minTtl = limited(caching.minTTL, 0);
  const defaultTtl = limited(caching.defaultTTL, 0);
  const maxTtl = limited(caching.maxTTL, 31536000);
  // With maxTTL 0 nothing is cached, and CloudFront refuses a cache key then.
  const cachingOff = maxTtl.apply((m) => m === 0);
  const compress = pulumi.all([caching.disableCompression, cachingOff]).apply(([off, noCache]) => !off && !noCache);
  const keyHeaders = pulumi.all([pulumi.output(fwd.headers as Selection | undefined), corsEnabled, pulumi.output(caching.cacheMethods ?? ["GET", "HEAD"])])
    .apply(([sel, cors, methods]) => [...new Set([...requiredCacheKeyHeaders(sel as CdnSelection<string> | undefined, cors === true, methods as string[]), ...authorizerKeys.headers])].sort());

  const cachePolicy = children.make("cdnCachePolicy", aws.cloudfront.CachePolicy, {
    comment: `HTTP API ${name}: cache key`,
    minTtl,
    defaultTtl,
    maxTtl,
    parametersInCacheKeyAndForwardedToOrigin: {
      cookiesConfig: authorizerKeys.cookies?.length ? withCookies(keys.cookies, cachingOff) : config("cookie", keys.cookies, cachingOff),
      headersConfig: config("header", keys.headers, cachingOff, keyHeaders),
      queryStringsConfig: config("queryString", keys.queryString, cachingOff, authorizerKeys.queryStrings),
      enableAcceptEncodingGzip: compress,
      enableAcceptEncodingBrotli: compress,
    },
  });
  const originRequestPolicy = children.make("cdnOriginRequestPolicy", aws.cloudfront.OriginRequestPolicy, {
    comment: `HTTP API ${name}: forwarded to the gateway (never Host)`,
    cookiesConfig: forwardedConfig("cookie", fwd.cookies, keys.cookies, cachingOff),
    headersConfig: config("header", fwd.headers),
    queryStringsConfig: forwardedConfig("queryString", fwd.queryString, keys.queryString, cachingOff),
  });

  const domains = cloudFrontCertificate({ children, prefix: "cdn" }, cdn.customDomains ?? []);

  const distribution = children.make("cdnDistribution", aws.cloudfront.Distribution, {
    enabled: true,
    comment: `HTTP API ${name}`,
    isIpv6Enabled: true,
    httpVersion: "http2and3",
    priceClass: cdn.cloudfrontPriceClass,
    aliases: domains.names,
    origins: [{
      originId: "api",
      domainName: originDomain,
      customOriginConfig: {
        httpPort: 80,
        httpsPort: 443,
        originProtocolPolicy: "https-only",
        originSslProtocols: ["TLSv1.2"],
      },
      customHeaders: (fwd.customRequestHeaders ?? []).map((h) => ({ name: h.headerName, value: h.value })),
    }],
    defaultCacheBehavior: {
      targetOriginId: "api",
      viewerProtocolPolicy: "redirect-to-https",
      allowedMethods: fwd.allowedMethods ?? ALL_METHODS,
      cachedMethods: caching.cacheMethods ?? ["GET", "HEAD"],
      cachePolicyId: cachePolicy.id,
      originRequestPolicyId: originRequestPolicy.id,
      compress,
    },
    restrictions: { geoRestriction: { restrictionType: "none" } },
    viewerCertificate: viewerCertificate(domains),
    // The gateway's firewall (useFirewall): an HTTP API takes none itself.
    webAclId,
  });

  cloudFrontAliasRecords(domains, distribution);
  return { distribution, domain: distribution.domainName, customDomains: domains.names };
}
