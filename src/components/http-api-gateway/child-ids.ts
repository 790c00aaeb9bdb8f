import { LOG_FORWARDING_CHILD_IDS } from "../../shared/log-forwarding-ids";

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
 * - `integration`, `route`, `routePermission`: one each per route
 * - with logForwarding: `logForwardingBucket`, `logForwardingBucketBlock`, `logForwardingBucketEncryption`, `logForwardingStreamRole`, `logForwardingStreamPolicy`, `logForwardingStream`, `logForwardingLogsRole`, `logForwardingLogsPolicy`, `logForwardingSubscription`
 */
export const HTTP_API_GATEWAY_CHILD_IDS = [
  "api", "stage", "logGroup",
  "domainCertificate", "domainValidationRecord", "domainCertificateValidation", "domainName", "apiMapping",
  "domainRecordA", "domainRecordAaaa",
  "cdnCachePolicy", "cdnOriginRequestPolicy", "cdnDistribution",
  "cdnCertificate", "cdnValidationRecord", "cdnCertificateValidation", "cdnRecordA", "cdnRecordAaaa",
  "integration", "route", "routePermission",
  ...LOG_FORWARDING_CHILD_IDS,
] as const;

export type HttpApiGatewayChildId = (typeof HTTP_API_GATEWAY_CHILD_IDS)[number];
