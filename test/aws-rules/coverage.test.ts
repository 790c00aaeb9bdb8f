// The catalog and the force-new table cover every type stackfile creates, and the plans of the
// example stack and of the every-field stacks pass it.
import * as assert from "assert";
import { cli } from "../cli/cli-helpers";
import { CATALOG } from "../../src/aws-rules";
import { replacementRow } from "../../src/aws-rules/replacement-table";
import { exampleBuild, edgeBuild } from "../nextjs-fixture";

const STACKS = [
  "examples/yaml-stack/stack.yaml",
  "test/fixtures/every-field.yaml",
  "test/fixtures/every-field-gateway.yaml",
  "test/fixtures/every-field-web.yaml",
  "test/fixtures/every-field-edge.yaml",
  "test/fixtures/every-field-function.yaml",
];

describe("the catalog covers what stackfile makes", function () {
  this.timeout(300000);
  const types = new Set<string>();
  const dynamicTypes = new Set<string>();
  before(async () => {
    exampleBuild();
    edgeBuild();
  });

  for (const file of STACKS) {
    it(`plan of ${file} passes the catalog`, async () => {
      const r = await cli("plan", file, "--json");
      assert.strictEqual(r.code, 0, r.err);
      for (const x of JSON.parse(r.out).resources) {
        if (x.type.startsWith("aws:")) types.add(x.type);
        if (x.type.startsWith("pulumi-nodejs:")) dynamicTypes.add(x.type);
      }
    });
  }

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
