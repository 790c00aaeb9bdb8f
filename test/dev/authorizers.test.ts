// The local gateway's authorizers, through a real HTTP client: Lambda
// authorizers (payload 2.0 simple responses, 1.0 IAM policies, identity
// sources, result caching) and JWT authorizers (tokens signed here with an
// RSA key whose JWKS stands for the issuer's), answered 401/403 as API Gateway does.
import * as assert from "assert";
import { generateKeyPairSync, createSign, type KeyObject } from "crypto";
import { startGateway, type GatewaySettings, type Invocation, type RouteTarget, type RunningGateway } from "../../src/dev/gateway";
import type { DevAuthorizer, RouteAuthorization } from "../../src/dev/authorizers";
import type { Jwks } from "../../src/dev/jwt";
import type { DevRoute } from "../../src/dev/routes";

const ISSUER = "https://login.example.com";

function keyPair(kid: string): { privateKey: KeyObject; jwk: Jwks["keys"][number] } {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return { privateKey, jwk: { ...publicKey.export({ format: "jwk" }), kid, alg: "RS256", use: "sig" } };
}

function token(privateKey: KeyObject, kid: string, claims: Record<string, unknown>): string {
  const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
  const signed = `${enc({ alg: "RS256", typ: "JWT", kid })}.${enc(claims)}`;
  return `${signed}.${createSign("RSA-SHA256").update(signed).sign(privateKey).toString("base64url")}`;
}

const now = () => Math.floor(Date.now() / 1000);

describe("dev gateway authorizers", () => {
  let gw: RunningGateway;
  let url: string;
  const logged: string[] = [];
  const seen: Record<string, any>[] = [];
  const authorizerEvents: Record<string, any>[] = [];
  const issuerKey = keyPair("key-1");
  const otherKey = keyPair("key-1");
  let keysGiven: Jwks | undefined = { keys: [issuerKey.jwk] };
  let answer: (e: Record<string, any>) => Invocation = () => ({ ok: true, result: { isAuthorized: true } });

  const lambda = (name: string, over: Partial<Extract<DevAuthorizer, { type: "lambda" }>>): DevAuthorizer => ({
    type: "lambda", name, functionName: "auth", identitySource: ["$request.header.x-api-key"], payloadFormat: "2.0", simpleResponses: true, resultTtl: 0,
    invoke: async (e) => {
      authorizerEvents.push(e);
      return answer(e);
    },
    cache: new Map(),
    ...over,
  });
  const jwt: DevAuthorizer = { type: "jwt", name: "users", issuer: ISSUER, audience: ["my-app"], identitySource: "$request.header.Authorization", keys: async () => keysGiven };

  const route = (key: string, payloadFormat: "1.0" | "2.0", authorization?: RouteAuthorization): DevRoute<RouteTarget> => ({
    key,
    target: {
      payloadFormat, functionName: "fn", authorization,
      invoke: async (e) => {
        seen.push(e);
        return { ok: true, result: { statusCode: 200, body: "reached" } };
      },
    },
  });

  const settings: GatewaySettings = {
    name: "api",
    log: (l) => logged.push(l),
    cors: { allowOrigins: ["https://app.example.com"], allowHeaders: ["authorization"], allowMethods: ["GET"], allowCredentials: false, exposeHeaders: [] },
    routes: [
      route("GET /simple", "2.0", { authorizer: lambda("simple", {}) }),
      route("GET /cached/{id}", "2.0", { authorizer: lambda("cached", { resultTtl: 300 }) }),
      route("GET /policy/{id}", "1.0", { authorizer: lambda("policy", { payloadFormat: "1.0", simpleResponses: false, identitySource: ["$request.header.x-api-key", "$request.querystring.tenant"] }) }),
      route("GET /me", "2.0", { authorizer: jwt }),
      route("GET /me1", "1.0", { authorizer: jwt }),
      route("GET /orders", "2.0", { authorizer: jwt, scopes: ["orders/read"] }),
      route("GET /open", "2.0"),
    ],
  };

  before(async () => {
    gw = await startGateway(settings, 0);
    url = `http://127.0.0.1:${gw.port}`;
  });
  after(() => gw.close());
  beforeEach(() => {
    seen.length = 0;
    authorizerEvents.length = 0;
    logged.length = 0;
    keysGiven = { keys: [issuerKey.jwk] };
    answer = () => ({ ok: true, result: { isAuthorized: true } });
  });

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const r = await fetch(url + path, { headers });
    return { status: r.status, body: await r.text(), wwwAuthenticate: r.headers.get("www-authenticate") };
  };

  describe("Lambda authorizers", () => {
    it("answers 401 without calling the authorizer when an identity source is missing or empty", async () => {
      for (const headers of [{}, { "x-api-key": "" }] as Record<string, string>[]) {
        const r = await get("/simple", headers);
        assert.deepStrictEqual([r.status, r.body], [401, '{"message":"Unauthorized"}']);
      }
      assert.strictEqual(authorizerEvents.length, 0);
      assert.strictEqual(seen.length, 0);
    });

    it("calls a payload 2.0 authorizer with the REQUEST event and passes its context to the function when isAuthorized is true", async () => {
      answer = () => ({ ok: true, result: { isAuthorized: true, context: { tenant: "t1", level: 3 } } });
      const r = await get("/simple?x=1", { "x-api-key": "k1" });
      assert.deepStrictEqual([r.status, r.body], [200, "reached"]);
      const e = authorizerEvents[0];
      assert.strictEqual(e.version, "2.0");
      assert.strictEqual(e.type, "REQUEST");
      assert.deepStrictEqual(e.identitySource, ["k1"]);
      assert.strictEqual(e.routeArn, "arn:aws:execute-api:us-east-1:000000000000:api/$default/GET/simple");
      assert.strictEqual(e.routeKey, "GET /simple");
      assert.strictEqual(e.headers["x-api-key"], "k1");
      assert.strictEqual("body" in e, false);
      assert.deepStrictEqual(seen[0].requestContext.authorizer, { lambda: { tenant: "t1", level: 3 } });
    });

    it("answers 403 {\"message\":\"Forbidden\"} when a simple response says isAuthorized: false", async () => {
      answer = () => ({ ok: true, result: { isAuthorized: false } });
      const r = await get("/simple", { "x-api-key": "k1" });
      assert.deepStrictEqual([r.status, r.body], [403, '{"message":"Forbidden"}']);
      assert.strictEqual(seen.length, 0);
    });

    it("answers 500 when the authorizer fails or answers what API Gateway cannot read, and logs why", async () => {
      answer = () => ({ ok: false, error: "Error: boom" });
      assert.strictEqual((await get("/simple", { "x-api-key": "k1" })).status, 500);
      answer = () => ({ ok: true, result: { allowed: "yes" } });
      const r = await get("/simple", { "x-api-key": "k1" });
      assert.deepStrictEqual([r.status, r.body], [500, '{"message":"Internal Server Error"}']);
      assert.ok(logged.some((l) => /authorizer 'simple' \(auth\) failed: Error: boom/.test(l)), logged.join("\n"));
      assert.ok(logged.some((l) => /cannot read as a simple response/.test(l)), logged.join("\n"));
      assert.strictEqual(seen.length, 0);
    });

    it("applies a payload 1.0 IAM policy: Allow on a matching resource passes, an explicit Deny or no matching statement is 403", async () => {
      const policy = (effect: string, resource: string) => ({
        ok: true as const,
        result: { principalId: "user-1", policyDocument: { Version: "2012-10-17", Statement: [{ Action: "execute-api:Invoke", Effect: effect, Resource: [resource] }] }, context: { who: "u1" } },
      });
      answer = () => policy("Allow", "arn:aws:execute-api:us-east-1:000000000000:api/$default/GET/policy/*");
      const allowed = await get("/policy/7?tenant=a", { "x-api-key": "k1" });
      assert.deepStrictEqual([allowed.status, allowed.body], [200, "reached"]);
      const e = authorizerEvents[0];
      assert.deepStrictEqual([e.version, e.type, e.identitySource, e.authorizationToken], ["1.0", "REQUEST", "k1,a", "k1,a"]);
      assert.strictEqual(e.methodArn, "arn:aws:execute-api:us-east-1:000000000000:api/$default/GET/policy/7");
      assert.deepStrictEqual(seen[0].requestContext.authorizer, { lambda: { who: "u1" } });
      answer = () => policy("Deny", "*");
      assert.strictEqual((await get("/policy/7?tenant=a", { "x-api-key": "k1" })).status, 403);
      answer = () => policy("Allow", "arn:aws:execute-api:us-east-1:000000000000:api/$default/POST/*");
      assert.strictEqual((await get("/policy/7?tenant=a", { "x-api-key": "k1" })).status, 403);
      // The query string is an identity source too: without it, 401 before the authorizer.
      const before = authorizerEvents.length;
      assert.strictEqual((await get("/policy/7", { "x-api-key": "k1" })).status, 401);
      assert.strictEqual(authorizerEvents.length, before);
    });

    it("keeps an answer for resultTtl seconds per identity: the same key is not asked again, another key is", async () => {
      let n = 0;
      answer = () => ({ ok: true, result: { isAuthorized: true, context: { call: ++n } } });
      await get("/cached/1", { "x-api-key": "a" });
      await get("/cached/2", { "x-api-key": "a" });
      await get("/cached/3", { "x-api-key": "b" });
      assert.strictEqual(authorizerEvents.length, 2);
      assert.deepStrictEqual(seen.map((e) => e.requestContext.authorizer.lambda.call), [1, 1, 2]);
      // resultTtl 0 asks every time.
      await get("/simple", { "x-api-key": "a" });
      await get("/simple", { "x-api-key": "a" });
      assert.strictEqual(authorizerEvents.length, 4);
    });
  });

  describe("JWT authorizers", () => {
    const valid = (over: Record<string, unknown> = {}) => ({ iss: ISSUER, aud: "my-app", sub: "u1", exp: now() + 600, iat: now() - 10, scope: "openid orders/read", ...over });

    it("passes a valid token (bare or after Bearer) and gives the function its claims and scopes", async () => {
      const t = token(issuerKey.privateKey, "key-1", valid());
      for (const header of [`Bearer ${t}`, t]) {
        const r = await get("/me", { authorization: header });
        assert.deepStrictEqual([r.status, r.body], [200, "reached"]);
      }
      assert.strictEqual(seen[0].requestContext.authorizer.jwt.claims.sub, "u1");
      assert.deepStrictEqual(seen[0].requestContext.authorizer.jwt.scopes, ["openid", "orders/read"]);
      await get("/me1", { authorization: `Bearer ${t}` });
      assert.strictEqual(seen[2].requestContext.authorizer.claims.sub, "u1");
    });

    it("answers 401 with www-authenticate saying why: missing, bad signature, wrong issuer, wrong audience, expired, not yet valid", async () => {
      const cases: [string | undefined, RegExp][] = [
        [undefined, /the token is missing/],
        ["not-a-jwt", /not a JWT/],
        [token(otherKey.privateKey, "key-1", valid()), /signature is not valid/],
        [token(issuerKey.privateKey, "key-2", valid()), /kid is not one of the issuer's keys/],
        [token(issuerKey.privateKey, "key-1", valid({ iss: "https://evil.example.com" })), /valid issuer/],
        [token(issuerKey.privateKey, "key-1", valid({ aud: "other-app" })), /valid audience/],
        [token(issuerKey.privateKey, "key-1", valid({ exp: now() - 1 })), /expired/],
        [token(issuerKey.privateKey, "key-1", valid({ nbf: now() + 600 })), /not valid yet/],
      ];
      for (const [t, why] of cases) {
        const r = await get("/me", t === undefined ? {} : { authorization: `Bearer ${t}` });
        assert.deepStrictEqual([r.status, r.body], [401, '{"message":"Unauthorized"}'], String(why));
        assert.match(r.wwwAuthenticate ?? "", /^Bearer scope="" error="invalid_token" error_description="/);
        assert.match(r.wwwAuthenticate ?? "", why);
      }
      assert.strictEqual(seen.length, 0);
    });

    it("accepts client_id as the audience only when the token has no aud", async () => {
      const { aud: _aud, ...noAud } = valid();
      assert.strictEqual((await get("/me", { authorization: `Bearer ${token(issuerKey.privateKey, "key-1", { ...noAud, client_id: "my-app" })}` })).status, 200);
      assert.strictEqual((await get("/me", { authorization: `Bearer ${token(issuerKey.privateKey, "key-1", valid({ aud: "other", client_id: "my-app" }))}` })).status, 401);
    });

    it("answers 403 when a valid token lacks every scope the route needs", async () => {
      const r = await get("/orders", { authorization: `Bearer ${token(issuerKey.privateKey, "key-1", valid({ scope: "openid" }))}` });
      assert.deepStrictEqual([r.status, r.body], [403, '{"message":"Forbidden"}']);
      assert.match(r.wwwAuthenticate ?? "", /error="insufficient_scope"/);
      const ok = await get("/orders", { authorization: `Bearer ${token(issuerKey.privateKey, "key-1", valid({ scope: undefined, scp: ["orders/read"] }))}` });
      assert.strictEqual(ok.status, 200);
    });

    it("without the issuer's keys (offline), answers 401 and logs how to give them", async () => {
      keysGiven = undefined;
      const r = await get("/me", { authorization: `Bearer ${token(issuerKey.privateKey, "key-1", valid())}` });
      assert.strictEqual(r.status, 401);
      assert.ok(logged.some((l) => /STACKFILE_DEV_JWKS/.test(l) && l.includes(ISSUER)), logged.join("\n"));
    });
  });

  it("answers a CORS preflight of an authorized route itself, before any authorizer", async () => {
    const r = await fetch(`${url}/me`, { method: "OPTIONS", headers: { origin: "https://app.example.com", "access-control-request-method": "GET" } });
    assert.strictEqual(r.status, 204);
    assert.strictEqual(r.headers.get("access-control-allow-origin"), "https://app.example.com");
  });

  it("lets a route without an authorizer through untouched", async () => {
    const r = await get("/open");
    assert.strictEqual(r.status, 200);
    assert.strictEqual("authorizer" in seen[0].requestContext, false);
  });
});
