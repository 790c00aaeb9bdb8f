// dynamo-db-table's rules: each refusing a bad input and passing a good one, every problem at once with its path.
import * as assert from "assert";
import { dynamoDbTableStaticProblems, dynamoDbTableUpdateProblems, dynamoDbTableWarnings } from "../../../src/components/dynamo-db-table/rules";

const key = (name: string, type = "string") => ({ name, type });
const base = { primaryKey: { partitionKey: key("id"), sortKey: key("at", "number") } };
const problems = (p: Record<string, unknown>) => dynamoDbTableStaticProblems({ ...base, ...p }).map((x) => `${x.path.join(".")}: ${x.message}`);
const warnings = (p: Record<string, unknown>) => dynamoDbTableWarnings({ ...base, ...p }).map((x) => `${x.path.join(".")}: ${x.message}`);

describe("dynamo-db-table rules", () => {
  it("passes a table with a sort key, indexes of each projection, auto scaling and a TTL attribute", () => {
    assert.deepStrictEqual(problems({
      secondaryIndexes: [
        { name: "byStatus", partitionKey: key("status"), sortKey: key("at", "number") },
        { name: "by-owner", partitionKey: key("owner"), projectionType: "keys-only" },
        { name: "by.title", partitionKey: key("title"), projectionType: "include", nonKeyAttributes: ["body"] },
      ],
      provisionedThroughput: { readUnits: 5, writeUnits: 5, readScaling: { minUnits: 5, maxUnits: 50, keepUtilizationUnder: 70 }, writeScaling: { minUnits: 1, maxUnits: 1 } },
      ttlAttributeName: "expiresAt",
    }), []);
  });

  it("an attribute has one type in the table and its indexes", () => {
    assert.deepStrictEqual(problems({ secondaryIndexes: [{ name: "byAt", partitionKey: key("at", "string"), sortKey: key("id", "string") }] }), [
      "secondaryIndexes.0.partitionKey.type: attribute 'at' is a number at primaryKey.sortKey; DynamoDB gives an attribute one type in a table and its indexes: use number here, or another attribute",
    ]);
  });

  it("says every problem at once: names of keys, indexes and the TTL attribute, projections, scaling bounds", () => {
    const long = "x".repeat(256);
    assert.deepStrictEqual(problems({
      primaryKey: { partitionKey: key(long) },
      secondaryIndexes: [
        { name: "ab", partitionKey: key("s") },
        { name: "dup", partitionKey: key("s"), projectionType: "include" },
        { name: "dup", partitionKey: key("s"), projectionType: "include", nonKeyAttributes: [] },
        { name: "keys", partitionKey: key("s"), projectionType: "keys-only", nonKeyAttributes: ["a"] },
      ],
      provisionedThroughput: { readUnits: 1, writeUnits: 1, readScaling: { minUnits: 10, maxUnits: 5 }, writeScaling: { minUnits: 1, maxUnits: 2, keepUtilizationUnder: 95 } },
      ttlAttributeName: long,
    }), [
      "primaryKey.partitionKey.name: an attribute name is 1 to 255 bytes, not 256",
      "secondaryIndexes.0.name: index name 'ab' is not 3 to 255 letters, digits, _, . and -",
      "secondaryIndexes.1.projectionType: projectionType include copies the attributes nonKeyAttributes names: add nonKeyAttributes, or use keys-only",
      "secondaryIndexes.2.name: index name 'dup' is used twice; each index of a table has its own name",
      "secondaryIndexes.2.nonKeyAttributes: projectionType include copies the attributes nonKeyAttributes names: name at least one, or use keys-only",
      "secondaryIndexes.3.nonKeyAttributes: nonKeyAttributes is only for projectionType include (this index projects keys-only): remove it, or set projectionType: include",
      "provisionedThroughput.readScaling.maxUnits: the highest capacity (5) is below the lowest (10)",
      "provisionedThroughput.writeScaling.keepUtilizationUnder: DynamoDB's target utilization is 20 to 90 percent, not 95",
      "ttlAttributeName: an attribute name is 1 to 255 bytes, not 256",
    ]);
  });

  it("at most 100 projected non-key attributes over all indexes (one in two indexes counts twice)", () => {
    const attrs = Array.from({ length: 50 }, (_, i) => `a${i}`);
    const ix = (name: string, extra: string[]) => ({ name, partitionKey: key("s"), projectionType: "include", nonKeyAttributes: extra });
    assert.deepStrictEqual(problems({ secondaryIndexes: [ix("one", attrs), ix("two", attrs)] }), []);
    assert.deepStrictEqual(problems({ secondaryIndexes: [ix("one", attrs), ix("two", [...attrs, "b"])] }), [
      "secondaryIndexes: the indexes copy 101 non-key attributes in all; DynamoDB takes 100 per table (an attribute in two indexes counts twice)",
    ]);
  });

  it("judges no value that is not known yet (a directive, an Output)", () => {
    assert.deepStrictEqual(problems({ ttlAttributeName: { $ref: "x" }, provisionedThroughput: { readUnits: 1, writeUnits: 1, readScaling: { minUnits: {}, maxUnits: 1 } } }), []);
  });

  it("warns above the default 20 indexes, and of a TTL attribute that is a key of another type than number", () => {
    const many = Array.from({ length: 21 }, (_, i) => ({ name: `index${i}`, partitionKey: key("s") }));
    assert.deepStrictEqual(warnings({ secondaryIndexes: many.slice(0, 20), ttlAttributeName: "at" }), []);
    assert.deepStrictEqual(warnings({ secondaryIndexes: many, ttlAttributeName: "id" }), [
      "secondaryIndexes: 21 global secondary indexes: DynamoDB takes 20 per table unless the account's quota was raised; plan refuses them unless --quota dynamodb/secondary-indexes=21 says it was",
      "ttlAttributeName: 'id' is a string key attribute; DynamoDB expires only items whose TTL attribute is a number (seconds since the epoch), so no item would ever expire",
    ]);
  });

  it("a table key keeps its type across updates; a renamed key (a new table) and an index key's new type are not refused here", () => {
    const update = (next: Record<string, unknown>) => dynamoDbTableUpdateProblems(base, next).map((x) => `${x.path.join(".")}: ${x.message}`);
    assert.deepStrictEqual(update({ primaryKey: { partitionKey: key("id"), sortKey: key("at", "string") } }), [
      "primaryKey.sortKey.type: the table's sortKey 'at' is a number, and DynamoDB cannot change a table key's type; to change it, rename the key too: that replaces the table, whose items are lost (diff refuses it without --allow-replace)",
    ]);
    assert.deepStrictEqual(update({ primaryKey: { partitionKey: key("id"), sortKey: key("createdAt", "string") } }), []);
    assert.deepStrictEqual(update({ ...base, secondaryIndexes: [{ name: "byX", partitionKey: key("x", "binary") }] }), []);
  });
});
