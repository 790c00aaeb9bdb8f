import * as assert from "assert";
import { userAuthPoolStaticProblems, userAuthPoolWarnings } from "../../../src/components/user-auth-pool/rules";

const at = (problems: { path: (string | number)[]; message: string }[]) => problems.map((p) => `${p.path.join(".")}: ${p.message}`);

describe("user-auth-pool rules", () => {
  it("the hosted UI needs a domain prefix Cognito takes (1-63 lower-case letters, digits, hyphens; no aws, amazon, cognito)", () => {
    assert.deepStrictEqual(at(userAuthPoolStaticProblems({ enableHostedUi: true })), ["enableHostedUi: the hosted UI needs a domain prefix"]);
    assert.deepStrictEqual(at(userAuthPoolStaticProblems({ enableHostedUi: true, hostedUiDomainPrefix: "My_Login" })), [
      "hostedUiDomainPrefix: prefix 'My_Login' is not 1 to 63 lower-case letters, digits and hyphens (not first or last)",
    ]);
    assert.deepStrictEqual(at(userAuthPoolStaticProblems({ enableHostedUi: true, hostedUiDomainPrefix: "shop-cognito" })), ["hostedUiDomainPrefix: a domain prefix can't contain 'cognito'"]);
    assert.deepStrictEqual(userAuthPoolStaticProblems({ enableHostedUi: true, hostedUiDomainPrefix: "shop-login" }), []);
  });

  it("MFA ON or OPTIONAL needs a second factor; OFF needs none", () => {
    assert.deepStrictEqual(at(userAuthPoolStaticProblems({ mfaConfiguration: { status: "OPTIONAL" } })), ["mfaConfiguration.status: MFA OPTIONAL needs a second factor, and enabledTypes lists none"]);
    assert.deepStrictEqual(at(userAuthPoolStaticProblems({ mfaConfiguration: { status: "ON", enabledTypes: [] } })), ["mfaConfiguration.status: MFA ON needs a second factor, and enabledTypes lists none"]);
    assert.deepStrictEqual(userAuthPoolStaticProblems({ mfaConfiguration: { status: "ON", enabledTypes: ["SOFTWARE_TOKEN"] } }), []);
    assert.deepStrictEqual(userAuthPoolStaticProblems({ mfaConfiguration: { status: "OFF" } }), []);
  });

  it("callback and sign-out URLs: absolute, no fragment, HTTPS unless http://localhost", () => {
    assert.deepStrictEqual(at(userAuthPoolStaticProblems({ callbackURLs: ["http://app.example.com/cb", "https://app.example.com/#x", "/cb"], logoutURLs: ["http://example.com"] })), [
      "callbackURLs.0: 'http://app.example.com/cb' is plain HTTP; Cognito takes HTTPS, or http://localhost for testing",
      "callbackURLs.1: 'https://app.example.com/#x' has a fragment (#...)",
      "callbackURLs.2: '/cb' is not an absolute URL",
      "logoutURLs.0: 'http://example.com' is plain HTTP; Cognito takes HTTPS, or http://localhost for testing",
    ]);
    assert.deepStrictEqual(userAuthPoolStaticProblems({ callbackURLs: ["https://app.example.com/cb", "http://localhost:3000/cb", "myapp://cb"] }), []);
  });

  it("the code and implicit flows need a callback URL", () => {
    assert.deepStrictEqual(at(userAuthPoolStaticProblems({ allowedOAuthFlows: ["code"] })), ["allowedOAuthFlows: the code and implicit flows send users back to a callback URL, and callbackURLs lists none"]);
    assert.deepStrictEqual(userAuthPoolStaticProblems({ allowedOAuthFlows: ["code"], callbackURLs: ["https://a.example.com/cb"] }), []);
  });

  it("identity providers: social ones are named by their type; OIDC and SAML need a name; each has the details its type needs; a name is used once", () => {
    assert.deepStrictEqual(at(userAuthPoolStaticProblems({
      identityProviders: [
        { type: "Google", providerName: "Gmail", clientId: "a", clientSecret: "b", authorizeScopes: ["openid"] },
        { type: "OIDC", clientId: "a", clientSecret: "b", authorizeScopes: ["openid"] },
        { type: "SAML", providerName: "Corp" },
        { type: "Facebook" },
        { type: "SignInWithApple", clientId: "a", authorizeScopes: ["email"] },
        { type: "OIDC", providerName: "Corp", clientId: "a", clientSecret: "b", authorizeScopes: ["openid"], providerDetails: { oidc_issuer: "https://x" } },
      ],
    })), [
      "identityProviders.0.providerName: a Google provider is named 'Google' in the pool",
      "identityProviders.1.type: an OIDC provider needs a providerName (how the pool and the hosted UI name it)",
      "identityProviders.1.type: an OIDC provider needs providerDetails.oidc_issuer",
      "identityProviders.2.type: a SAML provider needs providerDetails.MetadataURL or MetadataFile",
      "identityProviders.3.type: a Facebook provider needs clientId",
      "identityProviders.3.type: a Facebook provider needs clientSecret",
      "identityProviders.3.type: a Facebook provider needs authorizeScopes",
      "identityProviders.4.type: a SignInWithApple provider needs providerDetails.team_id",
      "identityProviders.4.type: a SignInWithApple provider needs providerDetails.key_id",
      "identityProviders.4.type: a SignInWithApple provider needs providerDetails.private_key",
      "identityProviders.5.providerName: identity provider 'Corp' is already identityProviders[2]; a name is used once in a pool",
    ]);
    assert.deepStrictEqual(userAuthPoolStaticProblems({
      identityProviders: [
        { type: "Google", clientId: "a", clientSecret: "b", authorizeScopes: ["openid", "email"] },
        { type: "SignInWithApple", clientId: "a", authorizeScopes: ["email"], providerDetails: { team_id: "t", key_id: "k", private_key: "p" } },
        { type: "SAML", providerName: "Corp", providerDetails: { MetadataURL: "https://idp.example.com/metadata" } },
      ],
    }), []);
  });

  it("values not known yet (directives, Outputs) are never judged", () => {
    const unknown = { __unknown: true };
    assert.deepStrictEqual(userAuthPoolStaticProblems({ callbackURLs: [unknown], hostedUiDomainPrefix: unknown, enableHostedUi: true }), []);
  });

  it("warns of settings without effect and of a client secret written in the file", () => {
    assert.deepStrictEqual(at(userAuthPoolWarnings({
      hostedUiDomainPrefix: "shop-login",
      mfaConfiguration: { enabledTypes: ["SMS"] },
      identityProviders: [{ type: "Google", clientId: "a", clientSecret: "literal", authorizeScopes: ["openid"] }],
    })), [
      "hostedUiDomainPrefix: hostedUiDomainPrefix has no effect without enableHostedUi: true",
      "mfaConfiguration.enabledTypes: enabledTypes has no effect while MFA is OFF; set status: OPTIONAL or ON",
      "identityProviders.0.clientSecret: clientSecret is written in the file (and so in its history); use $Secret('...') and set it with: pulumi config set --secret NAME",
    ]);
    assert.deepStrictEqual(userAuthPoolWarnings({ enableHostedUi: true, hostedUiDomainPrefix: "shop-login", mfaConfiguration: { status: "ON", enabledTypes: ["SMS"] } }), []);
  });
});
