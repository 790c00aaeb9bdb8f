import { LOG_FORWARDING_CHILD_IDS } from "../../shared/log-forwarding-ids";

/**
 * Child resources of a NextjsWeb, by id (`overrides.<id>` in YAML,
 * `transform.<id>` in TypeScript); each is named `<name>-<child-id>`.
 * - `bucket`, `bucketPublicAccessBlock`, `bucketPolicy`: the private bucket of assets and cache (CloudFront only)
 * - `assets`: the one dynamic resource that syncs the static files
 * - `s3AccessControl`, `lambdaAccessControl`: CloudFront origin access controls
 * - per function (`server`, `image`, `revalidation`, `seeder`): `<fn>Role`, `<fn>Policy`, `<fn>LogGroup`, `<fn>Function`
 * - `serverUrl`, `serverUrlPermission`, `serverInvokePermission`: the server's public URL (its package admits only the distribution, which sends `originSecret`)
 * - `imageUrl`, `imageUrlPermission`, `imageInvokePermission`: the image optimizer's URL, which only CloudFront may call (signed)
 * - `revalidationQueue` (SQS FIFO), `revalidationEventSource`
 * - `tagTable` (DynamoDB tag cache), `seederInvocation` (seeds it once per build)
 * - `serverCachePolicy`, `viewerRequestFunction`, `distribution`, `invalidation` (once per build)
 * - with useEdgeFunction the server function and its log group (`/aws/lambda/us-east-1.<function>`) are in us-east-1, and the server has no URL
 * - with warmServerInstances: `warmerRole`, `warmerPolicy`, `warmerLogGroup`, `warmerFunction`, `warmerSchedule`, `warmerTarget`, `warmerPermission`
 * - with joinDefaultVpc: `serverSecurityGroup` (its network-interface permissions are in `serverPolicy`); with connectTo: `connectIngress` (per target), `s3Endpoint`, `dynamodbEndpoint`
 * - with customDomains: `domainCertificate` (us-east-1), `domainValidationRecord`, `domainCertificateValidation`, `domainRecordA`, `domainRecordAaaa`
 * - with logForwarding: `logForwardingBucket`, `logForwardingBucketBlock`, `logForwardingBucketEncryption`, `logForwardingStreamRole`, `logForwardingStreamPolicy`, `logForwardingStream`, `logForwardingLogsRole`, `logForwardingLogsPolicy`, `logForwardingSubscription`
 */
export const NEXTJS_WEB_CHILD_IDS = [
  "bucket", "bucketPublicAccessBlock", "bucketPolicy", "assets", "s3AccessControl", "lambdaAccessControl", "originSecret",
  "serverRole", "serverPolicy", "serverLogGroup", "serverFunction", "serverUrl", "serverUrlPermission", "serverInvokePermission",
  "imageRole", "imagePolicy", "imageLogGroup", "imageFunction", "imageUrl", "imageUrlPermission", "imageInvokePermission",
  "revalidationQueue", "revalidationRole", "revalidationPolicy", "revalidationLogGroup", "revalidationFunction", "revalidationEventSource",
  "tagTable", "seederRole", "seederPolicy", "seederLogGroup", "seederFunction", "seederInvocation",
  "serverCachePolicy", "viewerRequestFunction", "distribution", "invalidation",
  "warmerRole", "warmerPolicy", "warmerLogGroup", "warmerFunction", "warmerSchedule", "warmerTarget", "warmerPermission",
  "serverSecurityGroup", "connectIngress", "s3Endpoint", "dynamodbEndpoint",
  "domainCertificate", "domainValidationRecord", "domainCertificateValidation", "domainRecordA", "domainRecordAaaa",
  ...LOG_FORWARDING_CHILD_IDS,
] as const;

export type NextjsWebChildId = (typeof NEXTJS_WEB_CHILD_IDS)[number];
