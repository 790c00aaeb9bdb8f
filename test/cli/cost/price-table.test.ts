// The price table holds a source and a date on every row, and the meters
// name only real AWS resource types and prices the table has.
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { PRICE_ROWS } from "../../../src/cli/cost/price-table";
import { KNOWN_AWS_TYPES } from "../../../src/cli/cost/meters";

const today = new Date().toISOString().slice(0, 10);

describe("the price table", () => {
  it("has on every row a price, its unit, the AWS price page it is published on, the date it was read and where it was checked", () => {
    assert.ok(PRICE_ROWS.length > 0);
    for (const r of PRICE_ROWS) {
      const row = `${r.id} (${r.region})`;
      assert.match(r.id, /^[a-z0-9_-]+(\.[a-z0-9_-]+)+$/, row);
      assert.match(r.region, /^(\*|[a-z]{2}(-[a-z]+)+-\d)$/, row);
      assert.ok(typeof r.usd === "number" && r.usd > 0, `${row}: a price`);
      assert.ok(r.per.length > 0 && r.what.length > 0, `${row}: a unit and what it is`);
      assert.match(r.source, /^https:\/\/aws\.amazon\.com\/[a-z0-9/-]+\/pricing\/$/, `${row}: AWS's price page`);
      assert.match(r.asOf, /^\d{4}-\d{2}-\d{2}$/, `${row}: a date`);
      assert.ok(!Number.isNaN(Date.parse(r.asOf)) && r.asOf <= today, `${row}: a real date, not in the future`);
      assert.ok(r.checkedIn.length > 0 && r.checkedIn.every((c) => c.length > 20), `${row}: where it was checked`);
    }
  });

  it("prices each thing once per Region", () => {
    const keys = PRICE_ROWS.map((r) => `${r.id}@${r.region}`);
    assert.deepStrictEqual(keys.filter((k, i) => keys.indexOf(k) !== i), []);
  });

  it("names only AWS resource types that @pulumi/aws has", () => {
    const root = path.dirname(require.resolve("@pulumi/aws/package.json"));
    const real = new Set<string>();
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory() && e.name !== "node_modules") walk(p);
        else if (e.name.endsWith(".js")) for (const m of fs.readFileSync(p, "utf8").matchAll(/__pulumiType = '([^']+)'/g)) real.add(m[1]);
      }
    };
    walk(root);
    assert.deepStrictEqual(KNOWN_AWS_TYPES.filter((t) => !real.has(t)), []);
  });
});
