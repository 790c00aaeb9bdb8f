// Physical names, the way pulumi-aws makes them and AWS takes them. One row
// per AWS type stackfile creates that has a name: which input holds it, how
// pulumi-aws auto-names it (`<pulumi name>-<7 hex>`, its maximum, lower-casing)
// and what the provider or AWS accepts. The mock engine names resources from
// this table, the catalog checks names against it, and components choose an
// explicit name from it when an auto-name could not fit.
import { createHash } from "crypto";

/** pulumi-aws's auto-naming of the name input: `transform(urn name) + separator + 7 hex`, failing when longer than `maxLength`. */
export interface AutoNaming {
  maxLength: number;
  lowerCase?: boolean;
  /** Between the URN name and the 7 hex: `-` unless given (`""` for RDS instances). */
  separator?: string;
  /** The boolean input that makes the resource FIFO: `.fifo` is then appended after the check (SQS queues, SNS topics). */
  fifoSuffix?: string;
  source: string;
}

/** What the provider or AWS accepts as the name. */
export interface NameValidity {
  min: number;
  max: number;
  /** Allowed characters, as a character class body (`a-z0-9-`). */
  chars: string;
  /** Words for the characters, in messages. */
  charsText: string;
  /** Further rules: why a name is refused, or undefined. */
  more?(name: string): string | undefined;
  source: string;
}

export interface NameSpec {
  /** The input holding the physical name. */
  property: string;
  /** Absent: pulumi-aws does not auto-name it (we always give one). */
  autoName?: AutoNaming;
  /**
   * Without a name or auto-name, the provider makes one at create: this
   * prefix and 26 unique digits (terraform-plugin-sdk helper/id
   * PrefixedUniqueId, `create.WithDefaultPrefix("tf-")`).
   */
  providerPrefix?: string;
  valid: NameValidity;
  /** A name AWS takes and one it refuses (the rule's tests). */
  examples: { valid: string; invalid: string };
}

const PULUMI_DEFAULT = "pulumi-aws provider/autonaming.go (setAutonaming: every input `name`, max 255, separator '-', 7 random hex)";
const OVERRIDES = "pulumi-aws provider/resource_overrides.go";

const letterStart = (what: string) => (n: string) => (/^[A-Za-z]/.test(n) ? undefined : `${what} must start with a letter`);
const noDoubleHyphen = (n: string) => (n.includes("--") ? "two hyphens in a row are not allowed" : n.endsWith("-") ? "it must not end with a hyphen" : undefined);
const all = (...checks: ((n: string) => string | undefined)[]) => (n: string) => checks.map((c) => c(n)).find((x) => x !== undefined);

/** S3 general purpose bucket names (beyond length and characters). */
function bucketRules(n: string): string | undefined {
  if (!/^[a-z0-9]/.test(n) || !/[a-z0-9]$/.test(n)) return "it must start and end with a letter or digit";
  if (n.includes("..")) return "two periods in a row are not allowed";
  if (/^\d+\.\d+\.\d+\.\d+$/.test(n)) return "it must not look like an IP address";
  const prefix = ["xn--", "sthree-", "amzn-s3-demo-"].find((p) => n.startsWith(p));
  if (prefix) return `the prefix ${prefix} is reserved by S3`;
  const suffix = ["-s3alias", "--ol-s3", ".mrap", "--x-s3", "--table-s3"].find((s) => n.endsWith(s));
  return suffix ? `the suffix ${suffix} is reserved by S3` : undefined;
}

export const NAMES: Record<string, NameSpec> = {
  "aws:elasticache/replicationGroup:ReplicationGroup": {
    property: "replicationGroupId",
    autoName: { maxLength: 40, lowerCase: true, source: `${OVERRIDES} (aws_elasticache_replication_group: AutoNameTransform("replicationGroupId", 40, strings.ToLower))` },
    valid: {
      min: 1, max: 40, chars: "a-zA-Z0-9-", charsText: "letters, digits and hyphens",
      more: all(letterStart("a replication group id"), noDoubleHyphen),
      source: "terraform-provider-aws internal/service/elasticache/replication_group.go (validateReplicationGroupID)",
    },
    examples: { valid: "cache-replication-group-0a1b2c3", invalid: "cache--replication-group" },
  },
  "aws:elasticache/subnetGroup:SubnetGroup": {
    property: "name",
    autoName: { maxLength: 255, source: PULUMI_DEFAULT },
    valid: { min: 1, max: 255, chars: "a-zA-Z0-9-", charsText: "letters, digits and hyphens", source: "https://docs.aws.amazon.com/AmazonElastiCache/latest/APIReference/API_CreateCacheSubnetGroup.html (CacheSubnetGroupName)" },
    examples: { valid: "cache-subnet-group-0a1b2c3", invalid: "cache_subnet_group" },
  },
  "aws:elasticache/parameterGroup:ParameterGroup": {
    property: "name",
    autoName: { maxLength: 255, source: PULUMI_DEFAULT },
    valid: {
      min: 1, max: 255, chars: "a-zA-Z0-9-", charsText: "letters, digits and hyphens", more: all(letterStart("a parameter group name"), noDoubleHyphen),
      source: "https://docs.aws.amazon.com/AmazonElastiCache/latest/dg/ParameterGroups.Creating.html",
    },
    examples: { valid: "cache-parameter-group-0a1b2c3", invalid: "9cache-parameter-group" },
  },
  "aws:ec2/securityGroup:SecurityGroup": {
    property: "name",
    autoName: { maxLength: 255, source: PULUMI_DEFAULT },
    valid: {
      min: 1, max: 255, chars: "a-zA-Z0-9 ._\\-:/()#,@\\[\\]+=&;{}!$*", charsText: "letters, digits, spaces and ._-:/()#,@[]+=&;{}!$*",
      more: (n) => (n.startsWith("sg-") ? "a security group name must not start with sg-" : undefined),
      source: "terraform-provider-aws internal/service/ec2/vpc_security_group.go (name: no ^sg-); https://docs.aws.amazon.com/AWSEC2/latest/APIReference/API_CreateSecurityGroup.html (GroupName)",
    },
    examples: { valid: "cache-security-group-0a1b2c3", invalid: "sg-cache" },
  },
  "aws:cloudwatch/logGroup:LogGroup": {
    property: "name",
    autoName: { maxLength: 255, source: PULUMI_DEFAULT },
    valid: { min: 1, max: 512, chars: "A-Za-z0-9._\\-/#", charsText: "letters, digits and ._-/#", source: "terraform-provider-aws internal/service/logs/validate.go (validLogGroupName)" },
    examples: { valid: "/aws/lambda/us-east-1.web-server-function-0a1b2c3", invalid: "logs:web" },
  },
  "aws:apigatewayv2/api:Api": {
    property: "name",
    autoName: { maxLength: 255, source: PULUMI_DEFAULT },
    valid: { min: 1, max: 128, chars: "\\s\\S", charsText: "any characters", source: "terraform-provider-aws internal/service/apigatewayv2/api.go (name: StringLenBetween(1, 128))" },
    examples: { valid: "api-api-0a1b2c3", invalid: "a".repeat(129) },
  },
  "aws:apigatewayv2/stage:Stage": {
    property: "name",
    autoName: { maxLength: 255, source: PULUMI_DEFAULT },
    valid: {
      min: 1, max: 128, chars: "a-zA-Z0-9_\\-$", charsText: "letters, digits, _ and -, or $default",
      more: (n) => (n.includes("$") && n !== "$default" ? "the only stage name with $ is $default" : undefined),
      source: "terraform-provider-aws internal/service/apigatewayv2/stage.go (name: StringLenBetween(1, 128)); https://docs.aws.amazon.com/apigatewayv2/latest/api-reference/apis-apiid-stages.html (StageName)",
    },
    examples: { valid: "$default", invalid: "$live" },
  },
  "aws:cloudfront/cachePolicy:CachePolicy": {
    property: "name",
    autoName: { maxLength: 255, source: PULUMI_DEFAULT },
    valid: { min: 1, max: 128, chars: "A-Za-z0-9_-", charsText: "letters, digits, _ and -", source: "aws-cdk aws-cloudfront/lib/cache-policy.ts (name: ^[\\w-]+$, at most 128, as CloudFront takes it)" },
    examples: { valid: "web-server-cache-policy-0a1b2c3", invalid: "web server policy" },
  },
  "aws:cloudfront/originRequestPolicy:OriginRequestPolicy": {
    property: "name",
    autoName: { maxLength: 255, source: PULUMI_DEFAULT },
    valid: { min: 1, max: 128, chars: "A-Za-z0-9_-", charsText: "letters, digits, _ and -", source: "aws-cdk aws-cloudfront/lib/origin-request-policy.ts (name: ^[\\w-]+$, as CloudFront takes it)" },
    examples: { valid: "api-cdn-origin-request-policy-0a1b2c3", invalid: "api.policy" },
  },
  "aws:cloudfront/function:Function": {
    property: "name",
    autoName: { maxLength: 255, source: PULUMI_DEFAULT },
    valid: { min: 1, max: 64, chars: "a-zA-Z0-9_-", charsText: "letters, digits, _ and -", source: "https://docs.aws.amazon.com/cloudfront/latest/APIReference/API_CreateFunction.html (Name: [a-zA-Z0-9-_]{1,64})" },
    examples: { valid: "web-viewer-request-function-0a1b2c3", invalid: "w".repeat(65) },
  },
  "aws:cloudfront/originAccessControl:OriginAccessControl": {
    property: "name",
    autoName: { maxLength: 255, source: PULUMI_DEFAULT },
    valid: { min: 1, max: 64, chars: "\\s\\S", charsText: "any characters", source: "terraform-provider-aws internal/service/cloudfront/origin_access_control.go (name: StringLenBetween(1, 64)); https://docs.aws.amazon.com/cloudfront/latest/APIReference/API_OriginAccessControlConfig.html" },
    examples: { valid: "web-s3-access-control-0a1b2c3", invalid: "w".repeat(65) },
  },
  "aws:lambda/function:Function": {
    property: "name",
    autoName: { maxLength: 64, source: `${OVERRIDES} (aws_lambda_function: AutoName("name", 64, "-"))` },
    valid: { min: 1, max: 64, chars: "a-zA-Z0-9_-", charsText: "letters, digits, _ and -", source: "terraform-provider-aws internal/service/lambda/validate.go (validFunctionName); https://docs.aws.amazon.com/lambda/latest/api/API_CreateFunction.html (FunctionName)" },
    examples: { valid: "web-server-function-0a1b2c3", invalid: "web.server" },
  },
  "aws:lambda/permission:Permission": {
    property: "statementId",
    autoName: { maxLength: 100, source: `${OVERRIDES} (aws_lambda_permission: AutoName("statementId", 100, "-"))` },
    valid: { min: 1, max: 100, chars: "a-zA-Z0-9_-", charsText: "letters, digits, _ and -", source: "terraform-provider-aws internal/service/lambda/validate.go (validPolicyStatementID)" },
    examples: { valid: "web-server-url-permission-0a1b2c3", invalid: "web.permission" },
  },
  "aws:sqs/queue:Queue": {
    property: "name",
    autoName: { maxLength: 80, fifoSuffix: "fifoQueue", source: `${OVERRIDES} (aws_sqs_queue: AutoNameWithCustomOptions{Maxlen: 80, Randlen: 7, PostTransform: ".fifo" for FIFO queues})` },
    valid: {
      min: 1, max: 80, chars: "a-zA-Z0-9_.-", charsText: "letters, digits, _ and -",
      more: (n) => (n.endsWith(".fifo") ? (/^[A-Za-z0-9_-]{1,75}\.fifo$/.test(n) ? undefined : "a FIFO queue name is at most 75 letters, digits, _ and - before .fifo") : n.includes(".") ? "only a FIFO queue name has a period (its .fifo)" : undefined),
      source: "terraform-provider-aws internal/service/sqs/queue.go (resourceQueueCustomizeDiff: ^[0-9A-Za-z_-]{1,75}\\.fifo$ or ^[0-9A-Za-z_-]{1,80}$)",
    },
    examples: { valid: "web-revalidation-queue-0a1b2c3.fifo", invalid: `${"q".repeat(76)}.fifo` },
  },
  "aws:dynamodb/table:Table": {
    property: "name",
    autoName: { maxLength: 255, source: PULUMI_DEFAULT },
    valid: { min: 3, max: 255, chars: "a-zA-Z0-9_.-", charsText: "letters, digits, _, . and -", source: "https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_CreateTable.html (TableName)" },
    examples: { valid: "web-tag-table-0a1b2c3", invalid: "web tags" },
  },
  "aws:iam/role:Role": {
    property: "name",
    autoName: { maxLength: 64, source: `${OVERRIDES} (aws_iam_role: AutoName("name", 64, "-"))` },
    valid: { min: 1, max: 64, chars: "\\w+=,.@-", charsText: "letters, digits and _+=,.@-", source: "terraform-provider-aws internal/service/iam/validate.go (validResourceName(64)); https://docs.aws.amazon.com/IAM/latest/APIReference/API_CreateRole.html" },
    examples: { valid: "web-server-role-0a1b2c3", invalid: "r".repeat(65) },
  },
  "aws:iam/rolePolicy:RolePolicy": {
    property: "name",
    autoName: { maxLength: 255, source: PULUMI_DEFAULT },
    valid: { min: 1, max: 128, chars: "\\w+=,.@-", charsText: "letters, digits and _+=,.@-", source: "terraform-provider-aws internal/service/iam/role_policy.go (validRolePolicyName: 1 to 128)" },
    examples: { valid: "web-server-policy-0a1b2c3", invalid: "p".repeat(129) },
  },
  "aws:cloudwatch/eventRule:EventRule": {
    property: "name",
    autoName: { maxLength: 64, source: `${OVERRIDES} (aws_cloudwatch_event_rule: AutoName("name", 64, "-"))` },
    valid: { min: 1, max: 64, chars: "A-Za-z0-9._-", charsText: "letters, digits and ._-", source: "terraform-provider-aws internal/service/events/validate.go (validateRuleName)" },
    examples: { valid: "web-warmer-schedule-0a1b2c3", invalid: "web warmer" },
  },
  "aws:cloudwatch/eventTarget:EventTarget": {
    property: "targetId",
    autoName: { maxLength: 255, source: `${OVERRIDES} (aws_cloudwatch_event_target: AutoName("targetId", 255, "-"))` },
    valid: { min: 1, max: 64, chars: "A-Za-z0-9._-", charsText: "letters, digits and ._-", source: "terraform-provider-aws internal/service/events/validate.go (validateTargetID: at most 64)" },
    examples: { valid: "web-warmer-target-0a1b2c3", invalid: "t".repeat(65) },
  },
  "aws:kinesis/firehoseDeliveryStream:FirehoseDeliveryStream": {
    property: "name",
    autoName: { maxLength: 255, source: PULUMI_DEFAULT },
    valid: { min: 1, max: 64, chars: "a-zA-Z0-9_.-", charsText: "letters, digits and _.-", source: "terraform-provider-aws internal/service/firehose/delivery_stream.go (name: StringLenBetween(1, 64)); https://docs.aws.amazon.com/firehose/latest/APIReference/API_CreateDeliveryStream.html (DeliveryStreamName)" },
    examples: { valid: "api-log-forwarding-stream-0a1b2c3", invalid: "s".repeat(65) },
  },
  "aws:cloudwatch/logSubscriptionFilter:LogSubscriptionFilter": {
    property: "name",
    autoName: { maxLength: 255, source: PULUMI_DEFAULT },
    valid: { min: 1, max: 512, chars: "^:*", charsText: "any characters but : and *", source: "terraform-provider-aws internal/service/logs/subscription_filter.go (name: StringLenBetween(1, 512)); https://docs.aws.amazon.com/AmazonCloudWatchLogs/latest/APIReference/API_PutSubscriptionFilter.html (filterName: [^:*]*)" },
    examples: { valid: "api-log-forwarding-subscription-0a1b2c3", invalid: "api:subscription" },
  },
  "aws:sns/topic:Topic": {
    property: "name",
    autoName: { maxLength: 80, fifoSuffix: "fifoTopic", source: `${OVERRIDES} (aws_sns_topic: AutoNameWithCustomOptions{Maxlen: 80, Randlen: 7, PostTransform: ".fifo" for FIFO topics})` },
    valid: {
      min: 1, max: 256, chars: "a-zA-Z0-9_.-", charsText: "letters, digits, _ and -",
      more: (n) => (n.endsWith(".fifo") ? (/^[A-Za-z0-9_-]{1,251}\.fifo$/.test(n) ? undefined : "a FIFO topic name is at most 251 letters, digits, _ and - before .fifo") : n.includes(".") ? "only a FIFO topic name has a period (its .fifo)" : undefined),
      source: "terraform-provider-aws internal/service/sns/topic.go (resourceTopicCustomizeDiff: ^[0-9A-Za-z_-]{1,251}\\.fifo$ or ^[0-9A-Za-z_-]{1,256}$)",
    },
    examples: { valid: "orders-topic-0a1b2c3.fifo", invalid: "orders.topic" },
  },
  "aws:cloudwatch/eventBus:EventBus": {
    property: "name",
    autoName: { maxLength: 255, source: PULUMI_DEFAULT },
    valid: {
      min: 1, max: 256, chars: "/.\\-_A-Za-z0-9", charsText: "letters, digits and /._-",
      more: (n) => (n === "default" ? "default is the account's own bus; a custom bus takes another name" : undefined),
      source: "terraform-provider-aws internal/service/events/validate.go (validCustomEventBusName); https://docs.aws.amazon.com/eventbridge/latest/APIReference/API_CreateEventBus.html (Name: [/\\.\\-_A-Za-z0-9]+, 1 to 256)",
    },
    examples: { valid: "orders-bus-0a1b2c3", invalid: "default" },
  },
  "aws:cloudwatch/eventArchive:EventArchive": {
    property: "name",
    autoName: { maxLength: 255, source: PULUMI_DEFAULT },
    valid: { min: 1, max: 48, chars: ".\\-_A-Za-z0-9", charsText: "letters, digits and ._-", source: "terraform-provider-aws internal/service/events/validate.go (validArchiveName: 1 to 48, [\\.\\-_A-Za-z0-9]+)" },
    examples: { valid: "orders-bus-archive-0a1b2c3", invalid: "a".repeat(49) },
  },
  "aws:scheduler/schedule:Schedule": {
    property: "name",
    autoName: { maxLength: 255, source: PULUMI_DEFAULT },
    valid: { min: 1, max: 64, chars: "0-9a-zA-Z_.-", charsText: "letters, digits and _.-", source: "https://docs.aws.amazon.com/scheduler/latest/APIReference/API_CreateSchedule.html (Name: 1 to 64, [0-9a-zA-Z-_.]+)" },
    examples: { valid: "nightly-report-schedule-0a1b2c3", invalid: "nightly report" },
  },
  "aws:scheduler/scheduleGroup:ScheduleGroup": {
    property: "name",
    autoName: { maxLength: 255, source: PULUMI_DEFAULT },
    valid: { min: 1, max: 64, chars: "0-9a-zA-Z_.-", charsText: "letters, digits and _.-", source: "https://docs.aws.amazon.com/scheduler/latest/APIReference/API_CreateScheduleGroup.html (Name: 1 to 64, [0-9a-zA-Z-_.]+)" },
    examples: { valid: "reports-0a1b2c3", invalid: "g".repeat(65) },
  },
  "aws:cloudwatch/metricAlarm:MetricAlarm": {
    property: "name",
    autoName: { maxLength: 255, source: `${OVERRIDES} (aws_cloudwatch_metric_alarm: alarm_name is AutoName("name", 255, "-"))` },
    valid: { min: 1, max: 255, chars: "^\\x00-\\x1f\\x7f", charsText: "any characters but control characters", source: "https://docs.aws.amazon.com/AmazonCloudWatch/latest/APIReference/API_PutMetricAlarm.html (AlarmName: 1 to 255, no ASCII control characters)" },
    examples: { valid: "orders-errors-alarm-0a1b2c3", invalid: "a".repeat(256) },
  },
  "aws:appautoscaling/policy:Policy": {
    property: "name",
    autoName: { maxLength: 255, source: PULUMI_DEFAULT },
    valid: { min: 1, max: 255, chars: "\\x20-\\x7e", charsText: "printable characters", source: "terraform-provider-aws internal/service/appautoscaling/policy.go (name: at most 255); https://docs.aws.amazon.com/autoscaling/application/APIReference/API_PutScalingPolicy.html (PolicyName: \\p{Print}+)" },
    examples: { valid: "orders-table-read-scaling-0a1b2c3", invalid: "p".repeat(256) },
  },
  "aws:secretsmanager/secret:Secret": {
    property: "name",
    autoName: { maxLength: 255, source: PULUMI_DEFAULT },
    valid: { min: 1, max: 512, chars: "A-Za-z0-9/_+=.@-", charsText: "letters, digits and /_+=.@-", source: "https://docs.aws.amazon.com/secretsmanager/latest/apireference/API_CreateSecret.html (Name: 1 to 512; ASCII letters, numbers and /_+=.@-)" },
    examples: { valid: "orders-db-password-0a1b2c3", invalid: "orders db password" },
  },
  "aws:rds/instance:Instance": {
    property: "identifier",
    autoName: { maxLength: 255, separator: "", source: `${OVERRIDES} (aws_db_instance: identifier is ComputeAutoNameDefault{Randlen: 7, Maxlen: 255}, no separator, no lower-casing)` },
    valid: {
      min: 1, max: 63, chars: "a-z0-9-", charsText: "lower-case letters, digits and hyphens",
      more: all(letterStart("an identifier"), noDoubleHyphen),
      source: "terraform-provider-aws internal/service/rds/validate.go (validIdentifier); https://docs.aws.amazon.com/AmazonRDS/latest/APIReference/API_CreateDBInstance.html (DBInstanceIdentifier: 1 to 63 letters, numbers or hyphens)",
    },
    examples: { valid: "orders-db-primary0a1b2c3", invalid: "Orders-db" },
  },
  "aws:rds/cluster:Cluster": {
    property: "clusterIdentifier",
    providerPrefix: "tf-",
    valid: {
      min: 1, max: 63, chars: "a-z0-9-", charsText: "lower-case letters, digits and hyphens",
      more: all(letterStart("an identifier"), noDoubleHyphen),
      source: "terraform-provider-aws internal/service/rds/validate.go (validIdentifier); https://docs.aws.amazon.com/AmazonRDS/latest/APIReference/API_CreateDBCluster.html (DBClusterIdentifier: 1 to 63 letters, numbers or hyphens)",
    },
    examples: { valid: "orders-cluster", invalid: "orders-cluster-" },
  },
  "aws:rds/clusterInstance:ClusterInstance": {
    property: "identifier",
    providerPrefix: "tf-",
    valid: {
      min: 1, max: 63, chars: "a-z0-9-", charsText: "lower-case letters, digits and hyphens",
      more: all(letterStart("an identifier"), noDoubleHyphen),
      source: "terraform-provider-aws internal/service/rds/validate.go (validIdentifier); https://docs.aws.amazon.com/AmazonRDS/latest/APIReference/API_CreateDBInstance.html (DBInstanceIdentifier: 1 to 63)",
    },
    examples: { valid: "orders-cluster-1", invalid: "1-orders" },
  },
  "aws:rds/subnetGroup:SubnetGroup": {
    property: "name",
    autoName: { maxLength: 255, source: PULUMI_DEFAULT },
    valid: {
      min: 1, max: 255, chars: "a-z0-9_ .-", charsText: "lower-case letters, digits, spaces and _.-",
      more: (n) => (n === "default" ? "default is taken by RDS" : undefined),
      source: "terraform-provider-aws internal/service/rds/validate.go (validSubnetGroupName: ^[0-9a-z_ .-]+$, at most 255, not default)",
    },
    examples: { valid: "orders-db-subnets-0a1b2c3", invalid: "Orders-db-subnets" },
  },
  "aws:rds/parameterGroup:ParameterGroup": {
    property: "name",
    autoName: { maxLength: 255, source: PULUMI_DEFAULT },
    valid: {
      min: 1, max: 255, chars: "a-z0-9.-", charsText: "lower-case letters, digits, . and -",
      more: all(letterStart("a parameter group name"), noDoubleHyphen),
      source: "terraform-provider-aws internal/service/rds/validate.go (validParamGroupName)",
    },
    examples: { valid: "orders-db-params-0a1b2c3", invalid: "orders--params" },
  },
  "aws:rds/clusterParameterGroup:ClusterParameterGroup": {
    property: "name",
    autoName: { maxLength: 255, source: PULUMI_DEFAULT },
    valid: {
      min: 1, max: 255, chars: "a-z0-9.-", charsText: "lower-case letters, digits, . and -",
      more: all(letterStart("a parameter group name"), noDoubleHyphen),
      source: "terraform-provider-aws internal/service/rds/validate.go (validParamGroupName)",
    },
    examples: { valid: "orders-cluster-params-0a1b2c3", invalid: "0rders-params" },
  },
  "aws:cognito/userPool:UserPool": {
    property: "name",
    autoName: { maxLength: 255, source: PULUMI_DEFAULT },
    valid: { min: 1, max: 128, chars: "\\w\\s+=,.@-", charsText: "letters, digits, spaces and _+=,.@-", source: "https://docs.aws.amazon.com/cognito-user-identity-pools/latest/APIReference/API_CreateUserPool.html (PoolName: 1 to 128, [\\w\\s+=,.@-]+)" },
    examples: { valid: "users-pool-0a1b2c3", invalid: "users/pool" },
  },
  "aws:cognito/userPoolClient:UserPoolClient": {
    property: "name",
    autoName: { maxLength: 255, source: PULUMI_DEFAULT },
    valid: { min: 1, max: 128, chars: "\\w\\s+=,.@-", charsText: "letters, digits, spaces and _+=,.@-", source: "terraform-provider-aws internal/service/cognitoidp/validate.go (userPoolClientNameValidator: 1 to 128, [\\w\\s+=,.@-]+)" },
    examples: { valid: "users-client-0a1b2c3", invalid: "c".repeat(129) },
  },
  "aws:wafv2/webAcl:WebAcl": {
    property: "name",
    autoName: { maxLength: 255, source: PULUMI_DEFAULT },
    valid: { min: 1, max: 128, chars: "\\w-", charsText: "letters, digits, _ and -", source: "https://docs.aws.amazon.com/waf/latest/APIReference/API_CreateWebACL.html (Name: 1 to 128, ^[\\w\\-]+$)" },
    examples: { valid: "edge-web-acl-0a1b2c3", invalid: "edge.web.acl" },
  },
  "aws:wafv2/ipSet:IpSet": {
    property: "name",
    autoName: { maxLength: 255, source: PULUMI_DEFAULT },
    valid: { min: 1, max: 128, chars: "\\w-", charsText: "letters, digits, _ and -", source: "https://docs.aws.amazon.com/waf/latest/APIReference/API_CreateIPSet.html (Name: 1 to 128, ^[\\w\\-]+$)" },
    examples: { valid: "edge-blocked-ips-0a1b2c3", invalid: "i".repeat(129) },
  },
  "aws:s3/bucket:Bucket": {
    property: "bucket",
    autoName: { maxLength: 63, lowerCase: true, source: `${OVERRIDES} (aws_s3_bucket: AutoNameTransform("bucket", 63, strings.ToLower))` },
    valid: { min: 3, max: 63, chars: "a-z0-9.-", charsText: "lower-case letters, digits, . and -", more: bucketRules, source: "https://docs.aws.amazon.com/AmazonS3/latest/userguide/bucketnamingrules.html; terraform-provider-aws internal/service/s3/validate.go (validBucketName)" },
    examples: { valid: "web-bucket-0a1b2c3", invalid: "xn--web-bucket" },
  },
};

/** The 7 hex pulumi-aws appends (from the engine's seed there; a hash of the name here, so plans repeat). */
export function randomHex(seed: string): string {
  return createHash("sha256").update(seed).digest("hex").slice(0, 7);
}

export type AutoNameResult = { name: string } | { error: string };

/** What pulumi-aws's Check makes of a missing name input, or the error it fails with. */
export function autoName(type: string, urnName: string, inputs: Record<string, unknown> = {}): AutoNameResult | undefined {
  const spec = NAMES[type];
  if (!spec?.autoName || inputs[spec.property] !== undefined) return undefined;
  // A conflicting prefix input (namePrefix, statementIdPrefix) turns auto-naming off.
  if (inputs[`${spec.property}Prefix`] !== undefined) return undefined;
  const a = spec.autoName;
  const prefix = `${a.lowerCase ? urnName.toLowerCase() : urnName}${a.separator ?? "-"}`;
  if (Buffer.byteLength(prefix) + 7 > a.maxLength) {
    return { error: `could not make instance of '${type}': name '${prefix}' plus 7 random chars is longer than maximum length ${a.maxLength}` };
  }
  return { name: `${prefix}${randomHex(`${type}/${urnName}`)}${fifoSuffix(spec, inputs)}` };
}

/** `.fifo` when the spec's FIFO input is true (appended after pulumi-aws's length check, and after a prefix's unique part). */
export function fifoSuffix(spec: NameSpec, inputs: Record<string, unknown>): string {
  return spec.autoName?.fifoSuffix && inputs[spec.autoName.fifoSuffix] === true ? ".fifo" : "";
}

/** Whether the type's names take upper-case letters at all (RDS identifiers and S3 buckets do not). */
export const takesUpperCase = (spec: NameSpec) => new RegExp(`^[${spec.valid.chars}]+$`).test("A");

/** Why the provider or AWS refuses `name` as the type's name, or undefined. */
export function nameProblem(type: string, name: string): string | undefined {
  const spec = NAMES[type];
  if (!spec) return undefined;
  const v = spec.valid;
  const what = `${spec.property} '${name.length > 80 ? `${name.slice(0, 77)}...` : name}'`;
  if (name.length < v.min || name.length > v.max) return `${what} has ${name.length} characters; ${v.min} to ${v.max} are allowed`;
  if (!new RegExp(`^[${v.chars}]+$`).test(name)) return `${what} may hold only ${v.charsText}`;
  const more = v.more?.(name);
  return more ? `${what}: ${more}` : undefined;
}

/**
 * An explicit physical name for a child whose auto-name would not fit or not
 * be valid: the readable start of the Pulumi name (letters, digits and
 * hyphens, which every name here takes), then 8 hex of `unique` (which must
 * make it unique where AWS needs it: the stack, account and region).
 * Undefined when pulumi-aws's own auto-name fits: that name is used, so
 * nothing changes for stacks deployed before.
 */
export function explicitName(type: string, urnName: string, unique: string, inputs: Record<string, unknown> = {}): string | undefined {
  const spec = NAMES[type];
  if (!spec?.autoName) return undefined;
  const auto = autoName(type, urnName, inputs);
  if (auto && "name" in auto && nameProblem(type, auto.name) === undefined) return undefined;
  const hash = createHash("sha256").update(unique).digest("hex").slice(0, 8);
  const fifo = fifoSuffix(spec, inputs);
  const lower = spec.autoName.lowerCase || !takesUpperCase(spec);
  const room = Math.min(spec.valid.max - fifo.length, spec.autoName.maxLength) - hash.length - 1;
  const base = (lower ? urnName.toLowerCase() : urnName).replace(/[^A-Za-z0-9]+/g, "-").slice(0, room).replace(/^-+|-+$/g, "");
  return `${/^[A-Za-z]/.test(base) ? base : `r${base}`.slice(0, room)}-${hash}${fifo}`;
}
