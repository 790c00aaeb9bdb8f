import type { AlarmSetting } from "../../shared/alarms/alarm-setting";
import type { RetentionDays } from "../../shared/schema/enums";
import type { DomainConfiguration } from "../../shared/domains/domain-properties";
import type { LogForwarding } from "../../shared/logging/log-forwarding-properties";
import type { HttpApiAuthorizer } from "./authorizer-properties";

/** HTTP methods for CORS. `*` allows every method. */
export type CorsMethod = "*" | "DELETE" | "GET" | "HEAD" | "OPTIONS" | "PATCH" | "POST" | "PUT";

/** CORS headers the gateway answers preflight requests with. */
export interface HttpApiCors {
  /** Turns CORS on. */
  enabled: boolean;
  /**
   * Origins (scheme, host and port) allowed to call the API.
   * @default ["*"]
   */
  allowedOrigins?: string[];
  /**
   * Request headers allowed in calls.
   * @default ["Content-Type", "X-Amz-Date", "Authorization", "X-Api-Key", "X-Amz-Security-Token", "X-Amz-User-Agent"]
   */
  allowedHeaders?: string[];
  /** Methods allowed in calls. Defaults to the methods of the gateway's routes. */
  allowedMethods?: CorsMethod[];
  /** Whether browsers may send credentials (cookies, authorization headers). Not with origin `*`. */
  allowCredentials?: boolean;
  /** Response headers browsers may read. */
  exposedResponseHeaders?: string[];
  /**
   * Seconds browsers may cache a preflight answer.
   * @minimum 0
   * @maximum 86400
   * @multipleOf 1
   */
  maxAge?: number;
}

/** Access logs of the gateway's default stage. */
export interface HttpApiLogging {
  /**
   * Turns access logging off.
   * @default false
   */
  disabled?: boolean;
  /**
   * Format of each entry; every format carries requestId, ip, requestTime,
   * httpMethod, routeKey, status, protocol and responseLength.
   * @default "JSON"
   */
  format?: "CLF" | "CSV" | "JSON" | "XML";
  /**
   * Days the log group keeps entries.
   * @default 30
   */
  retentionDays?: RetentionDays;
  /** Forwards the access logs to an HTTP endpoint or a logs vendor. */
  logForwarding?: LogForwarding;
}

/** Cookies, headers or query strings, as CloudFront selects them. */
export interface CdnSelection<Behavior extends string> {
  /** `none`, `all`, only the listed ones (`whitelist`), or all but the listed ones (`allExcept`). */
  behavior: Behavior;
  /** Names, for `whitelist` and `allExcept`. */
  items?: string[];
}

/** Cookies selected (cache key or forwarding). */
export interface CdnCookieSelection extends CdnSelection<"none" | "all" | "whitelist" | "allExcept"> {}
/** Query strings selected (cache key or forwarding). */
export interface CdnQueryStringSelection extends CdnSelection<"none" | "all" | "whitelist" | "allExcept"> {}
/** Headers in the cache key. */
export interface CdnCacheKeyHeaderSelection extends CdnSelection<"none" | "whitelist"> {}
/** Headers forwarded to the gateway (never Host). */
export interface CdnForwardedHeaderSelection extends CdnSelection<"none" | "whitelist" | "allExcept"> {}

/** What makes two requests the same cached response. */
export interface CdnCacheKeyParameters {
  /** @default {"behavior": "none"} */
  cookies?: CdnCookieSelection;
  /** @default {"behavior": "none"} */
  headers?: CdnCacheKeyHeaderSelection;
  /** @default {"behavior": "all"} */
  queryString?: CdnQueryStringSelection;
}

/** How long and what the CDN caches. */
export interface CdnCachingOptions {
  /**
   * Seconds; the least time an object stays cached.
   * @default 0
   * @minimum 0
   * @multipleOf 1
   */
  minTTL?: number;
  /**
   * Seconds; used when the origin sends no Cache-Control.
   * @default 0
   * @minimum 0
   * @multipleOf 1
   */
  defaultTTL?: number;
  /**
   * Seconds; the most time an object stays cached.
   * @default 31536000
   * @minimum 0
   * @multipleOf 1
   */
  maxTTL?: number;
  /**
   * Methods whose responses are cached: GET and HEAD, optionally OPTIONS.
   * @default ["GET", "HEAD"]
   */
  cacheMethods?: ("GET" | "HEAD" | "OPTIONS")[];
  /**
   * Turns off gzip and brotli compression at the edge.
   * @default false
   */
  disableCompression?: boolean;
  /** Cookies, headers and query strings in the cache key (and forwarded). */
  cacheKeyParameters?: CdnCacheKeyParameters;
}

/** A header the CDN adds to every request to the gateway. */
export interface CdnCustomHeader {
  headerName: string;
  value: string;
}

/** What the CDN sends on to the gateway. The `Host` header is never forwarded. */
export interface CdnForwardingOptions {
  customRequestHeaders?: CdnCustomHeader[];
  /**
   * Methods the CDN accepts: GET and HEAD; GET, HEAD and OPTIONS; or all seven.
   * @default ["DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT"]
   */
  allowedMethods?: ("DELETE" | "GET" | "HEAD" | "OPTIONS" | "PATCH" | "POST" | "PUT")[];
  /** @default {"behavior": "all"} */
  cookies?: CdnCookieSelection;
  /**
   * `allExcept` always excludes `host`.
   * @default {"behavior": "allExcept", "items": ["host"]}
   */
  headers?: CdnForwardedHeaderSelection;
  /** @default {"behavior": "all"} */
  queryString?: CdnQueryStringSelection;
}

/** A CloudFront distribution in front of the gateway. */
export interface HttpApiCdn {
  /** Puts the CDN in front of the gateway. */
  enabled: boolean;
  cachingOptions?: CdnCachingOptions;
  forwardingOptions?: CdnForwardingOptions;
  /** Domains of the CDN (certificates in us-east-1). */
  customDomains?: DomainConfiguration[];
  /**
   * Edge locations used (and paid for).
   * @default "PriceClass_All"
   */
  cloudfrontPriceClass?: "PriceClass_100" | "PriceClass_200" | "PriceClass_All";
}

/**
 * An API Gateway HTTP API: the entry point from the internet to workloads,
 * path-based routing, TLS by default. No property is required.
 */
export interface HttpApiGatewayProperties {
  /**
   * Payload format of events delivered to integrations that set none themselves.
   * @default "1.0"
   */
  payloadFormat?: "1.0" | "2.0";
  cors?: HttpApiCors;
  /** Access logs; on by default. */
  logging?: HttpApiLogging;
  customDomains?: DomainConfiguration[];
  cdn?: HttpApiCdn;
  /**
   * Authorizers routes can name, by name (at most 10, AWS's quota per API).
   * See docs/authorizers.md.
   * @example {"users": {"type": "jwt", "issuerUrl": "https://login.example.com", "audience": ["api"]}}
   */
  authorizers?: Record<string, HttpApiAuthorizer>;
  /**
   * The authorizer of every route that names none (a route opts out with
   * `authorizer: none`). Absent: such routes are public.
   */
  defaultAuthorizer?: string;
  /** Its CloudWatch alarms, each on unless `false`: new thresholds and periods over the defaults. */
  alarms?: HttpApiGatewayAlarms;
  /**
   * The firewall in front of the gateway's CDN: the name of a
   * `web-app-firewall` resource of this stack (scope `cdn`), or the ARN of a
   * WAFv2 web ACL with CLOUDFRONT scope. Needs `cdn.enabled: true`: AWS WAF
   * protects REST APIs, not HTTP APIs, so the web ACL goes on the CDN.
   */
  useFirewall?: string;
}

/** A gateway's alarms (docs/http-api-gateway.md): each a setting over its default, or `false` to switch it off. */
export interface HttpApiGatewayAlarms {
  /** 5xx answers as a percentage of requests; default: 5 (%) in a period of 300 s. */
  serverErrors?: AlarmSetting | false;
  /** The 99th percentile of the time to answer, in milliseconds; default: 5000 in a period of 300 s. */
  latency?: AlarmSetting | false;
  /** With a CDN: its 5xx answers as a percentage of its requests; default: 5 (%) in a period of 300 s. */
  cdnServerErrors?: AlarmSetting | false;
}

/** Parameters other resources can read with `$ResourceParam(name, param)`. */
export const httpApiGatewayParams = {
  /** Default domain name of the API. */
  domain: { type: "string" },
  /** Default URL of the API. */
  url: { type: "string" },
  /** Comma-separated custom domain names; only with custom domains. */
  customDomains: { type: "string", when: "customDomains" },
  customDomainUrls: { type: "string", when: "customDomains" },
  /** Default domain of the CDN; only with a CDN without custom domains. */
  cdnDomain: { type: "string", when: "cdnDefault" },
  cdnUrl: { type: "string", when: "cdnDefault" },
  /** Comma-separated CDN custom domain names; only with CDN custom domains. */
  cdnCustomDomains: { type: "string", when: "cdnCustomDomains" },
  cdnCustomDomainUrls: { type: "string", when: "cdnCustomDomains" },
} as const;

export type HttpApiGatewayParam = keyof typeof httpApiGatewayParams;

/** Which parameters a gateway with these properties has. */
export function httpApiGatewayAvailableParams(p: {
  customDomains?: unknown; cdn?: { enabled?: unknown; customDomains?: unknown } | unknown;
}): HttpApiGatewayParam[] {
  const cdn = (typeof p.cdn === "object" && p.cdn !== null ? p.cdn : {}) as { enabled?: unknown; customDomains?: unknown };
  const has = (list: unknown) => Array.isArray(list) && list.length > 0;
  const when: Record<string, boolean> = {
    customDomains: has(p.customDomains),
    cdnDefault: cdn.enabled === true && !has(cdn.customDomains),
    cdnCustomDomains: cdn.enabled === true && has(cdn.customDomains),
  };
  return (Object.keys(httpApiGatewayParams) as HttpApiGatewayParam[]).filter((k) => {
    const spec = httpApiGatewayParams[k] as { when?: string };
    return !spec.when || when[spec.when];
  });
}
