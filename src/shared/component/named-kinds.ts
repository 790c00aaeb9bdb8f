// Kinds of resources a field of another type names (`resourceNames`' `type`)
// without naming a type: a type says it is one in its definition's `namedAs`,
// and the field reads it by its parameters.

/** A Cognito user pool with `issuerUrl` and `clientId` parameters: what a gateway's `cognito` authorizer names. */
export const COGNITO_USER_POOL = "cognito-user-pool";
