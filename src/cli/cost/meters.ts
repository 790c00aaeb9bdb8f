// The AWS resource types the estimate knows, and how each is billed. A type
// a stack registers is priced by its AWS resources alone: a new component
// whose resources are here needs no edit. A type that is not here (nor free,
// nor one of stackfile's own deploy-time steps) is listed as not priced,
// never counted as zero.
import { dynamicType, type DynamicTypeName } from "../../providers";
import type { Charges, Meter } from "./meter-types";
import { lambdaFunction } from "./meters-compute";
import { auroraInstance, bucket, cacheCluster, dynamodbTable, queue, rdsInstance, replicationGroup, secret } from "./meters-data";
import { apiGatewayApi, cloudfrontFunction, compositeAlarm, distribution, logGroup, metricAlarm, vpcEndpoint, webAcl } from "./meters-network";

/** Types with a price (fixed, by use, or both). */
export const METERS: Record<string, Meter> = {
  "aws:elasticache/replicationGroup:ReplicationGroup": replicationGroup,
  "aws:elasticache/cluster:Cluster": cacheCluster,
  "aws:dynamodb/table:Table": dynamodbTable,
  "aws:rds/instance:Instance": rdsInstance,
  "aws:rds/clusterInstance:ClusterInstance": auroraInstance,
  "aws:s3/bucket:Bucket": bucket,
  "aws:s3/bucketV2:BucketV2": bucket,
  "aws:secretsmanager/secret:Secret": secret,
  "aws:sqs/queue:Queue": queue,
  "aws:lambda/function:Function": lambdaFunction,
  "aws:apigatewayv2/api:Api": apiGatewayApi,
  "aws:cloudfront/distribution:Distribution": distribution,
  "aws:cloudfront/function:Function": cloudfrontFunction,
  "aws:wafv2/webAcl:WebAcl": webAcl,
  "aws:ec2/vpcEndpoint:VpcEndpoint": vpcEndpoint,
  "aws:cloudwatch/metricAlarm:MetricAlarm": metricAlarm,
  "aws:cloudwatch/compositeAlarm:CompositeAlarm": compositeAlarm,
  "aws:cloudwatch/logGroup:LogGroup": logGroup,
};

/** Types billed by use at a price the table does not have: listed as not priced, with what bills them. */
const BY_USE_UNPRICED: Record<string, string> = {
  "aws:sns/topic:Topic": "SNS publishes and deliveries",
  "aws:cloudwatch/eventBus:EventBus": "EventBridge custom events",
  "aws:cloudwatch/eventArchive:EventArchive": "EventBridge archived events",
  "aws:cognito/userPool:UserPool": "Cognito monthly active users",
  "aws:kinesis/firehoseDeliveryStream:FirehoseDeliveryStream": "Firehose data ingested",
  "aws:rds/cluster:Cluster": "Aurora storage and I/O",
};

const NO_CHARGE = {
  iam: "IAM has no charge",
  securityGroup: "security groups have no charge",
  settings: "a setting of the resource it belongs to, with no charge of its own",
  apiPart: "a part of an API; its API's requests are what is billed",
  cdnPart: "a CloudFront setting with no charge of its own",
  certificate: "public ACM certificates have no charge",
  record: "records have no monthly charge; queries to alias records of AWS resources are free",
  permission: "a permission, no charge",
  eventWiring: "wiring of events, no charge of its own (the invocations it makes are the function's)",
  deploy: "runs once per deploy (the function's own requests)",
};

/** Types with no charge of their own, each with the reason. */
const FREE: Record<string, string> = {
  "aws:iam/role:Role": NO_CHARGE.iam,
  "aws:iam/rolePolicy:RolePolicy": NO_CHARGE.iam,
  "aws:iam/policy:Policy": NO_CHARGE.iam,
  "aws:iam/rolePolicyAttachment:RolePolicyAttachment": NO_CHARGE.iam,
  "aws:ec2/securityGroup:SecurityGroup": NO_CHARGE.securityGroup,
  "aws:vpc/securityGroupIngressRule:SecurityGroupIngressRule": NO_CHARGE.securityGroup,
  "aws:vpc/securityGroupEgressRule:SecurityGroupEgressRule": NO_CHARGE.securityGroup,
  "aws:elasticache/subnetGroup:SubnetGroup": NO_CHARGE.settings,
  "aws:elasticache/parameterGroup:ParameterGroup": NO_CHARGE.settings,
  "aws:rds/subnetGroup:SubnetGroup": NO_CHARGE.settings,
  "aws:rds/parameterGroup:ParameterGroup": NO_CHARGE.settings,
  "aws:rds/clusterParameterGroup:ClusterParameterGroup": NO_CHARGE.settings,
  "aws:s3/bucketPolicy:BucketPolicy": NO_CHARGE.settings,
  "aws:s3/bucketPublicAccessBlock:BucketPublicAccessBlock": NO_CHARGE.settings,
  "aws:s3/bucketOwnershipControls:BucketOwnershipControls": NO_CHARGE.settings,
  "aws:s3/bucketVersioning:BucketVersioning": NO_CHARGE.settings,
  "aws:s3/bucketServerSideEncryptionConfiguration:BucketServerSideEncryptionConfiguration": NO_CHARGE.settings,
  "aws:s3/bucketLifecycleConfiguration:BucketLifecycleConfiguration": NO_CHARGE.settings,
  "aws:s3/bucketCorsConfiguration:BucketCorsConfiguration": NO_CHARGE.settings,
  "aws:s3/bucketNotification:BucketNotification": NO_CHARGE.settings,
  "aws:dynamodb/kinesisStreamingDestination:KinesisStreamingDestination": NO_CHARGE.settings,
  "aws:apigatewayv2/integration:Integration": NO_CHARGE.apiPart,
  "aws:apigatewayv2/route:Route": NO_CHARGE.apiPart,
  "aws:apigatewayv2/stage:Stage": NO_CHARGE.apiPart,
  "aws:apigatewayv2/authorizer:Authorizer": NO_CHARGE.apiPart,
  "aws:apigatewayv2/apiMapping:ApiMapping": NO_CHARGE.apiPart,
  "aws:apigatewayv2/domainName:DomainName": NO_CHARGE.apiPart,
  "aws:cloudfront/cachePolicy:CachePolicy": NO_CHARGE.cdnPart,
  "aws:cloudfront/originRequestPolicy:OriginRequestPolicy": NO_CHARGE.cdnPart,
  "aws:cloudfront/responseHeadersPolicy:ResponseHeadersPolicy": NO_CHARGE.cdnPart,
  "aws:cloudfront/originAccessControl:OriginAccessControl": NO_CHARGE.cdnPart,
  "aws:acm/certificate:Certificate": NO_CHARGE.certificate,
  "aws:acm/certificateValidation:CertificateValidation": NO_CHARGE.certificate,
  "aws:route53/record:Record": NO_CHARGE.record,
  "aws:lambda/permission:Permission": NO_CHARGE.permission,
  "aws:sns/topicSubscription:TopicSubscription": NO_CHARGE.eventWiring,
  "aws:sns/topicPolicy:TopicPolicy": NO_CHARGE.permission,
  "aws:sqs/queuePolicy:QueuePolicy": NO_CHARGE.permission,
  "aws:lambda/functionUrl:FunctionUrl": "a function URL has no charge (its requests are the function's)",
  "aws:lambda/eventSourceMapping:EventSourceMapping": "an event source mapping has no charge (its polling requests are the queue's, its invocations the function's)",
  "aws:lambda/invocation:Invocation": NO_CHARGE.deploy,
  "aws:cloudwatch/eventRule:EventRule": NO_CHARGE.eventWiring,
  "aws:cloudwatch/eventTarget:EventTarget": NO_CHARGE.eventWiring,
  "aws:cloudwatch/logSubscriptionFilter:LogSubscriptionFilter": NO_CHARGE.eventWiring,
  "aws:wafv2/webAclAssociation:WebAclAssociation": NO_CHARGE.settings,
  "aws:wafv2/ipSet:IpSet": NO_CHARGE.settings,
  "aws:cognito/userPoolClient:UserPoolClient": NO_CHARGE.settings,
  "aws:cognito/userPoolDomain:UserPoolDomain": NO_CHARGE.settings,
  "aws:cognito/identityProvider:IdentityProvider": NO_CHARGE.settings,
};

/** stackfile's own dynamic resources: deploy-time steps, none an AWS resource that bills (a new one must be placed here). */
const DEPLOY_STEPS: Record<DynamicTypeName, string> = {
  RedisUpdateGuard: "stackfile's deploy-time check of a cluster's updates; no AWS resource",
  AssetSync: "stackfile's upload of files to their bucket at deploy (the bucket's requests)",
  CloudFrontInvalidation: "stackfile's cache invalidation at deploy (the first 1,000 paths a month are free)",
  OriginSecret: "stackfile's generated origin secret; no AWS resource",
};

const DEPLOY_STEP_TYPES: Record<string, string> = Object.fromEntries(
  Object.entries(DEPLOY_STEPS).map(([name, why]) => [dynamicType(name as DynamicTypeName), why]),
);

/** Resources that are not AWS resources: components (their children are) and provider resources. */
export function isContainer(type: string): boolean {
  return type.startsWith("stackfile:index:") || type.startsWith("pulumi:providers:");
}

/** How the table bills a type: a meter, no charge (with why), or undefined (not in the table). */
export function meterOf(type: string): { meter: Meter } | { free: string } | undefined {
  if (Object.hasOwn(METERS, type)) return { meter: METERS[type] };
  if (Object.hasOwn(BY_USE_UNPRICED, type)) {
    const what = BY_USE_UNPRICED[type];
    return { meter: (): Charges => ({ unpriced: [`${what} are billed by use; the table has no price for them`] }) };
  }
  if (Object.hasOwn(FREE, type)) return { free: FREE[type] };
  if (Object.hasOwn(DEPLOY_STEP_TYPES, type)) return { free: DEPLOY_STEP_TYPES[type] };
  return undefined;
}

/** Every AWS type token the table names (a test checks each is a real pulumi-aws type). */
export const KNOWN_AWS_TYPES: readonly string[] = [...Object.keys(METERS), ...Object.keys(BY_USE_UNPRICED), ...Object.keys(FREE)];
