// The catalog's authorizer rules on the inputs AWS refuses, one case each
// beyond the rules' own examples (catalog.test.ts runs those).
import * as assert from "assert";
import { checkCatalog } from "../../src/aws-rules";
import { APIGATEWAY_AUTHORIZER_RULES } from "../../src/aws-rules/apigateway-authorizers";
import type { PlannedResource } from "../../src/aws-rules/rule";

const AUTHORIZER = "aws:apigatewayv2/authorizer:Authorizer";
const ROUTE = "aws:apigatewayv2/route:Route";
const res = (type: string, inputs: Record<string, any>, name = "r"): PlannedResource => ({ type, name, parent: null, inputs, region: "us-east-1", dependsOn: [] });
const found = (resources: PlannedResource[], quotas: Record<string, number> = {}) =>
  checkCatalog(resources, { region: "us-east-1", quotas }, APIGATEWAY_AUTHORIZER_RULES).map((f) => `${f.rule.id} ${f.input}: ${f.message}`);

describe("catalog: API Gateway authorizers", () => {
  it("identity sources: the four kinds pass; anything else, and a JWT authorizer with two, fail", () => {
    assert.deepStrictEqual(found([res(AUTHORIZER, { authorizerType: "JWT", identitySources: ["$request.querystring.access_token"] })]), []);
    assert.deepStrictEqual(found([res(AUTHORIZER, { authorizerType: "REQUEST", authorizerPayloadFormatVersion: "2.0", identitySources: ["$request.header.X-Key", "request.header.Y"] })]), [
      "apigateway/authorizer-identity-source identitySources.1: not an identity source: write $request.header.<name>, $request.querystring.<name>, $context.<variable> or $stageVariables.<name>",
    ]);
    assert.deepStrictEqual(found([res(AUTHORIZER, { authorizerType: "JWT", identitySources: ["$request.header.A", "$request.header.B"] })]), [
      "apigateway/authorizer-identity-source identitySources: a JWT authorizer reads its token from exactly one place, not 2",
    ]);
    assert.match(found([res(AUTHORIZER, { authorizerType: "JWT", identitySources: ["$context.authorizer.x"] })])[0], /not where a JWT authorizer can read a token/);
  });

  it("a cached Lambda authorizer needs an identity source", () => {
    assert.deepStrictEqual(found([res(AUTHORIZER, { authorizerType: "REQUEST", authorizerPayloadFormatVersion: "2.0", authorizerResultTtlInSeconds: 60 })]), [
      "apigateway/authorizer-identity-source identitySources: a Lambda authorizer whose answers are cached needs at least one identity source (the cache key)",
    ]);
  });

  it("result TTL: 0 to 3600 whole seconds, and none on a JWT authorizer", () => {
    const ttl = (authorizerType: string, authorizerResultTtlInSeconds: number) =>
      found([res(AUTHORIZER, { authorizerType, authorizerPayloadFormatVersion: authorizerType === "JWT" ? undefined : "2.0", identitySources: ["$request.header.Authorization"], authorizerResultTtlInSeconds })]);
    assert.deepStrictEqual([ttl("REQUEST", 0), ttl("REQUEST", 3600), ttl("JWT", 0)], [[], [], []]);
    assert.deepStrictEqual(ttl("REQUEST", 3601), ["apigateway/authorizer-result-ttl authorizerResultTtlInSeconds: the result TTL must be a whole number of seconds from 0 to 3600, not 3601"]);
    assert.deepStrictEqual(ttl("REQUEST", -1).length, 1);
    assert.deepStrictEqual(ttl("JWT", 300), ["apigateway/authorizer-result-ttl authorizerResultTtlInSeconds: a JWT authorizer takes no result TTL (only Lambda authorizers cache answers)"]);
  });

  it("simple responses only with payload format 2.0, and a Lambda authorizer names its format", () => {
    assert.deepStrictEqual(found([res(AUTHORIZER, { authorizerType: "REQUEST", authorizerPayloadFormatVersion: "1.0", enableSimpleResponses: true })]), [
      "apigateway/authorizer-simple-responses enableSimpleResponses: simple responses ({isAuthorized}) need payload format 2.0",
    ]);
    assert.deepStrictEqual(found([res(AUTHORIZER, { authorizerType: "REQUEST" })]), [
      "apigateway/authorizer-simple-responses authorizerPayloadFormatVersion: a Lambda authorizer of an HTTP API needs payload format 1.0 or 2.0",
    ]);
  });

  it("at most 10 authorizers per API, said once; a raised quota allows more; other APIs do not count", () => {
    const many = (n: number, apiId = "a1") => Array.from({ length: n }, (_, i) => res(AUTHORIZER, { apiId, authorizerType: "JWT", identitySources: ["$request.header.Authorization"] }, `${apiId}-${i}`));
    assert.deepStrictEqual(found([...many(10), ...many(5, "a2")]), []);
    assert.deepStrictEqual(found(many(11)), [
      "apigateway/authorizers-per-api apiId: the API has 11 authorizers; an HTTP API takes 10 (raise the quota through AWS Support, then pass --quota apigateway/authorizers-per-api=N)",
    ]);
    assert.deepStrictEqual(found(many(11), { "apigateway/authorizers-per-api": 12 }), []);
  });

  it("routes: scopes only with JWT authorization (at most 10); JWT and CUSTOM routes name their authorizer", () => {
    assert.deepStrictEqual(found([res(ROUTE, { routeKey: "GET /a", authorizationType: "JWT", authorizerId: "x", authorizationScopes: ["read"] })]), []);
    assert.deepStrictEqual(found([res(ROUTE, { routeKey: "GET /a", authorizationScopes: ["read"] })]), [
      "apigateway/route-authorization authorizationScopes: authorization scopes are checked only by a JWT authorizer; this route's authorization is NONE",
    ]);
    assert.deepStrictEqual(found([res(ROUTE, { routeKey: "GET /a", authorizationType: "JWT", authorizerId: "x", authorizationScopes: Array.from({ length: 11 }, (_, i) => `s${i}`) })]), [
      "apigateway/route-authorization authorizationScopes: a route takes at most 10 scopes, not 11",
    ]);
    assert.deepStrictEqual(found([res(ROUTE, { routeKey: "GET /a", authorizationType: "CUSTOM" })]), ["apigateway/route-authorization authorizerId: a CUSTOM route names its authorizer"]);
  });
});
