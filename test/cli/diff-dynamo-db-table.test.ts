// `stackfile diff` of a dynamo-db-table: a key change replaces the table and
// loses its items (refused at the key unless --allow-replace), an index or a
// stream is changed in place, and a key's type cannot change at all.
import * as assert from "assert";
import { cli, tmpFile } from "./cli-helpers";

const table = (key: string, more = "") => `resources:
  orders:
    type: dynamo-db-table
    properties:
      primaryKey:
        partitionKey: { name: ${key}, type: string }
${more}`;

async function jsonDiff(...args: string[]) {
  const r = await cli("diff", ...args, "--format", "json");
  const out = r.out ? JSON.parse(r.out) : undefined;
  const byName = (name: string) => out?.resources.find((x: { name: string }) => x.name === name);
  return { ...r, json: out, byName };
}

describe("stackfile diff: dynamo-db-table", function () {
  this.timeout(120000);

  it("a new partition key replaces the table, whose items are lost: refused at the key (exit 1); --allow-replace orders accepts it", async () => {
    const before = tmpFile(table("id"));
    const after = tmpFile(table("orderId"));
    const r = await jsonDiff(before, after);
    assert.strictEqual(r.code, 1);
    const t = r.byName("orders-table");
    assert.deepStrictEqual([t.action, t.replaceBecause, t.dataLoss], ["replace", ["hashKey"], true]);
    assert.strictEqual(r.err, `${after}:6:31: orders: orders-table (aws:dynamodb/table:Table) is replaced because hashKey forces a new resource: the new one starts empty, and the old one is deleted with every item in the table; if that is intended, pass --allow-replace orders`);
    const allowed = await jsonDiff(before, after, "--allow-replace", "orders");
    assert.strictEqual(allowed.code, 0, allowed.err);
    assert.strictEqual(allowed.byName("orders-table").action, "replace");
  });

  it("a new sort key replaces the table too (refused); an index, a stream and a TTL attribute change it in place (exit 0)", async () => {
    const before = tmpFile(table("id"));
    const sorted = await jsonDiff(before, tmpFile(table("id", "        sortKey: { name: at, type: number }\n")));
    assert.strictEqual(sorted.code, 1);
    assert.deepStrictEqual(sorted.byName("orders-table").replaceBecause, ["rangeKey"]);
    const more = "      streamType: NEW_IMAGE\n      ttlAttributeName: expiresAt\n      secondaryIndexes:\n        - { name: byStatus, partitionKey: { name: status, type: string } }\n";
    const r = await jsonDiff(before, tmpFile(table("id", more)));
    assert.strictEqual(r.code, 0, r.err);
    assert.strictEqual(r.byName("orders-table").action, "update");
    assert.strictEqual(r.byName("orders-table").dataLoss, false);
  });

  it("a table key's new type is refused at the type, with what to do instead", async () => {
    const after = tmpFile(table("id").replace("type: string", "type: number"));
    const r = await cli("diff", tmpFile(table("id")), after);
    assert.strictEqual(r.code, 1);
    assert.match(r.err, new RegExp(`^${after.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:6:41: the table's partitionKey 'id' is a string, and DynamoDB cannot change a table key's type; to change it, rename the key too`));
  });
});
