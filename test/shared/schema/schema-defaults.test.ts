// The components' properties are typed from the schema's defaults through the
// generated schema-defaults.ts: it must be what the schema says, and say
// present exactly the fields `withDefaults` fills.
import * as assert from "assert";
import * as fs from "fs";
import { defaultsText, DEFAULTS_PATH } from "../../../scripts/generate-schema";
import { registry } from "../../../src/config/registry";
import { defaultTree, makesField, type DefaultNode } from "../../../src/shared/schema/default-tree";
import { withDefaults } from "../../../src/shared/schema/schema";
import type { Defaulted } from "../../../src/shared/schema/defaulted";
import type { DeepInput } from "../../../src/shared/component/inputs";
import type { FunctionProperties } from "../../../src/components/function/properties";

/** What `withDefaults` gives an empty object, as the tree says: the values of the fields it makes. */
function made(node: DefaultNode): unknown {
  if ("default" in node) return node.default;
  if (!("properties" in node)) return undefined;
  const out: Record<string, unknown> = {};
  for (const [k, child] of Object.entries(node.properties)) if (makesField(child)) out[k] = made(child);
  return out;
}

// Compile-time: a field with a default is there (no `?? default`, no cast); one without stays optional.
type Fn = Defaulted<"FunctionProperties", DeepInput<FunctionProperties>>;
export const typed: ((p: Fn) => unknown)[] = [
  (p) => p.logging.retentionDays.valueOf,
  (p) => p.memory.valueOf,
  // @ts-expect-error environment has no default: it may be absent
  (p) => p.environment.length,
];

describe("schema defaults", () => {
  it("schema-defaults.ts is what the checked-in schema says (npm run schema:gen writes it)", () => {
    assert.strictEqual(fs.readFileSync(DEFAULTS_PATH, "utf8"), defaultsText());
  });

  for (const entry of Object.values(registry)) {
    it(`${entry.definition}: the fields the tree says present are those withDefaults fills`, () => {
      const tree = defaultTree(entry.definition);
      assert.ok(tree, "every resource type has defaults");
      assert.deepStrictEqual(withDefaults(entry.definition, {}), made(tree));
    });
  }

  it("list items are filled, and the list stays optional", () => {
    const node = defaultTree("FunctionProperties") as { properties: Record<string, DefaultNode> };
    assert.deepStrictEqual(node.properties.iamRoleStatements, { items: { properties: { Effect: { default: "Allow" } } } });
    assert.strictEqual(makesField(node.properties.iamRoleStatements), false);
    const filled = withDefaults("FunctionProperties", { iamRoleStatements: [{ Action: ["s3:GetObject"], Resource: ["*"] }] }) as Record<string, any>;
    assert.strictEqual(filled.iamRoleStatements[0].Effect, "Allow");
  });
});
