// The gateway's authorizers, as the stack file writes them (names in
// ../shared/spec/decisions.md, "Gateway authorizers"). A route names one in
// its `authorizer`, or the gateway's `defaultAuthorizer` applies.

/**
 * Verifies a JSON Web Token (an OIDC or OAuth 2.0 access or ID token) against
 * the issuer's published keys before the route's function runs; requests
 * without a valid token get 401 from API Gateway.
 */
export interface JwtAuthorizer {
  type: "jwt";
  /**
   * The token issuer (`iss`): API Gateway reads its keys from
   * `<issuerUrl>/.well-known/openid-configuration`. May be built with
   * `$ResourceParam`.
   * @example "https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEf123"
   * @pattern ^https://
   */
  issuerUrl: string;
  /**
   * Accepted audiences: a token's `aud` (or `client_id`) must be one of them
   * (at most 50, AWS's quota per authorizer).
   * @minItems 1
   * @maxItems 50
   */
  audience: string[];
  /**
   * Where the token is read: one header or query string,
   * `$request.header.<name>` or `$request.querystring.<name>`.
   * @default "$request.header.Authorization"
   */
  identitySource?: string;
}

/**
 * Calls a function of this stack with the request's identity sources, which
 * answers whether the caller may go on (and with what context).
 */
export interface LambdaAuthorizer {
  type: "lambda";
  /** Name of a `function` resource of this stack that decides. */
  functionName: string;
  /**
   * Request values the function is called with; a request missing one gets
   * 401 without calling it. Each is `$request.header.<name>`,
   * `$request.querystring.<name>`, `$context.<variable>` or
   * `$stageVariables.<name>`. Needed when `resultTtl` is above 0 (they are the
   * cache key of the answers).
   * @example ["$request.header.Authorization"]
   */
  identitySource?: string[];
  /**
   * Format of the event the function receives and of its answer.
   * @default "2.0"
   */
  payloadFormat?: "1.0" | "2.0";
  /**
   * The function answers `{ isAuthorized: boolean, context? }` rather than
   * an IAM policy. Only with payload format 2.0, where it is on unless set to
   * false.
   */
  enableSimpleResponses?: boolean;
  /**
   * Seconds API Gateway keeps an answer for the same identity sources; 0
   * asks every time.
   * @default 0
   * @minimum 0
   * @maximum 3600
   * @multipleOf 1
   */
  resultTtl?: number;
}

/**
 * A JWT authorizer for the tokens of a user pool of this stack: the pool's
 * issuer (`issuerUrl`) and its app client as the audience (`clientId`), read
 * from the resource `userPoolName` names.
 */
export interface CognitoAuthorizer {
  type: "cognito";
  /** Name of a user pool of this stack (a `user-auth-pool` resource). */
  userPoolName: string;
  /**
   * Where the token is read: one header or query string,
   * `$request.header.<name>` or `$request.querystring.<name>`.
   * @default "$request.header.Authorization"
   */
  identitySource?: string;
}

/** A named authorizer of the gateway. */
export type HttpApiAuthorizer = JwtAuthorizer | LambdaAuthorizer | CognitoAuthorizer;

/** What a route may say of its authorization (an event's properties, `addRoute`). */
export interface RouteAuthorization {
  /**
   * The gateway authorizer that guards this route, or `none` for a public
   * route on a gateway with a `defaultAuthorizer`. Absent: the gateway's
   * `defaultAuthorizer`, if any (OPTIONS routes never get it: preflights
   * carry no credentials).
   */
  authorizer?: string;
  /**
   * Scopes a JWT must hold (any one of them) for this route (at most 10).
   * JWT and cognito authorizers only.
   * @minItems 1
   * @maxItems 10
   */
  authorizationScopes?: string[];
}
