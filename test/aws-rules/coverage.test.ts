// The catalog and the force-new table cover every type stackfile creates, and the plans of the
// example stack and of the every-field stacks pass it.
import * as assert from "assert";
import { cli } from "../cli/cli-helpers";
import { CATALOG } from "../../src/aws-rules";
import { registry } from "../../src/config/registry";
import { childIdOf } from "../../src/cli/plan-checks";
import { replacementRow } from "../../src/aws-rules/replacement-table";
import { exampleBuild, edgeBuild } from "../nextjs-fixture";

const STACKS = [
  "examples/yaml-stack/stack.yaml",
  "test/fixtures/every-field.yaml",
  "test/fixtures/every-field-gateway.yaml",
  "test/fixtures/every-field-web.yaml",
  "test/fixtures/every-field-edge.yaml",
  "test/fixtures/every-field-function.yaml",
  "test/fixtures/every-field-firewall.yaml",
  "test/fixtures/every-field-sqs.yaml",
  "test/fixtures/every-field-user-auth-pool.yaml",
  "test/fixtures/every-field-database.yaml",
  "test/fixtures/every-field-dynamo-db-table.yaml",
];

describe("the catalog covers what stackfile makes", function () {
  // Hang guard, not a timing: two real OpenNext builds of the example apps run first (up to 200 s each on two busy cores).
  this.timeout(900_000);
  const types = new Set<string>();
  const plans: { resources: { type: string; name: string; parent: string | null }[] }[] = [];
  const dynamicTypes = new Set<string>();
  before(async () => {
    exampleBuild();
    edgeBuild();
  });

  for (const file of STACKS) {
    it(`plan of ${file} passes the catalog`, async () => {
      const r = await cli("plan", file, "--json");
      assert.strictEqual(r.code, 0, r.err);
      const plan = JSON.parse(r.out);
      plans.push(plan);
      for (const x of plan.resources) {
        if (x.type.startsWith("aws:")) types.add(x.type);
        if (x.type.startsWith("pulumi-nodejs:")) dynamicTypes.add(x.type);
      }
    });
  }

  it("every child those plans make is of the type its component's child table says (what overrides are checked against)", () => {
    let checked = 0;
    for (const plan of plans) {
      const components = new Map(plan.resources.filter((x) => x.type.startsWith("stackfile:index:")).map((x) => [x.name, Object.values(registry).find((e) => e.token === x.type)!]));
      for (const x of plan.resources) {
        const entry = x.parent ? components.get(x.parent) : undefined;
        if (!entry) continue;
        const id = childIdOf(x.name, x.parent!, entry.childIds);
        assert.ok(id, `${x.name}: no child id of ${entry.type}`);
        assert.strictEqual(entry.children[id], x.type, `${entry.type} child ${id}`);
        checked++;
      }
    }
    assert.ok(checked > 150, `only ${checked} children`);
  });

  it("every AWS type those plans make has at least one rule", () => {
    assert.ok(types.size > 30, `only ${types.size} types`);
    const covered = new Set(CATALOG.flatMap((r) => r.types));
    assert.deepStrictEqual([...types].filter((t) => !covered.has(t)).sort(), []);
  });

  it("every type those plans make has a row in the force-new table (diff knows what replaces it)", () => {
    assert.ok(dynamicTypes.size >= 3, `only ${dynamicTypes.size} dynamic types`);
    assert.deepStrictEqual([...types, ...dynamicTypes].filter((t) => !replacementRow(t)).sort(), []);
  });
});
