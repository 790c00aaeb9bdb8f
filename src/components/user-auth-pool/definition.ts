// The user-auth-pool resource type as data: what the YAML adapter, `dev` and
// the component read (schema name, parameters, child ids, literal-only fields,
// rules, what connectTo gives).
import { componentDefinition } from "../../shared/component/component-definition";
import { USER_AUTH_POOL_HOOKS, userAuthPoolParams } from "./properties";
import { userAuthPoolStaticProblems, userAuthPoolWarnings } from "./rules";
import { USER_AUTH_POOL_CHILD_IDS, USER_AUTH_POOL_CHILDREN } from "./child-ids";
import { COGNITO_USER_POOL } from "../../shared/component/named-kinds";
import { connectionTable } from "../../shared/workloads/connection-variables";

/** connectTo's variables (the spec's row). */
export const USER_AUTH_POOL_CONNECTION_VARIABLES = connectionTable(userAuthPoolParams, { ID: ["id"], CLIENT_ID: ["clientId"], ARN: ["arn"] });

/**
 * In `dev`, a connected workload's AWS SDK reaches the local Cognito: the
 * service-specific endpoint of the Cognito Identity Provider client (its
 * service id `Cognito Identity Provider`, upper-cased, spaces to `_`:
 * https://docs.aws.amazon.com/sdkref/latest/guide/feature-ss-endpoints.html;
 * SDK v3: @aws-sdk/client-cognito-identity-provider runtimeConfig.shared.js
 * `serviceId`, @smithy/core endpoints `AWS_ENDPOINT_URL` + the id's words),
 * the local region and credentials (dev.ts sets these local outputs).
 */
export const USER_AUTH_POOL_LOCAL_VARIABLES = {
  AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: "localEndpoint", AWS_REGION: "localRegion", AWS_ACCESS_KEY_ID: "localAccessKeyId", AWS_SECRET_ACCESS_KEY: "localSecretAccessKey",
} as const;

export const userAuthPoolDefinition = componentDefinition({
  type: "user-auth-pool",
  definition: "UserAuthPoolProperties",
  propertiesFile: "src/components/user-auth-pool/properties.ts",
  token: "stackfile:index:UserAuthPool",
  propertiesOptional: true,
  params: userAuthPoolParams,
  availableParams: () => Object.keys(userAuthPoolParams),
  // They decide which children are made (the SMS role, the domain, one provider each, named by provider).
  literalOnly: [
    ["enableHostedUi"], ["requirePhoneNumberVerification"], ["mfaConfiguration", "status"], ["mfaConfiguration", "enabledTypes"], ["mfaConfiguration", "enabledTypes", "*"],
    ["identityProviders", "*", "type"], ["identityProviders", "*", "providerName"],
    ...USER_AUTH_POOL_HOOKS.map((hook) => ["hooks", hook]),
  ],
  // Each hook names a function of the stack, made before the pool.
  resourceNames: USER_AUTH_POOL_HOOKS.map((hook) => ({ path: ["hooks", hook], type: "function", arg: "hookFunctions" })),
  // The hosted UI's prefix names <prefix>.auth.<region>.amazoncognito.com: one pool in the region holds it
  // (https://docs.aws.amazon.com/cognito/latest/developerguide/cognito-user-pools-assign-domain-prefix.html).
  accountNames: [{ path: ["hostedUiDomainPrefix"], scope: "region", what: "hosted UI domain prefix", claimed: (p) => p.enableHostedUi === true }],
  // A gateway's cognito authorizer names it (and reads its issuerUrl and clientId).
  namedAs: [COGNITO_USER_POOL],
  connectable: { vpcOnly: false, variables: USER_AUTH_POOL_CONNECTION_VARIABLES, localVariables: USER_AUTH_POOL_LOCAL_VARIABLES },
  childIds: USER_AUTH_POOL_CHILD_IDS,
  children: USER_AUTH_POOL_CHILDREN,
  staticRules: userAuthPoolStaticProblems,
  warnings: userAuthPoolWarnings,
});
