// The gateway's authorizers as AWS resources: one Authorizer each with the
// inputs of its type, routes that name one (or opt out), the invoke
// permission of a Lambda authorizer scoped to its ARN, the OPTIONS route
// that keeps preflights away from an authorizer, and the CDN cache key.
import * as assert from "assert";
import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import { HttpApiGateway, type HttpApiGatewayArgs } from "../../../src/components/http-api-gateway";
import { run, G } from "../../harness";
import { packageOf } from "../../packages";

const FN = "arn:aws:lambda:us-east-1:123456789012:function:items";
const AUTHORIZER = "aws:apigatewayv2/authorizer:Authorizer";
const JWT = { type: "jwt" as const, issuerUrl: "https://login.example.com", audience: ["api"] };

let gw: HttpApiGateway | undefined;
const make = (args: HttpApiGatewayArgs, routes: (g: HttpApiGateway) => void = () => undefined) =>
  run(() => {
    gw = new HttpApiGateway("api", args);
    routes(gw);
  });
const lambdaFn = () => new aws.lambda.Function("auth", { role: "arn:aws:iam::123456789012:role/auth", runtime: "nodejs22.x", handler: "index.handler", code: new pulumi.asset.AssetArchive({}) });
const route = (r: Awaited<ReturnType<typeof make>>, key: string) => r.all(G.route).find((x) => x.inputs.routeKey === key)!;

describe("HttpApiGateway: authorizers", () => {
  it("a JWT authorizer: type JWT, the issuer and audiences, the Authorization header by default", async () => {
    const r = await make({ authorizers: { users: JWT } });
    const a = r.one(AUTHORIZER);
    assert.strictEqual(a.name, "api-authorizer-users");
    assert.deepStrictEqual(a.inputs, {
      apiId: r.one(G.api).id,
      name: "users",
      authorizerType: "JWT",
      identitySources: ["$request.header.Authorization"],
      jwtConfiguration: { issuer: "https://login.example.com", audiences: ["api"] },
    });
    assert.strictEqual(r.all(G.permission).length, 0, "a JWT authorizer invokes no function");
  });

  it("a Lambda authorizer: type REQUEST, the function's invoke ARN, payload 2.0 with simple responses, no caching by default", async () => {
    let fn: aws.lambda.Function | undefined;
    const r = await run(() => {
      fn = lambdaFn();
      new HttpApiGateway("api", { authorizers: { keys: { type: "lambda", functionName: "auth", identitySource: ["$request.header.X-Api-Key"] } }, authorizerFunctions: { auth: fn } });
    });
    const a = r.one(AUTHORIZER).inputs;
    const f = r.one("aws:lambda/function:Function");
    assert.deepStrictEqual(a, {
      apiId: r.one(G.api).id,
      name: "keys",
      authorizerType: "REQUEST",
      authorizerUri: f.state.invokeArn,
      identitySources: ["$request.header.X-Api-Key"],
      authorizerPayloadFormatVersion: "2.0",
      enableSimpleResponses: true,
      authorizerResultTtlInSeconds: 0,
    });
  });

  it("a Lambda authorizer with payload 1.0 sends no simple responses, and keeps its result TTL", async () => {
    const r = await run(() => {
      new HttpApiGateway("api", {
        authorizers: { keys: { type: "lambda", functionName: "auth", identitySource: ["$request.header.X-Api-Key"], payloadFormat: "1.0", resultTtl: 300 } },
        authorizerFunctions: { auth: lambdaFn() },
      });
    });
    const a = r.one(AUTHORIZER).inputs;
    assert.deepStrictEqual([a.authorizerPayloadFormatVersion, a.enableSimpleResponses, a.authorizerResultTtlInSeconds], ["1.0", undefined, 300]);
  });

  it("API Gateway may invoke a Lambda authorizer's function from that authorizer only (its execute-api ARN, partition included)", async () => {
    const r = await run(() => {
      new HttpApiGateway("api", { authorizers: { keys: { type: "lambda", functionName: "auth" } }, authorizerFunctions: { auth: lambdaFn() } });
    });
    const p = r.one(G.permission);
    assert.strictEqual(p.name, "api-authorizer-permission-keys");
    const api = r.one(G.api).state;
    assert.match(api.executionArn, /^arn:aws:execute-api:/);
    assert.deepStrictEqual(p.inputs, {
      action: "lambda:InvokeFunction",
      function: r.one("aws:lambda/function:Function").state.name,
      principal: "apigateway.amazonaws.com",
      sourceArn: `${api.executionArn}/authorizers/${r.one(AUTHORIZER).id}`,
    });
  });

  it("under preview too: a route's authorizer id and type are registered", async () => {
    const r = await run(() => {
      const g = new HttpApiGateway("api", { authorizers: { users: JWT }, defaultAuthorizer: "users" });
      g.addRoute({ path: "/me", method: "GET", handler: FN });
    }, { preview: true });
    const me = route(r, "GET /me").inputs;
    assert.strictEqual(me.authorizationType, "JWT");
    assert.strictEqual(r.one(AUTHORIZER).inputs.jwtConfiguration.issuer, "https://login.example.com");
  });

  it("a Lambda authorizer naming a function that was not given is refused", async () => {
    await assert.rejects(make({ authorizers: { keys: { type: "lambda", functionName: "auth" } } }), /authorizers\.keys\.functionName: no function named 'auth' was given/);
  });

  it("routes: the default authorizer, a named one with scopes, an opt-out with none, and OPTIONS without the default", async () => {
    const r = await make({ authorizers: { users: JWT, admins: { ...JWT, audience: ["admin"] } }, defaultAuthorizer: "users" }, (g) => {
      g.addRoute({ path: "/me", method: "GET", handler: FN });
      g.addRoute({ path: "/admin", method: "POST", handler: FN, authorizer: "admins", authorizationScopes: ["admin:write"] });
      g.addRoute({ path: "/health", method: "GET", handler: FN, authorizer: "none" });
      g.addRoute({ path: "/me", method: "OPTIONS", handler: FN });
    });
    const id = (n: string) => r.one(AUTHORIZER, `-${n}`).id;
    const pick = (key: string) => {
      const i = route(r, key).inputs;
      return { type: i.authorizationType, id: i.authorizerId, scopes: i.authorizationScopes };
    };
    assert.deepStrictEqual(pick("GET /me"), { type: "JWT", id: id("users"), scopes: undefined });
    assert.deepStrictEqual(pick("POST /admin"), { type: "JWT", id: id("admins"), scopes: ["admin:write"] });
    assert.deepStrictEqual(pick("GET /health"), { type: undefined, id: undefined, scopes: undefined });
    assert.deepStrictEqual(pick("OPTIONS /me"), { type: undefined, id: undefined, scopes: undefined });
  });

  it("a route to a Lambda authorizer is CUSTOM", async () => {
    const r = await run(() => {
      const g = new HttpApiGateway("api", { authorizers: { keys: { type: "lambda", functionName: "auth" } }, authorizerFunctions: { auth: lambdaFn() } });
      g.addRoute({ path: "/x", method: "GET", handler: FN, authorizer: "keys" });
    });
    assert.deepStrictEqual([route(r, "GET /x").inputs.authorizationType, route(r, "GET /x").inputs.authorizerId], ["CUSTOM", r.one(AUTHORIZER).id]);
  });

  it("refuses a route naming an unknown authorizer (with did-you-mean), and scopes with a Lambda authorizer", async () => {
    await assert.rejects(make({ authorizers: { users: JWT } }, (g) => g.addRoute({ path: "/x", method: "GET", handler: FN, authorizer: "user" })), /has no authorizer named 'user'; did you mean 'users'\?/);
    await assert.rejects(run(() => {
      const g = new HttpApiGateway("api", { authorizers: { keys: { type: "lambda", functionName: "auth" } }, authorizerFunctions: { auth: lambdaFn() } });
      g.addRoute({ path: "/x", method: "GET", handler: FN, authorizer: "keys", authorizationScopes: ["read"] });
    }), /authorizationScopes are checked only by JWT authorizers/);
  });

  it("with CORS, an authorized ANY route gets an OPTIONS route of its path without authorizer, to stackfile's CORS-only function, never the route's", async () => {
    const r = await make({ cors: { enabled: true }, routeMethods: ["*"], authorizers: { users: JWT }, defaultAuthorizer: "users" }, (g) => {
      g.addRoute({ path: "/{proxy+}", method: "*", handler: FN });
      g.addRoute({ path: "/admin/{proxy+}", method: "*", handler: FN });
    });
    const any = route(r, "ANY /{proxy+}").inputs;
    const pre = route(r, "OPTIONS /{proxy+}");
    assert.strictEqual(any.authorizationType, "JWT");
    assert.match(pre.name, /^api-preflight-route-/);
    // One CORS-only integration for the gateway's preflight routes, to a function of stackfile's (HTTP APIs have no MOCK integration).
    const integrations = r.all(G.integration);
    const cors = integrations.find((i) => i.name === "api-preflight-integration")!;
    assert.ok(cors, integrations.map((i) => i.name).join(", "));
    assert.deepStrictEqual(pre.inputs, { apiId: any.apiId, routeKey: "OPTIONS /{proxy+}", target: `integrations/${cors.id}` });
    assert.notStrictEqual(pre.inputs.target, any.target);
    assert.strictEqual(route(r, "OPTIONS /admin/{proxy+}").inputs.target, `integrations/${cors.id}`);
    const fn = r.one("aws:lambda/function:Function");
    assert.strictEqual(fn.name, "api-preflight-function");
    assert.deepStrictEqual([cors.inputs.integrationType, cors.inputs.integrationUri, cors.inputs.payloadFormatVersion], ["AWS_PROXY", fn.state.arn, "2.0"]);
    // It answers 204 and nothing else; the role lets it do nothing (no policy).
    const code = (await packageOf(fn.inputs.code)).texts;
    assert.deepStrictEqual(Object.keys(code), ["index.mjs"]);
    const mod = await import(`data:text/javascript,${encodeURIComponent(code["index.mjs"])}`);
    assert.deepStrictEqual(await mod.handler({ requestContext: { http: { method: "OPTIONS" } } }), { statusCode: 204 });
    assert.strictEqual(r.all("aws:iam/rolePolicy:RolePolicy").length + r.all("aws:iam/rolePolicyAttachment:RolePolicyAttachment").length, 0);
    const permission = r.all("aws:lambda/permission:Permission").find((p) => p.name === "api-preflight-permission")!;
    assert.deepStrictEqual([permission.inputs.function, permission.inputs.principal], [fn.state.arn, "apigateway.amazonaws.com"]);
    assert.throws(() => gw!.addRoute({ path: "/{proxy+}", method: "OPTIONS", handler: FN }), /route OPTIONS \/\{proxy\+\}: method: route OPTIONS \/\{proxy\+\} of 'api' is made by stackfile beside the authorized ANY \/\{proxy\+\}, so that CORS preflights reach no authorizer/);
  });

  it("without CORS, or without an authorizer, an ANY route gets no OPTIONS route", async () => {
    for (const args of [{ authorizers: { users: JWT }, defaultAuthorizer: "users" }, { cors: { enabled: true }, routeMethods: ["*"] }] as HttpApiGatewayArgs[]) {
      const r = await make(args, (g) => g.addRoute({ path: "/{proxy+}", method: "*", handler: FN }));
      assert.deepStrictEqual(r.all(G.route).map((x) => x.inputs.routeKey), ["ANY /{proxy+}"]);
    }
  });

  it("the CDN's cache key holds every header and query string an authorizer reads", async () => {
    const r = await run(() => {
      new HttpApiGateway("api", {
        cdn: { enabled: true, cachingOptions: { cacheKeyParameters: { queryString: { behavior: "whitelist", items: ["page"] } } }, forwardingOptions: { headers: { behavior: "whitelist", items: ["accept"] } } },
        // Answers kept 300 s (with a JWT authorizer, or resultTtl 0, the CDN would cache nothing).
        authorizers: {
          ids: { type: "lambda", functionName: "auth", identitySource: ["$request.header.X-Id-Token"], resultTtl: 300 },
          keys: { type: "lambda", functionName: "auth", identitySource: ["$request.header.X-Api-Key", "$request.querystring.tenant"], resultTtl: 300 },
        },
        authorizerFunctions: { auth: lambdaFn() },
      });
    });
    const key = r.one(G.cachePolicy).inputs.parametersInCacheKeyAndForwardedToOrigin;
    assert.deepStrictEqual(key.headersConfig, { headerBehavior: "whitelist", headers: { items: ["x-api-key", "x-id-token"] } });
    assert.deepStrictEqual(key.queryStringsConfig, { queryStringBehavior: "whitelist", queryStrings: { items: ["page", "tenant"] } });
  });

  it("an authorizer reading the Cookie header: the CDN's cookie settings carry the cookies (never a 'cookie' header, which CloudFront handles only through CookiesConfig)", async () => {
    const cookieAuth = (cdn: Record<string, unknown>) => run(() => {
      new HttpApiGateway("api", { cdn: { enabled: true, ...cdn }, authorizers: { session: { type: "lambda", functionName: "auth", identitySource: ["$request.header.Cookie"], resultTtl: 300 } }, authorizerFunctions: { auth: lambdaFn() } });
    });
    // Caching on: every cookie is in the cache key, and so forwarded (CachePolicyCookiesConfig); the header list holds no cookie.
    const cached = await cookieAuth({});
    const key = cached.one(G.cachePolicy).inputs.parametersInCacheKeyAndForwardedToOrigin;
    assert.deepStrictEqual(key.cookiesConfig, { cookieBehavior: "all" });
    assert.ok(!JSON.stringify(key.headersConfig).toLowerCase().includes("cookie"), JSON.stringify(key.headersConfig));
    // A cache key that names the cookies the authorizer reads is kept as written.
    const named = await cookieAuth({ cachingOptions: { cacheKeyParameters: { cookies: { behavior: "whitelist", items: ["session"] } } } });
    assert.deepStrictEqual(named.one(G.cachePolicy).inputs.parametersInCacheKeyAndForwardedToOrigin.cookiesConfig, { cookieBehavior: "whitelist", cookies: { items: ["session"] } });
    // Caching off: the origin request policy forwards the cookies (all by default); forwarding none is refused, with the reason.
    const off = await cookieAuth({ cachingOptions: { maxTTL: 0 } });
    assert.deepStrictEqual(off.one("aws:cloudfront/originRequestPolicy:OriginRequestPolicy").inputs.cookiesConfig, { cookieBehavior: "all" });
    await assert.rejects(cookieAuth({ cachingOptions: { maxTTL: 0 }, forwardingOptions: { cookies: { behavior: "none" } } }),
      /the authorizer 'session' reads the Cookie header, and the CDN forwards no cookies to the gateway \(CloudFront sends cookies only as its cookie settings say\), so every request would be refused/);
  });

  it("the CDN keeps an answer no longer than the gateway's authorizers keep theirs: a Lambda authorizer's resultTtl, and nothing with a JWT authorizer (checked on every request)", async () => {
    const ttls = async (args: HttpApiGatewayArgs, withAuthFn = true) => {
      const r = await run(() => { new HttpApiGateway("api", { ...args, ...(withAuthFn ? { authorizerFunctions: { auth: lambdaFn() } } : {}) }); });
      const p = r.one(G.cachePolicy).inputs;
      return [p.minTtl, p.defaultTtl, p.maxTtl];
    };
    const keys = (resultTtl: number) => ({ type: "lambda" as const, functionName: "auth", identitySource: ["$request.header.X-Api-Key"], resultTtl });
    // No authorizer: the CDN's own settings (maxTTL a year by default).
    assert.deepStrictEqual(await ttls({ cdn: { enabled: true } }, false), [0, 0, 31536000]);
    // A revoked key stops working when API Gateway's cached answer would: after resultTtl.
    assert.deepStrictEqual(await ttls({ cdn: { enabled: true, cachingOptions: { minTTL: 600, defaultTTL: 900 } }, authorizers: { keys: keys(300) } }), [300, 300, 300]);
    assert.deepStrictEqual(await ttls({ cdn: { enabled: true, cachingOptions: { maxTTL: 60 } }, authorizers: { keys: keys(300) } }), [0, 0, 60]);
    // resultTtl 0 (asked every time), or a JWT authorizer (its token is checked on every request): nothing is cached.
    for (const authorizers of [{ keys: keys(0) }, { users: JWT, keys: keys(300) }] as HttpApiGatewayArgs["authorizers"][]) {
      const r = await run(() => { new HttpApiGateway("api", { cdn: { enabled: true }, authorizers, authorizerFunctions: { auth: lambdaFn() } }); });
      const p = r.one(G.cachePolicy).inputs;
      assert.deepStrictEqual([p.minTtl, p.defaultTtl, p.maxTtl], [0, 0, 0]);
      assert.deepStrictEqual(p.parametersInCacheKeyAndForwardedToOrigin.headersConfig, { headerBehavior: "none" }, "caching off: the key holds nothing");
    }
  });

  it("the CDN refuses to cache across callers when an authorizer reads what a cache key cannot hold", async () => {
    await assert.rejects(make({ cdn: { enabled: true }, authorizers: { users: { ...JWT, identitySource: "$context.identity.sourceIp" } } }), /not where a JWT authorizer can read a token/);
    await assert.rejects(run(() => {
      new HttpApiGateway("api", { cdn: { enabled: true }, authorizers: { keys: { type: "lambda", functionName: "auth", identitySource: ["$context.identity.sourceIp"], resultTtl: 300 } }, authorizerFunctions: { auth: lambdaFn() } });
    }), /cannot be part of its cache key/);
    // With caching off (maxTTL 0) nothing is served from the cache: allowed.
    await run(() => {
      new HttpApiGateway("api", { cdn: { enabled: true, cachingOptions: { maxTTL: 0 } }, authorizers: { keys: { type: "lambda", functionName: "auth", identitySource: ["$context.identity.sourceIp"] } }, authorizerFunctions: { auth: lambdaFn() } });
    });
  });
});
