// The Pulumi package schema (src/pulumi-package/) says what the stack file's
// JSON Schema says, for every property of every type: made from the
// definitions and the JSON Schema generated from each properties.ts, so a
// field added there is in it with no other edit.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { packageSchema, type PulumiPackageSchema } from "../../src/pulumi-package/package-schema";
import { enumMemberName, type PulumiProperty, type PulumiType } from "../../src/pulumi-package/type-specs";
import { registry, type ResourceTypeEntry } from "../../src/config/registry";
import { definition, resolve, withoutDirective, type JsonSchema } from "../../src/shared/schema/schema";
import { generateSchema } from "../../scripts/generate-schema";

const REPO = path.resolve(__dirname, "..", "..");

/** The Pulumi type a `$ref` names. */
function pulumiType(schema: PulumiPackageSchema, t: PulumiType) {
  const token = t.$ref!.replace(/^#\/types\//, "");
  const found = schema.types[token];
  assert.ok(found, `no type ${token}`);
  return found;
}

/**
 * Every property the JSON Schema has at this point has a Pulumi property of
 * the same name, required alike; objects, lists, maps and unions are
 * followed. Returns the paths compared.
 */
function compare(schema: PulumiPackageSchema, json: JsonSchema, pulumi: PulumiType, at: string, seen: Set<string>): string[] {
  const s = resolve(json);
  const branches = s.anyOf ?? s.oneOf;
  if (branches) {
    if (!pulumi.oneOf) return compare(schema, branches[0], pulumi, at, seen);
    assert.strictEqual(pulumi.oneOf.length, branches.length, `${at}: a union of ${branches.length}`);
    return branches.flatMap((b, i) => compare(schema, b, pulumi.oneOf![i], `${at}|${i}`, seen));
  }
  if (s.enum) {
    const e = pulumiType(schema, pulumi);
    assert.deepStrictEqual(e.enum!.map((m) => m.value), s.enum, `${at}: the enum's values`);
    return [at];
  }
  if (s.type === "array") {
    assert.strictEqual(pulumi.type, "array", `${at}: a list`);
    return compare(schema, s.items!, pulumi.items!, `${at}[]`, seen);
  }
  if (s.properties) {
    const t = pulumiType(schema, pulumi);
    const key = `${pulumi.$ref}`;
    if (seen.has(key)) return [at];
    seen.add(key);
    assert.deepStrictEqual(Object.keys(t.properties!).filter((k) => !(k in s.properties!)), [], `${at}: properties the stack file does not have`);
    return [at, ...compareObject(schema, s, t.properties!, t.required ?? [], at, seen)];
  }
  if (typeof s.additionalProperties === "object") {
    assert.strictEqual(pulumi.type, "object", `${at}: a map`);
    return compare(schema, s.additionalProperties, pulumi.additionalProperties!, `${at}{}`, seen);
  }
  const want = s.type === "number" ? (s.multipleOf === 1 ? "integer" : "number") : s.type;
  assert.strictEqual(pulumi.type, want, `${at}: type`);
  return [at];
}

function compareObject(
  schema: PulumiPackageSchema, json: JsonSchema, props: Record<string, PulumiProperty>, required: string[], at: string, seen: Set<string>,
): string[] {
  const jsonKeys = Object.keys(json.properties ?? {});
  const missing = jsonKeys.filter((k) => !(k in props));
  assert.deepStrictEqual(missing, [], `${at}: properties missing from the Pulumi schema`);
  assert.deepStrictEqual([...required].sort(), [...(json.required ?? [])].sort(), `${at}: required`);
  return jsonKeys.flatMap((k) => {
    const p = props[k];
    const s = resolve(json.properties![k]);
    const secret = s.writeOnly === true || (s.anyOf ?? []).some((b) => b.writeOnly === true);
    assert.strictEqual(p.secret === true, secret, `${at}.${k}: ${secret ? "secret" : "not secret"} as the stack file's (writeOnly)`);
    if (s.const !== undefined) assert.strictEqual(p.const, s.const, `${at}.${k}: const`);
    if (s.default !== undefined) assert.ok(p.description?.includes(`Default: \`${JSON.stringify(s.default)}\``), `${at}.${k}: the default in words`);
    return compare(schema, json.properties![k], p, `${at}.${k}`, seen);
  });
}

/** Every value of `key` anywhere in the object. */
function valuesOf(v: unknown, key: string): unknown[] {
  if (Array.isArray(v)) return v.flatMap((x) => valuesOf(x, key));
  if (typeof v !== "object" || v === null) return [];
  return Object.entries(v).flatMap(([k, x]) => [...(k === key ? [x] : []), ...valuesOf(x, key)]);
}

describe("the Pulumi package schema", () => {
  const schema = packageSchema();

  it("has one component resource per type of the registry, with the type's token", () => {
    assert.deepStrictEqual(Object.keys(schema.resources).sort(), Object.values(registry).map((e) => e.token).sort());
    for (const r of Object.values(schema.resources)) assert.strictEqual(r.isComponent, true);
    assert.strictEqual(schema.name, "stackfile");
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    assert.strictEqual(schema.version, require("../../package.json").version);
  });

  for (const entry of Object.values(registry)) {
    it(`${entry.token}: every property of the stack file's ${entry.type} (JSON Schema), types, required fields, secrets (and only those) and defaults alike, and nothing else in its objects`, () => {
      const res = schema.resources[entry.token];
      const paths = compareObject(schema, definition(entry.definition), res.inputProperties, res.requiredInputs, entry.type, new Set());
      // Not vacuous: every top-level property of the type was compared (a small type has few).
      const top = Object.keys(definition(entry.definition).properties ?? {});
      assert.ok(paths.length > 0 && top.every((k) => paths.some((x) => new RegExp(`^${entry.type}\\.${k}($|[.[{|])`).test(x))), paths.join(", "));
      const extra = Object.keys(res.inputProperties).filter((k) => !(k in (definition(entry.definition).properties ?? {})));
      assert.deepStrictEqual(extra, Object.keys(entry.packageInputs?.inputs ?? {}), "beside the properties: only the definition's packageInputs");
    });

    it(`${entry.token}: its outputs are the parameters a stack file reads, secrets marked`, () => {
      const outs = schema.resources[entry.token].properties;
      assert.deepStrictEqual(Object.keys(outs).sort(), Object.keys(entry.params).sort());
      for (const [k, spec] of Object.entries(entry.params)) {
        assert.strictEqual(outs[k].type, spec.type);
        assert.strictEqual(outs[k].secret === true, spec.secret === true, `${k}: secret`);
      }
    });
  }

  it("leaves out what only TypeScript takes (transform, live objects) and gives no default an SDK would fill in", () => {
    for (const r of Object.values(schema.resources)) {
      for (const k of ["transform", "httpApiGateways", "authorizerFunctions", "routeMethods", "defaultVpcEndpoints"]) assert.ok(!(k in r.inputProperties), k);
    }
    assert.deepStrictEqual(valuesOf(schema, "default"), []);
  });

  it("refers only to types it defines, and names enum members uniquely", () => {
    for (const ref of valuesOf(schema, "$ref") as string[]) {
      if (ref === "pulumi.json#/Any") continue;
      assert.ok(schema.types[ref.replace(/^#\/types\//, "")], ref);
    }
    for (const [token, t] of Object.entries(schema.types)) {
      if (!t.enum) continue;
      const names = t.enum.map((m) => m.name);
      assert.deepStrictEqual(names.filter((n, i) => names.indexOf(n) !== i), [], token);
      for (const n of names) assert.match(n, /^[A-Za-z][A-Za-z0-9_]*$/, `${token}: ${n}`);
    }
  });

  it("names enum members as identifiers each SDK can hold", () => {
    assert.strictEqual(enumMemberName("cache.t4g.small"), "CacheT4gSmall");
    assert.strictEqual(enumMemberName("6.2"), "V6_2");
    assert.strictEqual(enumMemberName(30), "V30");
    assert.strictEqual(enumMemberName("*"), "All");
    assert.strictEqual(enumMemberName("PriceClass_100"), "PriceClass100");
    assert.strictEqual(enumMemberName("scoping-workloads-in-vpc"), "ScopingWorkloadsInVpc");
  });

  it("a field added to a properties.ts is in the package schema with no other edit (properties.ts -> JSON Schema -> Pulumi schema)", function () {
    this.timeout(120000);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pkg-schema-"));
    try {
      const file = path.join(dir, "properties.ts");
      fs.writeFileSync(file, `/** A type made for this test. */
export interface ProbeProperties {
  /** A field that was there. */
  kept: string;
  /**
   * A field added now.
   * @default 3
   * @minimum 1
   * @multipleOf 1
   */
  addedNow?: number;
  /**
   * A secret added now.
   * @writeOnly
   */
  addedSecret?: string;
}
`);
      const probe: ResourceTypeEntry = {
        ...registry["redis-cluster"], type: "probe", token: "stackfile:index:Probe", definition: "ProbeProperties",
        propertiesFile: path.relative(REPO, file), params: {}, packageInputs: undefined,
      };
      const json = generateSchema([probe]) as { definitions: Record<string, JsonSchema> };
      const defs = withoutDirective(json.definitions as JsonSchema) as unknown as Record<string, JsonSchema>;
      const made = packageSchema({ entries: [probe], definition: (name) => defs[name] });
      const inputs = made.resources["stackfile:index:Probe"].inputProperties;
      assert.deepStrictEqual(Object.keys(inputs).sort(), ["addedNow", "addedSecret", "kept"]);
      assert.deepStrictEqual(inputs.addedNow, { type: "integer", description: "A field added now.\n\nDefault: `3`." });
      assert.strictEqual(inputs.addedSecret.secret, true);
      assert.deepStrictEqual(made.resources["stackfile:index:Probe"].requiredInputs, ["kept"]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
