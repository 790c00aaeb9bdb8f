// Cognito user pools, their app clients and domains.
import { arnParts, asArray, isObject, type AwsRule, type Finding } from "./rule";

const POOL = "aws:cognito/userPool:UserPool";
const CLIENT = "aws:cognito/userPoolClient:UserPoolClient";
const DOMAIN = "aws:cognito/userPoolDomain:UserPoolDomain";
const API = "https://docs.aws.amazon.com/cognito-user-identity-pools/latest/APIReference";

/** Token lifetimes AWS takes, in minutes, and the unit each defaults to (hours for access and id tokens, days for refresh tokens). */
const TOKENS: { input: string; unitKey: string; defaultUnit: string; min: number; max: number; what: string }[] = [
  { input: "accessTokenValidity", unitKey: "accessToken", defaultUnit: "hours", min: 5, max: 24 * 60, what: "5 minutes to 1 day" },
  { input: "idTokenValidity", unitKey: "idToken", defaultUnit: "hours", min: 5, max: 24 * 60, what: "5 minutes to 1 day" },
  { input: "refreshTokenValidity", unitKey: "refreshToken", defaultUnit: "days", min: 60, max: 3650 * 24 * 60, what: "60 minutes to 10 years" },
];
const MINUTES: Record<string, number> = { seconds: 1 / 60, minutes: 1, hours: 60, days: 24 * 60 };

/** Why a callback or sign-out URL is refused: absolute, no fragment, HTTPS unless http://localhost (a custom app scheme is fine). */
export function cognitoUrlProblem(u: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(u);
  } catch {
    return "is not an absolute URL";
  }
  if (parsed.hash) return "has a fragment (#...)";
  if (parsed.protocol === "http:" && parsed.hostname !== "localhost") return "is plain HTTP; Cognito takes HTTPS, or http://localhost for testing";
  return undefined;
}

/** Why a hosted UI domain prefix is refused (see the `cognito/domain` entry's source), or undefined. */
export function domainPrefixProblem(domain: string): string | undefined {
  if (!/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(domain)) return `prefix '${domain}' is not 1 to 63 lower-case letters, digits and hyphens (not first or last)`;
  const word = ["aws", "amazon", "cognito"].find((w) => domain.includes(w));
  return word ? `a domain prefix can't contain '${word}'` : undefined;
}

/** Why a set of OAuth flows is refused (see the `cognito/client-flows` entry's source), or undefined. */
export function oauthFlowsProblem(flows: string[], secret: boolean): string | undefined {
  const credentials = flows.includes("client_credentials");
  if (credentials && flows.some((f) => f === "code" || f === "implicit")) return "client_credentials can't be allowed in the same app client as code or implicit";
  if (credentials && !secret) return "client_credentials needs an app client with a secret";
  return undefined;
}

/**
 * The ProviderDetails keys each identity provider type needs (see the
 * `cognito/identity-provider-details` entry's source); SAML needs one of two.
 */
const PROVIDER_DETAILS: Record<string, { all: string[]; oneOf?: string[] }> = {
  Google: { all: ["client_id", "client_secret", "authorize_scopes"] },
  Facebook: { all: ["client_id", "client_secret", "authorize_scopes"] },
  LoginWithAmazon: { all: ["client_id", "client_secret", "authorize_scopes"] },
  SignInWithApple: { all: ["client_id", "team_id", "key_id", "private_key", "authorize_scopes"] },
  OIDC: { all: ["client_id", "client_secret", "attributes_request_method", "oidc_issuer", "authorize_scopes"] },
  SAML: { all: [], oneOf: ["MetadataURL", "MetadataFile"] },
};

/** The ProviderDetails keys an identity provider of `type` lacks (for SAML, `MetadataURL or MetadataFile`). */
export function missingProviderDetails(type: string, details: Record<string, unknown>): string[] {
  const need = PROVIDER_DETAILS[type];
  if (!need) return [];
  const missing = need.all.filter((k) => details[k] === undefined);
  if (need.oneOf && !need.oneOf.some((k) => details[k] !== undefined)) missing.push(need.oneOf.join(" or "));
  return missing;
}

export const COGNITO_RULES: AwsRule[] = [
  {
    id: "cognito/password-policy",
    types: [POOL],
    summary: "A password policy's minimum length is 6 to 99 and temporary passwords last 0 to 365 days",
    source: `${API}/API_PasswordPolicyType.html (MinimumLength 6 to 99, TemporaryPasswordValidityDays 0 to 365); terraform-provider-aws internal/service/cognitoidp/user_pool.go`,
    check(r) {
      const p = isObject(r.inputs.passwordPolicy) ? r.inputs.passwordPolicy : {};
      const out: Finding[] = [];
      if (typeof p.minimumLength === "number" && (p.minimumLength < 6 || p.minimumLength > 99)) out.push({ input: "passwordPolicy.minimumLength", message: `a password's minimum length is 6 to 99, not ${p.minimumLength}` });
      const days = p.temporaryPasswordValidityDays;
      if (typeof days === "number" && (days < 0 || days > 365)) out.push({ input: "passwordPolicy.temporaryPasswordValidityDays", message: `a temporary password lasts 0 to 365 days, not ${days}` });
      return out;
    },
    examples: { pass: [{ inputs: { name: "users", passwordPolicy: { minimumLength: 12 } } }], fail: [{ inputs: { name: "users", passwordPolicy: { minimumLength: 4 } } }] },
  },
  {
    id: "cognito/sign-in-attributes",
    types: [POOL],
    summary: "A pool signs in with alias attributes or username attributes, not both; MFA other than OFF needs an SMS, TOTP or email factor",
    source: `terraform-provider-aws internal/service/cognitoidp/user_pool.go (alias_attributes ConflictsWith username_attributes); ${API}/API_CreateUserPool.html (MfaConfiguration)`,
    check(r) {
      const out: Finding[] = [];
      if (asArray(r.inputs.aliasAttributes).length && asArray(r.inputs.usernameAttributes).length) out.push({ input: "aliasAttributes", message: "alias attributes and username attributes exclude each other: sign in by one or the other" });
      const mfa = r.inputs.mfaConfiguration;
      const totp = isObject(r.inputs.softwareTokenMfaConfiguration) && r.inputs.softwareTokenMfaConfiguration.enabled === true;
      if ((mfa === "ON" || mfa === "OPTIONAL") && !totp && !isObject(r.inputs.smsConfiguration) && !isObject(r.inputs.emailMfaConfiguration)) {
        out.push({ input: "mfaConfiguration", message: `MFA ${mfa} needs a second factor: software tokens (TOTP), SMS or email` });
      }
      return out;
    },
    examples: {
      pass: [{ inputs: { name: "users", usernameAttributes: ["email"], mfaConfiguration: "OPTIONAL", softwareTokenMfaConfiguration: { enabled: true } } }],
      fail: [{ inputs: { name: "users", usernameAttributes: ["email"], aliasAttributes: ["email"], mfaConfiguration: "ON" } }],
    },
  },
  {
    id: "cognito/client-tokens",
    types: [CLIENT],
    summary: "Access and id tokens last 5 minutes to 1 day, refresh tokens 60 minutes to 10 years (in each token's unit), the sign-in session 3 to 15 minutes",
    source: `${API}/API_CreateUserPoolClient.html (AccessTokenValidity, IdTokenValidity, RefreshTokenValidity, TokenValidityUnits, AuthSessionValidity)`,
    check(r) {
      const units = isObject(r.inputs.tokenValidityUnits) ? r.inputs.tokenValidityUnits : {};
      const out: Finding[] = [];
      for (const t of TOKENS) {
        const v = r.inputs[t.input];
        if (typeof v !== "number") continue;
        const unit = String(units[t.unitKey] ?? t.defaultUnit);
        const minutes = v * (MINUTES[unit] ?? NaN);
        if (!(minutes >= t.min && minutes <= t.max)) out.push({ input: t.input, message: `${v} ${unit} is outside ${t.what}` });
      }
      const session = r.inputs.authSessionValidity;
      if (typeof session === "number" && (session < 3 || session > 15)) out.push({ input: "authSessionValidity", message: `a sign-in session lasts 3 to 15 minutes, not ${session}` });
      return out;
    },
    examples: {
      pass: [{ inputs: { userPoolId: "us-east-1_abc", accessTokenValidity: 60, tokenValidityUnits: { accessToken: "minutes" }, refreshTokenValidity: 30 } }],
      fail: [{ inputs: { userPoolId: "us-east-1_abc", accessTokenValidity: 2, tokenValidityUnits: { accessToken: "days" } } }],
    },
  },
  {
    id: "cognito/client-urls",
    types: [CLIENT],
    summary: "Callback and sign-out URLs are absolute, without fragments, HTTPS unless http://localhost, at most 100 each; the default redirect is a callback URL; code and implicit flows need callbacks and the OAuth switch",
    source: `${API}/API_CreateUserPoolClient.html (CallbackURLs, LogoutURLs: at most 100; must be absolute, no fragment, HTTPS except http://localhost; DefaultRedirectURI in CallbackURLs; AllowedOAuthFlowsUserPoolClient)`,
    check(r) {
      const out: Finding[] = [];
      for (const key of ["callbackUrls", "logoutUrls"]) {
        const urls = asArray<string>(r.inputs[key]);
        if (urls.length > 100) out.push({ input: key, message: `${urls.length} URLs; Cognito takes 100` });
        urls.forEach((u, i) => {
          const why = typeof u === "string" ? cognitoUrlProblem(u) : "is not a URL";
          if (why) out.push({ input: `${key}.${i}`, message: `${JSON.stringify(u)} ${why}` });
        });
      }
      const callbacks = asArray<string>(r.inputs.callbackUrls);
      if (typeof r.inputs.defaultRedirectUri === "string" && !callbacks.includes(r.inputs.defaultRedirectUri)) out.push({ input: "defaultRedirectUri", message: "the default redirect URI is one of the callback URLs" });
      const flows = asArray<string>(r.inputs.allowedOauthFlows);
      if (flows.some((f) => f === "code" || f === "implicit")) {
        if (r.inputs.allowedOauthFlowsUserPoolClient !== true) out.push({ input: "allowedOauthFlowsUserPoolClient", message: "OAuth flows take effect only with allowedOauthFlowsUserPoolClient: true" });
        if (callbacks.length === 0) out.push({ input: "callbackUrls", message: "the code and implicit flows need at least one callback URL" });
      }
      return out;
    },
    examples: {
      pass: [{ inputs: { userPoolId: "us-east-1_abc", allowedOauthFlows: ["code"], allowedOauthFlowsUserPoolClient: true, callbackUrls: ["https://app.example.com/callback", "http://localhost:3000/callback"] } }],
      fail: [{ inputs: { userPoolId: "us-east-1_abc", allowedOauthFlows: ["code"], allowedOauthFlowsUserPoolClient: true, callbackUrls: ["http://app.example.com/callback"] } }],
    },
  },
  {
    id: "cognito/domain",
    types: [DOMAIN],
    summary: "A prefix domain is 1 to 63 lower-case letters, digits and hyphens, not starting or ending with one, without aws, amazon or cognito; a custom domain's certificate is in us-east-1",
    source: "https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/aws-resource-cognito-userpooldomain.html (Domain: ^[a-z0-9](?:[a-z0-9\\-]{0,61}[a-z0-9])?$); https://docs.aws.amazon.com/cognito/latest/developerguide/cognito-user-pools-assign-domain-prefix.html (the prefix can't contain aws, amazon or cognito); https://docs.aws.amazon.com/cognito/latest/developerguide/cognito-user-pools-add-custom-domain.html (the ACM certificate must be in US East (N. Virginia))",
    check(r) {
      const domain = r.inputs.domain;
      if (typeof domain !== "string") return [];
      if (r.inputs.certificateArn !== undefined) {
        const region = arnParts(r.inputs.certificateArn)?.region;
        return region && region !== "us-east-1" ? [{ input: "certificateArn", message: `a custom domain's certificate is in us-east-1 (CloudFront serves it), not ${region}` }] : [];
      }
      const why = domainPrefixProblem(domain);
      return why ? [{ input: "domain", message: why }] : [];
    },
    examples: { pass: [{ inputs: { domain: "orders-login", userPoolId: "us-east-1_abc" } }], fail: [{ inputs: { domain: "orders-cognito-login", userPoolId: "us-east-1_abc" } }] },
  },
  {
    id: "cognito/client-flows",
    types: [CLIENT],
    summary: "The client_credentials flow is not allowed beside code or implicit in one app client, and needs a client secret",
    source: "https://docs.aws.amazon.com/cognito/latest/developerguide/federation-endpoints-oauth-grants.html (You can't enable client credentials grants in the same app client as either implicit or authorization code grants; client credentials: the app client must have a client secret)",
    check(r) {
      const why = oauthFlowsProblem(asArray<string>(r.inputs.allowedOauthFlows), r.inputs.generateSecret === true);
      return why ? [{ input: "allowedOauthFlows", message: why }] : [];
    },
    examples: {
      pass: [{ inputs: { userPoolId: "us-east-1_abc", allowedOauthFlows: ["client_credentials"], generateSecret: true, allowedOauthFlowsUserPoolClient: true } }],
      fail: [{ inputs: { userPoolId: "us-east-1_abc", allowedOauthFlows: ["code", "client_credentials"], generateSecret: true, allowedOauthFlowsUserPoolClient: true } }],
    },
  },
  {
    id: "cognito/identity-provider-details",
    types: ["aws:cognito/identityProvider:IdentityProvider"],
    summary: "An identity provider has the details its type needs: client id and secret and scopes (Sign in with Apple: client id, team id, key id, private key), OIDC its issuer and request method, SAML its metadata",
    source: `${API}/API_CreateIdentityProvider.html (ProviderDetails by ProviderType)`,
    check(r) {
      const type = r.inputs.providerType;
      if (typeof type !== "string" || !isObject(r.inputs.providerDetails)) return [];
      const missing = missingProviderDetails(type, r.inputs.providerDetails);
      return missing.length ? [{ input: "providerDetails", message: `a ${type} provider needs ${missing.join(", ")}` }] : [];
    },
    examples: {
      pass: [{ inputs: { userPoolId: "us-east-1_abc", providerName: "Google", providerType: "Google", providerDetails: { client_id: "a", client_secret: "b", authorize_scopes: "openid email" } } }],
      fail: [{ inputs: { userPoolId: "us-east-1_abc", providerName: "Okta", providerType: "OIDC", providerDetails: { client_id: "a", client_secret: "b", authorize_scopes: "openid" } } }],
    },
  },
];
