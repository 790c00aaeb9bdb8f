// dynamo-db-table in a stack file: validate's messages at their lines, and one
// plan of a stack holding two tables and a function connected to both (the
// tables' AWS resources, the function's permissions and variables).
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { analyzeStackfile, formatProblem } from "../../src/config/stackfile";
import { cli } from "../cli/cli-helpers";

const problems = (text: string) => analyzeStackfile("s.yaml", text).problems.map(formatProblem);

const STACK = `resources:
  orders:
    type: dynamo-db-table
    properties:
      primaryKey:
        partitionKey: { name: id, type: string }
        sortKey: { name: at, type: number }
      streamType: NEW_IMAGE
      ttlAttributeName: expiresAt
      enablePointInTimeRecovery: true
      secondaryIndexes:
        - { name: byStatus, partitionKey: { name: status, type: string } }
  counters:
    type: dynamo-db-table
    properties:
      primaryKey: { partitionKey: { name: key, type: string } }
      provisionedThroughput:
        readUnits: 5
        writeUnits: 5
        writeScaling: { minUnits: 5, maxUnits: 40, keepUtilizationUnder: 60 }
  worker:
    type: function
    properties:
      entryfilePath: ./fn.ts
      connectTo: [orders, counters]
      environment:
        - { name: ORDERS_STREAM, value: "$ResourceParam('orders', 'streamArn')" }
`;

describe("dynamo-db-table in YAML: validate", () => {
  it("accepts the tables and the function connected to them", () => {
    assert.deepStrictEqual(problems(STACK), []);
  });

  it("places each problem at its line: an attribute of two types, a bad index name, a stream type, a missing key", () => {
    const text = `resources:
  t:
    type: dynamo-db-table
    properties:
      primaryKey: { partitionKey: { name: id, type: string } }
      streamType: NEW_IMAGES
      secondaryIndexes:
        - name: x
          partitionKey: { name: id, type: number }
  u:
    type: dynamo-db-table
    properties:
      primaryKey: { sortKey: { name: at, type: number } }
`;
    assert.deepStrictEqual(problems(text), [
      's.yaml:6:19: streamType must be one of KEYS_ONLY, NEW_IMAGE, OLD_IMAGE, NEW_AND_OLD_IMAGES, not the string "NEW_IMAGES"; did you mean NEW_IMAGE?',
      "s.yaml:8:17: index name 'x' is not 3 to 255 letters, digits, _, . and -",
      "s.yaml:9:43: attribute 'id' is a string at primaryKey.partitionKey; DynamoDB gives an attribute one type in a table and its indexes: use string here, or another attribute",
      "s.yaml:13:19: primaryKey is missing the required property 'partitionKey'",
    ]);
  });

  it("streamArn is a parameter only of a table with a stream", () => {
    const text = `resources:
  t:
    type: dynamo-db-table
    properties: { primaryKey: { partitionKey: { name: id, type: string } } }
  f:
    type: function
    properties:
      entryfilePath: ./fn.ts
      environment: [{ name: S, value: "$ResourceParam('t', 'streamArn')" }]
`;
    assert.deepStrictEqual(problems(text), ["s.yaml:9:39: dynamo-db-table 't' has no 'streamArn' in its configuration; available: name, arn"]);
  });
});

describe("dynamo-db-table in YAML: plan", function () {
  this.timeout(120000);
  type Planned = { type: string; name: string; parent: string; inputs: Record<string, any> };
  let plan: { resources: Planned[]; outputs: Record<string, Record<string, string>> };

  before(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dynamo-yaml-"));
    fs.writeFileSync(path.join(dir, "fn.ts"), "export async function handler() {\n  return 1;\n}\n");
    fs.writeFileSync(path.join(dir, "stack.yaml"), STACK);
    const r = await cli("plan", path.join(dir, "stack.yaml"), "--json");
    assert.strictEqual(r.code, 0, r.err);
    plan = JSON.parse(r.out);
  });
  const named = (name: string) => plan.resources.find((x) => x.name === name)!;

  it("registers each table with its keys, billing, stream, TTL, recovery and encryption", () => {
    const orders = named("orders-table").inputs;
    assert.deepStrictEqual([orders.hashKey, orders.rangeKey, orders.billingMode, orders.streamEnabled, orders.streamViewType], ["id", "at", "PAY_PER_REQUEST", true, "NEW_IMAGE"]);
    assert.deepStrictEqual(orders.ttl, { enabled: true, attributeName: "expiresAt" });
    assert.deepStrictEqual(orders.pointInTimeRecovery, { enabled: true });
    assert.deepStrictEqual(orders.serverSideEncryption, { enabled: true });
    assert.deepStrictEqual(orders.globalSecondaryIndexes, [{ name: "byStatus", hashKey: "status", projectionType: "ALL" }]);
    const counters = named("counters-table").inputs;
    assert.deepStrictEqual([counters.billingMode, counters.readCapacity, counters.writeCapacity], ["PROVISIONED", 5, 5]);
    const target = named("counters-write-scaling-target").inputs;
    assert.deepStrictEqual([target.scalableDimension, target.minCapacity, target.maxCapacity], ["dynamodb:table:WriteCapacityUnits", 5, 40]);
    assert.strictEqual(named("counters-write-scaling-policy").inputs.targetTrackingScalingPolicyConfiguration.targetValue, 60);
    assert.strictEqual(named("counters-read-scaling-target"), undefined);
  });

  it("the function gets STP_<NAME>_NAME, _ARN and (with a stream) _STREAM_ARN, and the parameter it reads", () => {
    const env = named("worker-function").inputs.environment.variables;
    const o = plan.outputs.orders;
    assert.match(o.arn, /^arn:aws:dynamodb:us-east-1:123456789012:table\/orders-table-[0-9a-f]{7}$/);
    assert.deepStrictEqual(
      [env.STP_ORDERS_NAME, env.STP_ORDERS_ARN, env.STP_ORDERS_STREAM_ARN, env.ORDERS_STREAM],
      [o.name, o.arn, o.streamArn, o.streamArn],
    );
    assert.deepStrictEqual([env.STP_COUNTERS_NAME, env.STP_COUNTERS_ARN, env.STP_COUNTERS_STREAM_ARN], [plan.outputs.counters.name, plan.outputs.counters.arn, undefined]);
  });

  it("the function may use items and queries of each table and its indexes, and describe the stream, nothing more of DynamoDB", () => {
    const docs = plan.resources.filter((x) => typeof x.inputs.policy === "string" && x.inputs.policy.includes("dynamodb:")).map((x) => JSON.parse(x.inputs.policy));
    assert.strictEqual(docs.length, 1);
    const dynamo = docs[0].Statement.filter((s: { Action: string[] }) => s.Action.some((a) => a.startsWith("dynamodb:")));
    const items = ["dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:DeleteItem", "dynamodb:Scan", "dynamodb:Query"];
    const { orders, counters } = plan.outputs;
    assert.deepStrictEqual(dynamo, [
      { Effect: "Allow", Action: items, Resource: [orders.arn, `${orders.arn}/index/*`] },
      { Effect: "Allow", Action: ["dynamodb:DescribeStream"], Resource: [orders.streamArn] },
      { Effect: "Allow", Action: items, Resource: [counters.arn, `${counters.arn}/index/*`] },
    ]);
  });
});
