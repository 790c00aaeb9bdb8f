// The DynamoDbTable component: the AWS resources it registers with the inputs that matter.
import * as assert from "assert";
import type * as pulumi from "@pulumi/pulumi";
import { DynamoDbTable, type DynamoDbTableArgs } from "../../../src/components/dynamo-db-table";
import { run, outputValue } from "../../harness";

const TABLE = "aws:dynamodb/table:Table";
const TARGET = "aws:appautoscaling/target:Target";
const POLICY = "aws:appautoscaling/policy:Policy";
const base: DynamoDbTableArgs = { primaryKey: { partitionKey: { name: "id", type: "string" } } };

async function make(args: Partial<DynamoDbTableArgs> = {}, opts: pulumi.ComponentResourceOptions = {}) {
  return run(() => new DynamoDbTable("orders", { ...base, ...args }, opts));
}

describe("DynamoDbTable", () => {
  it("by default: an on-demand table keyed by its partition key, encrypted at rest, no stream, TTL or recovery; nothing else", async () => {
    const r = await make();
    const t = r.one(TABLE).inputs;
    assert.deepStrictEqual(t.attributes, [{ name: "id", type: "S" }]);
    assert.strictEqual(t.hashKey, "id");
    assert.strictEqual(t.rangeKey, undefined);
    assert.strictEqual(t.billingMode, "PAY_PER_REQUEST");
    assert.strictEqual(t.readCapacity, undefined);
    assert.deepStrictEqual(t.serverSideEncryption, { enabled: true });
    assert.deepStrictEqual(t.pointInTimeRecovery, { enabled: false });
    assert.strictEqual(t.streamEnabled, false);
    assert.strictEqual(t.ttl, undefined);
    assert.deepStrictEqual(t.globalSecondaryIndexes, []);
    assert.deepStrictEqual(r.resources.filter((x) => x.parent === "orders").map((x) => x.name), ["orders-table"]);
    assert.strictEqual(r.one("stackfile:index:DynamoDbTable").parent, null);
    assert.strictEqual(r.result.streamArn, undefined);
    assert.match(await outputValue(r.result.arn), /^arn:aws:dynamodb:us-east-1:123456789012:table\/orders-table-[0-9a-f]{7}$/);
  });

  it("maps keys, indexes (one definition per attribute, each projection), stream, TTL and point-in-time recovery", async () => {
    const r = await make({
      primaryKey: { partitionKey: { name: "id", type: "string" }, sortKey: { name: "at", type: "number" } },
      secondaryIndexes: [
        { name: "byStatus", partitionKey: { name: "status", type: "string" }, sortKey: { name: "at", type: "number" } },
        { name: "byBlob", partitionKey: { name: "blob", type: "binary" }, projectionType: "include", nonKeyAttributes: ["title"] },
        { name: "byId", partitionKey: { name: "id", type: "string" }, projectionType: "keys-only" },
      ],
      streamType: "NEW_AND_OLD_IMAGES",
      ttlAttributeName: "expiresAt",
      enablePointInTimeRecovery: true,
    });
    const t = r.one(TABLE).inputs;
    assert.deepStrictEqual(t.attributes, [{ name: "id", type: "S" }, { name: "at", type: "N" }, { name: "status", type: "S" }, { name: "blob", type: "B" }]);
    assert.strictEqual(t.rangeKey, "at");
    assert.deepStrictEqual(t.globalSecondaryIndexes, [
      { name: "byStatus", hashKey: "status", rangeKey: "at", projectionType: "ALL" },
      { name: "byBlob", hashKey: "blob", projectionType: "INCLUDE", nonKeyAttributes: ["title"] },
      { name: "byId", hashKey: "id", projectionType: "KEYS_ONLY" },
    ]);
    assert.strictEqual(t.streamEnabled, true);
    assert.strictEqual(t.streamViewType, "NEW_AND_OLD_IMAGES");
    assert.deepStrictEqual(t.ttl, { enabled: true, attributeName: "expiresAt" });
    assert.deepStrictEqual(t.pointInTimeRecovery, { enabled: true });
    assert.match(await outputValue(r.result.streamArn!), /^arn:aws:dynamodb:us-east-1:123456789012:table\/orders-table-[0-9a-f]{7}\/stream\/.+/);
  });

  it("provisioned: the table's and each index's capacity, and a scalable target with a target-tracking policy per scaled capacity", async () => {
    const r = await make({
      secondaryIndexes: [{ name: "byStatus", partitionKey: { name: "status", type: "string" } }],
      provisionedThroughput: { readUnits: 5, writeUnits: 3, readScaling: { minUnits: 5, maxUnits: 50 } },
    });
    const t = r.one(TABLE).inputs;
    assert.deepStrictEqual([t.billingMode, t.readCapacity, t.writeCapacity], ["PROVISIONED", 5, 3]);
    assert.deepStrictEqual([t.globalSecondaryIndexes[0].readCapacity, t.globalSecondaryIndexes[0].writeCapacity], [5, 3]);
    const target = r.one(TARGET);
    assert.strictEqual(target.name, "orders-read-scaling-target");
    assert.match(target.inputs.resourceId, /^table\/orders-table-[0-9a-f]{7}$/);
    assert.deepStrictEqual([target.inputs.serviceNamespace, target.inputs.scalableDimension, target.inputs.minCapacity, target.inputs.maxCapacity], ["dynamodb", "dynamodb:table:ReadCapacityUnits", 5, 50]);
    const policy = r.one(POLICY).inputs;
    assert.strictEqual(policy.policyType, "TargetTrackingScaling");
    assert.strictEqual(policy.resourceId, target.inputs.resourceId);
    assert.deepStrictEqual(policy.targetTrackingScalingPolicyConfiguration, { predefinedMetricSpecification: { predefinedMetricType: "DynamoDBReadCapacityUtilization" }, targetValue: 70 });
    // Writes do not scale: no target for them.
    assert.strictEqual(r.all(TARGET).length, 1);
  });

  it("connectTo: items and queries on the table and its indexes, DescribeStream on its stream; NAME, ARN and STREAM_ARN", async () => {
    const plain = (await make()).result.connection();
    assert.deepStrictEqual(Object.keys(plain.variables), ["NAME", "ARN"]);
    assert.strictEqual(plain.statements.length, 1);
    assert.strictEqual(plain.gatewayEndpoint, "dynamodb");
    const r = await make({ streamType: "KEYS_ONLY" });
    const c = r.result.connection();
    const arn = await outputValue(r.result.arn);
    const resolved = await Promise.all(c.statements.map(async (s) => ({ Action: s.Action, Resource: await Promise.all(s.Resource.map((x) => outputValue(x as never))) })));
    assert.deepStrictEqual(resolved, [
      { Action: ["dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:DeleteItem", "dynamodb:Scan", "dynamodb:Query"], Resource: [arn, `${arn}/index/*`] },
      { Action: ["dynamodb:DescribeStream"], Resource: [await outputValue(r.result.streamArn!)] },
    ]);
    assert.deepStrictEqual(Object.keys(c.variables), ["NAME", "ARN", "STREAM_ARN"]);
  });

  it("protect and retainOnDelete reach the table", async () => {
    const r = await make({ provisionedThroughput: { readUnits: 1, writeUnits: 1, writeScaling: { minUnits: 1, maxUnits: 5 } } }, { protect: true, retainOnDelete: true });
    const flagged = r.resources.filter((x) => x.protect || x.retainOnDelete).map((x) => `${x.name} ${x.protect} ${x.retainOnDelete}`);
    assert.deepStrictEqual(flagged, ["orders-table true true"]);
  });

  it("refuses bad arguments with every problem at once", async () => {
    await assert.rejects(make({ secondaryIndexes: [{ name: "x", partitionKey: { name: "id", type: "number" } }] }), (e: Error) => {
      assert.match(e.message, /index name 'x' is not 3 to 255/);
      assert.match(e.message, /attribute 'id' is a string at primaryKey\.partitionKey/);
      return true;
    });
  });

  it("streamReaders: per reader a policy reading the stream on its ARN and a mapping after it, with the given settings over Lambda's defaults", async () => {
    const r = await make({
      streamType: "NEW_IMAGE",
      streamReaders: [
        { name: "audit", functionArn: "arn:aws:lambda:us-east-1:123456789012:function:audit", roleName: "audit-role", batchSize: 10, maximumRetryAttempts: 2 },
        { name: "mirror", functionArn: "arn:aws:lambda:us-east-1:123456789012:function:mirror", roleName: "mirror-role" },
      ],
    });
    const streamArn = await outputValue(r.result.streamArn!);
    const mappings = r.resources.filter((x) => x.type === "aws:lambda/eventSourceMapping:EventSourceMapping").sort((a, b) => a.name.localeCompare(b.name));
    assert.deepStrictEqual(mappings.map((m) => m.name), ["orders-stream-mapping-audit", "orders-stream-mapping-mirror"]);
    assert.deepStrictEqual(
      mappings.map((m) => [m.inputs.eventSourceArn, m.inputs.functionName, m.inputs.batchSize, m.inputs.startingPosition, m.inputs.maximumRetryAttempts]),
      [[streamArn, "arn:aws:lambda:us-east-1:123456789012:function:audit", 10, "TRIM_HORIZON", 2], [streamArn, "arn:aws:lambda:us-east-1:123456789012:function:mirror", 100, "TRIM_HORIZON", undefined]],
    );
    const policy = r.resources.find((x) => x.name === "orders-stream-read-policy-audit")!.inputs;
    assert.strictEqual(policy.role, "audit-role");
    assert.deepStrictEqual(JSON.parse(policy.policy).Statement[0].Resource, streamArn);
  });

  it("refuses stream readers of a table without a stream", async () => {
    await assert.rejects(make({ streamReaders: [{ name: "audit", functionArn: "arn:aws:lambda:us-east-1:123456789012:function:audit", roleName: "r" }] }), (e: Error) => {
      assert.match(e.message, /streamReaders read the table's stream, and this table has none/);
      return true;
    });
  });
});
