// The data, messaging, database, user-pool and firewall types of a stack
// file under the real Pulumi engine, in one deployment shared by the steps
// below (each step starts from the one before): `up` makes the AWS wiring of
// every event kind and connectTo row in the stand-in's account, the values
// one resource reads of another being the ones the account gave; a queue's
// visibility timeout and the databases' deletion protection are updated in
// place; a second `preview` changes nothing; a table key change and a
// database engine change are replacements at `preview`, which `stackfile
// diff` refuses (the retained table too: the stack would go on with a new, empty one); `destroy`
// leaves the bucket and table kept by retainOnDelete and nothing else of the
// stack.
import * as assert from "assert";
import * as path from "path";
import * as fs from "fs";
import { execFile } from "child_process";
import { REPO, newStack, removeStack, requireEngine, type EngineStack } from "./harness";
import type { WorldResource } from "./stand-in/world";
import { protectionError } from "./stand-in/protected";

const FN = "export const handler = async () => ({ statusCode: 200, body: 'ok' });\n";

/** The stack: `jobsVisibility`, the databases' `deletionProtection`, the tables' keys and the instance's engine are what the steps change. */
function stack(o: { jobsVisibility: number; deletionProtection: boolean; ordersKey: string; sessionsKey: string; dbEngine: string }): string {
  return `resources:
  uploads:
    type: bucket
    options: { retainOnDelete: true }
    properties:
      cdn: { enabled: true }
      useFirewall: edge
  edge:
    type: web-app-firewall
    properties:
      rules:
        - type: rate-based
          properties: { limit: 1000 }
  orders:
    type: dynamo-db-table
    options: { retainOnDelete: true }
    properties:
      primaryKey: { partitionKey: { name: ${o.ordersKey}, type: string } }
      streamType: NEW_AND_OLD_IMAGES
  sessions:
    type: dynamo-db-table
    properties:
      primaryKey: { partitionKey: { name: ${o.sessionsKey}, type: string } }
  deadLetters:
    type: sqs-queue
  jobs:
    type: sqs-queue
    properties:
      visibilityTimeoutSeconds: ${o.jobsVisibility}
      redrivePolicy: { targetSqsQueueName: deadLetters, maxReceiveCount: 5 }
  alerts:
    type: sns-topic
  events:
    type: event-bus
  db:
    type: relational-database
    properties:
      engine:
        type: ${o.dbEngine}
        properties:
          dbName: app
          primaryInstance: { instanceSize: db.t4g.micro }
      credentials:
        masterUserPassword: $Secret('dbPassword')
      deletionProtection: ${o.deletionProtection}
  users:
    type: user-auth-pool
    properties:
      allowEmailAsUserName: true
  cluster:
    type: relational-database
    properties:
      engine:
        type: aurora-postgresql-serverless-v2
        properties:
          dbName: app
          instances: [{}, {}]
      credentials:
        masterUserPassword: $Secret('dbPassword')
      deletionProtection: ${o.deletionProtection}
  api:
    type: http-api-gateway
    properties:
      authorizers:
        users: { type: cognito, userPoolName: users }
      defaultAuthorizer: users
  reports:
    type: function
    properties:
      entryfilePath: ./fn.ts
      joinDefaultVpc: true
      connectTo: [db, cluster]
  worker:
    type: function
    properties:
      entryfilePath: ./fn.ts
      timeout: 30
      connectTo: [uploads, orders, sessions, jobs, alerts, events, users]
      events:
        - type: sqs
          properties: { sqsQueueName: jobs, batchSize: 10 }
        - type: sns
          properties: { snsTopicName: alerts, filterPolicy: { severity: [high] } }
        - type: schedule
          properties: { scheduleRate: rate(5 minutes) }
        - type: event-bus
          properties: { eventBusName: events, eventPattern: { source: [shop] } }
        - type: s3
          properties: { bucketName: uploads, s3EventType: "s3:ObjectCreated:*", filterRule: { prefix: images/ } }
        - type: dynamo-db-stream
          properties: { dynamoDbTableName: orders, startingPosition: LATEST }
        - type: http-api-gateway
          properties: { httpApiGatewayName: api, path: /hello, method: GET }
`;
}

const FIRST = { jobsVisibility: 60, deletionProtection: true, ordersKey: "id", sessionsKey: "id", dbEngine: "postgres" };
const UPDATED = { ...FIRST, jobsVisibility: 120, deletionProtection: false };

describe("stand-in: AWS refuses to delete a database with deletion protection on", () => {
  it("an RDS instance or cluster with deletionProtection true is refused with RDS's error; off, or an Aurora cluster's instance, is not", () => {
    assert.match(protectionError("aws:rds/instance:Instance", { deletionProtection: true }) ?? "", /^InvalidParameterCombination: Cannot delete protected DB Instance, please disable deletion protection/);
    assert.match(protectionError("aws:rds/cluster:Cluster", { deletionProtection: true }) ?? "", /^InvalidParameterCombination: Cannot delete protected DB Cluster/);
    assert.strictEqual(protectionError("aws:rds/instance:Instance", { deletionProtection: false }), undefined);
    assert.strictEqual(protectionError("aws:rds/clusterInstance:ClusterInstance", { deletionProtection: true }), undefined);
  });
});

describe("engine: buckets, tables, queues, topics, buses, databases, user pools and firewalls with every event kind (real pulumi)", function () {
  this.timeout(900_000);
  let s: EngineStack | undefined;
  before(async function () {
    requireEngine(this);
    s = await newStack(stack(FIRST), { "fn.ts": FN }, { dbPassword: "Correct-Horse-Battery-1" });
  });
  after(() => removeStack(s));

  /** The one resource of the account named `name` (the Pulumi name), of `type`. */
  function the(type: string, name: string): WorldResource {
    const found = Object.values(s!.world().resources).filter((r) => r.type === type && r.name === name);
    assert.strictEqual(found.length, 1, `one ${type} ${name} in the account: ${found.length}`);
    return found[0];
  }
  const st = (type: string, name: string) => the(type, name).state as Record<string, any>;

  it("up: the account holds each type's resources, wired to each other with the ids and ARNs the account gave", async () => {
    await s!.ok(["up", "--yes"]);
    const fn = st("aws:lambda/function:Function", "worker-function");
    const queue = st("aws:sqs/queue:Queue", "jobs-queue");
    const dlq = st("aws:sqs/queue:Queue", "deadLetters-queue");
    const table = st("aws:dynamodb/table:Table", "orders-table");
    const bucket = st("aws:s3/bucket:Bucket", "uploads-bucket");
    const topic = st("aws:sns/topic:Topic", "alerts-topic");
    const bus = st("aws:cloudwatch/eventBus:EventBus", "events-bus");
    const pool: Record<string, any> = { ...st("aws:cognito/userPool:UserPool", "users-user-pool"), id: the("aws:cognito/userPool:UserPool", "users-user-pool").id };
    const acl = st("aws:wafv2/webAcl:WebAcl", "edge-web-acl");

    // sqs and dynamo-db-stream: event source mappings on the queue's ARN and the table's stream ARN.
    const sqsMapping = st("aws:lambda/eventSourceMapping:EventSourceMapping", "jobs-event-source-mapping-worker-function");
    assert.deepStrictEqual([sqsMapping.eventSourceArn, sqsMapping.functionName, sqsMapping.batchSize], [queue.arn, fn.arn, 10]);
    const streamMapping = st("aws:lambda/eventSourceMapping:EventSourceMapping", "orders-stream-mapping-worker-function");
    assert.ok(table.streamEnabled === true && /\/stream\//.test(table.streamArn), JSON.stringify(table));
    assert.deepStrictEqual([streamMapping.eventSourceArn, streamMapping.functionName, streamMapping.startingPosition], [table.streamArn, fn.arn, "LATEST"]);
    assert.strictEqual(JSON.parse(queue.redrivePolicy).deadLetterTargetArn, dlq.arn);

    // s3: the bucket's notification to the function, and S3's invoke permission on the bucket's ARN.
    const notification = st("aws:s3/bucketNotification:BucketNotification", "uploads-notification");
    assert.strictEqual(notification.bucket, bucket.bucket);
    assert.deepStrictEqual(notification.lambdaFunctions.map((l: any) => [l.lambdaFunctionArn, l.events, l.filterPrefix]), [[fn.arn, ["s3:ObjectCreated:*"], "images/"]]);
    const s3Permission = st("aws:lambda/permission:Permission", "uploads-event-permission-worker-function");
    assert.deepStrictEqual([s3Permission.principal, s3Permission.sourceArn], ["s3.amazonaws.com", bucket.arn]);

    // sns: the subscription with its filter policy, and SNS's invoke permission on the topic's ARN.
    const subscription = st("aws:sns/topicSubscription:TopicSubscription", "alerts-event-subscription-worker");
    assert.deepStrictEqual([subscription.topic, subscription.protocol, subscription.endpoint, JSON.parse(subscription.filterPolicy)], [topic.arn, "lambda", fn.arn, { severity: ["high"] }]);
    assert.strictEqual(st("aws:lambda/permission:Permission", "alerts-event-permission-worker").sourceArn, topic.arn);

    // event-bus: a rule on the bus with the pattern, its target the function, the permission on the rule's ARN.
    const rule = st("aws:cloudwatch/eventRule:EventRule", "events-event-rule-worker");
    assert.deepStrictEqual([rule.eventBusName, JSON.parse(rule.eventPattern)], [bus.name, { source: ["shop"] }]);
    const target = st("aws:cloudwatch/eventTarget:EventTarget", "events-event-target-worker");
    assert.deepStrictEqual([target.rule, target.eventBusName, target.arn], [rule.name, bus.name, fn.arn]);
    assert.strictEqual(st("aws:lambda/permission:Permission", "events-event-permission-worker").sourceArn, rule.arn);

    // schedule: a rule on the default bus with the rate, its target the function.
    const schedule = st("aws:cloudwatch/eventRule:EventRule", "worker-event-rule-0");
    assert.strictEqual(schedule.scheduleExpression, "rate(5 minutes)");
    assert.strictEqual(st("aws:cloudwatch/eventTarget:EventTarget", "worker-event-target-0").arn, fn.arn);
    assert.strictEqual(st("aws:lambda/permission:Permission", "worker-event-permission-0").sourceArn, schedule.arn);

    // http-api-gateway: the route's integration invokes the function, behind the user pool's JWT authorizer.
    const integration = the("aws:apigatewayv2/integration:Integration", "api-integration-get-hello-f2a46b");
    assert.strictEqual(integration.state.integrationUri, fn.arn);
    const route = st("aws:apigatewayv2/route:Route", "api-route-get-hello-f2a46b");
    const authorizer = the("aws:apigatewayv2/authorizer:Authorizer", "api-authorizer-users");
    assert.deepStrictEqual([route.target, route.authorizationType, route.authorizerId], [`integrations/${integration.id}`, "JWT", authorizer.id]);

    // The database: encrypted, TLS forced by its parameter group, deletion protection on.
    const db = st("aws:rds/instance:Instance", "db-instance");
    assert.deepStrictEqual([db.engine, db.storageEncrypted, db.publiclyAccessible, db.deletionProtection], ["postgres", true, false, true]);
    assert.strictEqual(db.parameterGroupName, st("aws:rds/parameterGroup:ParameterGroup", "db-parameter-group").name);

    // The Aurora cluster: encrypted, its two instances in it.
    const cluster = st("aws:rds/cluster:Cluster", "cluster-cluster");
    assert.deepStrictEqual([cluster.engine, cluster.storageEncrypted, cluster.deletionProtection], ["aurora-postgresql", true, true]);
    assert.deepStrictEqual([0, 1].map((n) => st("aws:rds/clusterInstance:ClusterInstance", `cluster-cluster-instance-${n}`).clusterIdentifier), [cluster.clusterIdentifier, cluster.clusterIdentifier]);

    // The user pool's app client, the audience of the gateway's authorizer with the pool's issuer; the firewall on the bucket's CDN.
    const client: Record<string, any> = { ...st("aws:cognito/userPoolClient:UserPoolClient", "users-client"), id: the("aws:cognito/userPoolClient:UserPoolClient", "users-client").id };
    assert.strictEqual(client.userPoolId, pool.id);
    assert.deepStrictEqual(authorizer.state.jwtConfiguration, { audiences: [client.id], issuer: `https://${pool.endpoint}` });
    assert.strictEqual(acl.scope, "CLOUDFRONT");
    assert.strictEqual(st("aws:cloudfront/distribution:Distribution", "uploads-cdn-distribution").webAclId, acl.arn);

    // connectTo: the variables hold the account's values.
    const vars = fn.environment.variables as Record<string, string>;
    const expected: Record<string, string> = {
      STP_UPLOADS_NAME: bucket.bucket, STP_UPLOADS_ARN: bucket.arn,
      STP_ORDERS_NAME: table.name, STP_ORDERS_ARN: table.arn, STP_ORDERS_STREAM_ARN: table.streamArn,
      STP_JOBS_URL: queue.url, STP_JOBS_ARN: queue.arn, STP_JOBS_NAME: queue.name,
      STP_ALERTS_ARN: topic.arn, STP_ALERTS_NAME: topic.name,
      STP_EVENTS_ARN: bus.arn,
      STP_USERS_ID: pool.id, STP_USERS_CLIENT_ID: client.id, STP_USERS_ARN: pool.arn,
    };
    assert.deepStrictEqual(Object.fromEntries(Object.keys(expected).map((k) => [k, vars[k]])), expected);
    const reports = st("aws:lambda/function:Function", "reports-function").environment.variables as Record<string, string>;
    assert.deepStrictEqual([reports.STP_DB_HOST, reports.STP_DB_PORT], [db.address, String(db.port)]);
    assert.deepStrictEqual([reports.STP_CLUSTER_HOST, reports.STP_CLUSTER_READER_HOST], [cluster.endpoint, cluster.readerEndpoint]);
  });

  it("update: the queue's visibility timeout and the databases' deletion protection change in place (same ids, nothing created or deleted)", async () => {
    const ids = [the("aws:sqs/queue:Queue", "jobs-queue").id, the("aws:rds/instance:Instance", "db-instance").id, the("aws:rds/cluster:Cluster", "cluster-cluster").id];
    const logged = s!.world().log.length;
    s!.writeStack(stack(UPDATED));
    await s!.ok(["up", "--yes"]);
    const log = s!.world().log.slice(logged);
    assert.ok(log.length > 0 && log.every((l) => l.startsWith("update ")), log.join("\n"));
    for (const step of ["aws:sqs/queue:Queue jobs-queue", "aws:rds/instance:Instance db-instance", "aws:rds/cluster:Cluster cluster-cluster"]) assert.ok(log.includes(`update ${step}`), log.join("\n"));
    assert.deepStrictEqual([the("aws:sqs/queue:Queue", "jobs-queue").id, the("aws:rds/instance:Instance", "db-instance").id, the("aws:rds/cluster:Cluster", "cluster-cluster").id], ids);
    assert.strictEqual(st("aws:sqs/queue:Queue", "jobs-queue").visibilityTimeoutSeconds, 120);
    assert.strictEqual(st("aws:rds/instance:Instance", "db-instance").deletionProtection, false);
    assert.strictEqual(st("aws:rds/cluster:Cluster", "cluster-cluster").deletionProtection, false);
  });

  it("preview with no change: every step is `same`", async () => {
    const steps = await s!.previewSteps();
    assert.ok(steps.length > 0);
    assert.deepStrictEqual(steps.filter((x) => x.op !== "same"), []);
  });

  it("a table key change and an engine change: replaced at preview; stackfile diff refuses both tables (the retained one would leave the stack on a new, empty table) and the database (exit 1, a FILE:LINE:COL line each naming --allow-replace) and passes with --allow-replace", async () => {
    const base = stack(UPDATED);
    const changed = stack({ ...UPDATED, ordersKey: "orderId", sessionsKey: "sessionId", dbEngine: "mysql" });
    s!.writeStack(changed);
    fs.writeFileSync(path.join(s!.dir, "base.yaml"), base);
    const diff = (...more: string[]) => new Promise<{ code: number; out: string }>((resolve) => {
      execFile(process.execPath, [path.join(REPO, "bin", "stackfile.js"), "diff", "base.yaml", "stack.yaml", ...more], { cwd: s!.dir, maxBuffer: 64 << 20 },
        (err, stdout, stderr) => resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, out: stdout + stderr }));
    });
    const [steps, refused, allowed] = await Promise.all([s!.previewSteps(), diff(), diff("--allow-replace", "sessions", "--allow-replace", "db", "--allow-replace", "orders")]);
    const replaced = steps.filter((x) => /^aws:(dynamodb|rds)\//.test(x.type) && x.op === "replace").map((x) => x.name).sort();
    assert.deepStrictEqual(replaced, ["db-instance", "db-parameter-group", "orders-table", "sessions-table"], "the tables, and the instance with its parameter group (its family follows the engine)");
    // docs/cli.md: diff exits 1 when refused; each line points at the value that forces the replacement.
    assert.strictEqual(refused.code, 1, refused.out);
    const lines = changed.split("\n");
    /** FILE:LINE:COL of `value` on the first line holding `text`. */
    const at = (text: string, value: string) => {
      const line = lines.findIndex((l) => l.includes(text));
      return `stack.yaml:${line + 1}:${lines[line].indexOf(value) + 1}`;
    };
    const refusals = refused.out.split("\n").filter((l) => /^stack\.yaml:\d+:\d+: /.test(l));
    assert.strictEqual(refusals.length, 3, refused.out);
    const refusal = (owner: string) => refusals.find((l) => l.includes(`: ${owner}: `)) ?? `no refusal of ${owner} in:\n${refused.out}`;
    assert.match(refusal("sessions"), new RegExp(`^${at("name: sessionId", "sessionId")}: sessions: sessions-table \\(aws:dynamodb/table:Table\\) is replaced because hashKey forces a new resource: .*pass --allow-replace sessions$`));
    assert.match(refusal("db"), new RegExp(`^${at("type: mysql", "mysql")}: db: db-instance \\(aws:rds/instance:Instance\\) is replaced because engine forces a new resource: .*pass --allow-replace db$`));
    // The retained table loses nothing, but the stack would go on with a new, empty one.
    assert.match(refusal("orders"), new RegExp(`^${at("name: orderId", "orderId")}: orders: orders-table \\(aws:dynamodb/table:Table\\) is replaced because hashKey forces a new resource: the new one starts empty; the old one stays in the account \\(options.retainOnDelete\\) .*pass --allow-replace orders$`));
    assert.strictEqual(allowed.code, 0, allowed.out);
    s!.writeStack(base);
  });

  it("destroy: the retained bucket and table stay in the account, and nothing else of the stack", async () => {
    const kept = [the("aws:s3/bucket:Bucket", "uploads-bucket"), the("aws:dynamodb/table:Table", "orders-table")];
    await s!.ok(["destroy", "--yes"]);
    const left = Object.values(s!.world().resources);
    assert.deepStrictEqual(left.map((r) => `${r.type} ${r.id}`).sort(), kept.map((r) => `${r.type} ${r.id}`).sort());
    assert.deepStrictEqual(await s!.exported(), [], "Pulumi forgot them all");
  });
});
