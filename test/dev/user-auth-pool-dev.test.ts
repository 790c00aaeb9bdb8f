// `stackfile dev` with a user-auth-pool: the pool and its app client run on
// the local Cognito (cognito-local) as the stack makes them; a connected
// function gets STP_USERS_* and the endpoint its SDK's Cognito client reaches
// the local pool with (no endpoint in its code); a gateway authorizer of type
// cognito naming the pool accepts the pool's tokens and refuses the rest, as
// API Gateway's JWT authorizer does.
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import {
  AdminConfirmSignUpCommand, CognitoIdentityProviderClient, DescribeUserPoolClientCommand, DescribeUserPoolCommand, InitiateAuthCommand, SignUpCommand,
} from "@aws-sdk/client-cognito-identity-provider";
import { runDev } from "../../src/cli/dev-command";
import type { DevSession } from "../../src/cli/dev-session";
import { basePort } from "./dev-process";

// The handler imports the AWS SDK as a user's would (no endpoint, no region, no credentials in the code).
const POOL_INFO = `import { CognitoIdentityProviderClient, DescribeUserPoolCommand } from "@aws-sdk/client-cognito-identity-provider";
export async function handler() {
  const got = await new CognitoIdentityProviderClient({}).send(new DescribeUserPoolCommand({ UserPoolId: process.env.STP_USERS_ID }));
  return {
    name: got.UserPool.Name, id: process.env.STP_USERS_ID, clientId: process.env.STP_USERS_CLIENT_ID, arn: process.env.STP_USERS_ARN,
    endpoint: process.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER,
  };
}
`;
// Hooks: a pre sign-up that refuses one domain, a pre token generation that adds a claim.
const CHECK_SIGN_UP = `export async function handler(event) {
  if (event.request.userAttributes.email.endsWith("@blocked.example")) throw new Error("sign-ups from blocked.example are closed");
  return event;
}
`;
const ADD_TEAM = `export async function handler(event) {
  event.response = { claimsOverrideDetails: { claimsToAddOrOverride: { team: "blue" } } };
  return event;
}
`;
const ME = `export async function handler(event) {
  return { claims: event.requestContext.authorizer.jwt.claims };
}
`;

describe("stackfile dev: user-auth-pool", function () {
  // Hang guard for two busy cores (two bundles, the local Cognito), not a timing.
  this.timeout(120_000);
  // Below the repository's node_modules, so the function's bundle finds the SDK.
  const dir = fs.mkdtempSync(path.join(__dirname, "..", "..", "node_modules", ".userpool-dev-"));
  let stop!: () => void;
  let code: Promise<number>;
  let session!: DevSession;
  let api!: string;
  let cognito!: CognitoIdentityProviderClient;
  const lines: string[] = [];
  const out = (name: string) => String(session.output("users", name));

  before(async () => {
    fs.writeFileSync(path.join(dir, "pool-info.mjs"), POOL_INFO);
    fs.writeFileSync(path.join(dir, "me.mjs"), ME);
    fs.writeFileSync(path.join(dir, "check-sign-up.mjs"), CHECK_SIGN_UP);
    fs.writeFileSync(path.join(dir, "add-team.mjs"), ADD_TEAM);
    fs.writeFileSync(path.join(dir, "stack.yaml"), `resources:
  users:
    type: user-auth-pool
    properties:
      allowEmailAsUserName: true
      passwordPolicy: { minimumLength: 12, requireSymbols: false }
      accessTokenValidityMinutes: 30
      hooks: { preSignUp: checkSignUp, preTokenGeneration: addTeam, preAuthentication: addTeam }
  checkSignUp:
    type: function
    properties: { entryfilePath: ./check-sign-up.mjs }
  addTeam:
    type: function
    properties: { entryfilePath: ./add-team.mjs }
  admins:
    type: user-auth-pool
  api:
    type: http-api-gateway
    properties:
      payloadFormat: "2.0"
      authorizers:
        users: { type: cognito, userPoolName: users }
  poolInfo:
    type: function
    properties:
      entryfilePath: ./pool-info.mjs
      connectTo: [users]
      events:
        - { type: http-api-gateway, properties: { httpApiGatewayName: api, path: /pool, method: GET } }
  me:
    type: function
    properties:
      entryfilePath: ./me.mjs
      events:
        - { type: http-api-gateway, properties: { httpApiGatewayName: api, path: /me, method: GET, authorizer: users } }
`);
    const stopped = new Promise<void>((r) => (stop = r));
    let started!: (s: DevSession) => void;
    const ready = new Promise<DevSession>((r) => (started = r));
    code = runDev([path.join(dir, "stack.yaml"), "--port", String(basePort() + 55)], { out: (t) => lines.push(t), err: (t) => lines.push(t) }, stopped, { started });
    session = await Promise.race([ready, code.then((c) => assert.fail(`dev exited ${c}: ${lines.join("\n")}`))]);
    api = String(session.output("api", "url"));
    cognito = new CognitoIdentityProviderClient({ endpoint: out("localEndpoint"), region: "us-east-1", credentials: { accessKeyId: "x", secretAccessKey: "x" } });
  });

  after(async () => {
    cognito?.destroy();
    stop?.();
    const exited = await code;
    fs.rmSync(dir, { recursive: true, force: true });
    assert.strictEqual(exited, 0, lines.join("\n"));
  });

  it("makes the pool and its app client on the local Cognito as the stack says", async () => {
    const { UserPool: pool } = await cognito.send(new DescribeUserPoolCommand({ UserPoolId: out("id") }));
    assert.strictEqual(pool?.Name, "users");
    assert.strictEqual(pool?.Arn, out("arn"));
    assert.deepStrictEqual(pool?.UsernameAttributes, ["email"]);
    assert.deepStrictEqual(pool?.Policies?.PasswordPolicy, {
      MinimumLength: 12, RequireLowercase: true, RequireUppercase: true, RequireNumbers: true, RequireSymbols: false, TemporaryPasswordValidityDays: 7,
    });
    const { UserPoolClient: client } = await cognito.send(new DescribeUserPoolClientCommand({ UserPoolId: out("id"), ClientId: out("clientId") }));
    assert.strictEqual(client?.AccessTokenValidity, 30);
    assert.strictEqual(client?.IdTokenValidity, 60);
    assert.deepStrictEqual(client?.TokenValidityUnits, { AccessToken: "minutes", IdToken: "minutes", RefreshToken: "days" });
    assert.strictEqual(out("issuerUrl"), `${out("localEndpoint")}/${out("id")}`);
  });

  it("a connected function's SDK client, given no endpoint, reaches the local pool through AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER", async () => {
    const r = await fetch(`${api}/pool`);
    assert.strictEqual(r.status, 200, lines.join("\n"));
    assert.deepStrictEqual(await r.json(), { name: "users", id: out("id"), clientId: out("clientId"), arn: out("arn"), endpoint: out("localEndpoint") });
  });

  it("a user signed up, confirmed and signed in through the SDK gets tokens the cognito authorizer accepts; no token or a bad one gets 401", async () => {
    const email = "ada@example.com";
    const password = "Correct-horse-9";
    await cognito.send(new SignUpCommand({ ClientId: out("clientId"), Username: email, Password: password, UserAttributes: [{ Name: "email", Value: email }] }));
    await cognito.send(new AdminConfirmSignUpCommand({ UserPoolId: out("id"), Username: email }));
    const signedIn = await cognito.send(new InitiateAuthCommand({ ClientId: out("clientId"), AuthFlow: "USER_PASSWORD_AUTH", AuthParameters: { USERNAME: email, PASSWORD: password } }));
    const { IdToken: idToken, AccessToken: accessToken } = signedIn.AuthenticationResult ?? {};
    assert.ok(idToken && accessToken, "signed in");

    const withId = await fetch(`${api}/me`, { headers: { authorization: `Bearer ${idToken}` } });
    assert.strictEqual(withId.status, 200, lines.join("\n"));
    const idClaims = ((await withId.json()) as { claims: Record<string, unknown> }).claims;
    assert.strictEqual(idClaims.email, email);
    assert.strictEqual(idClaims.aud, out("clientId"));
    assert.strictEqual(idClaims.iss, out("issuerUrl"));
    // The pre token generation hook ran (its claim is in the ID token).
    assert.strictEqual(idClaims.team, "blue");

    // An access token has no `aud`: its client_id is checked instead.
    const withAccess = await fetch(`${api}/me`, { headers: { authorization: accessToken } });
    assert.strictEqual(withAccess.status, 200);
    assert.strictEqual(((await withAccess.json()) as { claims: Record<string, unknown> }).claims.client_id, out("clientId"));

    const none = await fetch(`${api}/me`);
    assert.strictEqual(none.status, 401);
    assert.deepStrictEqual(await none.json(), { message: "Unauthorized" });
    const [h, p, s] = idToken!.split(".");
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, "base64url").toString()), email: "eve@example.com" })).toString("base64url")}.${s}`;
    const bad = await fetch(`${api}/me`, { headers: { authorization: `Bearer ${forged}` } });
    assert.strictEqual(bad.status, 401);
    assert.match(String(bad.headers.get("www-authenticate")), /signature/);
  });

  it("runs the pool's pre sign-up hook (its refusal reaches the SDK as Cognito's), not another pool's, and says at start which hooks do not run locally", async () => {
    await assert.rejects(
      cognito.send(new SignUpCommand({ ClientId: out("clientId"), Username: "eve@blocked.example", Password: "Correct-horse-9", UserAttributes: [{ Name: "email", Value: "eve@blocked.example" }] })),
      (err: Error) => err.name === "UserLambdaValidationException" && /PreSignUp failed with error sign-ups from blocked\.example are closed/.test(err.message),
    );
    assert.ok(lines.some((l) => l.includes("[users]") && l.includes("hooks not run locally") && l.includes("preAuthentication (addTeam)")), lines.join("\n"));
    // Triggers are server-wide in cognito-local: a pool without the hook (on the same server) signs the user up as if it were off.
    const admins = String(session.output("admins", "clientId"));
    assert.strictEqual(session.output("admins", "localEndpoint"), out("localEndpoint"));
    const signedUp = await cognito.send(new SignUpCommand({ ClientId: admins, Username: "eve@blocked.example", Password: "Correct-horse-9", UserAttributes: [{ Name: "email", Value: "eve@blocked.example" }] }));
    assert.strictEqual(signedUp.UserConfirmed, false);
  });
});
