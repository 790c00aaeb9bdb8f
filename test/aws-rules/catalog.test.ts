// Every rule of the catalog, by its own examples: it passes the inputs it
// must pass and refuses the ones it must refuse.
import * as assert from "assert";
import { CATALOG, checkCatalog } from "../../src/aws-rules";
import type { AwsRule, ExampleResource, PlannedResource } from "../../src/aws-rules/rule";

function planned(rule: AwsRule, list: ExampleResource[], stackRegion: string): PlannedResource[] {
  return list.map((e, i) => ({
    type: e.type ?? (rule.types[0] === "*" ? "aws:acm/certificate:Certificate" : rule.types[0]),
    name: e.name ?? (i === 0 ? "judged" : `other${i}`),
    parent: null,
    inputs: e.inputs,
    region: e.region ?? stackRegion,
    dependsOn: e.dependsOn ?? [],
  }));
}

function findings(rule: AwsRule, list: ExampleResource[]) {
  const region = rule.examples.stackRegion ?? "us-east-1";
  const resources = planned(rule, list, region);
  return checkCatalog(resources, { region }, [rule]).filter((f) => f.resource === resources[0]);
}

describe("AWS rule catalog", () => {
  it("has unique ids, a source and a summary for every rule", () => {
    const ids = CATALOG.map((r) => r.id);
    assert.deepStrictEqual(ids.filter((id, i) => ids.indexOf(id) !== i), []);
    for (const r of CATALOG) {
      assert.match(r.id, /^[a-z0-9-]+\/[a-z0-9-]+$/, r.id);
      assert.ok(r.source.length > 10 && r.summary.length > 10, r.id);
      assert.ok(r.types.length > 0, r.id);
    }
  });

  for (const rule of CATALOG) {
    describe(rule.id, () => {
      it("passes its passing example", () => {
        assert.deepStrictEqual(findings(rule, rule.examples.pass).map((f) => f.message), []);
      });
      it("refuses its failing example, naming the input", () => {
        const found = findings(rule, rule.examples.fail);
        assert.ok(found.length > 0, `${rule.id} refused nothing`);
        for (const f of found) assert.ok(f.input.length > 0 && f.message.length > 0);
      });
    });
  }
});
