// dev's local Cognito (cognito-local in dev's process), with the SDK's
// Cognito Identity Provider client: a code it would send is one log line, and
// works; its discovery document names its own port (cognito-local's names
// localhost:9229), and the keys found through it verify the pool's tokens as
// the local gateway's JWT authorizer verifies them.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import {
  CognitoIdentityProviderClient, ConfirmSignUpCommand, CreateUserPoolClientCommand, CreateUserPoolCommand, InitiateAuthCommand, SignUpCommand,
} from "@aws-sdk/client-cognito-identity-provider";
import { startCognito, type LocalCognito } from "../../../src/dev/aws-services/cognito";
import { defaultKeySource, verifyJwt } from "../../../src/dev/jwt";

describe("dev's local Cognito", function () {
  // Hang guard for a busy machine (cognito-local loads the AWS SDK v2), not a timing.
  this.timeout(60_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cognito-local-"));
  const log: string[] = [];
  let cognito!: LocalCognito;
  let sdk!: CognitoIdentityProviderClient;

  before(async () => {
    cognito = await startCognito({ directory: dir, log: (l) => log.push(l) });
    sdk = new CognitoIdentityProviderClient({ endpoint: cognito.endpoint, region: "us-east-1", credentials: { accessKeyId: "x", secretAccessKey: "x" } });
  });
  after(async () => {
    sdk?.destroy();
    await cognito?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("writes the code it would send as one log line, and that code confirms the user; its discovery document and keys verify the pool's token", async () => {
    const { UserPool } = await sdk.send(new CreateUserPoolCommand({ PoolName: "users", UsernameAttributes: ["email"], AutoVerifiedAttributes: ["email"] }));
    const { UserPoolClient } = await sdk.send(new CreateUserPoolClientCommand({ UserPoolId: UserPool!.Id, ClientName: "users-client" }));
    const clientId = UserPoolClient!.ClientId!;
    const email = "grace@example.com";
    await sdk.send(new SignUpCommand({ ClientId: clientId, Username: email, Password: "Correct-horse-9", UserAttributes: [{ Name: "email", Value: email }] }));
    const line = log.find((l) => l.startsWith("Confirmation Code Delivery;"));
    assert.match(String(line), /^Confirmation Code Delivery; Username: [^;]+; Destination: grace@example\.com; Code: \d{6}$/, log.join("\n"));
    const code = /Code: (\d{6})$/.exec(String(line))![1];
    await sdk.send(new ConfirmSignUpCommand({ ClientId: clientId, Username: email, ConfirmationCode: code }));
    const signedIn = await sdk.send(new InitiateAuthCommand({ ClientId: clientId, AuthFlow: "USER_PASSWORD_AUTH", AuthParameters: { USERNAME: email, PASSWORD: "Correct-horse-9" } }));

    const issuer = cognito.issuerOf(UserPool!.Id!);
    assert.strictEqual(issuer, `http://127.0.0.1:${cognito.port}/${UserPool!.Id}`);
    const discovery = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    assert.deepStrictEqual({ issuer: discovery.issuer, jwks_uri: discovery.jwks_uri }, { issuer, jwks_uri: `${issuer}/.well-known/jwks.json` });
    const keys = await defaultKeySource({})(issuer);
    const outcome = verifyJwt(signedIn.AuthenticationResult!.IdToken!, { name: "users", issuer, audience: [clientId] }, keys, undefined);
    assert.ok(outcome.ok, JSON.stringify(outcome));
    assert.strictEqual(outcome.claims.email, email);
    // Another client's tokens are not for this audience.
    assert.deepStrictEqual(verifyJwt(signedIn.AuthenticationResult!.IdToken!, { name: "users", issuer, audience: ["another-client"] }, keys, undefined),
      { ok: false, status: 401, description: "the token does not have a valid audience" });
  });
});
