// `stackfile dev` with a dynamo-db-table: the table runs on the local DynamoDB
// with its keys, indexes, stream and TTL; a function connected to it gets
// STP_<NAME>_* and the endpoint its AWS SDK reaches the local DynamoDB with,
// and puts and gets an item through it; the item's stream record invokes the
// function whose dynamo-db-stream event names the table.
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { DynamoDBClient, DescribeTableCommand, DescribeTimeToLiveCommand } from "@aws-sdk/client-dynamodb";
import { runDev } from "../../src/cli/dev-command";
import type { DevSession } from "../../src/cli/dev-session";
import { LOCAL_CREDENTIALS } from "../../src/dev/aws-services";
import { basePort } from "./dev-process";

// The handler imports the AWS SDK as a user's would: its folder is below the repository's node_modules, so the bundle finds it.
const WRITER = `import { DynamoDBClient, PutItemCommand, GetItemCommand } from "@aws-sdk/client-dynamodb";
export async function handler(event) {
  const id = event.queryStringParameters.id;
  const db = new DynamoDBClient({});
  const table = process.env.STP_ORDERS_NAME;
  await db.send(new PutItemCommand({ TableName: table, Item: { id: { S: id }, at: { N: "1" }, status: { S: "new" } } }));
  const got = await db.send(new GetItemCommand({ TableName: table, Key: { id: { S: id }, at: { N: "1" } } }));
  db.destroy();
  const env = { name: table, arn: process.env.STP_ORDERS_ARN, streamArn: process.env.STP_ORDERS_STREAM_ARN, endpoint: process.env.AWS_ENDPOINT_URL_DYNAMODB, region: process.env.AWS_REGION };
  return { statusCode: 200, body: JSON.stringify({ item: got.Item, env }) };
}
`;

const AUDIT = `import { appendFileSync } from "fs";
export async function handler(event) {
  appendFileSync(process.env.OUT, JSON.stringify(event.Records.map((r) => ({ name: r.eventName, source: r.eventSource, arn: r.eventSourceARN, keys: r.dynamodb.Keys, image: r.dynamodb.NewImage, view: r.dynamodb.StreamViewType }))) + "\\n");
  return {};
}
`;

describe("stackfile dev: dynamo-db-table", function () {
  // Hang guard for two busy cores (the functions' bundles, the local server), not a timing.
  this.timeout(120_000);
  const dir = fs.mkdtempSync(path.join(__dirname, "..", "..", "node_modules", ".dynamo-dev-"));
  const out = path.join(dir, "records.jsonl");
  let stop!: () => void;
  let code: Promise<number>;
  let session: DevSession | undefined;
  const lines: string[] = [];

  before(async () => {
    fs.writeFileSync(path.join(dir, "writer.mjs"), WRITER);
    fs.writeFileSync(path.join(dir, "audit.mjs"), AUDIT);
    fs.writeFileSync(path.join(dir, "stack.yaml"), `resources:
  orders:
    type: dynamo-db-table
    properties:
      primaryKey:
        partitionKey: { name: id, type: string }
        sortKey: { name: at, type: number }
      streamType: NEW_AND_OLD_IMAGES
      ttlAttributeName: expiresAt
      secondaryIndexes:
        - { name: byStatus, partitionKey: { name: status, type: string }, projectionType: keys-only }
  api:
    type: http-api-gateway
  writer:
    type: function
    properties:
      entryfilePath: ./writer.mjs
      connectTo: [orders]
      events:
        - { type: http-api-gateway, properties: { httpApiGatewayName: api, path: /put, method: GET } }
  audit:
    type: function
    properties:
      entryfilePath: ./audit.mjs
      environment:
        - { name: OUT, value: ${JSON.stringify(out)} }
      events:
        - type: dynamo-db-stream
          properties: { dynamoDbTableName: orders, batchSize: 10 }
`);
    const stopped = new Promise<void>((r) => (stop = r));
    let started!: () => void;
    const ready = new Promise<void>((r) => (started = r));
    code = runDev([path.join(dir, "stack.yaml"), "--port", String(basePort() + 11)], { out: (t) => lines.push(t), err: (t) => lines.push(t) }, stopped, { started: (s) => { session = s; started(); } });
    await Promise.race([ready, code.then((c) => assert.fail(`dev exited ${c}: ${lines.join("\n")}`))]);
  });

  after(async () => {
    stop?.();
    const exited = await code;
    // The folder is below the repository's node_modules: removed even when dev failed.
    fs.rmSync(dir, { recursive: true, force: true });
    assert.strictEqual(exited, 0, lines.join("\n"));
  });

  it("the table runs on the local DynamoDB with its keys, index, stream and TTL attribute", async () => {
    const endpoint = String(session!.output("orders", "localEndpoint"));
    assert.match(endpoint, /^http:\/\/127\.0\.0\.1:\d+$/);
    const db = new DynamoDBClient({ endpoint, region: String(session!.output("orders", "localRegion")), credentials: LOCAL_CREDENTIALS });
    const { Table: t } = await db.send(new DescribeTableCommand({ TableName: "orders" }));
    assert.deepStrictEqual(t?.KeySchema, [{ AttributeName: "id", KeyType: "HASH" }, { AttributeName: "at", KeyType: "RANGE" }]);
    assert.deepStrictEqual(t?.GlobalSecondaryIndexes?.map((i) => [i.IndexName, i.Projection?.ProjectionType]), [["byStatus", "KEYS_ONLY"]]);
    assert.deepStrictEqual(t?.StreamSpecification, { StreamEnabled: true, StreamViewType: "NEW_AND_OLD_IMAGES" });
    assert.strictEqual(t?.LatestStreamArn, session!.output("orders", "streamArn"));
    const ttl = await db.send(new DescribeTimeToLiveCommand({ TableName: "orders" }));
    assert.deepStrictEqual(ttl.TimeToLiveDescription, { TimeToLiveStatus: "ENABLED", AttributeName: "expiresAt" });
    db.destroy();
  });

  it("a connected function puts and gets an item through the endpoint dev gave it; its STP_ORDERS_* are the local table's", async () => {
    const api = String(session!.output("api", "url"));
    const r = await fetch(`${api}/put?id=a1`);
    assert.strictEqual(r.status, 200, lines.join("\n"));
    const got = (await r.json()) as { item: unknown; env: Record<string, string> };
    assert.deepStrictEqual(got.item, { id: { S: "a1" }, at: { N: "1" }, status: { S: "new" } });
    assert.deepStrictEqual(got.env, {
      name: "orders", arn: session!.output("orders", "arn"), streamArn: session!.output("orders", "streamArn"),
      endpoint: session!.output("orders", "localEndpoint"), region: session!.output("orders", "localRegion"),
    });
    assert.match(String(got.env.arn), /^arn:aws:dynamodb:[a-z0-9-]+:\d{12}:table\/orders$/);
  });

  it("the item's stream record invokes the dynamo-db-stream function with DynamoDB's event shape", async () => {
    // Polled until the function wrote (the hang guard above bounds it); the previous test wrote the item.
    while (!fs.existsSync(out)) await new Promise((r) => setTimeout(r, 200));
    const records = JSON.parse(fs.readFileSync(out, "utf8").split("\n")[0]);
    assert.deepStrictEqual(records, [{
      name: "INSERT", source: "aws:dynamodb", arn: session!.output("orders", "streamArn"),
      keys: { id: { S: "a1" }, at: { N: "1" } }, image: { id: { S: "a1" }, at: { N: "1" }, status: { S: "new" } }, view: "NEW_AND_OLD_IMAGES",
    }]);
  });
});
