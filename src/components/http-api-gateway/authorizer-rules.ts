// Rules of the gateway's authorizers and of the routes that use them, as pure
// functions over plain values (YAML validation, the component, `diff`).
// Sources:
// - identity sources: https://docs.aws.amazon.com/apigatewayv2/latest/api-reference/apis-apiid-authorizers.html
//   (IdentitySource: `$request.header.X`, `$request.querystring.X`, `$context.X`, `$stageVariables.X`;
//   JWT: one header or query string);
// - simple responses only with payload 2.0, result caching up to 3600 s keyed by the identity sources:
//   https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-lambda-authorizer.html;
// - scopes only with JWT authorizers: https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-jwt-authorizer.html;
// - preflights and authorizers: https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-cors.html
//   ("Configuring CORS for an HTTP API with a $default route and an authorizer": a route that catches
//   OPTIONS and has an authorizer makes preflights authorized; an OPTIONS route without one answers them).
import type { Problem } from "../../shared/messages/problem";
import { closest } from "../../shared/messages/suggest";
import { userText } from "../../shared/messages/user-text";
import { isUnknown } from "../../shared/component/unknown";
import { identitySourceRefusal, parseIdentitySource } from "../../aws-rules/apigateway-identity-sources";

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | undefined => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Obj) : undefined);

/** The word a route uses to opt out of the gateway's default authorizer. */
export const NO_AUTHORIZER = "none";

/** The default identity source of a JWT authorizer. */
export const JWT_DEFAULT_IDENTITY_SOURCE = "$request.header.Authorization";

/** Why an identity source is refused for an authorizer of `type`, or undefined. */
export function identitySourceProblem(s: string, type: "jwt" | "lambda"): string | undefined {
  const why = identitySourceRefusal(s, type);
  return why === undefined ? undefined : `'${userText(s)}' is ${why}`;
}

/** Authorizer types that check a JWT (a `cognito` one is a JWT authorizer for a user pool of the stack). */
export const JWT_TYPES: readonly unknown[] = ["jwt", "cognito"];

/** The identity sources of an authorizer as written (JWT: one, its default when absent). */
export function identitySources(a: Obj): unknown[] {
  if (JWT_TYPES.includes(a.type)) return [a.identitySource === undefined ? JWT_DEFAULT_IDENTITY_SOURCE : a.identitySource];
  return Array.isArray(a.identitySource) ? a.identitySource : [];
}

/**
 * Header and query string names the authorizers read: what a CDN's cache key
 * must hold; and whether one reads the Cookie header, which CloudFront
 * carries only through its cookie settings (CookiesConfig,
 * https://docs.aws.amazon.com/cloudfront/latest/APIReference/API_CachePolicyCookiesConfig.html),
 * never as a header of the lists (it is among the headers CloudFront will
 * not add or forward as such: aws-rules/cloudfront.ts DENIED).
 */
export function authorizerKeyNames(authorizers: unknown): { headers: string[]; queryStrings: string[]; cookies: string[] } {
  const headers = new Set<string>();
  const queryStrings = new Set<string>();
  const cookies = new Set<string>();
  for (const [name, a] of Object.entries(obj(authorizers) ?? {})) {
    const o = obj(a);
    if (!o) continue;
    for (const s of identitySources(o)) {
      const parsed = typeof s === "string" ? parseIdentitySource(s) : undefined;
      if (parsed?.kind === "header" && parsed.name.toLowerCase() === "cookie") cookies.add(name);
      else if (parsed?.kind === "header") headers.add(parsed.name.toLowerCase());
      if (parsed?.kind === "querystring") queryStrings.add(parsed.name);
    }
  }
  return { headers: [...headers].sort(), queryStrings: [...queryStrings].sort(), cookies: [...cookies].sort() };
}

/**
 * The longest the CDN may keep an answer of a gateway with these authorizers,
 * in seconds (undefined: no authorizer, no limit). A cached answer is served
 * without asking the authorizer, so it must not outlive the authorizer's own
 * cached decision: a Lambda authorizer's `resultTtl` (0, its default, asks
 * every time); a JWT authorizer's 0 (API Gateway checks a token on every
 * request: "Working with JWT authorizers", and keeps no decision). After it, a
 * revoked key or an expired token is refused at the CDN as at the gateway.
 * One cache policy serves the whole gateway, so the shortest one counts.
 */
export function authorizedCacheLimit(authorizers: unknown): number | undefined {
  let limit: number | undefined;
  for (const a of Object.values(obj(authorizers) ?? {})) {
    const o = obj(a);
    if (!o) continue;
    const keeps = o.type === "lambda" && typeof o.resultTtl === "number" ? o.resultTtl : 0;
    limit = limit === undefined ? keeps : Math.min(limit, keeps);
  }
  return limit;
}

/** Whether the gateway's CDN caches anything (a maxTTL of 0 caches nothing, nor does a limit of 0 of its authorizers). */
function cdnCaches(p: Obj): boolean {
  const cdn = obj(p.cdn);
  return cdn?.enabled === true && obj(cdn.cachingOptions)?.maxTTL !== 0 && authorizedCacheLimit(p.authorizers) !== 0;
}

/** Problems of `authorizers` and `defaultAuthorizer`, and of their interplay with the CDN. */
export function authorizerProblems(p: Obj): Problem[] {
  const out: Problem[] = [];
  const authorizers = obj(p.authorizers) ?? {};
  const names = Object.keys(authorizers);
  const caches = cdnCaches(p);
  for (const [name, value] of Object.entries(authorizers)) {
    const at = ["authorizers", name];
    if (name === NO_AUTHORIZER) {
      out.push({ path: at, atKey: true, message: `'${NO_AUTHORIZER}' is the word a route uses to opt out of the default authorizer; give this authorizer another name` });
    } else if (!/^[A-Za-z0-9_-]{1,128}$/.test(name)) {
      out.push({ path: at, atKey: true, message: `authorizer name '${userText(name)}' must be 1 to 128 letters, digits, '_' or '-'` });
    }
    const a = obj(value);
    if (!a || (!JWT_TYPES.includes(a.type) && a.type !== "lambda")) continue;
    const jwt = JWT_TYPES.includes(a.type);
    const sources = identitySources(a);
    sources.forEach((s, i) => {
      if (typeof s !== "string") return;
      const sourceAt = jwt ? [...at, "identitySource"] : [...at, "identitySource", i];
      const why = identitySourceProblem(s, jwt ? "jwt" : "lambda");
      if (why) {
        out.push({ path: sourceAt, message: why });
        return;
      }
      const kind = parseIdentitySource(s)!.kind;
      if (caches && (kind === "context" || kind === "stageVariables")) {
        out.push({
          path: sourceAt,
          message: `the CDN caches answers, and '${s}' cannot be part of its cache key, so one caller's cached answer could be served to another`,
          hint: "read the identity from a header or query string, or turn caching off with cdn.cachingOptions.maxTTL: 0",
        });
      }
    });
    if (a.type !== "lambda") continue;
    const twice = sources.find((s, i) => typeof s === "string" && sources.indexOf(s) !== i);
    if (typeof twice === "string") out.push({ path: [...at, "identitySource"], message: `identitySource lists '${userText(twice)}' twice` });
    if (a.enableSimpleResponses === true && a.payloadFormat === "1.0") {
      out.push({ path: [...at, "enableSimpleResponses"], message: "simple responses ({isAuthorized}) are only for payload format 2.0", hint: "set payloadFormat: \"2.0\", or remove enableSimpleResponses" });
    }
    if (typeof a.resultTtl === "number" && a.resultTtl > 0 && sources.length === 0) {
      out.push({ path: [...at, "resultTtl"], message: "a cached answer (resultTtl above 0) is kept per identity source, and this authorizer has none", hint: "list identitySource, or set resultTtl: 0" });
    }
    if (caches && sources.length === 0) {
      out.push({
        path: [...at, "type"],
        message: `authorizer '${name}' has no identitySource, so its answer may depend on anything in the request, and the CDN's cached answers would be served across callers`,
        hint: "list the headers or query strings it reads in identitySource, or turn caching off with cdn.cachingOptions.maxTTL: 0",
      });
    }
  }
  // With caching off, the cookies reach the gateway only as the origin request policy forwards them.
  const forwardedCookies = obj(obj(obj(p.cdn)?.forwardingOptions)?.cookies);
  const readsCookies = authorizerKeyNames(authorizers).cookies;
  if (obj(p.cdn)?.enabled === true && !caches && forwardedCookies?.behavior === "none" && readsCookies.length) {
    out.push({
      path: ["cdn", "forwardingOptions", "cookies", "behavior"],
      message: `the authorizer '${readsCookies[0]}' reads the Cookie header, and the CDN forwards no cookies to the gateway (CloudFront sends cookies only as its cookie settings say), so every request would be refused`,
      hint: "forward the cookies it reads (behavior all, or whitelist them), or read the identity from another header",
    });
  }
  const keyQs = obj(obj(obj(obj(p.cdn)?.cachingOptions)?.cacheKeyParameters)?.queryString);
  if (caches && keyQs?.behavior === "allExcept" && Array.isArray(keyQs.items)) {
    const { queryStrings } = authorizerKeyNames(authorizers);
    keyQs.items.forEach((q, i) => {
      if (typeof q === "string" && queryStrings.includes(q)) {
        out.push({ path: ["cdn", "cachingOptions", "cacheKeyParameters", "queryString", "items", i], message: `the query string '${q}' is an authorizer's identity source: leaving it out of the cache key would serve one caller's answer to another`, hint: "remove it from the list" });
      }
    });
  }
  if (typeof p.defaultAuthorizer === "string" && !isUnknown(p.defaultAuthorizer) && !names.includes(p.defaultAuthorizer)) {
    out.push({ path: ["defaultAuthorizer"], message: unknownAuthorizer(p.defaultAuthorizer, names) });
  }
  return out;
}

function unknownAuthorizer(name: string, names: string[]): string {
  const near = closest(name, names);
  const list = names.length ? `; authorizers: ${names.join(", ")}` : "; the gateway has no authorizers";
  return `no authorizer named '${userText(name)}'${near ? `; did you mean '${near}'?` : list}`;
}

/**
 * The authorizer that guards a route: its own (`none`: no authorizer), else
 * the gateway's default, except for OPTIONS routes (preflights carry no
 * credentials, so they never get the default).
 */
export function effectiveAuthorizer(gateway: Obj, method: string, own: unknown): string | undefined {
  if (own === NO_AUTHORIZER) return undefined;
  if (typeof own === "string") return own;
  if (String(method).toUpperCase() === "OPTIONS") return undefined;
  return typeof gateway.defaultAuthorizer === "string" ? gateway.defaultAuthorizer : undefined;
}


/**
 * Problems of one route's authorization against its gateway's properties;
 * paths within the route's properties (`authorizer`, `authorizationScopes`).
 */
export function routeAuthorizationProblems(gateway: Obj, route: { method: string; authorizer?: unknown; authorizationScopes?: unknown }, gatewayName = "the gateway"): Problem[] {
  const out: Problem[] = [];
  const authorizers = obj(gateway.authorizers) ?? {};
  const names = Object.keys(authorizers);
  const own = route.authorizer;
  if (typeof own === "string" && own !== NO_AUTHORIZER && !names.includes(own)) {
    const near = closest(own, names);
    out.push({
      path: ["authorizer"],
      message: `'${gatewayName}' has no authorizer named '${userText(own)}'${near ? `; did you mean '${near}'?` : names.length ? ` (authorizers: ${names.join(", ")})` : ""}`,
      hint: `name one of the gateway's authorizers, or write '${NO_AUTHORIZER}' for a public route`,
    });
    return out;
  }
  const method = String(route.method).toUpperCase();
  if (method === "OPTIONS" && typeof own === "string" && own !== NO_AUTHORIZER && obj(gateway.cors)?.enabled === true) {
    out.push({
      path: ["authorizer"],
      message: "an OPTIONS route answers CORS preflights, which browsers send without credentials: an authorizer here makes every preflight fail",
      hint: `remove authorizer (API Gateway answers preflights from the gateway's cors settings)`,
    });
  }
  const name = effectiveAuthorizer(gateway, method, own);
  const scopes = route.authorizationScopes;
  if (Array.isArray(scopes) && scopes.length) {
    const a = name === undefined ? undefined : obj(authorizers[name]);
    if (name === undefined) {
      out.push({ path: ["authorizationScopes"], message: "authorizationScopes need a JWT authorizer, and this route has no authorizer", hint: "set authorizer to a JWT authorizer of the gateway, or remove authorizationScopes" });
    } else if (a && !JWT_TYPES.includes(a.type)) {
      out.push({ path: ["authorizationScopes"], message: `authorizationScopes are checked only by JWT authorizers; '${name}' is a ${String(a.type)} authorizer`, hint: "remove authorizationScopes (a Lambda authorizer decides by itself)" });
    }
  }
  return out;
}

/**
 * Headers the authorizers read that CORS does not let browsers send: their
 * cross-origin calls then carry no credentials and fail (a warning: callers
 * that are not browsers are not concerned).
 */
export function authorizerWarnings(p: Obj): Problem[] {
  const cors = obj(p.cors);
  if (cors?.enabled !== true || !Array.isArray(cors.allowedHeaders)) return [];
  const allowed = cors.allowedHeaders.filter((h): h is string => typeof h === "string").map((h) => h.toLowerCase());
  if (allowed.includes("*")) return [];
  const missing = authorizerKeyNames(p.authorizers).headers.filter((h) => !allowed.includes(h));
  if (!missing.length) return [];
  return [{
    path: ["cors", "allowedHeaders"],
    warning: true,
    message: `browsers may not send ${missing.join(", ")} on cross-origin calls (cors.allowedHeaders leaves ${missing.length === 1 ? "it" : "them"} out), and the gateway's authorizers read ${missing.length === 1 ? "it" : "them"}; add ${missing.length === 1 ? "it" : "them"} to cors.allowedHeaders`,
  }];
}
