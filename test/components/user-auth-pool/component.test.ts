import * as assert from "assert";
import type * as pulumi from "@pulumi/pulumi";
import { UserAuthPool, type UserAuthPoolArgs } from "../../../src/components/user-auth-pool";
import { run, outputValue, revealed, type Run } from "../../harness";

const U = {
  component: "stackfile:index:UserAuthPool",
  pool: "aws:cognito/userPool:UserPool",
  client: "aws:cognito/userPoolClient:UserPoolClient",
  domain: "aws:cognito/userPoolDomain:UserPoolDomain",
  provider: "aws:cognito/identityProvider:IdentityProvider",
  role: "aws:iam/role:Role",
  rolePolicy: "aws:iam/rolePolicy:RolePolicy",
};

const make = (args: UserAuthPoolArgs = {}, opts: pulumi.ComponentResourceOptions = {}) => run(() => new UserAuthPool("users", args, opts));

describe("UserAuthPool", () => {
  describe("with no properties", () => {
    let r: Run<UserAuthPool>;
    before(async () => { r = await make(); });

    it("makes a pool with Cognito's strongest default password policy, case-insensitive user names and email recovery", () => {
      const pool = r.one(U.pool).inputs;
      assert.deepStrictEqual(pool.passwordPolicy, {
        minimumLength: 8, requireLowercase: true, requireUppercase: true, requireNumbers: true, requireSymbols: true, temporaryPasswordValidityDays: 7,
      });
      assert.deepStrictEqual(pool.usernameConfiguration, { caseSensitive: false });
      assert.strictEqual(pool.usernameAttributes, undefined);
      assert.deepStrictEqual(pool.autoVerifiedAttributes, []);
      assert.strictEqual(pool.mfaConfiguration, "OFF");
      assert.strictEqual(pool.softwareTokenMfaConfiguration, undefined);
      assert.strictEqual(pool.smsConfiguration, undefined);
      assert.deepStrictEqual(pool.adminCreateUserConfig, { allowAdminCreateUserOnly: false });
      assert.deepStrictEqual(pool.verificationMessageTemplate, { defaultEmailOption: "CONFIRM_WITH_CODE" });
      assert.deepStrictEqual(pool.accountRecoverySetting, { recoveryMechanisms: [{ name: "verified_email", priority: 1 }] });
    });

    it("makes an app client with SRP and refresh only, no secret, token revocation, no user-existence leaks and the default lifetimes", () => {
      const c = r.one(U.client).inputs;
      assert.deepStrictEqual(c.explicitAuthFlows, ["ALLOW_USER_SRP_AUTH", "ALLOW_REFRESH_TOKEN_AUTH"]);
      assert.strictEqual(c.generateSecret, false);
      assert.strictEqual(c.enableTokenRevocation, true);
      assert.strictEqual(c.preventUserExistenceErrors, "ENABLED");
      assert.deepStrictEqual([c.accessTokenValidity, c.idTokenValidity, c.refreshTokenValidity], [60, 60, 30]);
      assert.deepStrictEqual(c.tokenValidityUnits, { accessToken: "minutes", idToken: "minutes", refreshToken: "days" });
      assert.deepStrictEqual(c.allowedOauthFlows, []);
      assert.strictEqual(c.allowedOauthFlowsUserPoolClient, false);
      assert.deepStrictEqual(c.supportedIdentityProviders, ["COGNITO"]);
    });

    it("names its children <name>-<child-id> under the component, and makes no domain, provider or SMS role", () => {
      const children = r.resources.filter((x) => x.parent === "users").map((x) => x.name).sort();
      assert.deepStrictEqual(children, ["users-client", "users-user-pool"]);
      assert.strictEqual(r.one(U.component).parent, null);
    });

    it("gives id, clientId, arn and the issuer URL of the pool's tokens", async () => {
      const pool = r.result;
      const [id, arn, clientId, issuer] = await Promise.all([pool.id, pool.arn, pool.clientId, pool.issuerUrl].map((o) => outputValue(o)));
      assert.match(String(id), /^us-east-1_[0-9A-Za-z]{9}$/);
      assert.strictEqual(arn, `arn:aws:cognito-idp:us-east-1:123456789012:userpool/${id}`);
      assert.strictEqual(issuer, `https://cognito-idp.us-east-1.amazonaws.com/${id}`);
      assert.match(String(clientId), /^[a-z0-9]{26}$/);
    });

    it("connectTo: ID, CLIENT_ID, ARN and full control of this pool only, over the internet", async () => {
      const c = r.result.connection();
      const vars = Object.fromEntries(await Promise.all(Object.entries(c.variables).map(async ([k, v]) => [k, await outputValue(v as never)])));
      assert.deepStrictEqual(Object.keys(vars).sort(), ["ARN", "CLIENT_ID", "ID"]);
      assert.strictEqual(vars.ARN, await outputValue(r.result.arn));
      assert.deepStrictEqual(c.statements.length, 1);
      assert.deepStrictEqual(c.statements[0].Action, ["cognito-idp:*"]);
      assert.deepStrictEqual(await Promise.all(c.statements[0].Resource.map((x) => outputValue(x as never))), [vars.ARN]);
      assert.ok(!c.vpcOnly);
      assert.strictEqual(c.internetOnly, true);
    });
  });

  describe("with every feature", () => {
    let r: Run<UserAuthPool>;
    before(async () => {
      r = await make({
        allowOnlyAdminsToCreateAccount: true,
        requireEmailVerification: true,
        requirePhoneNumberVerification: true,
        userVerificationType: "email-link",
        allowEmailAsUserName: true,
        allowPhoneNumberAsUserName: true,
        passwordPolicy: { minimumLength: 12, requireSymbols: false, temporaryPasswordValidityDays: 3 },
        mfaConfiguration: { status: "ON", enabledTypes: ["SMS", "SOFTWARE_TOKEN"] },
        enableHostedUi: true,
        hostedUiDomainPrefix: "orders-login",
        identityProviders: [
          { type: "Google", clientId: "g-id", clientSecret: "g-secret", authorizeScopes: ["openid", "email"], attributeMapping: { email: "email" } },
          { type: "OIDC", providerName: "Okta", clientId: "o-id", clientSecret: "o-secret", authorizeScopes: ["openid"], providerDetails: { oidc_issuer: "https://example.okta.com" } },
          { type: "Facebook", clientId: "f-id", clientSecret: "f-secret", authorizeScopes: ["public_profile", "email"] },
        ],
        allowedOAuthFlows: ["code"],
        callbackURLs: ["https://app.example.com/callback", "http://localhost:3000/callback"],
        logoutURLs: ["https://app.example.com/"],
        generateClientSecret: true,
        accessTokenValidityMinutes: 15,
        idTokenValidityMinutes: 30,
        refreshTokenValidityDays: 7,
      });
    });

    it("maps sign-in aliases, verification, invitations-only and the password policy onto the pool", () => {
      const pool = r.one(U.pool).inputs;
      assert.deepStrictEqual(pool.usernameAttributes, ["email", "phone_number"]);
      assert.deepStrictEqual(pool.autoVerifiedAttributes, ["email", "phone_number"]);
      assert.deepStrictEqual(pool.verificationMessageTemplate, { defaultEmailOption: "CONFIRM_WITH_LINK" });
      assert.deepStrictEqual(pool.adminCreateUserConfig, { allowAdminCreateUserOnly: true });
      assert.deepStrictEqual(pool.passwordPolicy, {
        minimumLength: 12, requireLowercase: true, requireUppercase: true, requireNumbers: true, requireSymbols: false, temporaryPasswordValidityDays: 3,
      });
      assert.deepStrictEqual(pool.accountRecoverySetting.recoveryMechanisms.map((m: { name: string }) => m.name), ["verified_email", "verified_phone_number"]);
    });

    it("MFA with TOTP and SMS: Cognito sends SMS through a role only it may assume, with the pool's external id", () => {
      const pool = r.one(U.pool).inputs;
      assert.strictEqual(pool.mfaConfiguration, "ON");
      assert.deepStrictEqual(pool.softwareTokenMfaConfiguration, { enabled: true });
      const role = r.one(U.role);
      assert.strictEqual(role.name, "users-sms-role");
      const trust = JSON.parse(role.inputs.assumeRolePolicy);
      assert.deepStrictEqual(trust.Statement, [{ Effect: "Allow", Principal: { Service: "cognito-idp.amazonaws.com" }, Action: "sts:AssumeRole", Condition: { StringEquals: { "sts:ExternalId": "users-sms" } } }]);
      assert.strictEqual(pool.smsConfiguration.externalId, "users-sms");
      assert.match(pool.smsConfiguration.snsCallerArn, /^arn:aws:iam::123456789012:role\/users-sms-role/);
      assert.deepStrictEqual(JSON.parse(r.one(U.rolePolicy).inputs.policy).Statement, [{ Effect: "Allow", Action: ["sns:Publish"], Resource: "*" }]);
    });

    it("makes the hosted UI domain and one identity provider each, the client offering them", () => {
      assert.deepStrictEqual(r.one(U.domain).inputs.domain, "orders-login");
      const providers = r.all(U.provider).map((x) => ({ name: x.name, inputs: revealed(x.inputs) as Record<string, unknown> }));
      assert.deepStrictEqual(providers.map((x) => x.name).sort(), ["users-identity-provider-Facebook", "users-identity-provider-Google", "users-identity-provider-Okta"]);
      const google = providers.find((x) => x.name.endsWith("Google"))!.inputs;
      assert.deepStrictEqual([google.providerName, google.providerType], ["Google", "Google"]);
      assert.deepStrictEqual(google.providerDetails, { client_id: "g-id", client_secret: "g-secret", authorize_scopes: "openid email" });
      assert.deepStrictEqual(google.attributeMapping, { email: "email" });
      const okta = providers.find((x) => x.name.endsWith("Okta"))!.inputs;
      assert.deepStrictEqual(okta.providerDetails, { client_id: "o-id", client_secret: "o-secret", authorize_scopes: "openid", attributes_request_method: "GET", oidc_issuer: "https://example.okta.com" });
      // Facebook's scopes are comma-separated.
      assert.strictEqual((providers.find((x) => x.name.endsWith("Facebook"))!.inputs.providerDetails as Record<string, string>).authorize_scopes, "public_profile,email");
      assert.deepStrictEqual(r.one(U.client).inputs.supportedIdentityProviders, ["COGNITO", "Google", "Okta", "Facebook"]);
      const client = r.one(U.client);
      for (const p of providers) assert.ok(client.dependsOn.includes(p.name), `the client waits for ${p.name}`);
    });

    it("keeps a provider's client secret secret", () => {
      const google = r.all(U.provider).find((x) => x.name.endsWith("Google"))!;
      assert.ok(JSON.stringify(google.inputs.providerDetails).includes("4dabf18193072939515e22adb298388d"));
    });

    it("the app client: the code flow with its URLs and the default scopes, a secret, the token lifetimes in their units", () => {
      const c = r.one(U.client).inputs;
      assert.deepStrictEqual(c.allowedOauthFlows, ["code"]);
      assert.strictEqual(c.allowedOauthFlowsUserPoolClient, true);
      assert.deepStrictEqual(c.allowedOauthScopes, ["openid", "email", "profile"]);
      assert.deepStrictEqual(c.callbackUrls, ["https://app.example.com/callback", "http://localhost:3000/callback"]);
      assert.deepStrictEqual(c.logoutUrls, ["https://app.example.com/"]);
      assert.strictEqual(c.generateSecret, true);
      assert.deepStrictEqual([c.accessTokenValidity, c.idTokenValidity, c.refreshTokenValidity], [15, 30, 7]);
    });
  });

  it("refuses its arguments with every problem at once", async () => {
    await assert.rejects(make({ enableHostedUi: true, mfaConfiguration: { status: "ON" }, callbackURLs: ["http://app.example.com/cb"] }), (e: Error) => {
      assert.match(e.message, /enableHostedUi: the hosted UI needs a domain prefix/);
      assert.match(e.message, /mfaConfiguration\.status: MFA ON needs a second factor/);
      assert.match(e.message, /callbackURLs\[0\]: 'http:\/\/app\.example\.com\/cb' is plain HTTP/);
      return true;
    });
  });

  it("protect and retainOnDelete reach the pool (it holds the users), not the client", async () => {
    const r = await make({}, { protect: true, retainOnDelete: true });
    assert.deepStrictEqual([r.one(U.pool).protect, r.one(U.pool).retainOnDelete], [true, true]);
    assert.notStrictEqual(r.one(U.client).protect, true);
  });
});
