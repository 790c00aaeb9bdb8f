// The pool and its app client as Cognito's API takes them (CreateUserPool,
// CreateUserPoolClient), from the properties with the schema's defaults
// filled in: what `stackfile dev` asks the local Cognito for. The deployed
// pool (index.ts) is made with the same settings; the facts both read are
// here once.
// https://docs.aws.amazon.com/cognito-user-identity-pools/latest/APIReference/API_CreateUserPool.html
// https://docs.aws.amazon.com/cognito-user-identity-pools/latest/APIReference/API_CreateUserPoolClient.html
import type { UserAuthPoolProperties } from "./properties";

/** The app client's sign-in flows: SRP keeps the password off the wire; refresh tokens renew sessions. */
export const APP_CLIENT_AUTH_FLOWS = ["ALLOW_USER_SRP_AUTH", "ALLOW_REFRESH_TOKEN_AUTH"];

/** Scopes the app client allows with an OAuth flow when none are listed. */
export const DEFAULT_OAUTH_SCOPES = ["openid", "email", "profile"];

/** The sign-in aliases the pool takes as user names. */
export function usernameAttributesOf(email: unknown, phone: unknown): string[] | undefined {
  const attrs = [...(email === true ? ["email"] : []), ...(phone === true ? ["phone_number"] : [])];
  return attrs.length ? attrs : undefined;
}

/** The attributes Cognito verifies (sends a code or link to) on sign-up. */
export function autoVerifiedAttributesOf(email: unknown, phone: unknown): string[] {
  return [...(email === true ? ["email"] : []), ...(phone === true ? ["phone_number"] : [])];
}

/** CreateUserPool's request for the pool `name`. */
export function createUserPoolRequest(name: string, p: UserAuthPoolProperties): Record<string, unknown> {
  const policy = p.passwordPolicy ?? {};
  const mfa = p.mfaConfiguration?.status ?? "OFF";
  const verified = autoVerifiedAttributesOf(p.requireEmailVerification, p.requirePhoneNumberVerification);
  return {
    PoolName: name,
    UsernameAttributes: usernameAttributesOf(p.allowEmailAsUserName, p.allowPhoneNumberAsUserName),
    UsernameConfiguration: { CaseSensitive: false },
    // None: left out (cognito-local 5.3.0 takes an empty list as "verify an attribute the user lacks" and refuses sign-up).
    AutoVerifiedAttributes: verified.length ? verified : undefined,
    AdminCreateUserConfig: { AllowAdminCreateUserOnly: p.allowOnlyAdminsToCreateAccount === true },
    Policies: {
      PasswordPolicy: {
        MinimumLength: policy.minimumLength,
        RequireLowercase: policy.requireLowercase,
        RequireUppercase: policy.requireUppercase,
        RequireNumbers: policy.requireNumbers,
        RequireSymbols: policy.requireSymbols,
        TemporaryPasswordValidityDays: policy.temporaryPasswordValidityDays,
      },
    },
    MfaConfiguration: mfa,
  };
}

/** CreateUserPoolClient's request for the pool's app client. */
export function createUserPoolClientRequest(name: string, userPoolId: string, p: UserAuthPoolProperties): Record<string, unknown> {
  const flows = p.allowedOAuthFlows ?? [];
  return {
    UserPoolId: userPoolId,
    ClientName: `${name}-client`,
    GenerateSecret: p.generateClientSecret === true,
    ExplicitAuthFlows: APP_CLIENT_AUTH_FLOWS,
    AccessTokenValidity: p.accessTokenValidityMinutes,
    IdTokenValidity: p.idTokenValidityMinutes,
    RefreshTokenValidity: p.refreshTokenValidityDays,
    TokenValidityUnits: { AccessToken: "minutes", IdToken: "minutes", RefreshToken: "days" },
    AllowedOAuthFlows: flows,
    AllowedOAuthFlowsUserPoolClient: flows.length > 0,
    AllowedOAuthScopes: p.allowedOAuthScopes ?? (flows.length ? DEFAULT_OAUTH_SCOPES : []),
    CallbackURLs: p.callbackURLs,
    LogoutURLs: p.logoutURLs,
  };
}
