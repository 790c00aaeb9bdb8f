// The force-new table: for every resource type stackfile creates, the inputs
// whose change makes the provider replace the resource, with the source file
// that says so, and what a replacement or delete loses. A test per row
// (test/aws-rules/replacement.test.ts); a test fails when stackfile makes a
// type that has no row.
//
// Every row is checked against terraform-provider-aws v6.58.0 (the schema
// @pulumi/aws 7.48 bridges: its arguments match that version's): the
// top-level arguments marked `ForceNew: true` (or `RequiresReplace()` in a
// framework resource), a field marked so inside a block that is not (a
// dotted path), and the CustomizeDiff / ModifyPlan rules that force a new
// resource (`rules`, or the list when the rule always applies to what
// stackfile makes). Names are @pulumi/aws's (function_name is `name`, a list
// block is plural).
import {
  CLUSTER_SNAPSHOT_IDENTIFIER,
  CLUSTER_STORAGE_TYPE,
  ENDPOINT_PRIVATE_DNS,
  ENGINE_CHANGE,
  ENGINE_VERSION_DOWNGRADE,
  FUNCTION_DURABLE_CONFIG,
  INGRESS_SOURCE_TYPE,
  INVOCATION_INPUT,
  NODE_GROUP_LAYOUT,
  REGION,
  TABLE_RESTORE_BACKUP_ARN,
  TABLE_RESTORE_SOURCE_NAME,
  TABLE_RESTORE_SOURCE_TABLE_ARN,
  TRANSIT_ENCRYPTION_BEFORE_7,
  type ReplacementRow,
} from "./replacement";

const TF = "terraform-provider-aws internal/service/";

export const REPLACEMENT_TABLE: ReplacementRow[] = [
  // ElastiCache
  {
    type: "aws:elasticache/replicationGroup:ReplicationGroup",
    source: `${TF}elasticache/replication_group.go`,
    forceNew: ["atRestEncryptionEnabled", "dataTieringEnabled", "durability", "globalReplicationGroupId", "kmsKeyId", "networkType", "port", "replicationGroupId", "securityGroupNames", "snapshotArns", "snapshotName", "subnetGroupName", REGION],
    rules: [ENGINE_VERSION_DOWNGRADE, ENGINE_CHANGE, NODE_GROUP_LAYOUT, TRANSIT_ENCRYPTION_BEFORE_7],
    holds: "every key in the cluster",
  },
  { type: "aws:elasticache/subnetGroup:SubnetGroup", source: `${TF}elasticache/subnet_group.go`, forceNew: ["name", REGION] },
  { type: "aws:elasticache/parameterGroup:ParameterGroup", source: `${TF}elasticache/parameter_group.go`, forceNew: ["name", "family", "description", REGION] },
  // EC2 / VPC
  { type: "aws:ec2/securityGroup:SecurityGroup", source: `${TF}ec2/vpc_security_group.go`, forceNew: ["name", "namePrefix", "description", "vpcId", REGION] },
  { type: "aws:vpc/securityGroupIngressRule:SecurityGroupIngressRule", source: `${TF}ec2/vpc_security_group_ingress_rule.go`, forceNew: ["securityGroupId", REGION], rules: INGRESS_SOURCE_TYPE },
  {
    type: "aws:ec2/vpcEndpoint:VpcEndpoint",
    source: `${TF}ec2/vpc_endpoint.go`,
    forceNew: ["vpcId", "serviceName", "vpcEndpointType", "serviceRegion", "resourceConfigurationArn", "serviceNetworkArn", "dnsOptions.privateDnsPreference", "dnsOptions.privateDnsSpecifiedDomains", REGION],
    rules: [ENDPOINT_PRIVATE_DNS],
  },
  // CloudWatch Logs and EventBridge
  {
    type: "aws:cloudwatch/logGroup:LogGroup",
    source: `${TF}logs/group.go`,
    forceNew: ["name", "namePrefix", "logGroupClass", REGION],
    holds: "the log events stored in the group",
  },
  { type: "aws:cloudwatch/logSubscriptionFilter:LogSubscriptionFilter", source: `${TF}logs/subscription_filter.go`, forceNew: ["name", "logGroup", "destinationArn", REGION] },
  { type: "aws:cloudwatch/eventRule:EventRule", source: `${TF}events/rule.go`, forceNew: ["name", "namePrefix", "eventBusName", REGION] },
  { type: "aws:cloudwatch/eventTarget:EventTarget", source: `${TF}events/target.go`, forceNew: ["rule", "targetId", "eventBusName", REGION] },
  // Firehose
  {
    type: "aws:kinesis/firehoseDeliveryStream:FirehoseDeliveryStream",
    source: `${TF}firehose/delivery_stream.go`,
    forceNew: [
      "name", "destination", "kinesisSourceConfiguration", "mskSourceConfiguration",
      "elasticsearchConfiguration.s3BackupMode", "elasticsearchConfiguration.vpcConfig",
      "icebergConfiguration.appendOnly", "icebergConfiguration.catalogArn",
      "opensearchConfiguration.s3BackupMode", "opensearchConfiguration.vpcConfig",
      "opensearchserverlessConfiguration.s3BackupMode", "opensearchserverlessConfiguration.vpcConfig",
      REGION,
    ],
  },
  // S3
  {
    type: "aws:s3/bucket:Bucket",
    source: `${TF}s3/bucket.go`,
    forceNew: ["bucket", "bucketPrefix", "bucketNamespace", "objectLockEnabled", "objectLockConfiguration.objectLockEnabled", REGION],
    holds: "every object in the bucket",
  },
  { type: "aws:s3/bucketPublicAccessBlock:BucketPublicAccessBlock", source: `${TF}s3/bucket_public_access_block.go`, forceNew: ["bucket", REGION] },
  {
    type: "aws:s3/bucketServerSideEncryptionConfiguration:BucketServerSideEncryptionConfiguration",
    source: `${TF}s3/bucket_server_side_encryption_configuration.go`,
    // expectedBucketOwner: its CustomizeDiff forces a new resource on every change but from unset to the caller's own account.
    forceNew: ["bucket", "expectedBucketOwner", REGION],
  },
  { type: "aws:s3/bucketPolicy:BucketPolicy", source: `${TF}s3/bucket_policy.go`, forceNew: ["bucket", REGION] },
  { type: "aws:s3/bucketObjectv2:BucketObjectv2", source: `${TF}s3/object.go`, forceNew: ["bucket", "key", REGION] },
  { type: "aws:s3/bucketVersioning:BucketVersioning", source: `${TF}s3/bucket_versioning.go`, forceNew: ["bucket", "expectedBucketOwner", REGION] },
  { type: "aws:s3/bucketOwnershipControls:BucketOwnershipControls", source: `${TF}s3/bucket_ownership_controls.go`, forceNew: ["bucket", REGION] },
  { type: "aws:s3/bucketCorsConfiguration:BucketCorsConfiguration", source: `${TF}s3/bucket_cors_configuration.go`, forceNew: ["bucket", "expectedBucketOwner", REGION] },
  { type: "aws:s3/bucketLifecycleConfiguration:BucketLifecycleConfiguration", source: `${TF}s3/bucket_lifecycle_configuration.go`, forceNew: ["bucket", "expectedBucketOwner", REGION] },
  { type: "aws:s3/bucketNotification:BucketNotification", source: `${TF}s3/bucket_notification.go`, forceNew: ["bucket", REGION] },
  // DynamoDB and SQS
  {
    type: "aws:dynamodb/table:Table",
    source: `${TF}dynamodb/table.go`,
    // importTable itself is not force-new; its s3BucketSource is.
    forceNew: ["name", "hashKey", "rangeKey", "localSecondaryIndexes", "importTable.s3BucketSource", "restoreDateTime", "restoreToLatestTime", REGION],
    rules: [TABLE_RESTORE_SOURCE_NAME, TABLE_RESTORE_SOURCE_TABLE_ARN, TABLE_RESTORE_BACKUP_ARN],
    holds: "every item in the table",
  },
  { type: "aws:sqs/queue:Queue", source: `${TF}sqs/queue.go`, forceNew: ["name", "namePrefix", "fifoQueue", REGION], holds: "every message waiting in the queue" },
  { type: "aws:sqs/queuePolicy:QueuePolicy", source: `${TF}sqs/queue_policy.go`, forceNew: ["queueUrl", REGION] },
  { type: "aws:sqs/redrivePolicy:RedrivePolicy", source: `${TF}sqs/queue_redrive_policy.go`, forceNew: ["queueUrl", REGION] },
  // DynamoDB auto scaling (Application Auto Scaling)
  { type: "aws:appautoscaling/target:Target", source: `${TF}appautoscaling/target.go`, forceNew: ["resourceId", "scalableDimension", "serviceNamespace", REGION] },
  { type: "aws:appautoscaling/policy:Policy", source: `${TF}appautoscaling/policy.go`, forceNew: ["name", "resourceId", "scalableDimension", "serviceNamespace", REGION] },
  // SNS
  {
    type: "aws:sns/topic:Topic",
    source: `${TF}sns/topic.go`,
    forceNew: ["name", "namePrefix", "fifoTopic", REGION],
    // Deleting a topic deletes its subscriptions (https://docs.aws.amazon.com/sns/latest/api/API_DeleteTopic.html).
    holds: "its subscriptions: those made outside the stack are gone, and every email and HTTPS endpoint must confirm its subscription again",
  },
  { type: "aws:sns/topicSubscription:TopicSubscription", source: `${TF}sns/topic_subscription.go`, forceNew: ["topic", "protocol", "endpoint", REGION] },
  { type: "aws:sns/topicPolicy:TopicPolicy", source: `${TF}sns/topic_policy.go`, forceNew: ["arn", REGION] },
  // EventBridge and EventBridge Scheduler
  { type: "aws:cloudwatch/eventBus:EventBus", source: `${TF}events/bus.go`, forceNew: ["name", "eventSourceName", REGION] },
  { type: "aws:cloudwatch/eventArchive:EventArchive", source: `${TF}events/archive.go`, forceNew: ["name", "eventSourceArn", REGION], holds: "the archived events (what a replay would send)" },
  { type: "aws:scheduler/schedule:Schedule", source: `${TF}scheduler/schedule.go`, forceNew: ["name", "namePrefix", "groupName", REGION] },
  { type: "aws:scheduler/scheduleGroup:ScheduleGroup", source: `${TF}scheduler/schedule_group.go`, forceNew: ["name", "namePrefix", REGION] },
  // CloudWatch alarms
  { type: "aws:cloudwatch/metricAlarm:MetricAlarm", source: `${TF}cloudwatch/metric_alarm.go`, forceNew: ["name", REGION] },
  // Secrets Manager: a new value is a new version (no update of a version's value).
  { type: "aws:secretsmanager/secret:Secret", source: `${TF}secretsmanager/secret.go`, forceNew: ["name", "namePrefix", REGION], holds: "every value stored in the secret" },
  { type: "aws:secretsmanager/secretVersion:SecretVersion", source: `${TF}secretsmanager/secret_version.go`, forceNew: ["secretId", "secretString", "secretBinary", REGION] },
  // RDS. An instance's identifier changes in place (a rename; the endpoint changes) since v5; a cluster's or
  // a cluster instance's does not.
  {
    type: "aws:rds/instance:Instance",
    source: `${TF}rds/instance.go`,
    forceNew: [
      "availabilityZone", "backupTarget", "characterSetName", "customIamInstanceProfile", "dbName", "engine", "kmsKeyId", "ncharCharacterSetName", "restoreToPointInTime",
      "s3Import.bucketName", "s3Import.bucketPrefix", "s3Import.ingestionRole", "s3Import.sourceEngine", "s3Import.sourceEngineVersion",
      "snapshotIdentifier", "storageEncrypted", "timezone", "username", REGION,
    ],
    holds: "every database on the instance (a copy stays only in its final snapshot; its automated backups go)",
  },
  {
    type: "aws:rds/cluster:Cluster",
    source: `${TF}rds/cluster.go`,
    forceNew: [
      "availabilityZones", "clusterIdentifier", "clusterIdentifierPrefix", "clusterScalabilityType", "databaseName", "dbSubnetGroupName", "dbSystemId", "engine", "engineMode", "kmsKeyId", "masterUsername",
      "restoreToPointInTime", "s3Import.bucketName", "s3Import.bucketPrefix", "s3Import.ingestionRole", "s3Import.sourceEngine", "s3Import.sourceEngineVersion", "sourceRegion", "storageEncrypted", REGION,
    ],
    rules: [CLUSTER_STORAGE_TYPE, CLUSTER_SNAPSHOT_IDENTIFIER],
    holds: "every database in the cluster (a copy stays only in its final snapshot; its automated backups go)",
  },
  { type: "aws:rds/clusterInstance:ClusterInstance", source: `${TF}rds/cluster_instance.go`, forceNew: ["availabilityZone", "clusterIdentifier", "customIamInstanceProfile", "dbSubnetGroupName", "engine", "identifier", "identifierPrefix", REGION] },
  { type: "aws:rds/subnetGroup:SubnetGroup", source: `${TF}rds/subnet_group.go`, forceNew: ["name", "namePrefix", REGION] },
  { type: "aws:rds/parameterGroup:ParameterGroup", source: `${TF}rds/parameter_group.go`, forceNew: ["name", "namePrefix", "family", "description", REGION] },
  { type: "aws:rds/clusterParameterGroup:ClusterParameterGroup", source: `${TF}rds/cluster_parameter_group.go`, forceNew: ["name", "namePrefix", "family", "description", REGION] },
  // Cognito
  {
    type: "aws:cognito/userPool:UserPool",
    source: `${TF}cognitoidp/user_pool.go`,
    forceNew: ["name", "aliasAttributes", "usernameAttributes", "usernameConfiguration.caseSensitive", REGION],
    holds: "every user of the pool (their passwords cannot be exported)",
  },
  { type: "aws:cognito/userPoolClient:UserPoolClient", source: `${TF}cognitoidp/user_pool_client.go`, forceNew: ["userPoolId", "generateSecret", REGION] },
  { type: "aws:cognito/userPoolDomain:UserPoolDomain", source: `${TF}cognitoidp/user_pool_domain.go`, forceNew: ["domain", "userPoolId", REGION] },
  { type: "aws:cognito/identityProvider:IdentityProvider", source: `${TF}cognitoidp/identity_provider.go`, forceNew: ["userPoolId", "providerName", "providerType", REGION] },
  { type: "aws:cognito/resourceServer:ResourceServer", source: `${TF}cognitoidp/resource_server.go`, forceNew: ["identifier", "userPoolId", REGION] },
  // WAFv2
  { type: "aws:wafv2/webAcl:WebAcl", source: `${TF}wafv2/web_acl.go`, forceNew: ["name", "namePrefix", "scope", REGION] },
  { type: "aws:wafv2/ipSet:IpSet", source: `${TF}wafv2/ip_set.go`, forceNew: ["name", "namePrefix", "scope", "ipAddressVersion", REGION] },
  // An association has no update (both ARNs are force-new).
  { type: "aws:wafv2/webAclAssociation:WebAclAssociation", source: `${TF}wafv2/web_acl_association.go`, forceNew: ["resourceArn", "webAclArn", REGION], everyInputForcesNew: true },
  { type: "aws:wafv2/webAclLoggingConfiguration:WebAclLoggingConfiguration", source: `${TF}wafv2/web_acl_logging_configuration.go`, forceNew: ["resourceArn", REGION] },
  // IAM (global: no region)
  { type: "aws:iam/role:Role", source: `${TF}iam/role.go`, forceNew: ["name", "namePrefix", "path"] },
  { type: "aws:iam/rolePolicy:RolePolicy", source: `${TF}iam/role_policy.go`, forceNew: ["name", "namePrefix", "role"] },
  // An attachment has no update (role and policy_arn are its only inputs, both force-new).
  { type: "aws:iam/rolePolicyAttachment:RolePolicyAttachment", source: `${TF}iam/role_policy_attachment.go`, forceNew: ["role", "policyArn"], everyInputForcesNew: true },
  // Lambda
  {
    type: "aws:lambda/function:Function",
    source: `${TF}lambda/function.go`,
    forceNew: ["name", "packageType", "tenancyConfig", REGION],
    rules: [FUNCTION_DURABLE_CONFIG],
    // A published function gets a new version on every update (its qualified ARN changes).
    outputsChangedByUpdate: (inputs) => (inputs.publish === true ? ["version", "qualifiedArn", "qualifiedInvokeArn"] : []),
  },
  { type: "aws:lambda/functionUrl:FunctionUrl", source: `${TF}lambda/function_url.go`, forceNew: ["functionName", "qualifier", REGION] },
  // A permission has no update (every argument is force-new): every change is a new statement.
  {
    type: "aws:lambda/permission:Permission",
    source: `${TF}lambda/permission.go`,
    forceNew: ["action", "eventSourceToken", "function", "functionUrlAuthType", "invokedViaFunctionUrl", "principal", "principalOrgId", "qualifier", "sourceAccount", "sourceArn", "statementId", "statementIdPrefix", REGION],
    everyInputForcesNew: true,
  },
  {
    type: "aws:lambda/eventSourceMapping:EventSourceMapping",
    source: `${TF}lambda/event_source_mapping.go`,
    forceNew: ["eventSourceArn", "startingPosition", "startingPositionTimestamp", "selfManagedEventSource", "topics", "queues", "amazonManagedKafkaEventSourceConfig", "selfManagedKafkaEventSourceConfig", REGION],
  },
  { type: "aws:lambda/invocation:Invocation", source: `${TF}lambda/invocation.go`, forceNew: ["functionName", "qualifier", "triggers", REGION], rules: [INVOCATION_INPUT] },
  // API Gateway v2
  { type: "aws:apigatewayv2/api:Api", source: `${TF}apigatewayv2/api.go`, forceNew: ["protocolType", "credentialsArn", "routeKey", "target", REGION] },
  { type: "aws:apigatewayv2/stage:Stage", source: `${TF}apigatewayv2/stage.go`, forceNew: ["apiId", "name", REGION] },
  { type: "aws:apigatewayv2/integration:Integration", source: `${TF}apigatewayv2/integration.go`, forceNew: ["apiId", "integrationType", "integrationSubtype", REGION] },
  { type: "aws:apigatewayv2/route:Route", source: `${TF}apigatewayv2/route.go`, forceNew: ["apiId", REGION] },
  { type: "aws:apigatewayv2/domainName:DomainName", source: `${TF}apigatewayv2/domain_name.go`, forceNew: ["domainName", REGION] },
  { type: "aws:apigatewayv2/authorizer:Authorizer", source: `${TF}apigatewayv2/authorizer.go`, forceNew: ["apiId", REGION] },
  { type: "aws:apigatewayv2/apiMapping:ApiMapping", source: `${TF}apigatewayv2/api_mapping.go`, forceNew: ["apiId", "domainName", REGION] },
  // ACM and Route 53 (global)
  {
    type: "aws:acm/certificate:Certificate",
    source: `${TF}acm/certificate.go`,
    // domainName, subjectAlternativeNames: force-new by the CustomizeDiff for every certificate but an imported one (stackfile imports none).
    forceNew: ["domainName", "subjectAlternativeNames", "validationMethod", "validationOptions", "keyAlgorithm", "certificateAuthorityArn", REGION],
  },
  // A validation has no update (both arguments are force-new): it only waits for the certificate.
  { type: "aws:acm/certificateValidation:CertificateValidation", source: `${TF}acm/certificate_validation.go`, forceNew: ["certificateArn", "validationRecordFqdns", REGION], everyInputForcesNew: true },
  // `type` is not force-new since v6.53.0.
  { type: "aws:route53/record:Record", source: `${TF}route53/record.go`, forceNew: ["zoneId", "name"] },
  // CloudFront (global)
  { type: "aws:cloudfront/distribution:Distribution", source: `${TF}cloudfront/distribution.go`, forceNew: ["staging"] },
  { type: "aws:cloudfront/cachePolicy:CachePolicy", source: `${TF}cloudfront/cache_policy.go`, forceNew: [] },
  { type: "aws:cloudfront/originRequestPolicy:OriginRequestPolicy", source: `${TF}cloudfront/origin_request_policy.go`, forceNew: [] },
  { type: "aws:cloudfront/originAccessControl:OriginAccessControl", source: `${TF}cloudfront/origin_access_control.go`, forceNew: [] },
  { type: "aws:cloudfront/function:Function", source: `${TF}cloudfront/function.go`, forceNew: ["name"] },
  // stackfile's dynamic providers: their own `diff` says what replaces them.
  { type: "pulumi-nodejs:dynamic/stackfile:RedisUpdateGuard", source: "src/providers/redis-update-guard.ts (diff)", forceNew: [] },
  { type: "pulumi-nodejs:dynamic/stackfile:AssetSync", source: "src/providers/asset-sync.ts (diff)", forceNew: ["bucket"] },
  { type: "pulumi-nodejs:dynamic/stackfile:CloudFrontInvalidation", source: "src/providers/cloudfront-invalidation.ts (diff)", forceNew: [] },
  { type: "pulumi-nodejs:dynamic/stackfile:OriginSecret", source: "src/providers/origin-secret.ts (diff)", forceNew: ["rotation"] },
];

const BY_TYPE = new Map(REPLACEMENT_TABLE.map((r) => [r.type, r]));

export function replacementRow(type: string): ReplacementRow | undefined {
  return BY_TYPE.get(type);
}

/** Types whose resources hold data, with what a delete or replacement loses. */
export function dataHeldBy(type: string): string | undefined {
  return BY_TYPE.get(type)?.holds;
}
