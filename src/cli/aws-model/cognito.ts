// Cognito user pools, app clients, domains, identity providers and resource servers.
import { ALNUM, arn, dnsSuffix, fromAlphabet, hex, LOWER_ALNUM, MOCK_ACCOUNT, timestamp, type Answer } from "./model";
import { CLOUDFRONT_ZONE } from "./cloudfront";

export const COGNITO: Record<string, Answer> = {
  // A pool's id is its region, an underscore and letters and digits (UserPoolId: [\w-]+_[0-9a-zA-Z]+,
  // https://docs.aws.amazon.com/cognito-user-identity-pools/latest/APIReference/API_UserPoolType.html);
  // ARN userpool/${UserPoolId} (https://docs.aws.amazon.com/service-authorization/latest/reference/list_amazoncognitouserpools.html);
  // endpoint cognito-idp.<region>.<dns suffix>/<id> (terraform-provider-aws internal/service/cognitoidp/user_pool.go),
  // which with https:// is the issuer of the pool's tokens
  // (https://docs.aws.amazon.com/cognito/latest/developerguide/amazon-cognito-user-pools-using-tokens-verifying-a-jwt.html).
  "aws:cognito/userPool:UserPool": (r) => {
    const id = `${r.region}_${fromAlphabet(`${r.type}/${r.name}`, 9, ALNUM)}`;
    const at = timestamp(`${r.type}/${r.name}`).toISOString();
    return {
      id,
      state: {
        ...r.inputs,
        name: r.physical,
        arn: arn(r.region, "cognito-idp", `userpool/${id}`),
        endpoint: `cognito-idp.${r.region}.${dnsSuffix(r.region)}/${id}`,
        creationDate: at,
        lastModifiedDate: at,
        estimatedNumberOfUsers: 0,
      },
    };
  },
  // ClientId and ClientSecret: [\w+]+, at most 128 and 64 characters
  // (https://docs.aws.amazon.com/cognito-user-identity-pools/latest/APIReference/API_UserPoolClientType.html).
  "aws:cognito/userPoolClient:UserPoolClient": (r) => {
    const id = fromAlphabet(`${r.type}/${r.name}`, 26, LOWER_ALNUM);
    return { id, state: { ...r.inputs, name: r.physical, clientSecret: r.inputs.generateSecret === true ? fromAlphabet(`${r.type}/${r.name}/secret`, 51, LOWER_ALNUM) : "" } };
  },
  // A domain's id is the domain; the hosted UI is served by a CloudFront distribution
  // (https://docs.aws.amazon.com/cognito-user-identity-pools/latest/APIReference/API_DomainDescriptionType.html;
  // the provider sets cloudfront_distribution_arn to that same distribution name, internal/service/cognitoidp/user_pool_domain.go).
  "aws:cognito/userPoolDomain:UserPoolDomain": (r) => {
    const distribution = `d${hex(`${r.type}/${r.name}`, 13)}.cloudfront.net`;
    return {
      id: String(r.inputs.domain),
      state: { ...r.inputs, cloudfrontDistribution: distribution, cloudfrontDistributionArn: distribution, cloudfrontDistributionZoneId: CLOUDFRONT_ZONE, awsAccountId: MOCK_ACCOUNT, version: "" },
    };
  },
  // `<pool id>:<provider name>` (internal/service/cognitoidp/identity_provider.go).
  "aws:cognito/identityProvider:IdentityProvider": (r) => ({ id: `${r.inputs.userPoolId}:${r.inputs.providerName}`, state: { ...r.inputs } }),
  // `<pool id>|<identifier>` (internal/service/cognitoidp/resource_server.go).
  "aws:cognito/resourceServer:ResourceServer": (r) => ({
    id: `${r.inputs.userPoolId}|${r.inputs.identifier}`,
    state: { ...r.inputs, scopeIdentifiers: ((r.inputs.scopes as { scopeName: string }[] | undefined) ?? []).map((s) => `${r.inputs.identifier}/${s.scopeName}`) },
  }),
};
