// What `dev --prod` stands in for AWS, driven by the AWS SDK's own clients
// (as the OpenNext server's are): the incremental cache's bucket, the tag
// cache's table with the queries OpenNext's DynamoDB tag cache sends, and the
// revalidation queue.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { S3Client, GetObjectCommand, PutObjectCommand, DeleteObjectCommand } from "@aws-sdk/client-s3";
import { DynamoDBClient, BatchWriteItemCommand, QueryCommand, CreateTableCommand, PutItemCommand, GetItemCommand } from "@aws-sdk/client-dynamodb";
import { SQSClient, SendMessageCommand, CreateQueueCommand, ReceiveMessageCommand } from "@aws-sdk/client-sqs";
import { startAwsStandIn, type AwsStandIn } from "../../src/dev/aws-standin";
import { startS3, startDynamoDb, startSqs, LOCAL_CREDENTIALS, LOCAL_REGION, type LocalS3Service, type LocalDynamoDb, type LocalSqs } from "../../src/dev/aws-services";
import { siteServerEnvironment } from "../../src/components/nextjs-web/dev-prod";

describe("dev --prod: the local stand-in for S3, DynamoDB and SQS", () => {
  let aws: AwsStandIn;
  let dir: string;
  const messages: string[] = [];
  const config = () => ({ region: "us-east-1", endpoint: aws.endpoint, credentials: { accessKeyId: "x", secretAccessKey: "y" } });

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "stackfile-standin-"));
    fs.mkdirSync(path.join(dir, "_cache"));
    fs.writeFileSync(path.join(dir, "_cache", "page.cache"), "{\"type\":\"app\"}");
    aws = await startAwsStandIn({
      buckets: { site: dir },
      tagItems: [{ tag: { S: "b1/_N_T_/layout" }, path: { S: "b1/index" }, revalidatedAt: { N: "1" } }],
      onMessage: (m) => messages.push(m),
      log: () => undefined,
    });
  });
  after(async () => {
    await aws.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("reads, writes and deletes objects of a bucket folder; a missing key is NoSuchKey", async () => {
    const s3 = new S3Client(config());
    const got = await s3.send(new GetObjectCommand({ Bucket: "site", Key: "_cache/page.cache" }));
    assert.strictEqual(await got.Body!.transformToString(), "{\"type\":\"app\"}");
    await s3.send(new PutObjectCommand({ Bucket: "site", Key: "_cache/new/entry.cache", Body: "fresh" }));
    assert.strictEqual(fs.readFileSync(path.join(dir, "_cache", "new", "entry.cache"), "utf8"), "fresh");
    await s3.send(new DeleteObjectCommand({ Bucket: "site", Key: "_cache/new/entry.cache" }));
    await assert.rejects(s3.send(new GetObjectCommand({ Bucket: "site", Key: "_cache/new/entry.cache" })), (err: Error) => err.name === "NoSuchKey");
    await assert.rejects(s3.send(new GetObjectCommand({ Bucket: "site", Key: "../outside" })), (err: Error) => err.name === "NoSuchKey");
  });

  it("keeps the tag cache: the build's items, writes, and OpenNext's three queries", async () => {
    const db = new DynamoDBClient(config());
    await db.send(new BatchWriteItemCommand({ RequestItems: { tags: [{ PutRequest: { Item: { tag: { S: "b1/_N_T_/layout" }, path: { S: "b1/index" }, revalidatedAt: { N: "5000" } } } }] } }));
    await db.send(new BatchWriteItemCommand({ RequestItems: { tags: [{ PutRequest: { Item: { tag: { S: "b1/products" }, path: { S: "b1/shop" }, revalidatedAt: { N: "1" } } } }] } }));
    const byPath = await db.send(new QueryCommand({ TableName: "tags", IndexName: "revalidate", KeyConditionExpression: "#key = :key", ExpressionAttributeNames: { "#key": "path" }, ExpressionAttributeValues: { ":key": { S: "b1/index" } } }));
    assert.deepStrictEqual(byPath.Items?.map((i) => i.tag.S), ["b1/_N_T_/layout"]);
    const byTag = await db.send(new QueryCommand({ TableName: "tags", KeyConditionExpression: "#tag = :tag", ExpressionAttributeNames: { "#tag": "tag" }, ExpressionAttributeValues: { ":tag": { S: "b1/products" } } }));
    assert.deepStrictEqual(byTag.Items?.map((i) => i.path.S), ["b1/shop"]);
    const since = (n: number) => db.send(new QueryCommand({
      TableName: "tags", IndexName: "revalidate", KeyConditionExpression: "#key = :key AND #revalidatedAt > :lastModified",
      ExpressionAttributeNames: { "#key": "path", "#revalidatedAt": "revalidatedAt" }, ExpressionAttributeValues: { ":key": { S: "b1/index" }, ":lastModified": { N: String(n) } },
    }));
    assert.strictEqual((await since(4000)).Items?.length, 1);
    assert.strictEqual((await since(6000)).Items?.length, 0);
  });

  it("takes the revalidation queue's messages and hands each on", async () => {
    const sqs = new SQSClient(config());
    const sent = await sqs.send(new SendMessageCommand({ QueueUrl: `${aws.endpoint}/000000000000/revalidation`, MessageBody: JSON.stringify({ host: "example.com", url: "/shop" }), MessageGroupId: "g" }));
    assert.ok(sent.MessageId);
    // The query protocol, as older SQS clients (the one OpenNext bundles) send it.
    const form = await fetch(`${aws.endpoint}/`, {
      method: "POST", headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-8" },
      body: new URLSearchParams({ Action: "SendMessage", QueueUrl: `${aws.endpoint}/000000000000/revalidation`, MessageBody: JSON.stringify({ url: "/home" }) }),
    });
    assert.strictEqual(form.status, 200);
    assert.match(await form.text(), /<SendMessageResponse><SendMessageResult><MD5OfMessageBody>[0-9a-f]{32}<\/MD5OfMessageBody><MessageId>/);
    assert.deepStrictEqual(messages.map((m) => JSON.parse(m).url), ["/shop", "/home"]);
  });
});

describe("dev --prod: a bucket the site connects to, beside the stand-in's own", function () {
  this.timeout(60_000);
  let aws: AwsStandIn;
  let local: LocalS3Service;
  let dir: string;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "stackfile-standin-fwd-"));
    fs.mkdirSync(path.join(dir, "site"));
    local = await startS3({ directory: path.join(dir, "s3"), buckets: ["uploads"] });
    aws = await startAwsStandIn({ buckets: { site: path.join(dir, "site") }, forward: { s3: local.endpoint }, log: () => undefined });
  });
  after(async () => {
    await aws.close();
    await local.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("hands the requests for a bucket it does not hold to the session's S3 (one AWS_ENDPOINT_URL_S3 serves both), signed with dev's local key", async () => {
    const viaStandIn = new S3Client({ region: LOCAL_REGION, endpoint: aws.endpoint, credentials: LOCAL_CREDENTIALS });
    await viaStandIn.send(new PutObjectCommand({ Bucket: "uploads", Key: "a/photo.txt", Body: "from the site" }));
    const direct = new S3Client({ region: LOCAL_REGION, endpoint: local.endpoint, credentials: LOCAL_CREDENTIALS });
    const got = await direct.send(new GetObjectCommand({ Bucket: "uploads", Key: "a/photo.txt" }));
    assert.strictEqual(await got.Body!.transformToString(), "from the site");
    const back = await viaStandIn.send(new GetObjectCommand({ Bucket: "uploads", Key: "a/photo.txt" }));
    assert.strictEqual(await back.Body!.transformToString(), "from the site");
    // Its own bucket stays a folder of the build.
    await viaStandIn.send(new PutObjectCommand({ Bucket: "site", Key: "_cache/x.cache", Body: "own" }));
    assert.strictEqual(fs.readFileSync(path.join(dir, "site", "_cache", "x.cache"), "utf8"), "own");
  });

  it("the site's server keeps the stand-in's endpoints and dev's key when a connected resource brings its own", () => {
    const env = siteServerEnvironment({ AWS_ENDPOINT_URL_S3: "http://stand-in", AWS_ACCESS_KEY_ID: "S3RVER" }, { STP_UPLOADS_NAME: "uploads", AWS_ENDPOINT_URL_S3: "http://session-s3", AWS_ACCESS_KEY_ID: "S3RVER" });
    assert.deepStrictEqual(env, { STP_UPLOADS_NAME: "uploads", AWS_ENDPOINT_URL_S3: "http://stand-in", AWS_ACCESS_KEY_ID: "S3RVER" });
  });
});

describe("dev --prod: a table and a queue the site connects to, beside the stand-in's tag cache and revalidation queue", function () {
  this.timeout(60_000);
  let aws: AwsStandIn;
  let dynamo: LocalDynamoDb;
  let sqs: LocalSqs;
  const revalidations: string[] = [];

  before(async () => {
    dynamo = await startDynamoDb();
    sqs = await startSqs();
    aws = await startAwsStandIn({
      buckets: {}, ownTable: "tags", ownQueue: "revalidation", forward: { dynamodb: dynamo.endpoint, sqs: sqs.endpoint },
      onMessage: (m) => revalidations.push(m), log: () => undefined,
    });
  });
  after(async () => {
    await aws.close();
    await dynamo.close();
    await sqs.close();
  });

  const client = <T>(C: new (c: object) => T, endpoint: string) => new C({ region: LOCAL_REGION, endpoint, credentials: LOCAL_CREDENTIALS });

  it("hands a request for another table to the session's DynamoDB (one AWS_ENDPOINT_URL_DYNAMODB serves both); the tag cache stays its own", async () => {
    const direct = client(DynamoDBClient, dynamo.endpoint);
    await direct.send(new CreateTableCommand({ TableName: "orders", BillingMode: "PAY_PER_REQUEST", AttributeDefinitions: [{ AttributeName: "id", AttributeType: "S" }], KeySchema: [{ AttributeName: "id", KeyType: "HASH" }] }));
    const viaStandIn = client(DynamoDBClient, aws.endpoint);
    await viaStandIn.send(new PutItemCommand({ TableName: "orders", Item: { id: { S: "o-1" }, total: { N: "42" } } }));
    const got = await direct.send(new GetItemCommand({ TableName: "orders", Key: { id: { S: "o-1" } } }));
    assert.deepStrictEqual(got.Item, { id: { S: "o-1" }, total: { N: "42" } });
    assert.deepStrictEqual((await viaStandIn.send(new GetItemCommand({ TableName: "orders", Key: { id: { S: "o-1" } } }))).Item, got.Item);
    await viaStandIn.send(new PutItemCommand({ TableName: "tags", Item: { tag: { S: "t" }, path: { S: "/p" } } }));
    assert.deepStrictEqual(aws.items.map((i) => i.tag?.S), ["t"], "the tag cache's item is the stand-in's");
  });

  it("hands a message for another queue to the session's SQS; the revalidation queue's messages stay its own", async () => {
    const direct = client(SQSClient, sqs.endpoint);
    const { QueueUrl } = await direct.send(new CreateQueueCommand({ QueueName: "jobs" }));
    const viaStandIn = client(SQSClient, aws.endpoint);
    await viaStandIn.send(new SendMessageCommand({ QueueUrl, MessageBody: "job-1" }));
    const received = await direct.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 1 }));
    assert.deepStrictEqual(received.Messages?.map((m) => m.Body), ["job-1"]);
    await viaStandIn.send(new SendMessageCommand({ QueueUrl: `${aws.endpoint}/000000000000/revalidation`, MessageBody: JSON.stringify({ url: "/x" }), MessageGroupId: "g" }));
    assert.deepStrictEqual(revalidations.map((m) => JSON.parse(m).url), ["/x"]);
  });
});
