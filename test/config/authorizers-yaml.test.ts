// Gateway authorizers in YAML: every mistake said at its line with how to fix
// it, `$ResourceParam` in issuerUrl and audience, and the plan of a stack
// whose routes use them.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { analyzeStackfile, formatProblem } from "../../src/config/stackfile";
import { withDefaults } from "../../src/shared/schema/schema";
import { cli } from "../cli/cli-helpers";

const problems = (text: string) => analyzeStackfile("s.yaml", text).problems.map(formatProblem);

const GATEWAY = `resources:
  api:
    type: http-api-gateway
    properties:
      cors: { enabled: true }
      defaultAuthorizer: users
      authorizers:
        users:
          type: jwt
          issuerUrl: https://login.example.com
          audience: [api]
        keys:
          type: lambda
          functionName: auth
          identitySource: [$request.header.X-Api-Key]
  auth:
    type: function
    properties:
      entryfilePath: ./fn.ts
`;
const events = (...lines: string[]) => `  items:
    type: function
    properties:
      entryfilePath: ./fn.ts
      events:
${lines.map((l) => `        - type: http-api-gateway\n          properties: { httpApiGatewayName: api, ${l} }\n`).join("")}`;

function stackDir(text: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "authorizers-yaml-"));
  fs.writeFileSync(path.join(dir, "fn.ts"), "export async function handler() {\n  return { statusCode: 200, body: 'ok' };\n}\n");
  fs.writeFileSync(path.join(dir, "stack.yaml"), text);
  return path.join(dir, "stack.yaml");
}

describe("gateway authorizers in YAML", function () {
  this.timeout(120000);

  it("a gateway with a JWT and a Lambda authorizer, and routes using, opting out of and scoping them, is valid", () => {
    assert.deepStrictEqual(problems(GATEWAY + events(
      "path: /me, method: GET, authorizationScopes: [profile]",
      "path: /keys, method: POST, authorizer: keys",
      "path: /health, method: GET, authorizer: none",
    )), []);
  });

  it("the schema's defaults fill each authorizer of the map (JWT identity source; Lambda payload 2.0, no caching)", () => {
    const filled = withDefaults("HttpApiGatewayProperties", { authorizers: { users: { type: "jwt", issuerUrl: "https://a.example.com", audience: ["x"] }, keys: { type: "lambda", functionName: "auth" } } }) as any;
    assert.deepStrictEqual(filled.authorizers, {
      users: { type: "jwt", issuerUrl: "https://a.example.com", audience: ["x"], identitySource: "$request.header.Authorization" },
      keys: { type: "lambda", functionName: "auth", payloadFormat: "2.0", resultTtl: 0 },
    });
  });

  it("an unknown authorizer name, on the gateway or a route, gets did-you-mean at its line", () => {
    const text = GATEWAY.replace("defaultAuthorizer: users", "defaultAuthorizer: user") + events("path: /me, method: GET, authorizer: kyes");
    assert.deepStrictEqual(problems(text), [
      "s.yaml:6:26: no authorizer named 'user'; did you mean 'users'?",
      "s.yaml:26:86: 'api' has no authorizer named 'kyes'; did you mean 'keys'?; name one of the gateway's authorizers, or write 'none' for a public route",
    ]);
  });

  it("a Lambda authorizer must name a function of the stack", () => {
    assert.deepStrictEqual(problems(GATEWAY.replace("functionName: auth", "functionName: api")), [
      "s.yaml:14:25: functionName names 'api', a http-api-gateway; it must name a function (auth)",
    ]);
    assert.deepStrictEqual(problems(GATEWAY.replace("functionName: auth", "functionName: ath")), [
      "s.yaml:14:25: functionName names 'ath', which is not a resource of this file; did you mean 'auth'?",
    ]);
  });

  it("scopes only with a JWT authorizer, and never on a public route", () => {
    assert.deepStrictEqual(problems(GATEWAY + events(
      "path: /keys, method: POST, authorizer: keys, authorizationScopes: [write]",
      "path: /health, method: GET, authorizer: none, authorizationScopes: [read]",
    )), [
      "s.yaml:26:116: authorizationScopes are checked only by JWT authorizers; 'keys' is a lambda authorizer; remove authorizationScopes (a Lambda authorizer decides by itself)",
      "s.yaml:28:117: authorizationScopes need a JWT authorizer, and this route has no authorizer; set authorizer to a JWT authorizer of the gateway, or remove authorizationScopes",
    ]);
  });

  it("simple responses only with payload 2.0, a result TTL from 0 to 3600 with an identity source, identity sources AWS can read", () => {
    const text = GATEWAY.replace("          identitySource: [$request.header.X-Api-Key]\n",
      "          payloadFormat: \"1.0\"\n          enableSimpleResponses: true\n          resultTtl: 3601\n").replace("audience: [api]", "audience: [api]\n          identitySource: $request.cookie.id");
    assert.deepStrictEqual(problems(text), [
      "s.yaml:12:27: '$request.cookie.id' is not where a JWT authorizer can read a token: write $request.header.<name> or $request.querystring.<name>",
      "s.yaml:17:34: simple responses ({isAuthorized}) are only for payload format 2.0; set payloadFormat: \"2.0\", or remove enableSimpleResponses",
      "s.yaml:18:22: resultTtl must be at most 3600 (it is 3601); allowed: 0 to 3600",
      "s.yaml:18:22: a cached answer (resultTtl above 0) is kept per identity source, and this authorizer has none; list identitySource, or set resultTtl: 0",
    ]);
  });

  it("'none' cannot name an authorizer, and an OPTIONS route with CORS takes none", () => {
    const text = GATEWAY.replace("        keys:\n", "        none:\n") + events("path: /me, method: OPTIONS, authorizer: users");
    assert.deepStrictEqual(problems(text), [
      "s.yaml:12:9: 'none' is the word a route uses to opt out of the default authorizer; give this authorizer another name",
      "s.yaml:26:90: an OPTIONS route answers CORS preflights, which browsers send without credentials: an authorizer here makes every preflight fail; remove authorizer (API Gateway answers preflights from the gateway's cors settings)",
    ]);
  });

  it("an OPTIONS event on the path of an authorized ANY route is refused: stackfile makes that route for preflights", () => {
    assert.deepStrictEqual(problems(GATEWAY + events("path: \"/{proxy+}\", method: \"*\"", "path: \"/{proxy+}\", method: OPTIONS, authorizer: none")), [
      "s.yaml:28:77: route OPTIONS /{proxy+} of 'api' is made by stackfile beside the authorized ANY /{proxy+} of the function 'items', so that CORS preflights reach no authorizer; remove this route (API Gateway answers preflights from the gateway's cors settings)",
    ]);
  });

  it("with the CDN caching, an identity source no cache key can hold is refused at its line", () => {
    // Lambda authorizers that keep their answers 300 s (with a JWT authorizer the CDN caches nothing: a token is checked on every request).
    const text = GATEWAY.replace("cors: { enabled: true }", "cdn: { enabled: true }")
      .replace("type: jwt\n          issuerUrl: https://login.example.com\n          audience: [api]", "{ type: lambda, functionName: auth, identitySource: [$request.header.X-Id], resultTtl: 300 }")
      .replace("[$request.header.X-Api-Key]", "[$context.identity.sourceIp]\n          resultTtl: 300");
    assert.deepStrictEqual(problems(text), [
      "s.yaml:13:28: the CDN caches answers, and '$context.identity.sourceIp' cannot be part of its cache key, so one caller's cached answer could be served to another; read the identity from a header or query string, or turn caching off with cdn.cachingOptions.maxTTL: 0",
    ]);
    assert.deepStrictEqual(problems(text.replace("cdn: { enabled: true }", "cdn: { enabled: true, cachingOptions: { maxTTL: 0 } }")), []);
    // Beside a JWT authorizer, or with resultTtl 0, the CDN caches nothing: nothing to refuse.
    assert.deepStrictEqual(problems(GATEWAY.replace("cors: { enabled: true }", "cdn: { enabled: true }").replace("[$request.header.X-Api-Key]", "[$context.identity.sourceIp]")), []);
  });

  it("warns when CORS does not let browsers send a header an authorizer reads", () => {
    const text = GATEWAY.replace("cors: { enabled: true }", "cors: { enabled: true, allowedHeaders: [Content-Type, Authorization] }") + events("path: /me, method: GET");
    const warnings = analyzeStackfile("s.yaml", text).warnings.map(formatProblem);
    assert.deepStrictEqual(warnings, [
      "s.yaml:5:46: warning: browsers may not send x-api-key on cross-origin calls (cors.allowedHeaders leaves it out), and the gateway's authorizers read it; add it to cors.allowedHeaders",
    ]);
    assert.deepStrictEqual(analyzeStackfile("s.yaml", GATEWAY + events("path: /me, method: GET")).warnings, [], "the default allowed headers: Authorization is in, and no list is written");
  });

  it("$ResourceParam works in issuerUrl and audience, and the plan carries the resolved values", async () => {
    const text = `resources:
  idp:
    type: http-api-gateway
  web:
    type: http-api-gateway
  api:
    type: http-api-gateway
    properties:
      defaultAuthorizer: users
      authorizers:
        users:
          type: jwt
          issuerUrl: $ResourceParam('idp', 'url')
          audience: ["$ResourceParam('web', 'url')", "cli"]
` + events("path: /me, method: GET");
    assert.deepStrictEqual(problems(text), []);
    const r = await cli("plan", stackDir(text), "--json");
    assert.strictEqual(r.code, 0, r.err);
    const plan = JSON.parse(r.out);
    const jwt = plan.resources.find((x: any) => x.type === "aws:apigatewayv2/authorizer:Authorizer").inputs.jwtConfiguration;
    assert.deepStrictEqual(jwt, { issuer: plan.outputs.idp.url, audiences: [plan.outputs.web.url, "cli"] });
    assert.match(jwt.issuer, /^https:\/\//);
  });

  it("plan: the routes carry their authorizer; the Lambda authorizer's function is made first and may be invoked from its authorizer only", async () => {
    const r = await cli("plan", stackDir(GATEWAY + events("path: /me, method: GET", "path: /keys, method: POST, authorizer: keys", "path: /health, method: GET, authorizer: none")), "--json");
    assert.strictEqual(r.code, 0, r.err);
    const plan = JSON.parse(r.out);
    const routes = Object.fromEntries(plan.resources.filter((x: any) => x.type === "aws:apigatewayv2/route:Route").map((x: any) => [x.inputs.routeKey, x.inputs.authorizationType ?? "NONE"]));
    assert.deepStrictEqual(routes, { "GET /me": "JWT", "POST /keys": "CUSTOM", "GET /health": "NONE" });
    const permission = plan.resources.find((x: any) => x.name === "api-authorizer-permission-keys");
    assert.match(permission.inputs.sourceArn, /^arn:aws:execute-api:us-east-1:\d{12}:[a-z0-9]+\/authorizers\/.+$/);
    assert.strictEqual(permission.inputs.function, plan.outputs.auth.name);
  });
});
