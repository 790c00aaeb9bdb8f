import { LOG_FORWARDING_CHILDREN } from "../../shared/logging/log-forwarding-ids";

/**
 * Child resources of an HttpApiGateway, by id (`overrides.<id>` in YAML,
 * `transform.<id>` in TypeScript). A per-domain or per-route child is named
 * `<name>-<child-id>-<domain or route>`, the others `<name>-<child-id>`; the
 * transform of an id applies to every child of that id.
 * - `api`: aws.apigatewayv2.Api (protocol HTTP, CORS)
 * - `stage`: aws.apigatewayv2.Stage `$default`, auto-deployed, with access logs
 * - `logGroup`: aws.cloudwatch.LogGroup of the access logs
 * - `domainCertificate`, `domainValidationRecord`, `domainCertificateValidation`: managed certificate of a custom domain
 * - `domainName`, `apiMapping`: aws.apigatewayv2.DomainName (regional, TLS 1.2) and its mapping to the stage
 * - `domainRecordA`, `domainRecordAaaa`: alias records of a custom domain
 * - `cdnCachePolicy`, `cdnOriginRequestPolicy`, `cdnDistribution`: the CDN
 * - `cdnCertificate`, `cdnValidationRecord`, `cdnCertificateValidation`, `cdnRecordA`, `cdnRecordAaaa`: CDN custom domains
 * - `integration`, `route`: one each per route; `routePermission`: one per function the routes invoke
 * - `preflightRoute`: an `OPTIONS` route without authorizer beside an authorized `ANY` route (with CORS), so preflights reach no authorizer;
 *   its integration answers CORS only: `preflightIntegration` to the function `preflightFunction` (204, no body),
 *   with its role `preflightRole` (no permissions) and `preflightPermission` (API Gateway may invoke it), one each per gateway
 * - `authorizer`: aws.apigatewayv2.Authorizer, one per authorizer (`<name>-authorizer-<authorizer name>`)
 * - `authorizerPermission`: aws.lambda.Permission for API Gateway to invoke a Lambda authorizer's function, from that authorizer only
 * - `serverErrorsAlarm`, `latencyAlarm`; with a CDN `cdnServerErrorsAlarm` (in us-east-1): its CloudWatch alarms (unless switched off in `alarms`)
 * - with logForwarding: `logForwardingBucket`, `logForwardingBucketBlock`, `logForwardingBucketEncryption`, `logForwardingStreamRole`, `logForwardingStreamPolicy`, `logForwardingStream`, `logForwardingLogsRole`, `logForwardingLogsPolicy`, `logForwardingSubscription`
 */
export const HTTP_API_GATEWAY_CHILDREN = {
  api: "aws:apigatewayv2/api:Api",
  stage: "aws:apigatewayv2/stage:Stage",
  logGroup: "aws:cloudwatch/logGroup:LogGroup",
  domainCertificate: "aws:acm/certificate:Certificate",
  domainValidationRecord: "aws:route53/record:Record",
  domainCertificateValidation: "aws:acm/certificateValidation:CertificateValidation",
  domainName: "aws:apigatewayv2/domainName:DomainName",
  apiMapping: "aws:apigatewayv2/apiMapping:ApiMapping",
  domainRecordA: "aws:route53/record:Record",
  domainRecordAaaa: "aws:route53/record:Record",
  cdnCachePolicy: "aws:cloudfront/cachePolicy:CachePolicy",
  cdnOriginRequestPolicy: "aws:cloudfront/originRequestPolicy:OriginRequestPolicy",
  cdnDistribution: "aws:cloudfront/distribution:Distribution",
  cdnCertificate: "aws:acm/certificate:Certificate",
  cdnValidationRecord: "aws:route53/record:Record",
  cdnCertificateValidation: "aws:acm/certificateValidation:CertificateValidation",
  cdnRecordA: "aws:route53/record:Record",
  cdnRecordAaaa: "aws:route53/record:Record",
  integration: "aws:apigatewayv2/integration:Integration",
  route: "aws:apigatewayv2/route:Route",
  routePermission: "aws:lambda/permission:Permission",
  preflightRoute: "aws:apigatewayv2/route:Route",
  preflightIntegration: "aws:apigatewayv2/integration:Integration",
  preflightFunction: "aws:lambda/function:Function",
  preflightRole: "aws:iam/role:Role",
  preflightPermission: "aws:lambda/permission:Permission",
  authorizer: "aws:apigatewayv2/authorizer:Authorizer",
  authorizerPermission: "aws:lambda/permission:Permission",
  serverErrorsAlarm: "aws:cloudwatch/metricAlarm:MetricAlarm",
  latencyAlarm: "aws:cloudwatch/metricAlarm:MetricAlarm",
  cdnServerErrorsAlarm: "aws:cloudwatch/metricAlarm:MetricAlarm",
  ...LOG_FORWARDING_CHILDREN,
} as const;

export const HTTP_API_GATEWAY_CHILD_IDS = Object.keys(HTTP_API_GATEWAY_CHILDREN) as HttpApiGatewayChildId[];

export type HttpApiGatewayChildId = keyof typeof HTTP_API_GATEWAY_CHILDREN;
