// The user-auth-pool type in a stack file: validate's messages at their lines,
// and the plan of a function connected to a pool (its variables and its
// permission), with the pool's data options.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { analyzeStackfile, formatProblem } from "../../src/config/stackfile";
import { cli, tmpFile } from "../cli/cli-helpers";

const problems = (text: string) => analyzeStackfile("s.yaml", text).problems.map(formatProblem);

function stack(text: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "user-auth-pool-yaml-"));
  fs.writeFileSync(path.join(dir, "fn.ts"), "export async function handler() {\n  return { statusCode: 200, body: 'ok' };\n}\n");
  fs.writeFileSync(path.join(dir, "stack.yaml"), text);
  return path.join(dir, "stack.yaml");
}

type Plan = { resources: { type: string; name: string; inputs: Record<string, any> }[]; outputs: Record<string, Record<string, string>> };

describe("user-auth-pool in YAML", () => {
  it("validate: every problem at its line, with the schema's and the rules'", () => {
    const text = `resources:
  users:
    type: user-auth-pool
    properties:
      enableHostedUi: true
      passwordPolicy: { minimumLength: 4 }
      mfaConfiguration: { status: ON }
      callbackURLs: [http://app.example.com/callback]
      accessTokenValidityMinutes: 2000
`;
    assert.deepStrictEqual(problems(text), [
      "s.yaml:5:23: the hosted UI needs a domain prefix; set hostedUiDomainPrefix (for example my-app-login): the pages are served at https://<prefix>.auth.<region>.amazoncognito.com",
      "s.yaml:6:40: minimumLength must be at least 6 (it is 4); allowed: 6 to 99",
      "s.yaml:7:35: MFA ON needs a second factor, and enabledTypes lists none; set mfaConfiguration.enabledTypes: [SOFTWARE_TOKEN] (an authenticator app), SMS, or both",
      "s.yaml:8:22: 'http://app.example.com/callback' is plain HTTP; Cognito takes HTTPS, or http://localhost for testing",
      "s.yaml:9:35: accessTokenValidityMinutes must be at most 1440 (it is 2000); allowed: 5 to 1440",
    ]);
  });

  it("validate: a pool with no properties is valid, and others read its id, clientId, arn and issuerUrl", () => {
    const text = `resources:
  users:
    type: user-auth-pool
  fn:
    type: function
    properties:
      entryfilePath: ./fn.ts
      environment:
        - { name: A, value: "$ResourceParam('users', 'id')" }
        - { name: B, value: "$ResourceParam('users', 'clientId')" }
        - { name: C, value: "$ResourceParam('users', 'arn')" }
        - { name: D, value: "$ResourceParam('users', 'issuerUrl')" }
        - { name: E, value: "$ResourceParam('users', 'secret')" }
`;
    assert.deepStrictEqual(problems(text), ["s.yaml:13:29: user-auth-pool has no parameter 'secret'; available: id, clientId, arn, issuerUrl"]);
  });

  describe("plan of a function connected to a pool, with its data options", () => {
    let plan: Plan;
    before(async () => {
      const file = stack(`resources:
  myUsers:
    type: user-auth-pool
    options: { protect: true, retainOnDelete: true }
    properties:
      allowEmailAsUserName: true
  fn:
    type: function
    properties:
      entryfilePath: ./fn.ts
      connectTo: [myUsers]
`);
      const r = await cli("plan", file, "--json");
      assert.strictEqual(r.code, 0, r.err);
      plan = JSON.parse(r.out) as Plan;
    });

    it("the function gets STP_MY_USERS_ID, _CLIENT_ID and _ARN, the pool's outputs", () => {
      const fn = plan.resources.find((x) => x.type === "aws:lambda/function:Function")!;
      const vars = fn.inputs.environment.variables;
      assert.strictEqual(vars.STP_MY_USERS_ID, plan.outputs.myUsers.id);
      assert.strictEqual(vars.STP_MY_USERS_CLIENT_ID, plan.outputs.myUsers.clientId);
      assert.strictEqual(vars.STP_MY_USERS_ARN, plan.outputs.myUsers.arn);
      assert.match(plan.outputs.myUsers.arn, /^arn:aws:cognito-idp:us-east-1:123456789012:userpool\/us-east-1_[0-9A-Za-z]+$/);
      assert.strictEqual(plan.outputs.myUsers.issuerUrl, `https://cognito-idp.us-east-1.amazonaws.com/${plan.outputs.myUsers.id}`);
    });

    it("the function may do anything to this pool (cognito-idp:* on its ARN), and nothing to any other", () => {
      const policies = plan.resources.filter((x) => x.type === "aws:iam/rolePolicy:RolePolicy" && x.name.startsWith("fn-"));
      const statements = policies.flatMap((p) => JSON.parse(p.inputs.policy).Statement as { Action: string[]; Resource: string[] }[]);
      const cognito = statements.filter((s) => s.Action.some((a) => a.startsWith("cognito-idp:")));
      assert.deepStrictEqual(cognito, [{ Effect: "Allow", Action: ["cognito-idp:*"], Resource: [plan.outputs.myUsers.arn] }]);
    });
  });

  describe("diff", () => {
    const pool = (props = "") => `resources:\n  users:\n    type: user-auth-pool\n    properties:\n      requireEmailVerification: true\n${props}`;
    async function jsonDiff(...args: string[]) {
      const r = await cli("diff", ...args, "--format", "json");
      const out = r.out ? JSON.parse(r.out) : undefined;
      const byName = (name: string) => out?.resources.find((x: { name: string }) => x.name === name);
      return { ...r, byName };
    }

    it("a sign-in alias replaces the pool, which loses every user: refused at the property without --allow-replace", async () => {
      const after = tmpFile(pool("      allowEmailAsUserName: true\n"));
      const r = await jsonDiff(tmpFile(pool()), after);
      assert.strictEqual(r.code, 1);
      const p = r.byName("users-user-pool");
      assert.deepStrictEqual([p.action, p.replaceBecause, p.dataLoss], ["replace", ["usernameAttributes"], true]);
      assert.strictEqual(r.err, `${after}:6:29: users: users-user-pool (aws:cognito/userPool:UserPool) is replaced because usernameAttributes forces a new resource: the new one starts empty, and the old one is deleted with every user of the pool (their passwords cannot be exported); if that is intended, pass --allow-replace users`);
      const allowed = await jsonDiff(tmpFile(pool()), after, "--allow-replace", "users");
      assert.strictEqual(allowed.code, 0, allowed.err);
    });

    it("a password policy or MFA change updates the pool in place, losing nothing (exit 0)", async () => {
      const r = await jsonDiff(tmpFile(pool()), tmpFile(pool("      passwordPolicy: { minimumLength: 12 }\n      mfaConfiguration: { status: OPTIONAL, enabledTypes: [SOFTWARE_TOKEN] }\n")));
      assert.strictEqual(r.code, 0, r.err);
      const p = r.byName("users-user-pool");
      assert.deepStrictEqual([p.action, p.dataLoss], ["update", false]);
      assert.ok(p.changed.includes("passwordPolicy.minimumLength") || p.changed.includes("passwordPolicy"), JSON.stringify(p.changed));
    });

    it("with retainOnDelete the old pool is kept, but the stack would go on with a new, empty pool: refused unless --allow-replace names it", async () => {
      const opts = "    options: { retainOnDelete: true }\n";
      const before = tmpFile(pool().replace("    properties:", `${opts}    properties:`));
      const after = tmpFile(pool("      allowEmailAsUserName: true\n").replace("    properties:", `${opts}    properties:`));
      const r = await jsonDiff(before, after);
      assert.strictEqual(r.code, 1, r.err);
      assert.deepStrictEqual([r.byName("users-user-pool").action, r.byName("users-user-pool").dataLoss], ["replace", false]);
      assert.match(r.err, /users: users-user-pool \(aws:cognito\/userPool:UserPool\) is replaced because usernameAttributes forces a new resource: the new one starts empty; the old one stays in the account \(options\.retainOnDelete\)/);
      assert.strictEqual((await jsonDiff(before, after, "--allow-replace", "users")).code, 0);
    });
  });

  describe("as a gateway's cognito authorizer", () => {
    const gateway = (pool: string, more = "") => `resources:
  users:
    type: user-auth-pool
  other:
    type: function
    properties: { entryfilePath: ./fn.ts }
  api:
    type: http-api-gateway
    properties:
      authorizers:
        members: { type: cognito, userPoolName: ${pool}${more} }
      defaultAuthorizer: members
  me:
    type: function
    properties:
      entryfilePath: ./fn.ts
      events:
        - type: http-api-gateway
          properties: { httpApiGatewayName: api, path: /me, method: GET, authorizationScopes: [email] }
`;

    it("validate: userPoolName must name a user pool of the file", () => {
      assert.deepStrictEqual(problems(gateway("other")), ["s.yaml:11:49: userPoolName names 'other', a function; it must name a user-auth-pool (users)"]);
      assert.deepStrictEqual(problems(gateway("user")), ["s.yaml:11:49: userPoolName names 'user', which is not a resource of this file; did you mean 'users'?"]);
      assert.deepStrictEqual(problems(gateway("users", ", identitySource: $context.x")), ["s.yaml:11:72: '$context.x' is not where a JWT authorizer can read a token: write $request.header.<name> or $request.querystring.<name>"]);
      assert.deepStrictEqual(problems(gateway("users")), []);
    });

    it("plan: a JWT authorizer with the pool's issuer and its client as the audience, guarding the route with its scopes", async () => {
      const r = await cli("plan", stack(gateway("users")), "--json");
      assert.strictEqual(r.code, 0, r.err);
      const plan = JSON.parse(r.out) as Plan;
      const auth = plan.resources.find((x) => x.type === "aws:apigatewayv2/authorizer:Authorizer")!;
      assert.strictEqual(auth.name, "api-authorizer-members");
      assert.strictEqual(auth.inputs.authorizerType, "JWT");
      assert.deepStrictEqual(auth.inputs.identitySources, ["$request.header.Authorization"]);
      assert.deepStrictEqual(auth.inputs.jwtConfiguration, { issuer: plan.outputs.users.issuerUrl, audiences: [plan.outputs.users.clientId] });
      const route = plan.resources.find((x) => x.type === "aws:apigatewayv2/route:Route" && x.inputs.routeKey === "GET /me")!;
      assert.deepStrictEqual([route.inputs.authorizationType, route.inputs.authorizationScopes], ["JWT", ["email"]]);
    });
  });

  describe("hooks (Cognito's Lambda triggers)", () => {
    const hooked = (hooks: string) => `resources:
  users:
    type: user-auth-pool
    properties:
      hooks: { ${hooks} }
  checkSignUp:
    type: function
    properties: { entryfilePath: ./fn.ts }
  other:
    type: user-auth-pool
`;

    it("validate: a hook names a function of the file", () => {
      assert.deepStrictEqual(problems(hooked("preSignUp: other")), ["s.yaml:5:27: preSignUp names 'other', a user-auth-pool; it must name a function (checkSignUp)"]);
      assert.deepStrictEqual(problems(hooked("preSignUp: checkSignUp, postConfirmation: nowhere")), ["s.yaml:5:58: postConfirmation names 'nowhere', which is not a resource of this file; function resources: checkSignUp"]);
      assert.deepStrictEqual(problems(hooked("preSignUp: checkSignUp, preTokenGeneration: checkSignUp")), []);
    });

    it("plan: the pool's lambdaConfig names the function's ARN, and one permission lets Cognito invoke it for this pool only", async () => {
      const r = await cli("plan", stack(hooked("preSignUp: checkSignUp, preTokenGeneration: checkSignUp")), "--json");
      assert.strictEqual(r.code, 0, r.err);
      const plan = JSON.parse(r.out) as Plan;
      const pool = plan.resources.find((x) => x.name === "users-user-pool")!;
      assert.deepStrictEqual(pool.inputs.lambdaConfig, { preSignUp: plan.outputs.checkSignUp.arn, preTokenGeneration: plan.outputs.checkSignUp.arn });
      const permissions = plan.resources.filter((x) => x.type === "aws:lambda/permission:Permission" && x.name.startsWith("users-"));
      assert.deepStrictEqual(permissions.map((x) => [x.name, x.inputs.action, x.inputs.function, x.inputs.principal, x.inputs.sourceArn]), [
        ["users-hook-permission-checkSignUp", "lambda:InvokeFunction", plan.outputs.checkSignUp.name, "cognito-idp.amazonaws.com", plan.outputs.users.arn],
      ]);
      assert.strictEqual(plan.resources.find((x) => x.name === "other-user-pool")!.inputs.lambdaConfig, undefined);
    });
  });
});
