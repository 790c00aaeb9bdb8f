// The user-auth-pool's properties, as the stack file writes them. Names: the
// spec service's own documentation of this type (decisions.md names only the
// areas); each choice is recorded in docs/user-auth-pool.md.

/** Rules every password of the pool must follow. */
export interface UserAuthPoolPasswordPolicy {
  /**
   * Fewest characters of a password (AWS: 6 to 99).
   * @default 8
   * @minimum 6
   * @maximum 99
   * @multipleOf 1
   */
  minimumLength?: number;
  /**
   * A password must hold a lower-case letter.
   * @default true
   */
  requireLowercase?: boolean;
  /**
   * A password must hold an upper-case letter.
   * @default true
   */
  requireUppercase?: boolean;
  /**
   * A password must hold a digit.
   * @default true
   */
  requireNumbers?: boolean;
  /**
   * A password must hold one of Cognito's symbols.
   * @default true
   */
  requireSymbols?: boolean;
  /**
   * Days a temporary password (from an administrator's invitation) may be used (AWS: 0 to 365).
   * @default 7
   * @minimum 0
   * @maximum 365
   * @multipleOf 1
   */
  temporaryPasswordValidityDays?: number;
}

/** Multi-factor authentication at sign-in. */
export interface UserAuthPoolMfa {
  /**
   * `OFF`: no second factor. `OPTIONAL`: each user may turn it on. `ON`: every user must.
   * @default "OFF"
   */
  status?: "OFF" | "OPTIONAL" | "ON";
  /**
   * The second factors offered: `SOFTWARE_TOKEN` (an authenticator app, TOTP)
   * and `SMS` (a code by text message, through a role Cognito uses to send
   * SMS). Needed, with at least one, when `status` is not `OFF`.
   * @example ["SOFTWARE_TOKEN"]
   * @minItems 1
   */
  enabledTypes?: ("SMS" | "SOFTWARE_TOKEN")[];
}

/** Functions of the stack Cognito calls at steps of sign-up and sign-in (Cognito's Lambda triggers), each by its resource name. */
export interface UserAuthPoolHooks {
  /** Before a user is signed up: may refuse, confirm or verify them. */
  preSignUp?: string;
  /** After a user is confirmed. */
  postConfirmation?: string;
  /** Before a user signs in: may refuse them. */
  preAuthentication?: string;
  /** After a user signs in. */
  postAuthentication?: string;
  /** Before tokens are issued: may change their claims. */
  preTokenGeneration?: string;
  /** Writes the verification, invitation and MFA messages. */
  customMessage?: string;
  /** Moves a user in from another directory at their first sign-in. */
  userMigration?: string;
  /** Custom authentication: decides the next challenge. */
  defineAuthChallenge?: string;
  /** Custom authentication: makes a challenge. */
  createAuthChallenge?: string;
  /** Custom authentication: checks a challenge's answer. */
  verifyAuthChallengeResponse?: string;
}

/** Every hook Cognito calls, in the order of UserAuthPoolHooks. */
export const USER_AUTH_POOL_HOOKS = [
  "preSignUp", "postConfirmation", "preAuthentication", "postAuthentication", "preTokenGeneration",
  "customMessage", "userMigration", "defineAuthChallenge", "createAuthChallenge", "verifyAuthChallengeResponse",
] as const satisfies readonly (keyof UserAuthPoolHooks)[];

/** A sign-in with another identity provider (social or enterprise), offered by the pool's app client and hosted UI. */
export interface UserAuthPoolIdentityProvider {
  /** The provider: a social one, or any OpenID Connect or SAML provider. */
  type: "Google" | "Facebook" | "LoginWithAmazon" | "SignInWithApple" | "OIDC" | "SAML";
  /**
   * Name of the provider in the pool; for `OIDC` and `SAML`, 1 to 32
   * characters (Cognito names social ones by their type).
   * @example "Okta"
   */
  providerName?: string;
  /** The app's client id at the provider (social and OIDC providers). */
  clientId?: string;
  /**
   * The app's client secret at the provider. Use `$Secret(...)`.
   * @example "$Secret('googleClientSecret')"
   * @writeOnly
   */
  clientSecret?: string;
  /**
   * Scopes asked of the provider.
   * @example ["openid", "email", "profile"]
   */
  authorizeScopes?: string[];
  /**
   * Pool attributes from the provider's (pool attribute -> provider attribute).
   * @example { "email": "email" }
   */
  attributeMapping?: Record<string, string>;
  /**
   * Other provider details Cognito takes for this type (`oidc_issuer`,
   * `attributes_request_method`, `MetadataURL`, `team_id`, `key_id`...).
   * @example { "oidc_issuer": "https://example.okta.com" }
   */
  providerDetails?: Record<string, string>;
}

/**
 * A Cognito user pool with its app client: sign-up, sign-in, verification,
 * MFA, a hosted UI and other identity providers; it can guard a gateway's
 * routes (an authorizer of `type: cognito`).
 */
export interface UserAuthPoolProperties {
  /**
   * Only administrators create users; users cannot sign themselves up.
   * @default false
   */
  allowOnlyAdminsToCreateAccount?: boolean;
  /**
   * New users verify their email address (Cognito sends a code or a link).
   * @default false
   */
  requireEmailVerification?: boolean;
  /**
   * New users verify their phone number (Cognito sends a code by SMS, through
   * a role it uses to send SMS).
   * @default false
   */
  requirePhoneNumberVerification?: boolean;
  /**
   * How an email address is verified: a code to type (`email-code`) or a link
   * to follow (`email-link`).
   * @default "email-code"
   */
  userVerificationType?: "email-code" | "email-link";
  /**
   * Users sign in with their email address as their user name (a sign-in
   * alias). Can be set only when the pool is first created: changing it
   * replaces the pool and loses every user.
   * @default false
   */
  allowEmailAsUserName?: boolean;
  /**
   * Users sign in with their phone number as their user name (a sign-in
   * alias). Can be set only when the pool is first created: changing it
   * replaces the pool and loses every user.
   * @default false
   */
  allowPhoneNumberAsUserName?: boolean;
  /** Rules of passwords. */
  passwordPolicy?: UserAuthPoolPasswordPolicy;
  /** Multi-factor authentication. */
  mfaConfiguration?: UserAuthPoolMfa;
  /**
   * Serves Cognito's hosted sign-in pages at `https://<hostedUiDomainPrefix>.auth.<region>.amazoncognito.com`.
   * @default false
   */
  enableHostedUi?: boolean;
  /**
   * The hosted UI's domain prefix: 1 to 63 lower-case letters, digits and
   * hyphens (not first or last), without `aws`, `amazon` or `cognito`;
   * unique in the region.
   * @example "my-app-login"
   */
  hostedUiDomainPrefix?: string;
  /** Other identity providers users may sign in with. */
  identityProviders?: UserAuthPoolIdentityProvider[];
  /**
   * OAuth 2.0 flows the app client allows through the hosted UI: `code`
   * (authorization code, with PKCE for browsers and apps) and `implicit`
   * (tokens in the redirect).
   * @example ["code"]
   */
  allowedOAuthFlows?: ("code" | "implicit")[];
  /**
   * OAuth scopes the app client may ask for (with an OAuth flow and none
   * listed: `openid`, `email` and `profile`).
   * @example ["openid", "email"]
   */
  allowedOAuthScopes?: string[];
  /**
   * Where the hosted UI may send users back after sign-in: HTTPS, or
   * http://localhost for testing (at most 100).
   * @example ["https://app.example.com/callback"]
   * @maxItems 100
   */
  callbackURLs?: string[];
  /**
   * Where users may land after signing out: HTTPS, or http://localhost (at most 100).
   * @example ["https://app.example.com/"]
   * @maxItems 100
   */
  logoutURLs?: string[];
  /**
   * The app client gets a secret (servers only; browsers and apps cannot keep one).
   * Can be set only when the client is created: changing it replaces the client.
   * @default false
   */
  generateClientSecret?: boolean;
  /**
   * Minutes an access token is valid (AWS: 5 to 1440).
   * @default 60
   * @minimum 5
   * @maximum 1440
   * @multipleOf 1
   */
  accessTokenValidityMinutes?: number;
  /**
   * Minutes an ID token is valid (AWS: 5 to 1440).
   * @default 60
   * @minimum 5
   * @maximum 1440
   * @multipleOf 1
   */
  idTokenValidityMinutes?: number;
  /**
   * Days a refresh token is valid (AWS: 60 minutes to 10 years).
   * @default 30
   * @minimum 1
   * @maximum 3650
   * @multipleOf 1
   */
  refreshTokenValidityDays?: number;
  /**
   * Functions of this stack Cognito calls at steps of sign-up and sign-in,
   * each by its resource name (Cognito's Lambda triggers).
   * @example { "preSignUp": "checkSignUp" }
   */
  hooks?: UserAuthPoolHooks;
}

/** Parameters other resources can read with `$ResourceParam(name, param)`. */
export const userAuthPoolParams = {
  /** The pool's id, `<region>_<letters and digits>`. */
  id: { type: "string" },
  /** The app client's id (the audience of its tokens). */
  clientId: { type: "string" },
  arn: { type: "string" },
  /** The issuer of the pool's tokens, `https://cognito-idp.<region>.amazonaws.com/<id>`: what a JWT authorizer checks. */
  issuerUrl: { type: "string" },
} as const;
