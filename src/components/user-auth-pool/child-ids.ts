/**
 * Child resources of a UserAuthPool, by id. The child named `<name>-<child-id>`
 * (then `-<suffix>` where there are several) is what `overrides.<id>` (YAML)
 * and `transform.<id>` (TypeScript) adjust.
 * - `userPool`: aws.cognito.UserPool, the pool and its users
 * - `smsRole`: aws.iam.Role Cognito assumes to send SMS (SMS MFA or phone verification only)
 * - `smsRolePolicy`: aws.iam.RolePolicy of that role (sns:Publish)
 * - `identityProvider`: aws.cognito.IdentityProvider, one per identity provider (`-<provider name>`)
 * - `client`: aws.cognito.UserPoolClient, the app client
 * - `domain`: aws.cognito.UserPoolDomain, the hosted UI's domain (with `enableHostedUi`)
 * - `hookPermission`: aws.lambda.Permission letting Cognito call a hook's function for this pool, one per function (`-<function name>`)
 */
export const USER_AUTH_POOL_CHILDREN = {
  userPool: "aws:cognito/userPool:UserPool",
  smsRole: "aws:iam/role:Role",
  smsRolePolicy: "aws:iam/rolePolicy:RolePolicy",
  identityProvider: "aws:cognito/identityProvider:IdentityProvider",
  client: "aws:cognito/userPoolClient:UserPoolClient",
  domain: "aws:cognito/userPoolDomain:UserPoolDomain",
  hookPermission: "aws:lambda/permission:Permission",
} as const;

export const USER_AUTH_POOL_CHILD_IDS = Object.keys(USER_AUTH_POOL_CHILDREN) as UserAuthPoolChildId[];

export type UserAuthPoolChildId = keyof typeof USER_AUTH_POOL_CHILDREN;
