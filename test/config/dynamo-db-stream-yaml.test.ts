// The dynamo-db-stream function event in a stack file: validate's refusals at
// their lines (a name that is no table, a table without a stream, what Lambda
// refuses of a mapping), and one plan of a table read by two functions (the
// event source mappings with their inputs, each role's stream policy).
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { analyzeStackfile, formatProblem } from "../../src/config/stackfile";
import { cli } from "../cli/cli-helpers";
import { describeItem } from "../../src/cli/diff";

const problems = (text: string) => analyzeStackfile("s.yaml", text).problems.map(formatProblem);

const reader = (name: string, event: string) => `  ${name}:
    type: function
    properties:
      entryfilePath: ./fn.ts
      events:
        - type: dynamo-db-stream
          properties: { ${event} }
`;

const TABLES = `resources:
  orders:
    type: dynamo-db-table
    properties:
      primaryKey: { partitionKey: { name: id, type: string } }
      streamType: NEW_AND_OLD_IMAGES
  plain:
    type: dynamo-db-table
    properties:
      primaryKey: { partitionKey: { name: id, type: string } }
  jobs:
    type: sqs-queue
`;

describe("dynamo-db-stream events in YAML: validate", () => {
  it("accepts a table with a stream and every field of the event", () => {
    assert.deepStrictEqual(problems(TABLES + reader("audit", "dynamoDbTableName: orders, batchSize: 500, startingPosition: LATEST, maxBatchWindowSeconds: 5, maximumRetryAttempts: 3, bisectBatchOnFunctionError: true")), []);
  });

  it("refuses a name that is no table, a table without a stream (with the event's other problems at once), and a name of another type", () => {
    assert.deepStrictEqual(problems(TABLES + reader("a", "dynamoDbTableName: ordres") + reader("b", "dynamoDbTableName: plain, batchSize: 0") + reader("c", "dynamoDbTableName: jobs")), [
      "s.yaml:19:44: dynamoDbTableName names 'ordres', which is not a resource of this file; did you mean 'orders'?",
      "s.yaml:26:44: dynamo-db-table 'plain' has no stream to read; Lambda reads a table's changes only from its stream (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Streams.Lambda.html); set streamType on 'plain' (KEYS_ONLY, NEW_IMAGE, OLD_IMAGE or NEW_AND_OLD_IMAGES)",
      "s.yaml:26:62: a batch is 1 to 10,000 records, not 0",
      "s.yaml:33:44: dynamoDbTableName names 'jobs', a sqs-queue; it must name a dynamo-db-table (orders, plain)",
    ]);
  });

  it("refuses what Lambda refuses of the mapping, at the event's field: batch size, window, starting position, retries, a second mapping", () => {
    const text = TABLES + `  w:
    type: function
    properties:
      entryfilePath: ./fn.ts
      events:
        - type: dynamo-db-stream
          properties: { dynamoDbTableName: orders, batchSize: 20000, maxBatchWindowSeconds: 301, maximumRetryAttempts: 20000 }
        - type: dynamo-db-stream
          properties: { dynamoDbTableName: orders, startingPosition: AT_TIMESTAMP }
`;
    assert.deepStrictEqual(problems(text), [
      "s.yaml:19:63: a batch is 1 to 10,000 records, not 20000",
      "s.yaml:19:93: a batching window is 0 to 300 seconds, not 301",
      "s.yaml:19:120: maximumRetryAttempts is -1 (forever) to 10,000, not 20000",
      "s.yaml:21:44: function 'w' already reads the stream of 'orders' through another dynamo-db-stream event; Lambda refuses a second event source mapping of the same stream and function; remove one of them",
      's.yaml:21:70: startingPosition must be one of TRIM_HORIZON, LATEST, not the string "AT_TIMESTAMP"',
    ]);
  });

  it("refuses a second stream event of one function on one table, at the second only", () => {
    const text = TABLES + `  w:
    type: function
    properties:
      entryfilePath: ./fn.ts
      events:
        - type: dynamo-db-stream
          properties: { dynamoDbTableName: orders }
        - type: dynamo-db-stream
          properties: { dynamoDbTableName: orders, batchSize: 10 }
`;
    assert.deepStrictEqual(problems(text), [
      "s.yaml:21:44: function 'w' already reads the stream of 'orders' through another dynamo-db-stream event; Lambda refuses a second event source mapping of the same stream and function; remove one of them",
    ]);
  });
});

describe("dynamo-db-stream events in diff", () => {
  it("an added or removed event is listed as the stream of its table", () => {
    assert.strictEqual(describeItem({ type: "dynamo-db-stream", properties: { dynamoDbTableName: "orders", batchSize: 10 } }), "stream of table orders");
  });
});

describe("dynamo-db-stream events in YAML: plan", function () {
  this.timeout(120000);
  type Planned = { type: string; name: string; parent: string; inputs: Record<string, any>; dependsOn?: string[] };
  let plan: { resources: Planned[]; outputs: Record<string, Record<string, string>> };
  const byName = (name: string) => plan.resources.find((x) => x.name === name)!;

  before(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dynamo-stream-yaml-"));
    fs.writeFileSync(path.join(dir, "fn.ts"), "export async function handler() {\n  return {};\n}\n");
    fs.writeFileSync(path.join(dir, "stack.yaml"), TABLES + reader("audit", "dynamoDbTableName: orders, batchSize: 500, startingPosition: LATEST, maxBatchWindowSeconds: 5, maximumRetryAttempts: 3, bisectBatchOnFunctionError: true")
      + reader("mirror", "dynamoDbTableName: orders"));
    const r = await cli("plan", path.join(dir, "stack.yaml"), "--json");
    assert.strictEqual(r.code, 0, r.err);
    plan = JSON.parse(r.out);
  });

  it("one event source mapping per function on the table's stream, children of the table, with the event's settings or Lambda's defaults", () => {
    const mappings = plan.resources.filter((x) => x.type === "aws:lambda/eventSourceMapping:EventSourceMapping").sort((a, b) => a.name.localeCompare(b.name));
    assert.deepStrictEqual(mappings.map((m) => [m.name, m.parent]), [["orders-stream-mapping-audit-function", "orders"], ["orders-stream-mapping-mirror-function", "orders"]]);
    const streamArn = plan.outputs.orders.streamArn;
    assert.match(streamArn, /^arn:aws:dynamodb:us-east-1:123456789012:table\/orders-table-[0-9a-f]{7}\/stream\//);
    const [audit, mirror] = mappings.map((m) => m.inputs);
    assert.strictEqual(audit.eventSourceArn, streamArn);
    assert.match(audit.functionName, /^arn:aws:lambda:us-east-1:123456789012:function:audit-function-[0-9a-f]{7}$/);
    assert.deepStrictEqual(
      [audit.batchSize, audit.startingPosition, audit.maximumBatchingWindowInSeconds, audit.maximumRetryAttempts, audit.bisectBatchOnFunctionError],
      [500, "LATEST", 5, 3, true],
    );
    assert.deepStrictEqual([mirror.batchSize, mirror.startingPosition, mirror.maximumRetryAttempts], [100, "TRIM_HORIZON", undefined]);
  });

  it("each function's role may read the stream, on the stream's ARN only, and its mapping waits for that policy", () => {
    const policy = byName("orders-stream-read-policy-audit-function");
    assert.strictEqual(policy.inputs.role, byName("audit-policy").inputs.role);
    assert.deepStrictEqual(JSON.parse(policy.inputs.policy).Statement, [{
      Effect: "Allow",
      Action: ["dynamodb:DescribeStream", "dynamodb:GetRecords", "dynamodb:GetShardIterator", "dynamodb:ListStreams"],
      Resource: plan.outputs.orders.streamArn,
    }]);
    assert.ok(byName("orders-stream-mapping-audit-function").dependsOn?.includes("orders-stream-read-policy-audit-function"));
  });

  it("a table nobody reads makes no mapping", () => {
    assert.ok(!plan.resources.some((x) => x.name.startsWith("plain-stream")));
  });
});
