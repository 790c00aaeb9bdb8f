import * as assert from "assert";
import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import { connectionTo, envPrefix, SES_MACRO, type ConnectTarget } from "../../../src/shared/workloads/connect-to";
import { RedisCluster } from "../../../src/components/redis-cluster";
import { NextjsWeb } from "../../../src/components/nextjs-web";
import { analyzeStackfile, formatProblem } from "../../../src/config/stackfile";
import { run, outputValue, isSecretOutput } from "../../harness";
import { EXAMPLE_APP, exampleBuild } from "../../nextjs-fixture";
import { DefaultVpcEndpoints } from "../../../src/shared/workloads/default-vpc";
import { registry } from "../../../src/config/registry";

/** The types connectTo may name, as validate lists them (the registry's, in its order). */
const CONNECTABLE = Object.values(registry).filter((e) => e.connectable).map((e) => e.type).join(", ");

/** The connection's variables and statements with every Output resolved. */
async function resolved(make: () => ConnectTarget) {
  let c: ReturnType<typeof connectionTo> | undefined;
  await run(() => { c = connectionTo(make()); });
  const variables: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(c!.variables)) variables[k] = await outputValue(v as pulumi.Output<string>);
  const statements = [];
  for (const s of c!.statements) statements.push({ Action: s.Action, Resource: await Promise.all(s.Resource.map((r) => outputValue(r as pulumi.Output<string>))) });
  return { variables, statements, c: c! };
}


describe("connectTo: one row of the spec's table each", () => {
  it("names variables STP_<RESOURCE_NAME>_<VAR> in upper snake case", () => {
    assert.strictEqual(envPrefix("myRedis"), "STP_MY_REDIS_");
    assert.strictEqual(envPrefix("cache"), "STP_CACHE_");
    assert.strictEqual(envPrefix("myDB2Backup"), "STP_MY_DB2_BACKUP_");
  });

  it("bucket: list; create, get, delete, tag objects; NAME, ARN", async () => {
    const r = await resolved(() => new aws.s3.Bucket("files"));
    assert.deepStrictEqual(Object.keys(r.variables), ["NAME", "ARN"]);
    const arn = r.variables.ARN as string;
    assert.deepStrictEqual(r.statements, [
      { Action: ["s3:ListBucket"], Resource: [arn] },
      { Action: ["s3:PutObject", "s3:GetObject", "s3:DeleteObject", "s3:PutObjectTagging"], Resource: [`${arn}/*`] },
    ]);
    assert.strictEqual(r.c.gatewayEndpoint, "s3");
  });

  it("key-value table: item actions, scan, query, describe stream; NAME, ARN, STREAM_ARN", async () => {
    const r = await resolved(() => new aws.dynamodb.Table("items", { hashKey: "id", attributes: [{ name: "id", type: "S" }] }));
    assert.deepStrictEqual(Object.keys(r.variables), ["NAME", "ARN", "STREAM_ARN"]);
    const arn = r.variables.ARN as string;
    assert.deepStrictEqual(r.statements[0].Resource, [arn, `${arn}/index/*`]);
    assert.deepStrictEqual(r.statements[0].Action, ["dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:DeleteItem", "dynamodb:Scan", "dynamodb:Query"]);
    assert.deepStrictEqual(r.statements[1], { Action: ["dynamodb:DescribeStream"], Resource: [`${arn}/stream/*`] });
    assert.strictEqual(r.c.gatewayEndpoint, "dynamodb");
  });

  it("document database: CONNECTION_STRING, VPC only, ingress on its security group", async () => {
    const r = await resolved(() => new aws.docdb.Cluster("docs", { vpcSecurityGroupIds: ["sg-1"] }));
    assert.deepStrictEqual(Object.keys(r.variables), ["CONNECTION_STRING"]);
    assert.match(r.variables.CONNECTION_STRING as string, /^mongodb:\/\/.*tls=true.*authMechanism=MONGODB-AWS/);
    assert.deepStrictEqual([r.statements, r.c.vpcOnly], [[], true]);
    assert.strictEqual(await outputValue(r.c.ingress!.securityGroupId), "sg-1");
  });

  it("relational database: the four variables, and the reader ones for a cluster", async () => {
    const one = await resolved(() => new aws.rds.Instance("db", { engine: "postgres", instanceClass: "db.t4g.micro", port: 5432, vpcSecurityGroupIds: ["sg-db"] } as any));
    assert.deepStrictEqual(Object.keys(one.variables).sort(), ["CONNECTION_STRING", "HOST", "JDBC_CONNECTION_STRING", "PORT"]);
    assert.match(one.variables.JDBC_CONNECTION_STRING as string, /^jdbc:postgresql:\/\//);
    assert.deepStrictEqual([one.statements, one.c.vpcOnly, await outputValue(one.c.ingress!.securityGroupId), await outputValue(one.c.ingress!.port)], [[], true, "sg-db", 5432]);
    const cluster = await resolved(() => new aws.rds.Cluster("dbc", { engine: "aurora-mysql", port: 3306, vpcSecurityGroupIds: ["sg-db"] } as any));
    assert.deepStrictEqual(Object.keys(cluster.variables).sort(), [
      "CONNECTION_STRING", "HOST", "JDBC_CONNECTION_STRING", "PORT", "READER_CONNECTION_STRING", "READER_HOST", "READER_JDBC_CONNECTION_STRING",
    ]);
  });

  it("event bus: publish events; ARN", async () => {
    const r = await resolved(() => new aws.cloudwatch.EventBus("bus"));
    assert.deepStrictEqual(r.statements, [{ Action: ["events:PutEvents"], Resource: [r.variables.ARN] }]);
  });

  it("function: invoke (its versions and aliases too); invoke via URL only when it has one; ARN", async () => {
    const fn = () => new aws.lambda.Function("fn", { role: "arn:aws:iam::1:role/r", runtime: "nodejs22.x", handler: "i.h", code: new pulumi.asset.AssetArchive({}) });
    const r = await resolved(fn);
    assert.deepStrictEqual(Object.keys(r.variables), ["ARN"]);
    assert.deepStrictEqual(r.statements, [{ Action: ["lambda:InvokeFunction"], Resource: [r.variables.ARN, `${r.variables.ARN}:*`] }]);
    const withUrl = await resolved(() => {
      const f = fn();
      return { kind: "function-with-url", function: f, url: new aws.lambda.FunctionUrl("u", { functionName: f.name, authorizationType: "AWS_IAM" }) };
    });
    assert.deepStrictEqual(withUrl.statements, [{ Action: ["lambda:InvokeFunction", "lambda:InvokeFunctionUrl"], Resource: [withUrl.variables.ARN, `${withUrl.variables.ARN}:*`] }]);
  });

  it("notification topic: confirm, list, publish, subscribe on the topic; unsubscribe its subscriptions; ARN, NAME", async () => {
    const r = await resolved(() => new aws.sns.Topic("events"));
    assert.deepStrictEqual(Object.keys(r.variables), ["ARN", "NAME"]);
    assert.deepStrictEqual(r.statements, [
      { Action: ["sns:ConfirmSubscription", "sns:ListSubscriptionsByTopic", "sns:Publish", "sns:Subscribe"], Resource: [r.variables.ARN] },
      { Action: ["sns:Unsubscribe"], Resource: [`${r.variables.ARN}:*`] },
    ]);
  });

  it("message queue: send, receive, delete, visibility, purge; ARN, NAME, URL", async () => {
    const r = await resolved(() => new aws.sqs.Queue("jobs"));
    assert.deepStrictEqual(Object.keys(r.variables), ["ARN", "NAME", "URL"]);
    assert.deepStrictEqual(r.statements, [{ Action: ["sqs:SendMessage", "sqs:ReceiveMessage", "sqs:DeleteMessage", "sqs:ChangeMessageVisibility", "sqs:PurgeQueue"], Resource: [r.variables.ARN] }]);
  });

  it("user pool: full control of the pool; ID, CLIENT_ID, ARN", async () => {
    const r = await resolved(() => {
      const pool = new aws.cognito.UserPool("users");
      return { kind: "user-pool", userPool: pool, client: new aws.cognito.UserPoolClient("web", { userPoolId: pool.id }) };
    });
    assert.deepStrictEqual(Object.keys(r.variables), ["ID", "CLIENT_ID", "ARN"]);
    assert.deepStrictEqual(r.statements, [{ Action: ["cognito-idp:*"], Resource: [r.variables.ARN] }]);
  });

  it("batch job: submit, list, describe, terminate; executions of its state machine", async () => {
    const r = await resolved(() => ({ kind: "batch-job", jobQueueArn: "arn:aws:batch:us-east-1:1:job-queue/q", jobDefinitionArn: "arn:aws:batch:us-east-1:1:job-definition/d", stateMachineArn: "arn:aws:states:us-east-1:1:stateMachine:sm" }));
    assert.deepStrictEqual(Object.keys(r.variables), ["JOB_DEFINITION_ARN", "STATE_MACHINE_ARN"]);
    assert.deepStrictEqual(r.statements, [
      { Action: ["batch:SubmitJob"], Resource: ["arn:aws:batch:us-east-1:1:job-queue/q", "arn:aws:batch:us-east-1:1:job-definition/d"] },
      { Action: ["batch:ListJobs", "batch:DescribeJobs"], Resource: ["*"] },
      { Action: ["batch:TerminateJob"], Resource: ["arn:aws:batch:us-east-1:1:job/*"] },
      { Action: ["states:ListExecutions", "states:StartExecution"], Resource: ["arn:aws:states:us-east-1:1:stateMachine:sm"] },
      { Action: ["states:StopExecution"], Resource: ["arn:aws:states:us-east-1:1:execution:sm:*"] },
    ]);
  });

  it("hosted streaming topic, hosted redis, private service: their variables, no permissions", async () => {
    const topic = await resolved(() => ({ kind: "hosted-streaming-topic", topicName: "t", topicId: "1", username: "u", password: "p", tcpEndpoint: "e", restUrl: "r" }));
    assert.deepStrictEqual([Object.keys(topic.variables), topic.statements], [["TOPIC_NAME", "TOPIC_ID", "USERNAME", "PASSWORD", "TCP_ENDPOINT", "REST_URL"], []]);
    const redis = await resolved(() => ({ kind: "hosted-redis", host: "h", port: "1", password: "p", restToken: "t", restUrl: "u", redisUrl: "r" }));
    assert.deepStrictEqual(Object.keys(redis.variables), ["HOST", "PORT", "PASSWORD", "REST_TOKEN", "REST_URL", "REDIS_URL"]);
    for (const k of ["PASSWORD", "REST_TOKEN", "REDIS_URL"]) assert.strictEqual(await isSecretOutput(redis.c.variables[k]), true, `${k} stays secret`);
    assert.strictEqual(await isSecretOutput(topic.c.variables.PASSWORD), true);
    assert.deepStrictEqual(Object.keys((await resolved(() => ({ kind: "private-service", address: "10.0.0.1:80" }))).variables), ["ADDRESS"]);
  });

  it("mail-sending macro: full mail permissions, no variables", async () => {
    const r = await resolved(() => SES_MACRO);
    assert.deepStrictEqual([r.variables, r.statements], [{}, [{ Action: ["ses:*"], Resource: ["*"] }]]);
  });

  it("redis cluster: HOST, READER_HOST, PORT and never the password; ingress only when scoped", async () => {
    const pw = "Correct-Horse-Battery-1";
    const vpcMode = await resolved(() => new RedisCluster("cache", { instanceSize: "cache.t4g.micro", defaultUserPassword: pw }));
    assert.deepStrictEqual(Object.keys(vpcMode.variables), ["HOST", "READER_HOST", "PORT"]);
    assert.ok(!Object.values(vpcMode.variables).some((v) => String(v).includes(pw)));
    assert.deepStrictEqual([vpcMode.c.vpcOnly, vpcMode.c.ingress], [true, undefined]);
    const scoped = await resolved(() => new RedisCluster("cache", { instanceSize: "cache.t4g.micro", defaultUserPassword: pw, accessibility: { accessibilityMode: "scoping-workloads-in-vpc" } }));
    assert.ok(scoped.c.ingress);
  });
});

describe("connectTo on nextjs-web", function () {
  this.timeout(300000);
  before(() => exampleBuild());

  it("a scoped redis cluster lets in the server's security group and nothing else; variables reach the server", async () => {
    const r = await run(() => {
      const cache = new RedisCluster("myCache", { instanceSize: "cache.t4g.micro", defaultUserPassword: "Correct-Horse-Battery-1", accessibility: { accessibilityMode: "scoping-workloads-in-vpc" } });
      const files = new aws.s3.Bucket("files");
      new NextjsWeb("web", { appDirectory: EXAMPLE_APP, joinDefaultVpc: true, connectTo: [cache, files] });
    });
    const ingress = r.all("aws:vpc/securityGroupIngressRule:SecurityGroupIngressRule");
    assert.deepStrictEqual(ingress.map((x) => x.name), ["web-connect-ingress-my-cache"]);
    assert.deepStrictEqual(
      [ingress[0].inputs.securityGroupId, ingress[0].inputs.referencedSecurityGroupId, ingress[0].inputs.fromPort],
      [r.byName("myCache-security-group")!.id, r.byName("web-server-security-group")!.id, 6379],
    );
    const env = r.byName("web-server-function")!.inputs.environment.variables;
    assert.strictEqual(env.STP_MY_CACHE_HOST, r.byName("myCache-replication-group")!.state.primaryEndpointAddress);
    assert.strictEqual(env.STP_MY_CACHE_PORT, "6379");
    assert.strictEqual(env.STP_FILES_NAME, r.byName("files")!.state.bucket);
    const statements = JSON.parse(r.byName("web-server-policy")!.inputs.policy).Statement;
    assert.ok(statements.some((s: any) => s.Resource.includes(r.byName("files")!.state.arn)));
    // No DefaultVpcEndpoints given: the site's own endpoints.
    const endpoint = r.byName("web-s3-endpoint")!.inputs;
    assert.deepStrictEqual([endpoint.serviceName, endpoint.vpcEndpointType, endpoint.vpcId], ["com.amazonaws.us-east-1.s3", "Gateway", "vpc-0a1b2c3d4e5f60718"]);
    // The site's own tag table needs DynamoDB's endpoint anyway.
    assert.strictEqual(r.byName("web-dynamodb-endpoint")!.inputs.serviceName, "com.amazonaws.us-east-1.dynamodb");
  });

  it("a redis cluster in vpc mode needs no rule (the VPC may reach it)", async () => {
    const r = await run(() => {
      const cache = new RedisCluster("cache", { instanceSize: "cache.t4g.micro", defaultUserPassword: "Correct-Horse-Battery-1" });
      new NextjsWeb("web", { appDirectory: EXAMPLE_APP, joinDefaultVpc: true, connectTo: [cache] });
    });
    assert.deepStrictEqual(r.all("aws:vpc/securityGroupIngressRule:SecurityGroupIngressRule").map((x) => x.name), ["cache-vpc-ingress"]);
  });

  it("refuses a VPC-only target without joinDefaultVpc", async () => {
    await assert.rejects(run(() => {
      const cache = new RedisCluster("cache", { instanceSize: "cache.t4g.micro", defaultUserPassword: "Correct-Horse-Battery-1" });
      new NextjsWeb("web", { appDirectory: EXAMPLE_APP, connectTo: [cache] });
    }), /connectTo: cache is reachable only inside the VPC; set joinDefaultVpc: true/);
  });

  it("refuses the same target twice, and environment names that start with STP_", async () => {
    await assert.rejects(run(() => {
      const cache = new RedisCluster("cache", { instanceSize: "cache.t4g.micro", defaultUserPassword: "Correct-Horse-Battery-1" });
      new NextjsWeb("web", { appDirectory: EXAMPLE_APP, joinDefaultVpc: true, connectTo: [cache, cache] });
    }), /connectTo names 'cache' twice/);
    assert.throws(() => new NextjsWeb("web", { appDirectory: EXAMPLE_APP, environment: [{ name: "STP_CACHE_HOST", value: "x" }] }), /starts with STP_, which connectTo's variables use/);
  });

  it("makes one gateway endpoint per service even with two connected sites", async () => {
    const r = await run(() => {
      const files = new aws.s3.Bucket("files");
      const defaultVpcEndpoints = new DefaultVpcEndpoints();
      new NextjsWeb("a", { appDirectory: EXAMPLE_APP, joinDefaultVpc: true, connectTo: [files], defaultVpcEndpoints });
      new NextjsWeb("b", { appDirectory: EXAMPLE_APP, joinDefaultVpc: true, connectTo: [files], defaultVpcEndpoints });
    });
    assert.deepStrictEqual(r.all("aws:ec2/vpcEndpoint:VpcEndpoint").map((x) => x.name).sort(), ["default-vpc-dynamodb-endpoint", "default-vpc-s3-endpoint"]);
  });

  it("YAML: a target of a kind this stack cannot hold is named as such", () => {
    const text = "resources:\n  web:\n    type: nextjs-web\n    properties:\n      appDirectory: ./x\n      connectTo: [db, db2]\n  db:\n    type: mainframe\n";
    const out = analyzeStackfile("s.yaml", text).problems.map(formatProblem);
    assert.ok(out.includes(`s.yaml:6:19: connectTo names 'db', a mainframe, which this stack cannot connect to; it can connect to ${CONNECTABLE} and the macro aws:ses`), out.join("\n"));
    assert.ok(out.some((p) => p.startsWith("s.yaml:6:23: connectTo names 'db2', which is not a resource of this file")), out.join("\n"));
  });

  it("refuses, from the VPC, targets reached over the internet (mail, hosted services)", async () => {
    await assert.rejects(run(() => {
      new NextjsWeb("web", { appDirectory: EXAMPLE_APP, joinDefaultVpc: true, connectTo: [SES_MACRO, { name: "upstash", target: { kind: "hosted-redis", host: "h", port: "6379", password: "p", restToken: "t", restUrl: "https://u", redisUrl: "rediss://u" } }] });
    }), /connectTo: ses, upstash are reached over the internet, which a server in the default VPC cannot reach \(no NAT\)/);
  });

  it("YAML: names must be resources of the stack of connectable types; VPC needed for redis", () => {
    const text = "resources:\n  web:\n    type: nextjs-web\n    properties:\n      appDirectory: ./x\n      connectTo: [cache, api, cahce, aws:ses]\n  cache:\n    type: redis-cluster\n    properties: {instanceSize: cache.t3.micro, defaultUserPassword: Correct-Horse-Battery-1}\n  api:\n    type: http-api-gateway\n";
    assert.deepStrictEqual(analyzeStackfile("s.yaml", text).problems.map(formatProblem), [
      "s.yaml:6:19: redis-cluster 'cache' is reachable only inside the VPC; set joinDefaultVpc: true",
      `s.yaml:6:26: connectTo cannot connect to http-api-gateway 'api': this stack can connect to ${CONNECTABLE} and the macro aws:ses`,
      "s.yaml:6:31: connectTo names 'cahce', which is not a resource of this file; did you mean 'cache'?",
    ]);
    const ok = text.replace("appDirectory: ./x", "appDirectory: ./x\n      joinDefaultVpc: true").replace("[cache, api, cahce, aws:ses]", "[cache]");
    const a = analyzeStackfile("s.yaml", ok);
    assert.deepStrictEqual(a.problems, []);
    // The mail-sending macro is reached over the internet, which the VPC has no way to (no NAT).
    assert.deepStrictEqual(analyzeStackfile("s.yaml", ok.replace("[cache]", "[cache, aws:ses]")).problems.map(formatProblem), [
      "s.yaml:7:26: aws:ses is reached over the internet, which a server in the default VPC cannot reach (no NAT); remove joinDefaultVpc, or aws:ses",
    ]);
    assert.deepStrictEqual(a.model.resources.map((r) => r.name), ["cache", "web", "api"], "the connected cluster is made first");
  });
});
