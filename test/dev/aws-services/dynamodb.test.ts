// DynamoDB: the same cases with the SDK's DynamoDBClient against the local
// DynamoDB of `stackfile dev` (dynalite behind our front) and against moto;
// then the stream records and the stream source, local only (moto's
// DynamoDB Streams cannot invoke a function without Docker).
import * as assert from "assert";
import {
  DynamoDBClient, CreateTableCommand, PutItemCommand, GetItemCommand, QueryCommand, UpdateItemCommand, DeleteItemCommand, BatchWriteItemCommand, DescribeTableCommand,
  UpdateTimeToLiveCommand, DescribeTimeToLiveCommand,
} from "@aws-sdk/client-dynamodb";
import { startDynamoDb, type LocalDynamoDb } from "../../../src/dev/aws-services/dynamodb";
import { startStreamSource } from "../../../src/dev/aws-services/sources";
import type { StreamChange } from "../../../src/dev/aws-services/lambda-events";
import { differential, failure, type Target } from "./differential";

const client = (t: Target | { endpoint: string }) => new DynamoDBClient({ region: "us-east-1", endpoint: t.endpoint, credentials: { accessKeyId: "local", secretAccessKey: "local" } });

async function table(db: DynamoDBClient, TableName: string, extra: Partial<ConstructorParameters<typeof CreateTableCommand>[0]> = {}) {
  await db.send(new CreateTableCommand({
    TableName, BillingMode: "PAY_PER_REQUEST",
    AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" }, { AttributeName: "sk", AttributeType: "N" }],
    KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }, { AttributeName: "sk", KeyType: "RANGE" }],
    ...extra,
  }));
  return TableName;
}

differential("DynamoDB", async () => startDynamoDb(), [
  {
    name: "an item put is read back; a query by partition key gives its items in sort-key order",
    async run(t) {
      const db = client(t);
      const name = await table(db, t.unique("items"));
      for (const sk of [3, 1, 2]) await db.send(new PutItemCommand({ TableName: name, Item: { pk: { S: "a" }, sk: { N: String(sk) }, v: { S: `v${sk}` } } }));
      assert.deepStrictEqual((await db.send(new GetItemCommand({ TableName: name, Key: { pk: { S: "a" }, sk: { N: "2" } } }))).Item?.v, { S: "v2" });
      const q = await db.send(new QueryCommand({ TableName: name, KeyConditionExpression: "pk = :p AND sk >= :s", ExpressionAttributeValues: { ":p": { S: "a" }, ":s": { N: "2" } } }));
      assert.deepStrictEqual(q.Items!.map((i) => i.sk.N), ["2", "3"]);
    },
  },
  {
    name: "a put whose condition fails is ConditionalCheckFailedException",
    async run(t) {
      const db = client(t);
      const name = await table(db, t.unique("cond"));
      const Item = { pk: { S: "a" }, sk: { N: "1" } };
      await db.send(new PutItemCommand({ TableName: name, Item, ConditionExpression: "attribute_not_exists(pk)" }));
      const err = await failure(db.send(new PutItemCommand({ TableName: name, Item, ConditionExpression: "attribute_not_exists(pk)" })));
      assert.strictEqual(err.name, "ConditionalCheckFailedException");
      t.same("condition failed", err);
    },
  },
  {
    name: "UpdateItem with an update expression answers the new values",
    async run(t) {
      const db = client(t);
      const name = await table(db, t.unique("update"));
      const r = await db.send(new UpdateItemCommand({ TableName: name, Key: { pk: { S: "a" }, sk: { N: "1" } }, UpdateExpression: "ADD n :one SET s = :s", ExpressionAttributeValues: { ":one": { N: "1" }, ":s": { S: "x" } }, ReturnValues: "ALL_NEW" }));
      assert.deepStrictEqual(r.Attributes, { pk: { S: "a" }, sk: { N: "1" }, n: { N: "1" }, s: { S: "x" } });
    },
  },
  {
    name: "BatchWriteItem takes 25 requests at most",
    moto: "moto 5.2.5 accepts a batch of 26",
    async run(t) {
      const db = client(t);
      const name = await table(db, t.unique("batch"));
      const puts = (n: number) => Array.from({ length: n }, (_, i) => ({ PutRequest: { Item: { pk: { S: "a" }, sk: { N: String(i) } } } }));
      await db.send(new BatchWriteItemCommand({ RequestItems: { [name]: puts(25) } }));
      const err = await failure(db.send(new BatchWriteItemCommand({ RequestItems: { [name]: puts(26) } })));
      assert.strictEqual(err.name, "ValidationException");
    },
  },
  {
    name: "an item over 400 KB is refused (ValidationException)",
    async run(t) {
      const db = client(t);
      const name = await table(db, t.unique("big"));
      const err = await failure(db.send(new PutItemCommand({ TableName: name, Item: { pk: { S: "a" }, sk: { N: "1" }, blob: { S: "x".repeat(400 * 1024 + 1) } } })));
      assert.strictEqual(err.name, "ValidationException");
      t.same("item too large", err);
    },
  },
  {
    name: "a table made with a stream describes it: StreamSpecification, LatestStreamArn under the table's ARN",
    async run(t) {
      const db = client(t);
      const name = await table(db, t.unique("streamed"), { StreamSpecification: { StreamEnabled: true, StreamViewType: "NEW_AND_OLD_IMAGES" } });
      const d = (await db.send(new DescribeTableCommand({ TableName: name }))).Table!;
      assert.deepStrictEqual(d.StreamSpecification, { StreamEnabled: true, StreamViewType: "NEW_AND_OLD_IMAGES" });
      assert.ok(d.LatestStreamArn!.startsWith(`${d.TableArn}/stream/`), d.LatestStreamArn);
    },
  },
  {
    name: "UpdateTimeToLive is answered, and DescribeTimeToLive gives it",
    async run(t) {
      const db = client(t);
      const name = await table(db, t.unique("ttl"));
      await db.send(new UpdateTimeToLiveCommand({ TableName: name, TimeToLiveSpecification: { AttributeName: "expiresAt", Enabled: true } }));
      const d = (await db.send(new DescribeTimeToLiveCommand({ TableName: name }))).TimeToLiveDescription!;
      assert.deepStrictEqual([d.AttributeName, d.TimeToLiveStatus], ["expiresAt", "ENABLED"]);
    },
  },
]);

describe("DynamoDB streams of the local DynamoDB", function () {
  this.timeout(60000);
  let local: LocalDynamoDb;
  let db: DynamoDBClient;
  before(async () => {
    local = await startDynamoDb();
    db = client(local);
  });
  after(async () => {
    db.destroy();
    await local.close();
  });

  it("each change of an item is one record, INSERT, MODIFY, REMOVE, with the images of the view type; a put that changes nothing makes none", async () => {
    const name = await table(db, "orders", { StreamSpecification: { StreamEnabled: true, StreamViewType: "NEW_AND_OLD_IMAGES" } });
    const records: StreamChange[] = [];
    local.onRecords(name, (r) => records.push(...r));
    const Key = { pk: { S: "o1" }, sk: { N: "1" } };
    await db.send(new PutItemCommand({ TableName: name, Item: { ...Key, state: { S: "open" } } }));
    await db.send(new PutItemCommand({ TableName: name, Item: { ...Key, state: { S: "open" } } }));
    await db.send(new UpdateItemCommand({ TableName: name, Key, UpdateExpression: "SET #s = :p", ExpressionAttributeNames: { "#s": "state" }, ExpressionAttributeValues: { ":p": { S: "paid" } } }));
    await db.send(new DeleteItemCommand({ TableName: name, Key }));
    await db.send(new DeleteItemCommand({ TableName: name, Key }));
    assert.deepStrictEqual(records.map((r) => [r.eventName, r.oldImage?.state?.S, r.newImage?.state?.S]), [["INSERT", undefined, "open"], ["MODIFY", "open", "paid"], ["REMOVE", "paid", undefined]]);
    assert.deepStrictEqual(records[0].keys, Key);
    assert.ok(BigInt(records[2].sequenceNumber) > BigInt(records[1].sequenceNumber));
  });

  it("BatchWriteItem makes a record per changed item; a failed condition makes none", async () => {
    const name = await table(db, "batch", { StreamSpecification: { StreamEnabled: true, StreamViewType: "KEYS_ONLY" } });
    const records: StreamChange[] = [];
    local.onRecords(name, (r) => records.push(...r));
    await db.send(new BatchWriteItemCommand({ RequestItems: { [name]: [1, 2, 3].map((i) => ({ PutRequest: { Item: { pk: { S: "b" }, sk: { N: String(i) } } } })) } }));
    await db.send(new PutItemCommand({ TableName: name, Item: { pk: { S: "b" }, sk: { N: "1" } }, ConditionExpression: "attribute_not_exists(pk)" })).catch(() => undefined);
    assert.deepStrictEqual(records.map((r) => [r.eventName, r.keys.sk]), [["INSERT", { N: "1" }], ["INSERT", { N: "2" }], ["INSERT", { N: "3" }]]);
  });

  it("the stream source invokes the function with the DynamoDB event in order; a failed batch is retried from the lowest failed sequence number", async () => {
    const name = await table(db, "source", { StreamSpecification: { StreamEnabled: true, StreamViewType: "NEW_IMAGE" } });
    const calls: string[][] = [];
    let failedOnce = false;
    const source = startStreamSource({
      dynamodb: local, table: name, batchSize: 10, reportBatchItemFailures: true, retryDelayMs: 50, log: () => undefined,
      invoke: async (e) => {
        const records = e.Records as { eventSource: string; eventSourceARN: string; dynamodb: { SequenceNumber: string; NewImage?: { sk: { N: string } }; StreamViewType: string } }[];
        assert.ok(records.every((r) => r.eventSource === "aws:dynamodb" && r.eventSourceARN === local.streamOf(name)!.arn && r.dynamodb.StreamViewType === "NEW_IMAGE"));
        calls.push(records.map((r) => r.dynamodb.NewImage!.sk.N));
        const two = records.find((r) => r.dynamodb.NewImage!.sk.N === "2");
        if (!failedOnce && two) {
          failedOnce = true;
          return { batchItemFailures: [{ itemIdentifier: two.dynamodb.SequenceNumber }] };
        }
        return {};
      },
    });
    try {
      for (const i of [1, 2, 3]) await db.send(new PutItemCommand({ TableName: name, Item: { pk: { S: "s" }, sk: { N: String(i) } } }));
      for (let waited = 0; calls.flat().filter((x) => x === "3").length === 0 || !failedOnce || calls.length < 2; waited += 50) {
        assert.ok(waited < 20000, `never delivered: ${JSON.stringify(calls)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      await new Promise((r) => setTimeout(r, 300));
      // Delivered in order; after the failure of "2", "2" and what follows come again.
      const flat = calls.flat();
      assert.strictEqual(flat[0], "1");
      const retry = calls.filter((c) => c[0] === "2")[1];
      assert.ok(retry, `the retry starts at the failed record: ${JSON.stringify(calls)}`);
      assert.strictEqual(flat.filter((x) => x === "1").length, 1, "the record before the failure is not sent again");
    } finally {
      await source.stop();
    }
  });
});
