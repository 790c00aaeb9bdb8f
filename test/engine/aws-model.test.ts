// The model of AWS's answers under the real Pulumi engine: a TypeScript
// program registering the resources the data, messaging, database,
// user-pool, firewall and alarm types will use is deployed with the stand-in
// AWS provider; every resource the account holds after `up` has the id and
// outputs `plan`'s mock engine gives the same program. `destroy` then leaves
// the resources kept by retainOnDelete in the account, and the deletion of a
// subnet or parameter group a kept database still uses is refused, as AWS
// refuses it.
import * as assert from "assert";
import * as path from "path";
import { runWithMocks, type RegisteredResource } from "../../src/cli/mock-engine";
import { newStack, removeStack, requireEngine, type EngineStack } from "./harness";

const TSCONFIG = JSON.stringify({ compilerOptions: { strict: true, target: "es2020", module: "commonjs", moduleResolution: "node", esModuleInterop: true, skipLibCheck: true } }, null, 2);

/** The program: the data holders are kept by retainOnDelete; the database's subnet and parameter groups are not. */
const PROGRAM = `import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";

const keep = { retainOnDelete: true };

const bucket = new aws.s3.Bucket("uploads-bucket", {}, keep);
new aws.s3.BucketVersioning("uploads-versioning", { bucket: bucket.bucket, versioningConfiguration: { status: "Enabled" } });
const table = new aws.dynamodb.Table("orders-table", {
  billingMode: "PAY_PER_REQUEST", hashKey: "id", attributes: [{ name: "id", type: "S" }], streamEnabled: true, streamViewType: "NEW_IMAGE",
}, keep);
const dlq = new aws.sqs.Queue("jobs-dlq", { fifoQueue: true }, keep);
const queue = new aws.sqs.Queue("jobs-queue", {
  fifoQueue: true, contentBasedDeduplication: true, visibilityTimeoutSeconds: 60,
  redrivePolicy: dlq.arn.apply((arn) => JSON.stringify({ deadLetterTargetArn: arn, maxReceiveCount: 5 })),
}, keep);
const topic = new aws.sns.Topic("events-topic", { fifoTopic: true });
new aws.sns.TopicSubscription("events-to-jobs", { topic: topic.arn, protocol: "sqs", endpoint: queue.arn });
const bus = new aws.cloudwatch.EventBus("orders-bus", {});
new aws.cloudwatch.EventArchive("orders-archive", { eventSourceArn: bus.arn, retentionDays: 7 }, keep);
const rule = new aws.cloudwatch.EventRule("orders-rule", { eventBusName: bus.name, eventPattern: JSON.stringify({ source: ["orders"] }) });
new aws.cloudwatch.EventTarget("orders-target", { rule: rule.name, eventBusName: bus.name, arn: queue.arn, sqsTarget: { messageGroupId: "orders" } });
const role = new aws.iam.Role("worker-role", {
  assumeRolePolicy: JSON.stringify({ Version: "2012-10-17", Statement: [{ Effect: "Allow", Principal: { Service: "lambda.amazonaws.com" }, Action: "sts:AssumeRole" }] }),
});
const fn = new aws.lambda.Function("worker-function", {
  role: role.arn, runtime: "nodejs22.x", handler: "index.handler", timeout: 30,
  code: new pulumi.asset.AssetArchive({ "index.js": new pulumi.asset.StringAsset("exports.handler = async () => ({});") }),
});
new aws.lambda.EventSourceMapping("worker-stream-events", { functionName: fn.name, eventSourceArn: table.streamArn, startingPosition: "LATEST" });
const subnets = new aws.rds.SubnetGroup("db-subnets", { subnetIds: ["subnet-0a", "subnet-0b"] });
const params = new aws.rds.ParameterGroup("db-params", { family: "postgres17" });
new aws.rds.Instance("orders-db", {
  engine: "postgres", engineVersion: "17.4", instanceClass: "db.t4g.micro", allocatedStorage: 20, username: "app", manageMasterUserPassword: true,
  dbSubnetGroupName: subnets.name, parameterGroupName: params.name, storageEncrypted: true, skipFinalSnapshot: true,
}, keep);
const cluster = new aws.rds.Cluster("orders-cluster", {
  clusterIdentifier: "orders-cluster", engine: "aurora-postgresql", masterUsername: "app", manageMasterUserPassword: true,
  serverlessv2ScalingConfiguration: { minCapacity: 0.5, maxCapacity: 4 }, storageEncrypted: true, skipFinalSnapshot: true,
}, keep);
new aws.rds.ClusterInstance("orders-cluster-writer", { identifier: "orders-cluster-1", clusterIdentifier: cluster.id, engine: "aurora-postgresql", instanceClass: "db.serverless" }, keep);
new aws.secretsmanager.Secret("api-key", {}, keep);
const pool = new aws.cognito.UserPool("users-pool", { usernameAttributes: ["email"] }, keep);
new aws.cognito.UserPoolClient("users-client", { userPoolId: pool.id, callbackUrls: ["https://example.com/callback"] });
new aws.cognito.UserPoolDomain("users-domain", { userPoolId: pool.id, domain: "orders-login" });
new aws.wafv2.WebAcl("edge-acl", {
  scope: "CLOUDFRONT", region: "us-east-1", defaultAction: { allow: {} },
  visibilityConfig: { cloudwatchMetricsEnabled: true, metricName: "edge", sampledRequestsEnabled: true },
  rules: [{ name: "rate", priority: 1, action: { block: {} }, statement: { rateBasedStatement: { limit: 100, aggregateKeyType: "IP" } }, visibilityConfig: { cloudwatchMetricsEnabled: true, metricName: "rate", sampledRequestsEnabled: true } }],
});
new aws.cloudwatch.MetricAlarm("worker-errors-alarm", {
  comparisonOperator: "GreaterThanOrEqualToThreshold", evaluationPeriods: 1, metricName: "Errors", namespace: "AWS/Lambda", period: 60, statistic: "Sum", threshold: 1, alarmActions: [topic.arn],
});
`;

const KEPT = ["uploads-bucket", "orders-table", "jobs-dlq", "jobs-queue", "orders-archive", "orders-db", "orders-cluster", "orders-cluster-writer", "api-key", "users-pool"];

const plain = <T>(v: T): T => JSON.parse(JSON.stringify(v));
/** Outputs without the provider's code digests, which only the engine computes. */
const comparable = (state: Record<string, unknown>) => {
  const { code: _c, ...rest } = plain(state);
  return rest;
};

describe("engine: the model of AWS's answers for the new resource types (real pulumi)", function () {
  this.timeout(900_000);
  let s: EngineStack | undefined;
  before(function () {
    requireEngine(this);
  });
  after(() => removeStack(s));

  it("up gives every resource the id and outputs plan's model gives; destroy keeps what retainOnDelete keeps, and AWS refuses to delete the groups a kept database uses", async () => {
    s = await newStack(null, { "index.ts": PROGRAM, "tsconfig.json": TSCONFIG });
    await s.ok(["up", "--yes"]);
    const world = s.world();

    // The same program under plan's mock engine.
    const run = await runWithMocks(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      require(path.join(s!.dir, "index.ts"));
    }, { region: "us-east-1" });
    assert.deepStrictEqual(run.errors.map((e) => e.message), []);
    const planned = new Map(run.resources.filter((r) => r.custom).map((r): [string, RegisteredResource] => [r.name, r]));
    const held = Object.values(world.resources);
    assert.strictEqual(held.length, planned.size, `the account holds ${held.map((r) => r.name).join(", ")}`);
    for (const r of held) {
      const p = planned.get(r.name);
      assert.ok(p, `${r.name} is in the plan`);
      assert.strictEqual(r.id, p.id, `${r.type} ${r.name}: id`);
      assert.deepStrictEqual(comparable(r.state), comparable(p.state), `${r.type} ${r.name}: outputs`);
    }

    // destroy: the kept resources leave the stack and stay in the account; the database's subnet and
    // parameter groups are not kept, and AWS refuses to delete them while the kept database uses them.
    const refused = await s.fails(["destroy", "--yes"]);
    assert.match(refused, /InvalidDBSubnetGroupStateFault/);
    assert.match(refused, /InvalidDBParameterGroupState/);
    const left = Object.values(s.world().resources).map((r) => r.name).sort();
    assert.deepStrictEqual(left, [...KEPT, "db-subnets", "db-params"].sort(), "kept resources and the groups still in use are in the account; everything else is deleted");
    const inState = (await s.exported()).map((r) => r.urn.slice(r.urn.lastIndexOf("::") + 2));
    assert.ok(inState.includes("db-subnets") && inState.includes("db-params"), "the refused deletions stay in the stack");
    for (const name of KEPT) assert.ok(!inState.includes(name), `${name} left the stack (retainOnDelete)`);
  });
});
