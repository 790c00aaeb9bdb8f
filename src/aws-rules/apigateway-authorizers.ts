// API Gateway HTTP API authorizers and the routes that use them: what
// CreateAuthorizer and CreateRoute refuse.
import { asArray, type AwsRule, type Finding } from "./rule";
import { identitySourceRefusal } from "./apigateway-identity-sources";

const AUTHORIZER = "aws:apigatewayv2/authorizer:Authorizer";
const ROUTE = "aws:apigatewayv2/route:Route";

const CREATE_AUTHORIZER = "https://docs.aws.amazon.com/apigatewayv2/latest/api-reference/apis-apiid-authorizers.html";
const LAMBDA_AUTHORIZERS = "https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-lambda-authorizer.html";

export const APIGATEWAY_AUTHORIZER_RULES: AwsRule[] = [
  {
    id: "apigateway/authorizer-identity-source",
    types: [AUTHORIZER],
    summary: "A JWT authorizer reads its token from exactly one header or query string; a Lambda authorizer's identity sources are $request.header.X, $request.querystring.X, $context.X or $stageVariables.X, and it needs one when its answers are cached",
    source: `${CREATE_AUTHORIZER} (IdentitySource: "For JWT, a single entry ... only header-based and query parameter-based selections are supported"); ${LAMBDA_AUTHORIZERS} (Identity sources; caching)`,
    check(r) {
      const i = r.inputs;
      const sources = asArray<unknown>(i.identitySources);
      const out: Finding[] = [];
      if (i.authorizerType === "JWT" && sources.length !== 1) {
        out.push({ input: "identitySources", message: `a JWT authorizer reads its token from exactly one place, not ${sources.length}` });
      }
      const type = i.authorizerType === "JWT" ? "jwt" : "lambda";
      sources.forEach((s, n) => {
        const why = typeof s === "string" ? identitySourceRefusal(s, type) : undefined;
        if (why) out.push({ input: `identitySources.${n}`, message: why });
      });
      if (i.authorizerType === "REQUEST" && typeof i.authorizerResultTtlInSeconds === "number" && i.authorizerResultTtlInSeconds > 0 && sources.length === 0) {
        out.push({ input: "identitySources", message: "a Lambda authorizer whose answers are cached needs at least one identity source (the cache key)" });
      }
      return out;
    },
    examples: {
      pass: [{ inputs: { authorizerType: "REQUEST", identitySources: ["$request.header.X-Api-Key", "$request.querystring.tenant", "$context.identity.sourceIp", "$stageVariables.realm"], authorizerResultTtlInSeconds: 300 } }],
      fail: [{ inputs: { authorizerType: "JWT", identitySources: ["$request.cookie.session"] } }],
    },
  },
  {
    id: "apigateway/authorizer-result-ttl",
    types: [AUTHORIZER],
    summary: "A Lambda authorizer caches its answers 0 to 3600 seconds; a JWT authorizer takes no result TTL",
    source: `${CREATE_AUTHORIZER} (AuthorizerResultTtlInSeconds: "The maximum value is 3600, or 1 hour. Supported only for HTTP API Lambda authorizers"); terraform-provider-aws internal/service/apigatewayv2/authorizer.go (IntBetween(0, 3600))`,
    check(r) {
      const ttl = r.inputs.authorizerResultTtlInSeconds;
      if (ttl === undefined || ttl === null) return [];
      if (r.inputs.authorizerType === "JWT" && ttl !== 0) return [{ input: "authorizerResultTtlInSeconds", message: "a JWT authorizer takes no result TTL (only Lambda authorizers cache answers)" }];
      if (typeof ttl === "number" && (!Number.isInteger(ttl) || ttl < 0 || ttl > 3600)) {
        return [{ input: "authorizerResultTtlInSeconds", message: `the result TTL must be a whole number of seconds from 0 to 3600, not ${ttl}` }];
      }
      return [];
    },
    examples: {
      pass: [{ inputs: { authorizerType: "REQUEST", authorizerPayloadFormatVersion: "2.0", authorizerResultTtlInSeconds: 3600 } }],
      fail: [{ inputs: { authorizerType: "REQUEST", authorizerPayloadFormatVersion: "2.0", authorizerResultTtlInSeconds: 7200 } }],
    },
  },
  {
    id: "apigateway/authorizer-simple-responses",
    types: [AUTHORIZER],
    summary: "A Lambda authorizer of an HTTP API names its payload format (1.0 or 2.0); simple responses are only for format 2.0",
    source: `${LAMBDA_AUTHORIZERS} (Payload format version: simple responses "only for payload format version 2.0"); ${CREATE_AUTHORIZER} (AuthorizerPayloadFormatVersion: "Required for HTTP API Lambda authorizers")`,
    check(r) {
      const i = r.inputs;
      if (i.authorizerType !== "REQUEST") {
        return i.enableSimpleResponses === true ? [{ input: "enableSimpleResponses", message: "simple responses are for Lambda authorizers only" }] : [];
      }
      const out: Finding[] = [];
      const format = i.authorizerPayloadFormatVersion;
      if (format !== "1.0" && format !== "2.0") out.push({ input: "authorizerPayloadFormatVersion", message: `a Lambda authorizer of an HTTP API needs payload format 1.0 or 2.0${format === undefined ? "" : `, not ${String(format)}`}` });
      if (i.enableSimpleResponses === true && format !== "2.0") out.push({ input: "enableSimpleResponses", message: "simple responses ({isAuthorized}) need payload format 2.0" });
      return out;
    },
    examples: {
      pass: [{ inputs: { authorizerType: "REQUEST", authorizerPayloadFormatVersion: "2.0", enableSimpleResponses: true } }],
      fail: [{ inputs: { authorizerType: "REQUEST", authorizerPayloadFormatVersion: "1.0", enableSimpleResponses: true } }],
    },
  },
  {
    id: "apigateway/authorizers-per-api",
    types: [AUTHORIZER],
    summary: "An HTTP API has at most 10 authorizers (adjustable through AWS Support)",
    source: "https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-quotas.html (Authorizers per API: 10)",
    quota: { default: 10, adjustable: true },
    check(r, ctx, limit) {
      const mine = ctx.resources.filter((x) => x.type === AUTHORIZER && x.inputs.apiId === r.inputs.apiId);
      // Reported once, on the API's first authorizer.
      return mine.length > limit && mine[0] === r
        ? [{ input: "apiId", message: `the API has ${mine.length} authorizers; an HTTP API takes ${limit} (raise the quota through AWS Support, then pass --quota apigateway/authorizers-per-api=N)` }]
        : [];
    },
    examples: {
      pass: [{ inputs: { apiId: "a1", authorizerType: "JWT" } }, ...Array.from({ length: 9 }, () => ({ inputs: { apiId: "a1", authorizerType: "JWT" } }))],
      fail: [{ inputs: { apiId: "a1", authorizerType: "JWT" } }, ...Array.from({ length: 10 }, () => ({ inputs: { apiId: "a1", authorizerType: "JWT" } }))],
    },
  },
  {
    id: "apigateway/route-authorization",
    types: [ROUTE],
    summary: "A route's authorization scopes need a JWT authorizer (at most 10 scopes); JWT and CUSTOM routes name an authorizer, NONE names none",
    source: "https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-jwt-authorizer.html (scopes); https://docs.aws.amazon.com/apigatewayv2/latest/api-reference/apis-apiid-routes.html (AuthorizationScopes, AuthorizerId); https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-quotas.html (Scopes per route: 10)",
    check(r) {
      const i = r.inputs;
      const type = i.authorizationType ?? "NONE";
      const scopes = asArray(i.authorizationScopes);
      const out: Finding[] = [];
      if (scopes.length && type !== "JWT") out.push({ input: "authorizationScopes", message: `authorization scopes are checked only by a JWT authorizer; this route's authorization is ${type}` });
      if (scopes.length > 10) out.push({ input: "authorizationScopes", message: `a route takes at most 10 scopes, not ${scopes.length}` });
      if ((type === "JWT" || type === "CUSTOM") && !i.authorizerId) out.push({ input: "authorizerId", message: `a ${type} route names its authorizer` });
      if (type === "NONE" && i.authorizerId) out.push({ input: "authorizerId", message: "a route without authorization (NONE) names no authorizer" });
      return out;
    },
    examples: {
      pass: [{ inputs: { apiId: "a1", routeKey: "GET /me", authorizationType: "JWT", authorizerId: "abc123", authorizationScopes: ["profile"] } }],
      fail: [{ inputs: { apiId: "a1", routeKey: "GET /me", authorizationType: "CUSTOM", authorizerId: "abc123", authorizationScopes: ["profile"] } }],
    },
  },
];
