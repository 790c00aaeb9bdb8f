// The one model of AWS's answers: for every resource type the data,
// messaging, database, user-pool, firewall and alarm types register, plan's
// mock engine and the stand-in AWS provider of the engine tests answer the
// same id and outputs for the same inputs, and those answers have the shapes
// AWS gives (each shape cited beside its answer in src/cli/aws-model/).
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as aws from "@pulumi/aws";
import type * as pulumi from "@pulumi/pulumi";
import { runWithMocks, type RegisteredResource } from "../../src/cli/mock-engine";
import { ANSWERS } from "../../src/cli/aws-model";
import { standInProvider } from "../engine/stand-in/aws-provider";
import { readWorld } from "../engine/stand-in/world";
import { startLocalS3, type LocalS3 } from "../s3-server";
import { checkCatalog } from "../../src/aws-rules";
import { plannedResources } from "../../src/cli/plan-checks";

const ACCOUNT = "123456789012";
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const HEX7 = "[0-9a-f]{7}";

/** The resources of one program, in dependency order, with the shapes of their answers. */
interface Case {
  /** The resource's Pulumi name. */
  name: string;
  /** Output (or `id`) -> the shape AWS gives it in us-east-1. */
  shapes: Record<string, RegExp>;
}

/** A program registering every new type, the way the components will (outputs feeding inputs). */
function program(): Case[] {
  const cases: Case[] = [];
  const add = <T extends pulumi.CustomResource>(name: string, r: T, shapes: Record<string, RegExp>): T => {
    cases.push({ name, shapes });
    return r;
  };
  // S3
  const bucket = add("uploads-bucket", new aws.s3.Bucket("uploads-bucket", { forceDestroy: true }), {
    id: new RegExp(`^uploads-bucket-${HEX7}$`),
    arn: new RegExp(`^arn:aws:s3:::uploads-bucket-${HEX7}$`),
    bucketDomainName: new RegExp(`^uploads-bucket-${HEX7}\\.s3\\.amazonaws\\.com$`),
    bucketRegionalDomainName: new RegExp(`^uploads-bucket-${HEX7}\\.s3\\.us-east-1\\.amazonaws\\.com$`),
  });
  add("uploads-versioning", new aws.s3.BucketVersioning("uploads-versioning", { bucket: bucket.bucket, versioningConfiguration: { status: "Enabled" } }), { id: new RegExp(`^uploads-bucket-${HEX7}$`) });
  add("uploads-ownership", new aws.s3.BucketOwnershipControls("uploads-ownership", { bucket: bucket.bucket, rule: { objectOwnership: "BucketOwnerEnforced" } }), { id: new RegExp(`^uploads-bucket-${HEX7}$`) });
  add("uploads-cors", new aws.s3.BucketCorsConfiguration("uploads-cors", { bucket: bucket.bucket, corsRules: [{ allowedMethods: ["GET"], allowedOrigins: ["*"] }] }), { id: new RegExp(`^uploads-bucket-${HEX7}$`) });
  add("uploads-lifecycle", new aws.s3.BucketLifecycleConfiguration("uploads-lifecycle", { bucket: bucket.bucket, rules: [{ id: "expire", status: "Enabled", expiration: { days: 30 } }] }), { id: new RegExp(`^uploads-bucket-${HEX7}$`) });
  // DynamoDB, with a stream and auto scaling
  const table = add("orders-table", new aws.dynamodb.Table("orders-table", {
    hashKey: "id", attributes: [{ name: "id", type: "S" }], billingMode: "PROVISIONED", readCapacity: 5, writeCapacity: 5, streamEnabled: true, streamViewType: "NEW_AND_OLD_IMAGES",
  }), {
    id: new RegExp(`^orders-table-${HEX7}$`),
    arn: new RegExp(`^arn:aws:dynamodb:us-east-1:${ACCOUNT}:table/orders-table-${HEX7}$`),
    // https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_TableDescription.html (LatestStreamArn, LatestStreamLabel)
    streamArn: new RegExp(`^arn:aws:dynamodb:us-east-1:${ACCOUNT}:table/orders-table-${HEX7}/stream/\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}$`),
    streamLabel: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/,
  });
  const target = add("orders-read-target", new aws.appautoscaling.Target("orders-read-target", {
    serviceNamespace: "dynamodb", resourceId: table.name.apply((n) => `table/${n}`), scalableDimension: "dynamodb:table:ReadCapacityUnits", minCapacity: 5, maxCapacity: 50,
  }), { id: new RegExp(`^table/orders-table-${HEX7}$`), arn: new RegExp(`^arn:aws:application-autoscaling:us-east-1:${ACCOUNT}:scalable-target/[0-9a-f]{36}$`) });
  add("orders-read-policy", new aws.appautoscaling.Policy("orders-read-policy", {
    policyType: "TargetTrackingScaling", serviceNamespace: target.serviceNamespace, resourceId: target.resourceId, scalableDimension: target.scalableDimension,
    targetTrackingScalingPolicyConfiguration: { targetValue: 70, predefinedMetricSpecification: { predefinedMetricType: "DynamoDBReadCapacityUtilization" } },
  }), {
    id: new RegExp(`^orders-read-policy-${HEX7}$`),
    arn: new RegExp(`^arn:aws:autoscaling:us-east-1:${ACCOUNT}:scalingPolicy:${UUID}:resource/dynamodb/table/orders-table-${HEX7}:policyName/orders-read-policy-${HEX7}$`),
  });
  // SQS: a FIFO queue and its dead-letter queue
  const dlq = add("jobs-dlq", new aws.sqs.Queue("jobs-dlq", { fifoQueue: true }), {
    id: new RegExp(`^https://sqs\\.us-east-1\\.amazonaws\\.com/${ACCOUNT}/jobs-dlq-${HEX7}\\.fifo$`),
    arn: new RegExp(`^arn:aws:sqs:us-east-1:${ACCOUNT}:jobs-dlq-${HEX7}\\.fifo$`),
  });
  const queue = add("jobs-queue", new aws.sqs.Queue("jobs-queue", { fifoQueue: true, contentBasedDeduplication: true, visibilityTimeoutSeconds: 60 }), { url: new RegExp(`^https://sqs\\.us-east-1\\.amazonaws\\.com/${ACCOUNT}/jobs-queue-${HEX7}\\.fifo$`) });
  add("jobs-redrive", new aws.sqs.RedrivePolicy("jobs-redrive", { queueUrl: queue.url, redrivePolicy: dlq.arn.apply((a) => JSON.stringify({ deadLetterTargetArn: a, maxReceiveCount: 5 })) }), { id: new RegExp(`^https://sqs\\.us-east-1\\.amazonaws\\.com/${ACCOUNT}/jobs-queue-${HEX7}\\.fifo$`) });
  // SNS: a FIFO topic, a queue subscription and an email subscription
  const topic = add("events-topic", new aws.sns.Topic("events-topic", { fifoTopic: true }), {
    id: new RegExp(`^arn:aws:sns:us-east-1:${ACCOUNT}:events-topic-${HEX7}\\.fifo$`),
    name: new RegExp(`^events-topic-${HEX7}\\.fifo$`),
  });
  add("events-to-jobs", new aws.sns.TopicSubscription("events-to-jobs", { topic: topic.arn, protocol: "sqs", endpoint: queue.arn }), {
    id: new RegExp(`^arn:aws:sns:us-east-1:${ACCOUNT}:events-topic-${HEX7}\\.fifo:${UUID}$`),
    pendingConfirmation: /^false$/,
  });
  const alerts = add("alerts-topic", new aws.sns.Topic("alerts-topic", {}), { arn: new RegExp(`^arn:aws:sns:us-east-1:${ACCOUNT}:alerts-topic-${HEX7}$`) });
  add("alerts-email", new aws.sns.TopicSubscription("alerts-email", { topic: alerts.arn, protocol: "email", endpoint: "ops@example.com" }), { pendingConfirmation: /^true$/ });
  // EventBridge: a bus with an archive, a rule and a target; a Scheduler schedule
  const bus = add("orders-bus", new aws.cloudwatch.EventBus("orders-bus", {}), { id: new RegExp(`^orders-bus-${HEX7}$`), arn: new RegExp(`^arn:aws:events:us-east-1:${ACCOUNT}:event-bus/orders-bus-${HEX7}$`) });
  add("orders-archive", new aws.cloudwatch.EventArchive("orders-archive", { eventSourceArn: bus.arn, retentionDays: 7 }), { arn: new RegExp(`^arn:aws:events:us-east-1:${ACCOUNT}:archive/orders-archive-${HEX7}$`) });
  const rule = add("orders-rule", new aws.cloudwatch.EventRule("orders-rule", { eventBusName: bus.name, eventPattern: JSON.stringify({ source: ["orders"] }) }), {
    id: new RegExp(`^orders-bus-${HEX7}/orders-rule-${HEX7}$`),
    arn: new RegExp(`^arn:aws:events:us-east-1:${ACCOUNT}:rule/orders-bus-${HEX7}/orders-rule-${HEX7}$`),
  });
  add("orders-target", new aws.cloudwatch.EventTarget("orders-target", { rule: rule.name, eventBusName: bus.name, arn: queue.arn, sqsTarget: { messageGroupId: "orders" } }), {
    id: new RegExp(`^orders-bus-${HEX7}-orders-rule-${HEX7}-orders-target-${HEX7}$`),
  });
  const role = add("scheduler-role", new aws.iam.Role("scheduler-role", {
    assumeRolePolicy: JSON.stringify({ Version: "2012-10-17", Statement: [{ Effect: "Allow", Principal: { Service: ["scheduler.amazonaws.com", "lambda.amazonaws.com"] }, Action: "sts:AssumeRole" }] }),
  }), { arn: new RegExp(`^arn:aws:iam::${ACCOUNT}:role/scheduler-role-${HEX7}$`) });
  add("nightly-schedule", new aws.scheduler.Schedule("nightly-schedule", {
    scheduleExpression: "cron(0 3 * * ? *)", flexibleTimeWindow: { mode: "OFF" }, target: { arn: queue.arn, roleArn: role.arn, sqsParameters: { messageGroupId: "nightly" } },
  }), { id: new RegExp(`^default/nightly-schedule-${HEX7}$`), arn: new RegExp(`^arn:aws:scheduler:us-east-1:${ACCOUNT}:schedule/default/nightly-schedule-${HEX7}$`) });
  // Lambda: a function reading the queue and the table's stream
  const fn = add("worker-function", new aws.lambda.Function("worker-function", { role: role.arn, runtime: "nodejs22.x", handler: "index.handler", timeout: 30 }), {
    arn: new RegExp(`^arn:aws:lambda:us-east-1:${ACCOUNT}:function:worker-function-${HEX7}$`),
  });
  add("worker-queue-events", new aws.lambda.EventSourceMapping("worker-queue-events", { functionName: fn.name, eventSourceArn: queue.arn }), {
    id: new RegExp(`^${UUID}$`),
    arn: new RegExp(`^arn:aws:lambda:us-east-1:${ACCOUNT}:event-source-mapping:${UUID}$`),
    functionArn: new RegExp(`^arn:aws:lambda:us-east-1:${ACCOUNT}:function:worker-function-${HEX7}$`),
    batchSize: /^10$/,
  });
  add("worker-stream-events", new aws.lambda.EventSourceMapping("worker-stream-events", { functionName: fn.arn, eventSourceArn: table.streamArn, startingPosition: "LATEST" }), { batchSize: /^100$/, state: /^Enabled$/ });
  add("worker-bucket-permission", new aws.lambda.Permission("worker-bucket-permission", { action: "lambda:InvokeFunction", function: fn.name, principal: "s3.amazonaws.com", sourceArn: bucket.arn }), {
    id: new RegExp(`^worker-bucket-permission-${HEX7}$`),
  });
  add("uploads-notification", new aws.s3.BucketNotification("uploads-notification", { bucket: bucket.bucket, lambdaFunctions: [{ lambdaFunctionArn: fn.arn, events: ["s3:ObjectCreated:*"] }] }), { id: new RegExp(`^uploads-bucket-${HEX7}$`) });
  // RDS: subnet and parameter groups, an instance with a read replica, an Aurora cluster with two instances
  const subnets = add("db-subnets", new aws.rds.SubnetGroup("db-subnets", { subnetIds: ["subnet-1", "subnet-2"] }), { arn: new RegExp(`^arn:aws:rds:us-east-1:${ACCOUNT}:subgrp:db-subnets-${HEX7}$`) });
  add("db-params", new aws.rds.ParameterGroup("db-params", { family: "postgres17" }), { arn: new RegExp(`^arn:aws:rds:us-east-1:${ACCOUNT}:pg:db-params-${HEX7}$`) });
  const clusterParams = add("cluster-params", new aws.rds.ClusterParameterGroup("cluster-params", { family: "aurora-mysql8.0" }), { arn: new RegExp(`^arn:aws:rds:us-east-1:${ACCOUNT}:cluster-pg:cluster-params-${HEX7}$`) });
  const primary = add("orders-db", new aws.rds.Instance("orders-db", {
    engine: "postgres", engineVersion: "17.4", instanceClass: "db.t4g.micro", allocatedStorage: 20, username: "app",
    // A given password: RDS makes no read replica of an instance whose password it manages (rds/replica-managed-password).
    password: "a-test-password-1", dbSubnetGroupName: subnets.name, storageEncrypted: true,
  }), {
    // RDS keeps identifiers in lower case; pulumi-aws's auto-name has no separator here.
    identifier: new RegExp(`^orders-db${HEX7}$`),
    id: /^db-[A-Z0-9]{26}$/,
    arn: new RegExp(`^arn:aws:rds:us-east-1:${ACCOUNT}:db:orders-db${HEX7}$`),
    address: new RegExp(`^orders-db${HEX7}\\.[a-z0-9]{12}\\.us-east-1\\.rds\\.amazonaws\\.com$`),
    endpoint: new RegExp(`^orders-db${HEX7}\\.[a-z0-9]{12}\\.us-east-1\\.rds\\.amazonaws\\.com:5432$`),
    port: /^5432$/,
  });
  add("orders-db-replica", new aws.rds.Instance("orders-db-replica", { replicateSourceDb: primary.identifier, instanceClass: "db.t4g.micro" }), { port: /^5432$/, engine: /^postgres$/ });
  const cluster = add("orders-cluster", new aws.rds.Cluster("orders-cluster", {
    clusterIdentifier: "orders-cluster", engine: "aurora-mysql", masterUsername: "app", manageMasterUserPassword: true, dbClusterParameterGroupName: clusterParams.name,
    serverlessv2ScalingConfiguration: { minCapacity: 0.5, maxCapacity: 4 }, storageEncrypted: true,
  }), {
    id: /^orders-cluster$/,
    arn: new RegExp(`^arn:aws:rds:us-east-1:${ACCOUNT}:cluster:orders-cluster$`),
    endpoint: /^orders-cluster\.cluster-[a-z0-9]{12}\.us-east-1\.rds\.amazonaws\.com$/,
    readerEndpoint: /^orders-cluster\.cluster-ro-[a-z0-9]{12}\.us-east-1\.rds\.amazonaws\.com$/,
    clusterResourceId: /^cluster-[A-Z0-9]{26}$/,
    port: /^3306$/,
    // https://docs.aws.amazon.com/AmazonRDS/latest/UserGuide/rds-secrets-manager.html: rds!cluster-<uuid>, a hyphen and six characters.
    "masterUserSecrets.0.secretArn": new RegExp(`^arn:aws:secretsmanager:us-east-1:${ACCOUNT}:secret:rds!cluster-${UUID}-[A-Za-z0-9]{6}$`),
  });
  add("orders-cluster-writer", new aws.rds.ClusterInstance("orders-cluster-writer", { identifier: "orders-cluster-1", clusterIdentifier: cluster.id, engine: "aurora-mysql", instanceClass: "db.serverless" }), {
    endpoint: /^orders-cluster-1\.[a-z0-9]{12}\.us-east-1\.rds\.amazonaws\.com$/, port: /^3306$/, dbiResourceId: /^db-[A-Z0-9]{26}$/,
  });
  add("orders-cluster-reader", new aws.rds.ClusterInstance("orders-cluster-reader", { clusterIdentifier: cluster.id, engine: "aurora-mysql", instanceClass: "db.serverless" }), {
    // No identifier: the provider's own name, tf- and 26 unique digits.
    id: /^tf-\d{26}$/,
  });
  // Secrets Manager
  const secret = add("db-password", new aws.secretsmanager.Secret("db-password", {}), { arn: new RegExp(`^arn:aws:secretsmanager:us-east-1:${ACCOUNT}:secret:db-password-${HEX7}-[A-Za-z0-9]{6}$`) });
  add("db-password-value", new aws.secretsmanager.SecretVersion("db-password-value", { secretId: secret.id, secretString: "not-a-real-password" }), { id: new RegExp(`^arn:aws:secretsmanager:.*\\|${UUID}$`), versionStages: /^AWSCURRENT$/ });
  // Cognito
  const pool = add("users-pool", new aws.cognito.UserPool("users-pool", { usernameAttributes: ["email"] }), {
    id: /^us-east-1_[0-9A-Za-z]{9}$/,
    arn: new RegExp(`^arn:aws:cognito-idp:us-east-1:${ACCOUNT}:userpool/us-east-1_[0-9A-Za-z]{9}$`),
    // The pool's tokens name https://<endpoint> as issuer (iss): https://cognito-idp.<region>.amazonaws.com/<pool id>
    // (https://docs.aws.amazon.com/cognito/latest/developerguide/amazon-cognito-user-pools-using-tokens-verifying-a-jwt.html).
    endpoint: /^cognito-idp\.us-east-1\.amazonaws\.com\/us-east-1_[0-9A-Za-z]{9}$/,
  });
  add("users-client", new aws.cognito.UserPoolClient("users-client", { userPoolId: pool.id, generateSecret: true, callbackUrls: ["https://example.com/callback"] }), { id: /^[a-z0-9]{26}$/, clientSecret: /^[\w+]{1,64}$/ });
  add("users-domain", new aws.cognito.UserPoolDomain("users-domain", { userPoolId: pool.id, domain: "orders-login" }), { id: /^orders-login$/, cloudfrontDistribution: /^d[0-9a-f]{13}\.cloudfront\.net$/ });
  add("users-google", new aws.cognito.IdentityProvider("users-google", { userPoolId: pool.id, providerName: "Google", providerType: "Google", providerDetails: { client_id: "x", client_secret: "y", authorize_scopes: "email" } }), {
    id: /^us-east-1_[0-9A-Za-z]{9}:Google$/,
  });
  // WAFv2: a CloudFront web ACL (global, in us-east-1) and a regional one with an IP set
  add("edge-acl", new aws.wafv2.WebAcl("edge-acl", {
    scope: "CLOUDFRONT", region: "us-east-1", defaultAction: { allow: {} }, visibilityConfig: { cloudwatchMetricsEnabled: true, metricName: "edge", sampledRequestsEnabled: true },
    rules: [
      { name: "common", priority: 1, overrideAction: { none: {} }, statement: { managedRuleGroupStatement: { vendorName: "AWS", name: "AWSManagedRulesCommonRuleSet" } }, visibilityConfig: { cloudwatchMetricsEnabled: true, metricName: "common", sampledRequestsEnabled: true } },
      { name: "rate", priority: 2, action: { block: {} }, statement: { rateBasedStatement: { limit: 100, aggregateKeyType: "IP" } }, visibilityConfig: { cloudwatchMetricsEnabled: true, metricName: "rate", sampledRequestsEnabled: true } },
    ],
  }), {
    id: new RegExp(`^${UUID}$`),
    arn: new RegExp(`^arn:aws:wafv2:us-east-1:${ACCOUNT}:global/webacl/edge-acl-${HEX7}/${UUID}$`),
    // 700 for the core rule set, 2 for a rate-based rule.
    capacity: /^702$/,
    lockToken: new RegExp(`^${UUID}$`),
  });
  const ips = add("api-blocked-ips", new aws.wafv2.IpSet("api-blocked-ips", { scope: "REGIONAL", ipAddressVersion: "IPV4", addresses: ["192.0.2.0/24"] }), {
    arn: new RegExp(`^arn:aws:wafv2:us-east-1:${ACCOUNT}:regional/ipset/api-blocked-ips-${HEX7}/${UUID}$`),
  });
  add("api-acl", new aws.wafv2.WebAcl("api-acl", {
    scope: "REGIONAL", defaultAction: { allow: {} }, visibilityConfig: { cloudwatchMetricsEnabled: true, metricName: "api", sampledRequestsEnabled: true },
    rules: [{ name: "blocked", priority: 1, action: { block: {} }, statement: { ipSetReferenceStatement: { arn: ips.arn } }, visibilityConfig: { cloudwatchMetricsEnabled: true, metricName: "blocked", sampledRequestsEnabled: true } }],
  }), { arn: new RegExp(`^arn:aws:wafv2:us-east-1:${ACCOUNT}:regional/webacl/api-acl-${HEX7}/${UUID}$`), capacity: /^1$/ });
  // CloudWatch alarms
  add("worker-errors-alarm", new aws.cloudwatch.MetricAlarm("worker-errors-alarm", {
    comparisonOperator: "GreaterThanOrEqualToThreshold", evaluationPeriods: 1, metricName: "Errors", namespace: "AWS/Lambda", period: 60, statistic: "Sum", threshold: 1, alarmActions: [alerts.arn],
  }), { id: new RegExp(`^worker-errors-alarm-${HEX7}$`), arn: new RegExp(`^arn:aws:cloudwatch:us-east-1:${ACCOUNT}:alarm:worker-errors-alarm-${HEX7}$`) });
  return cases;
}

/** The value at a dotted path (`masterUserSecrets.0.secretArn`), as text. */
function at(o: Record<string, unknown>, p: string): string {
  return String(p.split(".").reduce<any>((v, k) => (v == null ? undefined : v[k]), o));
}

const plain = <T>(v: T): T => JSON.parse(JSON.stringify(v));

describe("the model of AWS's answers (plan's mock engine and the engine's stand-in)", function () {
  this.timeout(120_000);
  let cases: Case[] = [];
  let planned: RegisteredResource[] = [];
  let s3: LocalS3;
  let dir: string;

  before(async () => {
    const run = await runWithMocks(() => {
      cases = program();
    }, { region: "us-east-1" });
    assert.deepStrictEqual(run.errors.map((e) => e.message), []);
    planned = run.resources.filter((r) => r.custom);
    s3 = await startLocalS3([]);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "stackfile-model-"));
  });
  after(async () => {
    await s3?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("the program registers each of the new resource types, and every one has an answer of its own", () => {
    const types = [...new Set(planned.map((r) => r.type))];
    assert.ok(types.length >= 35, `${types.length} types`);
    assert.deepStrictEqual(types.filter((t) => !ANSWERS[t]), []);
  });

  it("each answer has the shape AWS gives it (ids, ARNs, URLs, endpoints, names after auto-naming)", () => {
    assert.strictEqual(cases.length, planned.length);
    const failures: string[] = [];
    planned.forEach((r) => {
      const outputs = { ...r.state, id: r.id };
      for (const [key, shape] of Object.entries(cases.find((c) => c.name === r.name)!.shapes)) {
        if (!shape.test(at(outputs, key))) failures.push(`${r.type} ${r.name}: ${key} ${at(outputs, key)} is not ${shape}`);
      }
    });
    assert.deepStrictEqual(failures, []);
    // The cluster's first instance is its writer, the others readers (whichever the engine creates first).
    const members = planned.filter((r) => r.type === "aws:rds/clusterInstance:ClusterInstance");
    assert.deepStrictEqual(members.map((m) => m.state.writer).sort(), [false, true]);
  });

  it("the stand-in provider gives the same id and outputs for the same inputs, and records each in its account", async () => {
    const previous = process.env.STACKFILE_S3_ENDPOINT;
    process.env.STACKFILE_S3_ENDPOINT = s3.endpoint;
    try {
      const provider = standInProvider(dir);
      for (const r of planned) {
        const urn = `urn:pulumi:test::model::${r.type}::${r.name}`;
        // The engine sends the inputs as registered; pulumi-aws's Check names them, then Create makes them.
        const checked = await provider.check!(urn, {}, plain(r.inputs));
        assert.deepStrictEqual(checked.failures ?? [], [], r.name);
        const made = await provider.create!(urn, checked.inputs);
        assert.strictEqual(made.id, r.id, `${r.type} ${r.name}: id`);
        assert.deepStrictEqual(made.outs, plain(r.state), `${r.type} ${r.name}: outputs`);
      }
      const world = readWorld(dir);
      assert.strictEqual(Object.keys(world.resources).length, planned.length);
      assert.deepStrictEqual(world.log.filter((l) => l.startsWith("create ")).length, planned.length);
    } finally {
      if (previous === undefined) delete process.env.STACKFILE_S3_ENDPOINT;
      else process.env.STACKFILE_S3_ENDPOINT = previous;
    }
  });

  it("ARNs and host names follow the region's partition; a CLOUDFRONT web ACL is global, in us-east-1, wherever the stack is", async () => {
    const run = await runWithMocks(() => {
      new aws.s3.Bucket("files", {});
      new aws.sqs.Queue("jobs", {});
      new aws.rds.Cluster("db", { clusterIdentifier: "db", engine: "aurora-postgresql" });
      new aws.wafv2.WebAcl("edge", { scope: "CLOUDFRONT", region: "us-east-1", defaultAction: { allow: {} }, visibilityConfig: { cloudwatchMetricsEnabled: false, metricName: "e", sampledRequestsEnabled: false } });
    }, { region: "cn-north-1" });
    const byType = (t: string) => run.resources.find((r) => r.type === t)!;
    const [bucket, queue, cluster, acl] = ["aws:s3/bucket:Bucket", "aws:sqs/queue:Queue", "aws:rds/cluster:Cluster", "aws:wafv2/webAcl:WebAcl"].map(byType);
    assert.match(bucket.state.arn, /^arn:aws-cn:s3:::files-[0-9a-f]{7}$/);
    assert.match(bucket.state.bucketRegionalDomainName, /\.s3\.cn-north-1\.amazonaws\.com\.cn$/);
    assert.match(queue.id!, /^https:\/\/sqs\.cn-north-1\.amazonaws\.com\.cn\/123456789012\/jobs-[0-9a-f]{7}$/);
    assert.match(cluster.state.arn, /^arn:aws-cn:rds:cn-north-1:123456789012:cluster:db$/);
    assert.strictEqual(cluster.state.port, 5432);
    assert.match(acl.state.arn, /^arn:aws:wafv2:us-east-1:123456789012:global\/webacl\/edge-[0-9a-f]{7}\//);
    const eu = await runWithMocks(() => {
      new aws.wafv2.WebAcl("edge", { scope: "CLOUDFRONT", region: "us-east-1", defaultAction: { allow: {} }, visibilityConfig: { cloudwatchMetricsEnabled: false, metricName: "e", sampledRequestsEnabled: false } });
    }, { region: "eu-west-1" });
    assert.match(eu.resources[0].state.arn, /^arn:aws:wafv2:us-east-1:123456789012:global\/webacl\//);
  });

  it("the catalog passes the program: what the types will register, well formed, is not refused", async () => {
    const findings = checkCatalog(await plannedResources(planned, "us-east-1"), { region: "us-east-1" });
    assert.deepStrictEqual(findings.map((f) => `${f.rule.id} ${f.resource.name} ${f.input}: ${f.message}`), []);
  });

  it("answers repeat: a second plan gives the same ids and outputs", async () => {
    const again = await runWithMocks(() => {
      program();
    }, { region: "us-east-1" });
    const custom = again.resources.filter((r) => r.custom);
    const byName = (list: RegisteredResource[]) => Object.fromEntries(list.map((r) => [r.name, [r.id, r.state]]));
    assert.deepStrictEqual(byName(custom), byName(planned));
  });
});
