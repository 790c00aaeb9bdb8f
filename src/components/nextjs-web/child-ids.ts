import { LOG_FORWARDING_CHILDREN } from "../../shared/logging/log-forwarding-ids";

/**
 * Child resources of a NextjsWeb, by id (`overrides.<id>` in YAML,
 * `transform.<id>` in TypeScript); each is named `<name>-<child-id>`.
 * - `bucket`, `bucketPublicAccessBlock`, `bucketPolicy`: the private bucket of assets and cache (CloudFront only)
 * - `assets`: the one dynamic resource that syncs the static files
 * - `s3AccessControl`, `lambdaAccessControl`: CloudFront origin access controls
 * - per function (`server`, `image`, `revalidation`, `seeder`): `<fn>Role`, `<fn>Policy`, `<fn>LogGroup`, `<fn>Function`
 * - per split function of OpenNext's output (`functions` in open-next.config.ts), names ending in `-<function>`: `splitRole`, `splitPolicy`, `splitLogGroup`, `splitFunction`, `splitUrl`, `splitUrlPermission`, `splitInvokePermission`, `splitOriginSecret`, and `splitCode` past 50 MB (an override of a `split*` id applies to every split function)
 * - `serverErrorsAlarm`, `serverThrottlesAlarm`, `serverDurationAlarm` (and per split function `splitErrorsAlarm`...): the server's CloudWatch alarms (unless switched off in `alarms`; none with useEdgeFunction)
 * - `serverCode`: the server's package as an object of the bucket (`_code/`), only when it is past Lambda's 50 MB direct upload
 * - `serverUrl`, `serverUrlPermission`, `serverInvokePermission`: the server's public URL (its package admits only the distribution, which sends `originSecret`)
 * - `imageUrl`, `imageUrlPermission`, `imageInvokePermission`: the image optimizer's URL, which only CloudFront may call (signed)
 * - `revalidationQueue` (SQS FIFO), `revalidationEventSource`
 * - `tagTable` (DynamoDB tag cache), `seederInvocation` (seeds it once per build)
 * - `serverCachePolicy`, `viewerRequestFunction`, `distribution`, `invalidation` (once per build)
 * - with useEdgeFunction the server function and its log group (`/aws/lambda/us-east-1.<function>`) are in us-east-1, and the server has no URL
 * - with warmServerInstances: `warmerRole`, `warmerPolicy`, `warmerLogGroup`, `warmerFunction`, `warmerSchedule`, `warmerTarget`, `warmerPermission`
 * - with joinDefaultVpc: `serverSecurityGroup` (its network-interface permissions are in `serverPolicy`); with connectTo: `connectIngress` (per target), `s3Endpoint`, `dynamodbEndpoint` (its own endpoints, made only when no `defaultVpcEndpoints` is given; with one, the shared ones are that DefaultVpcEndpoints' children)
 * - with customDomains: `domainCertificate` (us-east-1), `domainValidationRecord`, `domainCertificateValidation`, `domainRecordA`, `domainRecordAaaa`
 * - with logForwarding: `logForwardingBucket`, `logForwardingBucketBlock`, `logForwardingBucketEncryption`, `logForwardingStreamRole`, `logForwardingStreamPolicy`, `logForwardingStream`, `logForwardingLogsRole`, `logForwardingLogsPolicy`, `logForwardingSubscription`
 */
export const NEXTJS_WEB_CHILDREN = {
  bucket: "aws:s3/bucket:Bucket",
  bucketPublicAccessBlock: "aws:s3/bucketPublicAccessBlock:BucketPublicAccessBlock",
  bucketPolicy: "aws:s3/bucketPolicy:BucketPolicy",
  assets: "pulumi-nodejs:dynamic/stackfile:AssetSync",
  s3AccessControl: "aws:cloudfront/originAccessControl:OriginAccessControl",
  lambdaAccessControl: "aws:cloudfront/originAccessControl:OriginAccessControl",
  originSecret: "pulumi-nodejs:dynamic/stackfile:OriginSecret",
  serverRole: "aws:iam/role:Role",
  serverPolicy: "aws:iam/rolePolicy:RolePolicy",
  serverLogGroup: "aws:cloudwatch/logGroup:LogGroup",
  serverFunction: "aws:lambda/function:Function",
  serverCode: "aws:s3/bucketObjectv2:BucketObjectv2",
  serverErrorsAlarm: "aws:cloudwatch/metricAlarm:MetricAlarm",
  serverThrottlesAlarm: "aws:cloudwatch/metricAlarm:MetricAlarm",
  serverDurationAlarm: "aws:cloudwatch/metricAlarm:MetricAlarm",
  splitErrorsAlarm: "aws:cloudwatch/metricAlarm:MetricAlarm",
  splitThrottlesAlarm: "aws:cloudwatch/metricAlarm:MetricAlarm",
  splitDurationAlarm: "aws:cloudwatch/metricAlarm:MetricAlarm",
  splitRole: "aws:iam/role:Role",
  splitPolicy: "aws:iam/rolePolicy:RolePolicy",
  splitLogGroup: "aws:cloudwatch/logGroup:LogGroup",
  splitFunction: "aws:lambda/function:Function",
  splitUrl: "aws:lambda/functionUrl:FunctionUrl",
  splitUrlPermission: "aws:lambda/permission:Permission",
  splitInvokePermission: "aws:lambda/permission:Permission",
  splitOriginSecret: "pulumi-nodejs:dynamic/stackfile:OriginSecret",
  splitCode: "aws:s3/bucketObjectv2:BucketObjectv2",
  serverUrl: "aws:lambda/functionUrl:FunctionUrl",
  serverUrlPermission: "aws:lambda/permission:Permission",
  serverInvokePermission: "aws:lambda/permission:Permission",
  imageRole: "aws:iam/role:Role",
  imagePolicy: "aws:iam/rolePolicy:RolePolicy",
  imageLogGroup: "aws:cloudwatch/logGroup:LogGroup",
  imageFunction: "aws:lambda/function:Function",
  imageUrl: "aws:lambda/functionUrl:FunctionUrl",
  imageUrlPermission: "aws:lambda/permission:Permission",
  imageInvokePermission: "aws:lambda/permission:Permission",
  revalidationQueue: "aws:sqs/queue:Queue",
  revalidationRole: "aws:iam/role:Role",
  revalidationPolicy: "aws:iam/rolePolicy:RolePolicy",
  revalidationLogGroup: "aws:cloudwatch/logGroup:LogGroup",
  revalidationFunction: "aws:lambda/function:Function",
  revalidationEventSource: "aws:lambda/eventSourceMapping:EventSourceMapping",
  tagTable: "aws:dynamodb/table:Table",
  seederRole: "aws:iam/role:Role",
  seederPolicy: "aws:iam/rolePolicy:RolePolicy",
  seederLogGroup: "aws:cloudwatch/logGroup:LogGroup",
  seederFunction: "aws:lambda/function:Function",
  seederInvocation: "aws:lambda/invocation:Invocation",
  serverCachePolicy: "aws:cloudfront/cachePolicy:CachePolicy",
  viewerRequestFunction: "aws:cloudfront/function:Function",
  distribution: "aws:cloudfront/distribution:Distribution",
  invalidation: "pulumi-nodejs:dynamic/stackfile:CloudFrontInvalidation",
  warmerRole: "aws:iam/role:Role",
  warmerPolicy: "aws:iam/rolePolicy:RolePolicy",
  warmerLogGroup: "aws:cloudwatch/logGroup:LogGroup",
  warmerFunction: "aws:lambda/function:Function",
  warmerSchedule: "aws:cloudwatch/eventRule:EventRule",
  warmerTarget: "aws:cloudwatch/eventTarget:EventTarget",
  warmerPermission: "aws:lambda/permission:Permission",
  serverSecurityGroup: "aws:ec2/securityGroup:SecurityGroup",
  connectIngress: "aws:vpc/securityGroupIngressRule:SecurityGroupIngressRule",
  s3Endpoint: "aws:ec2/vpcEndpoint:VpcEndpoint",
  dynamodbEndpoint: "aws:ec2/vpcEndpoint:VpcEndpoint",
  domainCertificate: "aws:acm/certificate:Certificate",
  domainValidationRecord: "aws:route53/record:Record",
  domainCertificateValidation: "aws:acm/certificateValidation:CertificateValidation",
  domainRecordA: "aws:route53/record:Record",
  domainRecordAaaa: "aws:route53/record:Record",
  ...LOG_FORWARDING_CHILDREN,
} as const;

export const NEXTJS_WEB_CHILD_IDS = Object.keys(NEXTJS_WEB_CHILDREN) as NextjsWebChildId[];

export type NextjsWebChildId = keyof typeof NEXTJS_WEB_CHILDREN;
