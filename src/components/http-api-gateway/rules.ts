// Rules of http-api-gateway as pure functions (see redis-cluster/rules.ts).
import { HTTP_API_TAKES_NO_WAF } from "../../aws-rules/wafv2";
import { useFirewallArnProblems } from "../web-app-firewall/use-firewall";
import type { Problem } from "../../shared/messages/problem";
import { domainListProblems, sharedCertificateProblems } from "../../shared/domains/domain-rules";
import { forwardingNeedsLogs } from "../../shared/logging/log-forwarding-rules";
import { disabledLoggingWarnings, offSwitchWarnings } from "../../shared/schema/no-effect";
import type { WarningContext } from "../../shared/component/resource-definition";
import { authorizerProblems, authorizerWarnings } from "./authorizer-rules";
import { keyCovers, KEY_DEFAULTS } from "./cache-key";
import type { CdnSelection } from "./properties";

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | undefined => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Obj) : undefined);
const strings = (v: unknown): string[] | undefined =>
  Array.isArray(v) && v.every((x) => typeof x === "string") ? (v as string[]) : undefined;

const ALL_METHODS = ["DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT"];
const METHOD_SETS = [["GET", "HEAD"], ["GET", "HEAD", "OPTIONS"], ALL_METHODS];
const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x)) && b.every((x) => a.includes(x));
const twice = (list: string[]) => list.find((x, i) => list.indexOf(x) !== i);

/**
 * Headers CloudFront cannot add to origin requests, and prefixes ("Custom
 * headers that CloudFront can't add to origin requests").
 */
export const CLOUDFRONT_DENIED_ORIGIN_HEADERS = [
  "cache-control", "connection", "content-length", "cookie", "host", "if-match", "if-modified-since", "if-none-match", "if-range",
  "if-unmodified-since", "max-forwards", "pragma", "proxy-authenticate", "proxy-authorization", "proxy-connection", "range", "request-range",
  "te", "trailer", "transfer-encoding", "upgrade", "via", "x-real-ip",
];
export const CLOUDFRONT_DENIED_ORIGIN_HEADER_PREFIXES = ["x-amz-", "x-edge-"];

function selectionProblems(sel: unknown, path: (string | number)[], what: string): Problem[] {
  const s = obj(sel);
  if (!s || typeof s.behavior !== "string") return [];
  // A directive is an item too, whatever name it reads.
  const items = Array.isArray(s.items) ? s.items : undefined;
  const listed = s.behavior === "whitelist" || s.behavior === "allExcept";
  if (listed && (!items || items.length === 0)) {
    return [{ path: [...path, "items"], message: `${what} behavior '${s.behavior}' needs items: the names it lists` }];
  }
  if (!listed && items && items.length) {
    return [{ path: [...path, "items"], message: `${what} behavior '${s.behavior}' takes no items`, hint: "use 'whitelist' or 'allExcept' to list names" }];
  }
  return [];
}

export function httpApiGatewayStaticProblems(p: Obj): Problem[] {
  const out: Problem[] = [...forwardingNeedsLogs(p.logging, ["logging"]), ...authorizerProblems(p)];
  const seen = new Set<string>();
  for (const pr of domainListProblems(p.customDomains, false, seen)) out.push({ ...pr, path: ["customDomains", ...pr.path] });

  const cors = obj(p.cors);
  if (cors) {
    const origins = strings(cors.allowedOrigins) ?? (cors.allowedOrigins === undefined ? ["*"] : undefined);
    if (cors.allowCredentials === true && origins?.includes("*")) {
      out.push({
        path: ["cors", "allowCredentials"],
        message: "allowCredentials cannot be used with the origin '*' (browsers refuse it)",
        hint: "list the allowed origins in allowedOrigins",
      });
    }
    // With credentials, `*` in Access-Control-Allow-Methods/-Headers/-Expose-Headers
    // is the literal name "*", not a wildcard (Fetch standard, CORS protocol;
    // https://developer.mozilla.org/en-US/docs/Web/HTTP/Reference/Headers/Access-Control-Allow-Methods).
    if (cors.allowCredentials === true) {
      for (const [k, what] of [["allowedMethods", "methods"], ["allowedHeaders", "headers"], ["exposedResponseHeaders", "headers"]] as const) {
        const at = (strings(cors[k]) ?? []).indexOf("*");
        if (at >= 0) {
          out.push({
            path: ["cors", k, at],
            message: `with allowCredentials, browsers read '*' in cors.${k} as a ${what === "methods" ? "method" : "header"} named '*', not as any ${what === "methods" ? "method" : "header"}, so credentialed requests fail`,
            hint: `list the ${what} by name${k === "allowedMethods" ? " (or leave allowedMethods out: the gateway then lists its routes' methods)" : ""}`,
          });
        }
      }
    }
    for (const [i, o] of (strings(cors.allowedOrigins) ?? []).entries()) {
      if (o !== "*" && !/^https?:\/\/[^/\s]+$/.test(o) && !/^https?:\/\/\*\.[^/\s]+$/.test(o)) {
        out.push({ path: ["cors", "allowedOrigins", i], message: `'${o}' is not an origin: scheme, host and optional port, like https://app.example.com`, hint: "no path and no trailing slash" });
      }
    }
  }

  const cdn = obj(p.cdn);
  if (typeof p.useFirewall === "string" && cdn?.enabled !== true) {
    out.push({
      path: ["useFirewall"],
      message: `useFirewall needs cdn.enabled: true: ${HTTP_API_TAKES_NO_WAF.why} (${HTTP_API_TAKES_NO_WAF.source}), so the firewall goes on the CDN in front of it`,
      hint: "set cdn: { enabled: true }",
    });
  }
  out.push(...useFirewallArnProblems(p.useFirewall));
  if (cdn) {
    if (cdn.enabled !== true && Array.isArray(cdn.customDomains) && cdn.customDomains.length) {
      out.push({ path: ["cdn", "customDomains"], message: "cdn.customDomains needs cdn.enabled: true" });
    }
    for (const pr of domainListProblems(cdn.customDomains, true, seen)) out.push({ ...pr, path: ["cdn", "customDomains", ...pr.path] });
    out.push(...sharedCertificateProblems(cdn.customDomains, ["cdn", "customDomains"]));
    const caching = obj(cdn.cachingOptions) ?? {};
    const ttl = (k: string, d: number) => (caching[k] === undefined ? d : typeof caching[k] === "number" ? (caching[k] as number) : undefined);
    const [min, def, max] = [ttl("minTTL", 0), ttl("defaultTTL", 0), ttl("maxTTL", 31536000)];
    if (min !== undefined && def !== undefined && max !== undefined && !(min <= def && def <= max)) {
      out.push({ path: ["cdn", "cachingOptions"], message: `TTLs must satisfy minTTL <= defaultTTL <= maxTTL (got ${min}, ${def}, ${max})` });
    }
    if (max === 0) {
      const keys = obj(caching.cacheKeyParameters) ?? {};
      const used = ["cookies", "headers", "queryString"].filter((k) => obj(keys[k])?.behavior !== undefined && obj(keys[k])?.behavior !== "none");
      if (used.length) {
        out.push({ path: ["cdn", "cachingOptions", "cacheKeyParameters", used[0]], message: "with maxTTL 0 nothing is cached, so the cache key can hold no cookies, headers or query strings", hint: "set their behavior to none, or raise maxTTL" });
      }
    }
    const cacheMethods = strings(caching.cacheMethods);
    if (cacheMethods && twice(cacheMethods)) {
      out.push({ path: ["cdn", "cachingOptions", "cacheMethods"], message: `cacheMethods lists ${twice(cacheMethods)} twice` });
    } else if (cacheMethods && !sameSet(cacheMethods, METHOD_SETS[0]) && !sameSet(cacheMethods, METHOD_SETS[1])) {
      out.push({ path: ["cdn", "cachingOptions", "cacheMethods"], message: "cacheMethods must be [GET, HEAD] or [GET, HEAD, OPTIONS]" });
    }
    const keys = obj(caching.cacheKeyParameters) ?? {};
    for (const k of ["cookies", "headers", "queryString"]) {
      out.push(...selectionProblems(keys[k], ["cdn", "cachingOptions", "cacheKeyParameters", k], `cache key ${k}`));
    }
    const fwd = obj(cdn.forwardingOptions) ?? {};
    const allowed = strings(fwd.allowedMethods);
    if (allowed && twice(allowed)) {
      out.push({ path: ["cdn", "forwardingOptions", "allowedMethods"], message: `allowedMethods lists ${twice(allowed)} twice` });
    } else if (allowed && !METHOD_SETS.some((set) => sameSet(allowed, set))) {
      out.push({ path: ["cdn", "forwardingOptions", "allowedMethods"], message: "allowedMethods must be [GET, HEAD], [GET, HEAD, OPTIONS] or all seven methods (CloudFront's sets)" });
    } else if (allowed && cacheMethods && !cacheMethods.every((m) => allowed.includes(m))) {
      out.push({ path: ["cdn", "cachingOptions", "cacheMethods"], message: "cacheMethods must be among forwardingOptions.allowedMethods" });
    }
    for (const k of ["cookies", "headers", "queryString"]) {
      out.push(...selectionProblems(fwd[k], ["cdn", "forwardingOptions", k], `forwarded ${k}`));
    }
    if (max !== 0) out.push(...forwardedPastKeyProblems(keys, fwd));
    const headers = obj(fwd.headers);
    const forwarded = headers?.behavior === "whitelist" ? strings(headers.items) ?? [] : [];
    if (forwarded.some((h) => h.toLowerCase() === "host")) {
      out.push({ path: ["cdn", "forwardingOptions", "headers", "items"], message: "the Host header is never forwarded to the gateway (API Gateway needs its own host name)", hint: "remove 'host' from the list" });
    }
    const auth = forwarded.findIndex((h) => h.toLowerCase() === "authorization");
    if (auth >= 0) {
      out.push({
        path: ["cdn", "forwardingOptions", "headers", "items", auth],
        message: "an origin request policy cannot forward Authorization (CloudFront answers 400)",
        hint: "leave forwardingOptions.headers at its default (allExcept), which forwards it, or list it in cachingOptions.cacheKeyParameters.headers",
      });
    }
    (Array.isArray(fwd.customRequestHeaders) ? fwd.customRequestHeaders : []).forEach((h, i) => {
      const name = obj(h)?.headerName;
      if (typeof name !== "string") return;
      const at = ["cdn", "forwardingOptions", "customRequestHeaders", i, "headerName"];
      const lower = name.toLowerCase();
      const prefix = CLOUDFRONT_DENIED_ORIGIN_HEADER_PREFIXES.find((p) => lower.startsWith(p));
      if (!/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(name)) {
        out.push({ path: at, message: `'${name}' is not a valid header name` });
      } else if (prefix || CLOUDFRONT_DENIED_ORIGIN_HEADERS.includes(lower)) {
        out.push({ path: at, message: `CloudFront cannot add the header '${name}' to origin requests${prefix ? ` (no ${prefix.replace(/^x-(\w+)-$/, (_, w: string) => `X-${w[0].toUpperCase()}${w.slice(1)}-*`)} header)` : ""}`, hint: "see \"Custom headers that CloudFront can't add to origin requests\"; pick another name" });
      }
    });
  }
  return out;
}

/** A selection with plain string items, or undefined (directives and other shapes are checked elsewhere). */
function plainSelection(v: unknown): CdnSelection<string> | undefined {
  const s = obj(v);
  if (!s || typeof s.behavior !== "string") return undefined;
  const items = s.items === undefined ? [] : strings(s.items);
  return items ? { behavior: s.behavior, items } : undefined;
}

/**
 * With caching on, cookies and query strings forwarded to the gateway must
 * all be in the cache key: CloudFront keeps a value the origin request policy
 * adds out of the key, so a response that depends on it is served to viewers
 * who sent another value (cache-key.ts).
 */
function forwardedPastKeyProblems(keys: Obj, fwd: Obj): Problem[] {
  const out: Problem[] = [];
  for (const k of ["cookies", "queryString"] as const) {
    const forwarded = plainSelection(fwd[k]);
    const key = keys[k] === undefined ? KEY_DEFAULTS[k] : plainSelection(keys[k]);
    if (!forwarded || !key || keyCovers(key, forwarded)) continue;
    const what = k === "cookies" ? "cookies" : "query strings";
    out.push({
      path: ["cdn", "forwardingOptions", k],
      message: `forwardingOptions.${k} sends ${what} to the gateway that the cache key (cachingOptions.cacheKeyParameters.${k}: ${key.behavior}${key.items?.length ? ` ${key.items.join(", ")}` : ""}) leaves out, ` +
        `so a cached response that depends on them is served to viewers who sent others`,
      hint: `put them in cachingOptions.cacheKeyParameters.${k} (what the key holds always reaches the gateway), remove forwardingOptions.${k}, or turn caching off with cachingOptions.maxTTL: 0`,
    });
  }
  return out;
}

/**
 * Settings that have no effect: CORS and CDN settings while they are off,
 * logging settings while logging is; a payloadFormat no route uses; and CORS
 * with no routes to allow and no allowedMethods (API Gateway then allows no
 * method, and every preflight fails).
 */
export function httpApiGatewayWarnings(p: Obj, ctx: WarningContext = { namedBy: [] }): Problem[] {
  const out: Problem[] = [
    ...offSwitchWarnings(p.cors, ["cors"], { key: "enabled", off: false, fix: "set cors.enabled: true" }),
    // cdn.customDomains without the CDN is an error of its own.
    ...offSwitchWarnings(p.cdn, ["cdn"], { key: "enabled", off: false, fix: "set cdn.enabled: true", except: ["customDomains"] }),
    ...disabledLoggingWarnings(p.logging, ["logging"]),
    ...authorizerWarnings(p),
  ];
  const name = ctx.resource ?? "this gateway";
  const routed = p.routes !== undefined || ctx.namedBy.length > 0;
  if (p.payloadFormat !== undefined && !routed) {
    out.push({
      path: ["payloadFormat"],
      warning: true,
      message: `payloadFormat has no effect: no function routes to '${name}' (it is the format of the events its routes deliver); remove it, or add a function with an event for '${name}'`,
    });
  }
  const cors = obj(p.cors);
  if (cors?.enabled === true && cors.allowedMethods === undefined && !routed) {
    out.push({
      path: ["cors", "enabled"],
      warning: true,
      message: `CORS is on, but no function routes to '${name}' and cors.allowedMethods is not set, so no method is allowed and every preflight fails; ` +
        `add a function with an event for '${name}', or set cors.allowedMethods`,
    });
  }
  return out;
}
