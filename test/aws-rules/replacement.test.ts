// The force-new table, a test per row: a change of an input the provider
// marks force-new replaces the resource, a change of another one updates it
// in place. The expectations are written here from the provider's source
// (the row's file), not read from the table. Dynamic providers' rows are
// held against the provider's own `diff`.
import * as assert from "assert";
import { REPLACEMENT_TABLE, replacementRow } from "../../src/aws-rules/replacement-table";
import { diffResources } from "../../src/cli/resource-diff";
import type { PlannedState } from "../../src/cli/plan";
import { DYNAMIC_PROVIDERS } from "../../src/providers";

type Change = [input: string, old: unknown, next: unknown];

/**
 * Per type: its force-new inputs (terraform-provider-aws v6.58.0, the row's
 * file: `ForceNew: true` arguments, a field so marked in a block that is not,
 * and CustomizeDiff rules that always apply to what stackfile makes; @pulumi/aws
 * names), a change that replaces it, and one made in place (null: the type has
 * no update).
 */
const EXPECTED: Record<string, { forceNew: string[]; replace: Change; inPlace: Change | null }> = {
  "aws:elasticache/replicationGroup:ReplicationGroup": { forceNew: ["atRestEncryptionEnabled", "dataTieringEnabled", "durability", "globalReplicationGroupId", "kmsKeyId", "networkType", "port", "replicationGroupId", "securityGroupNames", "snapshotArns", "snapshotName", "subnetGroupName", "region"], replace: ["port", 6379, 6380], inPlace: ["nodeType", "cache.t4g.micro", "cache.t4g.small"] },
  "aws:elasticache/subnetGroup:SubnetGroup": { forceNew: ["name", "region"], replace: ["name", "a", "b"], inPlace: ["subnetIds", ["subnet-1"], ["subnet-1", "subnet-2"]] },
  "aws:elasticache/parameterGroup:ParameterGroup": { forceNew: ["name", "family", "description", "region"], replace: ["family", "redis6.x", "redis7"], inPlace: ["parameters", [], [{ name: "maxmemory-policy", value: "allkeys-lru" }]] },
  "aws:ec2/securityGroup:SecurityGroup": { forceNew: ["name", "namePrefix", "description", "vpcId", "region"], replace: ["description", "a", "b"], inPlace: ["tags", { Name: "a" }, { Name: "b" }] },
  "aws:vpc/securityGroupIngressRule:SecurityGroupIngressRule": { forceNew: ["securityGroupId", "region"], replace: ["securityGroupId", "sg-1", "sg-2"], inPlace: ["fromPort", 6379, 6380] },
  "aws:ec2/vpcEndpoint:VpcEndpoint": { forceNew: ["vpcId", "serviceName", "vpcEndpointType", "serviceRegion", "resourceConfigurationArn", "serviceNetworkArn", "dnsOptions.privateDnsPreference", "dnsOptions.privateDnsSpecifiedDomains", "region"], replace: ["serviceName", "com.amazonaws.us-east-1.s3", "com.amazonaws.us-east-1.dynamodb"], inPlace: ["routeTableIds", ["rtb-1"], ["rtb-1", "rtb-2"]] },
  "aws:cloudwatch/logGroup:LogGroup": { forceNew: ["name", "namePrefix", "logGroupClass", "region"], replace: ["name", "/a", "/b"], inPlace: ["retentionInDays", 30, 90] },
  "aws:cloudwatch/logSubscriptionFilter:LogSubscriptionFilter": { forceNew: ["name", "logGroup", "destinationArn", "region"], replace: ["destinationArn", "arn:1", "arn:2"], inPlace: ["filterPattern", "", "ERROR"] },
  "aws:cloudwatch/eventRule:EventRule": { forceNew: ["name", "namePrefix", "eventBusName", "region"], replace: ["name", "a", "b"], inPlace: ["scheduleExpression", "rate(5 minutes)", "rate(10 minutes)"] },
  "aws:cloudwatch/eventTarget:EventTarget": { forceNew: ["rule", "targetId", "eventBusName", "region"], replace: ["rule", "a", "b"], inPlace: ["arn", "arn:1", "arn:2"] },
  "aws:kinesis/firehoseDeliveryStream:FirehoseDeliveryStream": { forceNew: ["name", "destination", "kinesisSourceConfiguration", "mskSourceConfiguration", "elasticsearchConfiguration.s3BackupMode", "elasticsearchConfiguration.vpcConfig", "icebergConfiguration.appendOnly", "icebergConfiguration.catalogArn", "opensearchConfiguration.s3BackupMode", "opensearchConfiguration.vpcConfig", "opensearchserverlessConfiguration.s3BackupMode", "opensearchserverlessConfiguration.vpcConfig", "region"], replace: ["destination", "http_endpoint", "extended_s3"], inPlace: ["httpEndpointConfiguration.url", "https://a", "https://b"] },
  "aws:s3/bucket:Bucket": { forceNew: ["bucket", "bucketPrefix", "bucketNamespace", "objectLockEnabled", "objectLockConfiguration.objectLockEnabled", "region"], replace: ["bucket", "a", "b"], inPlace: ["forceDestroy", false, true] },
  "aws:s3/bucketPublicAccessBlock:BucketPublicAccessBlock": { forceNew: ["bucket", "region"], replace: ["bucket", "a", "b"], inPlace: ["blockPublicAcls", false, true] },
  "aws:s3/bucketServerSideEncryptionConfiguration:BucketServerSideEncryptionConfiguration": { forceNew: ["bucket", "expectedBucketOwner", "region"], replace: ["bucket", "a", "b"], inPlace: ["rules", [{ x: 1 }], [{ x: 2 }]] },
  "aws:s3/bucketPolicy:BucketPolicy": { forceNew: ["bucket", "region"], replace: ["bucket", "a", "b"], inPlace: ["policy", "{}", "{\"Version\":\"2012-10-17\"}"] },
  "aws:s3/bucketObjectv2:BucketObjectv2": { forceNew: ["bucket", "key", "region"], replace: ["key", "a.zip", "b.zip"], inPlace: ["contentType", "application/zip", "application/octet-stream"] },
  "aws:dynamodb/table:Table": { forceNew: ["name", "hashKey", "rangeKey", "localSecondaryIndexes", "importTable.s3BucketSource", "restoreDateTime", "restoreToLatestTime", "region"], replace: ["hashKey", "tag", "path"], inPlace: ["billingMode", "PAY_PER_REQUEST", "PROVISIONED"] },
  "aws:sqs/queue:Queue": { forceNew: ["name", "namePrefix", "fifoQueue", "region"], replace: ["fifoQueue", true, false], inPlace: ["visibilityTimeoutSeconds", 30, 180] },
  "aws:iam/role:Role": { forceNew: ["name", "namePrefix", "path"], replace: ["path", "/", "/app/"], inPlace: ["assumeRolePolicy", "{}", "{\"a\":1}"] },
  "aws:iam/rolePolicy:RolePolicy": { forceNew: ["name", "namePrefix", "role"], replace: ["role", "a", "b"], inPlace: ["policy", "{}", "{\"a\":1}"] },
  "aws:iam/rolePolicyAttachment:RolePolicyAttachment": { forceNew: ["role", "policyArn"], replace: ["policyArn", "arn:1", "arn:2"], inPlace: null },
  "aws:lambda/function:Function": { forceNew: ["name", "packageType", "tenancyConfig", "region"], replace: ["name", "a", "b"], inPlace: ["memorySize", 1024, 2048] },
  "aws:lambda/functionUrl:FunctionUrl": { forceNew: ["functionName", "qualifier", "region"], replace: ["functionName", "a", "b"], inPlace: ["authorizationType", "NONE", "AWS_IAM"] },
  "aws:lambda/permission:Permission": { forceNew: ["action", "eventSourceToken", "function", "functionUrlAuthType", "invokedViaFunctionUrl", "principal", "principalOrgId", "qualifier", "sourceAccount", "sourceArn", "statementId", "statementIdPrefix", "region"], replace: ["sourceArn", "arn:1", "arn:2"], inPlace: null },
  "aws:lambda/eventSourceMapping:EventSourceMapping": { forceNew: ["eventSourceArn", "startingPosition", "startingPositionTimestamp", "selfManagedEventSource", "topics", "queues", "amazonManagedKafkaEventSourceConfig", "selfManagedKafkaEventSourceConfig", "region"], replace: ["eventSourceArn", "arn:1", "arn:2"], inPlace: ["batchSize", 5, 10] },
  "aws:lambda/invocation:Invocation": { forceNew: ["functionName", "qualifier", "triggers", "region"], replace: ["triggers.content", "a", "b"], inPlace: ["lifecycleScope", "CREATE_ONLY", "CRUD"] },
  "aws:apigatewayv2/api:Api": { forceNew: ["protocolType", "credentialsArn", "routeKey", "target", "region"], replace: ["protocolType", "HTTP", "WEBSOCKET"], inPlace: ["corsConfiguration.allowOrigins", ["*"], ["https://a.example"]] },
  "aws:apigatewayv2/stage:Stage": { forceNew: ["apiId", "name", "region"], replace: ["name", "$default", "v1"], inPlace: ["accessLogSettings.format", "a", "b"] },
  "aws:apigatewayv2/integration:Integration": { forceNew: ["apiId", "integrationType", "integrationSubtype", "region"], replace: ["integrationType", "AWS_PROXY", "HTTP_PROXY"], inPlace: ["payloadFormatVersion", "1.0", "2.0"] },
  "aws:apigatewayv2/route:Route": { forceNew: ["apiId", "region"], replace: ["apiId", "a", "b"], inPlace: ["routeKey", "GET /a", "GET /b"] },
  "aws:apigatewayv2/domainName:DomainName": { forceNew: ["domainName", "region"], replace: ["domainName", "a.example.com", "b.example.com"], inPlace: ["domainNameConfiguration.certificateArn", "arn:1", "arn:2"] },
  "aws:apigatewayv2/authorizer:Authorizer": { forceNew: ["apiId", "region"], replace: ["apiId", "a", "b"], inPlace: ["authorizerResultTtlInSeconds", 0, 300] },
  "aws:apigatewayv2/apiMapping:ApiMapping": { forceNew: ["apiId", "domainName", "region"], replace: ["domainName", "a.example.com", "b.example.com"], inPlace: ["stage", "$default", "v1"] },
  "aws:acm/certificate:Certificate": { forceNew: ["domainName", "subjectAlternativeNames", "validationMethod", "validationOptions", "keyAlgorithm", "certificateAuthorityArn", "region"], replace: ["domainName", "a.example.com", "b.example.com"], inPlace: ["tags", {}, { a: "b" }] },
  "aws:acm/certificateValidation:CertificateValidation": { forceNew: ["certificateArn", "validationRecordFqdns", "region"], replace: ["validationRecordFqdns", ["a"], ["b"]], inPlace: null },
  "aws:route53/record:Record": { forceNew: ["zoneId", "name"], replace: ["zoneId", "Z1", "Z2"], inPlace: ["records", ["1.2.3.4"], ["5.6.7.8"]] },
  "aws:cloudfront/distribution:Distribution": { forceNew: ["staging"], replace: ["staging", false, true], inPlace: ["priceClass", "PriceClass_All", "PriceClass_100"] },
  "aws:cloudfront/cachePolicy:CachePolicy": { forceNew: [], replace: ["region", "us-east-1", "us-east-1"], inPlace: ["defaultTtl", 0, 60] },
  "aws:cloudfront/originRequestPolicy:OriginRequestPolicy": { forceNew: [], replace: ["region", "us-east-1", "us-east-1"], inPlace: ["comment", "a", "b"] },
  "aws:cloudfront/originAccessControl:OriginAccessControl": { forceNew: [], replace: ["region", "us-east-1", "us-east-1"], inPlace: ["description", "a", "b"] },
  "aws:cloudfront/function:Function": { forceNew: ["name"], replace: ["name", "a", "b"], inPlace: ["code", "a", "b"] },
  "aws:sqs/queuePolicy:QueuePolicy": { forceNew: ["queueUrl", "region"], replace: ["queueUrl", "https://q/1", "https://q/2"], inPlace: ["policy", "{}", "{\"a\":1}"] },
  "aws:sqs/redrivePolicy:RedrivePolicy": { forceNew: ["queueUrl", "region"], replace: ["queueUrl", "https://q/1", "https://q/2"], inPlace: ["redrivePolicy", "{\"maxReceiveCount\":3}", "{\"maxReceiveCount\":5}"] },
  "aws:appautoscaling/target:Target": { forceNew: ["resourceId", "scalableDimension", "serviceNamespace", "region"], replace: ["resourceId", "table/a", "table/b"], inPlace: ["maxCapacity", 10, 20] },
  "aws:appautoscaling/policy:Policy": { forceNew: ["name", "resourceId", "scalableDimension", "serviceNamespace", "region"], replace: ["name", "a", "b"], inPlace: ["targetTrackingScalingPolicyConfiguration.targetValue", 70, 50] },
  "aws:sns/topic:Topic": { forceNew: ["name", "namePrefix", "fifoTopic", "region"], replace: ["fifoTopic", false, true], inPlace: ["displayName", "a", "b"] },
  "aws:sns/topicSubscription:TopicSubscription": { forceNew: ["topic", "protocol", "endpoint", "region"], replace: ["endpoint", "a@example.com", "b@example.com"], inPlace: ["filterPolicy", "{}", "{\"a\":[\"b\"]}"] },
  "aws:sns/topicPolicy:TopicPolicy": { forceNew: ["arn", "region"], replace: ["arn", "arn:1", "arn:2"], inPlace: ["policy", "{}", "{\"a\":1}"] },
  "aws:cloudwatch/eventBus:EventBus": { forceNew: ["name", "eventSourceName", "region"], replace: ["name", "a", "b"], inPlace: ["description", "a", "b"] },
  "aws:cloudwatch/eventArchive:EventArchive": { forceNew: ["name", "eventSourceArn", "region"], replace: ["eventSourceArn", "arn:1", "arn:2"], inPlace: ["retentionDays", 7, 30] },
  "aws:scheduler/schedule:Schedule": { forceNew: ["name", "namePrefix", "groupName", "region"], replace: ["groupName", "default", "reports"], inPlace: ["scheduleExpression", "rate(1 hour)", "rate(2 hours)"] },
  "aws:scheduler/scheduleGroup:ScheduleGroup": { forceNew: ["name", "namePrefix", "region"], replace: ["name", "a", "b"], inPlace: ["tags", {}, { a: "b" }] },
  "aws:cloudwatch/metricAlarm:MetricAlarm": { forceNew: ["name", "region"], replace: ["name", "a", "b"], inPlace: ["threshold", 1, 5] },
  "aws:secretsmanager/secret:Secret": { forceNew: ["name", "namePrefix", "region"], replace: ["name", "a", "b"], inPlace: ["recoveryWindowInDays", 7, 30] },
  "aws:secretsmanager/secretVersion:SecretVersion": { forceNew: ["secretId", "secretString", "secretBinary", "region"], replace: ["secretString", "a", "b"], inPlace: ["versionStages", ["AWSCURRENT"], ["AWSCURRENT", "x"]] },
  "aws:rds/instance:Instance": {
    forceNew: ["availabilityZone", "backupTarget", "characterSetName", "customIamInstanceProfile", "dbName", "engine", "kmsKeyId", "ncharCharacterSetName", "restoreToPointInTime", "s3Import.bucketName", "s3Import.bucketPrefix", "s3Import.ingestionRole", "s3Import.sourceEngine", "s3Import.sourceEngineVersion", "snapshotIdentifier", "storageEncrypted", "timezone", "username", "region"],
    replace: ["engine", "postgres", "mysql"],
    // The identifier is renamed in place since terraform-provider-aws v5 (the id is the resource id).
    inPlace: ["identifier", "orders-db", "orders-db-2"],
  },
  "aws:rds/cluster:Cluster": {
    forceNew: ["availabilityZones", "clusterIdentifier", "clusterIdentifierPrefix", "clusterScalabilityType", "databaseName", "dbSubnetGroupName", "dbSystemId", "engine", "engineMode", "kmsKeyId", "masterUsername", "restoreToPointInTime", "s3Import.bucketName", "s3Import.bucketPrefix", "s3Import.ingestionRole", "s3Import.sourceEngine", "s3Import.sourceEngineVersion", "sourceRegion", "storageEncrypted", "region"],
    replace: ["storageEncrypted", false, true],
    inPlace: ["engineVersion", "16.4", "16.6"],
  },
  "aws:rds/clusterInstance:ClusterInstance": { forceNew: ["availabilityZone", "clusterIdentifier", "customIamInstanceProfile", "dbSubnetGroupName", "engine", "identifier", "identifierPrefix", "region"], replace: ["identifier", "a", "b"], inPlace: ["instanceClass", "db.r6g.large", "db.r6g.xlarge"] },
  "aws:rds/subnetGroup:SubnetGroup": { forceNew: ["name", "namePrefix", "region"], replace: ["name", "a", "b"], inPlace: ["subnetIds", ["subnet-1"], ["subnet-1", "subnet-2"]] },
  "aws:rds/parameterGroup:ParameterGroup": { forceNew: ["name", "namePrefix", "family", "description", "region"], replace: ["family", "postgres16", "postgres17"], inPlace: ["parameters", [], [{ name: "rds.force_ssl", value: "1" }]] },
  "aws:rds/clusterParameterGroup:ClusterParameterGroup": { forceNew: ["name", "namePrefix", "family", "description", "region"], replace: ["family", "aurora-mysql8.0", "aurora-mysql8.4"], inPlace: ["parameters", [], [{ name: "require_secure_transport", value: "ON" }]] },
  "aws:cognito/userPool:UserPool": { forceNew: ["name", "aliasAttributes", "usernameAttributes", "usernameConfiguration.caseSensitive", "region"], replace: ["usernameAttributes", ["email"], ["phone_number"]], inPlace: ["mfaConfiguration", "OFF", "OPTIONAL"] },
  "aws:cognito/userPoolClient:UserPoolClient": { forceNew: ["userPoolId", "generateSecret", "region"], replace: ["generateSecret", false, true], inPlace: ["callbackUrls", ["https://a.example/cb"], ["https://b.example/cb"]] },
  "aws:cognito/userPoolDomain:UserPoolDomain": { forceNew: ["domain", "userPoolId", "region"], replace: ["domain", "a", "b"], inPlace: ["certificateArn", "arn:1", "arn:2"] },
  "aws:cognito/identityProvider:IdentityProvider": { forceNew: ["userPoolId", "providerName", "providerType", "region"], replace: ["providerName", "Google", "Okta"], inPlace: ["attributeMapping", { email: "email" }, { email: "mail" }] },
  "aws:cognito/resourceServer:ResourceServer": { forceNew: ["identifier", "userPoolId", "region"], replace: ["identifier", "https://a", "https://b"], inPlace: ["name", "a", "b"] },
  "aws:wafv2/webAcl:WebAcl": { forceNew: ["name", "namePrefix", "scope", "region"], replace: ["scope", "REGIONAL", "CLOUDFRONT"], inPlace: ["defaultAction", { allow: {} }, { block: {} }] },
  "aws:wafv2/ipSet:IpSet": { forceNew: ["name", "namePrefix", "scope", "ipAddressVersion", "region"], replace: ["ipAddressVersion", "IPV4", "IPV6"], inPlace: ["addresses", ["192.0.2.0/24"], ["198.51.100.0/24"]] },
  "aws:wafv2/webAclAssociation:WebAclAssociation": { forceNew: ["resourceArn", "webAclArn", "region"], replace: ["webAclArn", "arn:1", "arn:2"], inPlace: null },
  "aws:wafv2/webAclLoggingConfiguration:WebAclLoggingConfiguration": { forceNew: ["resourceArn", "region"], replace: ["resourceArn", "arn:1", "arn:2"], inPlace: ["logDestinationConfigs", ["arn:1"], ["arn:2"]] },
  "aws:s3/bucketVersioning:BucketVersioning": { forceNew: ["bucket", "expectedBucketOwner", "region"], replace: ["bucket", "a", "b"], inPlace: ["versioningConfiguration.status", "Enabled", "Suspended"] },
  "aws:s3/bucketOwnershipControls:BucketOwnershipControls": { forceNew: ["bucket", "region"], replace: ["bucket", "a", "b"], inPlace: ["rule.objectOwnership", "BucketOwnerPreferred", "BucketOwnerEnforced"] },
  "aws:s3/bucketCorsConfiguration:BucketCorsConfiguration": { forceNew: ["bucket", "expectedBucketOwner", "region"], replace: ["bucket", "a", "b"], inPlace: ["corsRules", [{ allowedMethods: ["GET"] }], [{ allowedMethods: ["PUT"] }]] },
  "aws:s3/bucketLifecycleConfiguration:BucketLifecycleConfiguration": { forceNew: ["bucket", "expectedBucketOwner", "region"], replace: ["bucket", "a", "b"], inPlace: ["rules", [{ id: "a" }], [{ id: "b" }]] },
  "aws:s3/bucketNotification:BucketNotification": { forceNew: ["bucket", "region"], replace: ["bucket", "a", "b"], inPlace: ["queues", [], [{ queueArn: "arn:1", events: ["s3:ObjectCreated:*"] }]] },
  "pulumi-nodejs:dynamic/stackfile:RedisUpdateGuard": { forceNew: [], replace: ["region", "x", "x"], inPlace: ["numShards", 1, 2] },
  "pulumi-nodejs:dynamic/stackfile:AssetSync": { forceNew: ["bucket"], replace: ["bucket", "a", "b"], inPlace: ["files", [], [{ key: "a" }]] },
  "pulumi-nodejs:dynamic/stackfile:CloudFrontInvalidation": { forceNew: [], replace: ["region", "x", "x"], inPlace: ["key", "a", "b"] },
  "pulumi-nodejs:dynamic/stackfile:OriginSecret": { forceNew: ["rotation"], replace: ["rotation", "", "2026"], inPlace: ["version", 1, 2] },
};

/** Sets a dotted path in a fresh object. */
function at(path: string, value: unknown): Record<string, unknown> {
  const keys = path.split(".");
  const root: Record<string, any> = {};
  let o = root;
  for (const k of keys.slice(0, -1)) o = o[k] = {};
  o[keys[keys.length - 1]] = value;
  return root;
}

function state(type: string, inputs: Record<string, unknown>): PlannedState {
  return { type, name: "r", parent: null, custom: true, dependsOn: [], protect: false, retainOnDelete: false, inputs, state: inputs, id: "r-1234567" };
}

function actionOf(type: string, [input, old, next]: Change): string {
  return actionBetween(type, at(input, old), at(input, next));
}

function actionBetween(type: string, old: Record<string, unknown>, next: Record<string, unknown>): string {
  const changes = diffResources([state(type, old)], [state(type, next)]);
  return changes.length ? changes[0].action : "none";
}

describe("the force-new table", () => {
  for (const row of REPLACEMENT_TABLE) {
    it(`${row.type} (${row.source})`, async () => {
      const expected = EXPECTED[row.type];
      assert.ok(expected, "the test has an expectation for the row");
      assert.deepStrictEqual([...row.forceNew].sort(), [...expected.forceNew].sort(), "the force-new inputs are the verified ones");
      // Each of them replaces the resource when it changes.
      if (row.type.startsWith("aws:")) for (const f of expected.forceNew) assert.strictEqual(actionOf(row.type, [f, "a", "b"]), "replace", `a change of ${f} replaces it`);
      const [input, old, next] = expected.replace;
      // A row without force-new inputs (cloudfront policies, the guard) has none to change.
      if (old !== next) assert.strictEqual(actionOf(row.type, expected.replace), "replace", `a change of ${input} replaces it`);
      else assert.deepStrictEqual(row.forceNew.filter((f) => f !== "region"), [], "no force-new input");
      if (expected.inPlace) assert.strictEqual(actionOf(row.type, expected.inPlace), "update", `a change of ${expected.inPlace[0]} is made in place`);
      else assert.strictEqual(actionOf(row.type, ["anyInput", "a", "b"]), "replace", "the type has no update");
      const provider = DYNAMIC_PROVIDERS[row.type];
      if (provider?.diff) {
        // The provider's own diff agrees.
        for (const [change, replaces] of [[expected.replace, old !== next], ...(expected.inPlace ? [[expected.inPlace, false] as const] : [])] as const) {
          const d = await provider.diff("id", at(change[0], change[1]), at(change[0], change[2]));
          assert.strictEqual((d.replaces ?? []).length > 0, replaces, `${row.type}: provider diff of ${change[0]}`);
        }
      }
    });
  }

  it("the provider's own force-new rules: an elasticache engine version downgrade or engine change replaces; an upgrade, or redis -> valkey, does not", () => {
    const rg = "aws:elasticache/replicationGroup:ReplicationGroup";
    assert.strictEqual(actionOf(rg, ["engineVersion", "7.1", "6.2"]), "replace");
    assert.strictEqual(actionOf(rg, ["engineVersion", "7.1", "7.0"]), "replace");
    assert.strictEqual(actionOf(rg, ["engineVersion", "6.2", "7.1"]), "update");
    assert.strictEqual(actionOf(rg, ["engine", "redis", "valkey"]), "update");
    assert.strictEqual(actionOf(rg, ["engine", "valkey", "redis"]), "replace");
    assert.strictEqual(actionOf(rg, ["nodeGroupConfigurations", [], [{ nodeGroupId: "0001" }]]), "replace");
    // From 6.x the running minor version is unknown: only a lower major version is a downgrade.
    assert.strictEqual(actionOf(rg, ["engineVersion", "6.x", "6.2"]), "update");
    assert.strictEqual(actionOf(rg, ["engineVersion", "7.x", "6.2"]), "replace");
    // A group in a global datastore: the engine rules do not apply.
    assert.strictEqual(actionBetween(rg, { globalReplicationGroupId: "g", engineVersion: "7.1" }, { globalReplicationGroupId: "g", engineVersion: "6.2" }), "update");
    // The node group layout: a group's replica count or slots replace; an availability zone it never set does not.
    const groups = (extra: Record<string, unknown>) => [{ nodeGroupId: "0001", replicaCount: 1, slots: "0-16383", ...extra }];
    assert.strictEqual(actionOf(rg, ["nodeGroupConfigurations", groups({}), groups({ replicaCount: 2 })]), "replace");
    assert.strictEqual(actionOf(rg, ["nodeGroupConfigurations", groups({}), groups({ primaryAvailabilityZone: "us-east-1a" })]), "update");
    assert.strictEqual(actionOf(rg, ["nodeGroupConfigurations", groups({ primaryAvailabilityZone: "us-east-1a" }), groups({ primaryAvailabilityZone: "us-east-1b" })]), "replace");
    // In-transit encryption changes in place from 7.0.5 on; before, it replaces the group.
    assert.strictEqual(actionBetween(rg, { engineVersion: "6.2", transitEncryptionEnabled: false }, { engineVersion: "6.2", transitEncryptionEnabled: true }), "replace");
    assert.strictEqual(actionBetween(rg, { engineVersion: "7.1", transitEncryptionEnabled: false }, { engineVersion: "7.1", transitEncryptionEnabled: true }), "update");
  });

  it("RDS clusters: a storage type change replaces a non-Aurora cluster only; a new snapshot replaces, clearing it does not", () => {
    const cluster = "aws:rds/cluster:Cluster";
    assert.strictEqual(actionBetween(cluster, { engine: "aurora-postgresql", storageType: "aurora" }, { engine: "aurora-postgresql", storageType: "aurora-iopt1" }), "update");
    assert.strictEqual(actionBetween(cluster, { engine: "postgres", storageType: "io1" }, { engine: "postgres", storageType: "gp3" }), "replace");
    assert.strictEqual(actionOf(cluster, ["snapshotIdentifier", undefined, "snap-1"]), "replace");
    assert.strictEqual(actionOf(cluster, ["snapshotIdentifier", "snap-1", undefined]), "update");
  });

  it("what a replacement loses: tables, buckets, queues, databases, user pools, secrets and event archives hold data; their settings and wiring do not", () => {
    for (const t of ["aws:dynamodb/table:Table", "aws:s3/bucket:Bucket", "aws:sqs/queue:Queue", "aws:rds/instance:Instance", "aws:rds/cluster:Cluster", "aws:cognito/userPool:UserPool", "aws:secretsmanager/secret:Secret", "aws:cloudwatch/eventArchive:EventArchive"]) {
      assert.ok(replacementRow(t)?.holds, `${t} holds data`);
    }
    for (const t of ["aws:rds/clusterInstance:ClusterInstance", "aws:sns/topicSubscription:TopicSubscription", "aws:wafv2/webAcl:WebAcl", "aws:cognito/userPoolClient:UserPoolClient", "aws:s3/bucketNotification:BucketNotification"]) {
      assert.strictEqual(replacementRow(t)?.holds, undefined, `${t} holds no data`);
    }
  });

  it("the provider's other conditional rules (CustomizeDiff, ModifyPlan)", () => {
    // A Lambda invocation re-invokes by replacement when its input changes, under the default lifecycle scope.
    const inv = "aws:lambda/invocation:Invocation";
    assert.strictEqual(actionOf(inv, ["input", "{}", '{"a":1}']), "replace");
    assert.strictEqual(actionBetween(inv, { input: "{}", lifecycleScope: "CREATE_ONLY" }, { input: '{"a":1}', lifecycleScope: "CREATE_ONLY" }), "replace");
    assert.strictEqual(actionBetween(inv, { input: "{}", lifecycleScope: "CRUD" }, { input: '{"a":1}', lifecycleScope: "CRUD" }), "update");
    // A DynamoDB restore source set to a new value replaces the table; cleared, it does not.
    const table = "aws:dynamodb/table:Table";
    for (const input of ["restoreSourceName", "restoreSourceTableArn", "restoreBackupArn"]) {
      assert.strictEqual(actionOf(table, [input, "a", "b"]), "replace", input);
      assert.strictEqual(actionOf(table, [input, undefined, "b"]), "replace", input);
      assert.strictEqual(actionOf(table, [input, "a", undefined]), "update", input);
    }
    // importTable: only its S3 source is force-new.
    assert.strictEqual(actionOf(table, ["importTable.s3BucketSource.bucket", "a", "b"]), "replace");
    assert.strictEqual(actionOf(table, ["importTable.inputFormat", "CSV", "ION"]), "update");
    // A Lambda function's durable configuration: adding or removing it replaces; changing it does not.
    const fn = "aws:lambda/function:Function";
    assert.strictEqual(actionOf(fn, ["durableConfig", undefined, { executionTimeout: 60 }]), "replace");
    assert.strictEqual(actionOf(fn, ["durableConfig", { executionTimeout: 60 }, undefined]), "replace");
    assert.strictEqual(actionOf(fn, ["durableConfig", { executionTimeout: 60 }, { executionTimeout: 120 }]), "update");
    // A VPC endpoint's private DNS changes in place only on an Interface endpoint (the type defaults to Gateway).
    const endpoint = "aws:ec2/vpcEndpoint:VpcEndpoint";
    assert.strictEqual(actionOf(endpoint, ["privateDnsEnabled", false, true]), "replace");
    assert.strictEqual(actionBetween(endpoint, { vpcEndpointType: "Interface", privateDnsEnabled: false }, { vpcEndpointType: "Interface", privateDnsEnabled: true }), "update");
    // An ingress rule keeps its kind of source: a new CIDR is an update, another kind of source a replacement.
    const ingress = "aws:vpc/securityGroupIngressRule:SecurityGroupIngressRule";
    assert.strictEqual(actionOf(ingress, ["cidrIpv4", "10.0.0.0/16", "10.1.0.0/16"]), "update");
    assert.strictEqual(actionBetween(ingress, { cidrIpv4: "10.0.0.0/16" }, { referencedSecurityGroupId: "sg-1" }), "replace");
  });

  it("every regional row lists region (terraform-provider-aws v6: changing region forces replacement); IAM, Route 53 and CloudFront are global", () => {
    const global = /^aws:(iam|route53|cloudfront)\//;
    // (A type without update replaces on any input, region included.)
    for (const row of REPLACEMENT_TABLE.filter((r) => r.type.startsWith("aws:") && !r.everyInputForcesNew)) {
      assert.strictEqual(row.forceNew.includes("region"), !global.test(row.type), row.type);
    }
    assert.ok(replacementRow("aws:s3/bucket:Bucket")?.holds);
  });
});
