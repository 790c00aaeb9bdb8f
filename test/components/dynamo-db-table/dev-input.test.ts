// The local table dev creates for a dynamo-db-table: CreateTable's input.
import * as assert from "assert";
import { createTableInput, LOCAL_ON_DEMAND_UNITS, localTableName } from "../../../src/components/dynamo-db-table/dev";

describe("dynamo-db-table in dev: the local table", () => {
  it("provisioned: its units on the table and each index; keys, projections and stream as DynamoDB takes them", () => {
    const input = createTableInput("counters", {
      primaryKey: { partitionKey: { name: "key", type: "binary" } },
      provisionedThroughput: { readUnits: 5, writeUnits: 7 },
      secondaryIndexes: [{ name: "byTitle", partitionKey: { name: "title", type: "string" }, sortKey: { name: "at", type: "number" }, projectionType: "include", nonKeyAttributes: ["body"] }],
      streamType: "KEYS_ONLY",
    });
    assert.deepStrictEqual(input, {
      TableName: "counters",
      AttributeDefinitions: [{ AttributeName: "key", AttributeType: "B" }, { AttributeName: "title", AttributeType: "S" }, { AttributeName: "at", AttributeType: "N" }],
      KeySchema: [{ AttributeName: "key", KeyType: "HASH" }],
      ProvisionedThroughput: { ReadCapacityUnits: 5, WriteCapacityUnits: 7 },
      GlobalSecondaryIndexes: [{
        IndexName: "byTitle", KeySchema: [{ AttributeName: "title", KeyType: "HASH" }, { AttributeName: "at", KeyType: "RANGE" }],
        Projection: { ProjectionType: "INCLUDE", NonKeyAttributes: ["body"] }, ProvisionedThroughput: { ReadCapacityUnits: 5, WriteCapacityUnits: 7 },
      }],
      StreamSpecification: { StreamEnabled: true, StreamViewType: "KEYS_ONLY" },
    });
  });

  it("on demand (an empty provisionedThroughput the defaults filled in counts as none): the local nominal units, no stream", () => {
    const input = createTableInput("orders", { primaryKey: { partitionKey: { name: "id", type: "string" } }, provisionedThroughput: {} as never });
    assert.deepStrictEqual(input.ProvisionedThroughput, { ReadCapacityUnits: LOCAL_ON_DEMAND_UNITS, WriteCapacityUnits: LOCAL_ON_DEMAND_UNITS });
    assert.strictEqual(input.StreamSpecification, undefined);
    assert.strictEqual(input.GlobalSecondaryIndexes, undefined);
  });

  it("names the table after the resource, as DynamoDB takes names", () => {
    assert.deepStrictEqual([localTableName("orders"), localTableName("a"), localTableName("my table")], ["orders", "a__", "my-table"]);
  });
});
