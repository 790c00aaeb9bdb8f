// The editor's schema takes a directive exactly where the loader does. Both
// answers are computed, not listed: every position of every stack file of
// the repository (examples and fixtures) gets each kind of directive in
// turn (a secret, a text and a number parameter, whole or inside a longer
// string), and a standard JSON Schema validator (ajv, as editors read the
// schema) must agree with `analyze` (what `validate` says) on whether the
// file stays valid. The files must reach every field of every type (the
// fields are read from the schema), so a new field needs a value in a
// fixture before it is judged.
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import * as yaml from "js-yaml";
import Ajv from "ajv";
import { fileSchema, definition, resolve, type JsonSchema } from "../../src/shared/schema/schema";
import { analyze } from "../../src/config/validate";
import { registry } from "../../src/config/registry";
import { STAGE_DIRECTIVE } from "../../src/config/stage";

const ROOT = path.resolve(__dirname, "../..");
type Path = (string | number)[];

function stackFiles(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === "node_modules" || e.name.startsWith(".")) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) stackFiles(p, out);
    else if (/\.ya?ml$/.test(e.name) && /^resources:/m.test(fs.readFileSync(p, "utf8"))) out.push(p);
  }
  return out;
}

/** A resource every probe may read: one parameter of each type a parameter can have. */
const TARGET = "directiveProbe";
const TARGET_DEF = { type: "redis-cluster", properties: { instanceSize: "cache.t4g.micro", defaultUserPassword: "Correct-Horse-Battery-1" } };

/** The directives tried at each position: each kind of value a directive can give, whole or inside a string, and broken ones. */
function probes(): string[] {
  const params = registry[TARGET_DEF.type].params;
  const kinds = new Set(Object.values(registry).flatMap((e) => Object.values(e.params).map((p) => p.type)));
  // And what the loader refuses wherever it is: an unknown directive, an argument missing, Pulumi YAML's syntax.
  const out = ["$Secret('probe')", "x-$Secret('probe')-y", "$Nope('probe')", "$ResourceParam('probe')", `x-\${${TARGET}.port}`];
  // The stage's directives: whole (any type of value) and inside a longer string.
  out.push("$Stage()", "x-$Stage()-y", "$Config('probe')", "$Select($Stage(), {production: 3, default: 1})", "$Stage(x)");
  for (const kind of kinds) {
    const param = Object.keys(params).find((k) => params[k].type === kind);
    assert.ok(param, `${TARGET_DEF.type} has no ${kind} parameter to probe with; pick another target`);
    out.push(`$ResourceParam('${TARGET}', '${param}')`, `x-$ResourceParam(${TARGET}, ${param})`);
  }
  return out;
}

/** The field a value is, as the schema names it: properties by name, list items `*`, map values `{}`, tagged branches `<tag>`. */
function branchOf(s: JsonSchema, value: unknown): { schema: JsonSchema; tag?: string } | undefined {
  const branches = (s.anyOf ?? s.oneOf ?? []).map(resolve);
  const tag = typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>).type : undefined;
  const tagged = branches.find((b) => b.properties?.type?.const !== undefined && b.properties.type.const === tag);
  if (tagged) return { schema: tagged, tag: String(tag) };
  const json = Array.isArray(value) ? "array" : value === null ? "null" : typeof value === "object" ? "object" : typeof value;
  const plain = branches.find((b) => b.type === json || (json === "number" && b.type === "integer") || (b.type === undefined && b.enum?.includes(value)));
  return plain ? { schema: plain } : undefined;
}

/** Every position under `value` with its field name. */
function positions(schema: JsonSchema, value: unknown, at: Path, field: string, out: { at: Path; field: string }[]): void {
  let s = resolve(schema);
  out.push({ at, field });
  if (s.anyOf || s.oneOf) {
    const b = branchOf(s, value);
    if (!b) return;
    s = b.schema;
    if (b.tag) {
      field += `<${b.tag}>`;
      out.push({ at, field });
    }
  }
  if (Array.isArray(value) && s.items) value.forEach((v, i) => positions(s.items!, v, [...at, i], `${field}.*`, out));
  else if (typeof value === "object" && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      const prop = s.properties?.[k] ?? (typeof s.additionalProperties === "object" ? s.additionalProperties : undefined);
      if (prop) positions(prop, v, [...at, k], `${field}.${s.properties?.[k] ? k : "{}"}`, out);
    }
  }
}

/** Every field the schema has, named as `positions` names them. */
function fields(schema: JsonSchema, field: string, out: Set<string>): void {
  const s = resolve(schema);
  // A field no value is valid for (`not: {}`: refused, documented for editors) is in no valid file.
  if (s.not && !Object.keys(s.not).length) return;
  out.add(field);
  for (const b of (s.anyOf ?? s.oneOf ?? []).map(resolve)) {
    const tag = b.properties?.type?.const;
    fields(b, tag === undefined ? field : `${field}<${String(tag)}>`, out);
  }
  if (s.items) fields(s.items, `${field}.*`, out);
  for (const [k, p] of Object.entries(s.properties ?? {})) fields(p, `${field}.${k}`, out);
  if (typeof s.additionalProperties === "object") fields(s.additionalProperties, `${field}.{}`, out);
}

function setAt(root: unknown, at: Path, v: unknown): void {
  let o = root as Record<string | number, unknown>;
  for (const k of at.slice(0, -1)) o = o[k] as Record<string | number, unknown>;
  o[at[at.length - 1]] = v;
}

describe("directives: the editor's schema and the loader agree", function () {
  this.timeout(120000);
  const validate = new Ajv({ allErrors: true, strict: false }).compile(fileSchema());
  const loaderProblems = (doc: unknown) => analyze(doc).problems.filter((p) => !p.warning);
  // A file that reads the stage is judged once per stage (validate resolves it for each stack of its
  // project: test/cli/stages*.test.ts); here, with no stage, a plain-only field holding $Select is
  // rightly refused, so such files are not probe sources (the probes themselves try every stage directive).
  const files = [...stackFiles(path.join(ROOT, "examples")), ...stackFiles(path.join(ROOT, "test", "fixtures"))].filter(
    (f) => !STAGE_DIRECTIVE.test(fs.readFileSync(f, "utf8")),
  );
  const probed = new Map<string, { file: string; at: Path; doc: Record<string, any> }>();
  for (const file of files) {
    const doc = yaml.load(fs.readFileSync(file, "utf8")) as { resources: Record<string, { type: string; properties?: unknown }> };
    doc.resources[TARGET] = structuredClone(TARGET_DEF);
    for (const [name, r] of Object.entries(doc.resources)) {
      const entry = registry[r.type];
      if (name === TARGET || !entry || r.properties === undefined) continue;
      const found: { at: Path; field: string }[] = [];
      positions(definition(entry.definition), r.properties, ["resources", name, "properties"], r.type, found);
      for (const p of found) if (!probed.has(p.field)) probed.set(p.field, { file: path.relative(ROOT, file), at: p.at, doc });
    }
  }

  it("the repository's stack files hold a value for every field of every type", () => {
    const all = new Set<string>();
    for (const entry of Object.values(registry)) fields(definition(entry.definition), entry.type, all);
    assert.deepStrictEqual([...all].filter((f) => !probed.has(f)).sort(), []);
  });

  it("each stack file it probes is valid for both", () => {
    for (const { file, doc } of new Set(probed.values())) {
      assert.deepStrictEqual(loaderProblems(doc).map((p) => p.message), [], file);
      assert.ok(validate(doc), `${file}: ${JSON.stringify(validate.errors)}`);
    }
  });

  it("every position, with every kind of directive: the schema accepts it exactly when the loader does", () => {
    const disagree: string[] = [];
    for (const [field, { file, at, doc }] of probed) {
      for (const probe of probes()) {
        const copy = structuredClone(doc);
        setAt(copy, at, probe);
        const loader = loaderProblems(copy);
        const schema = validate(copy);
        if (schema !== (loader.length === 0)) {
          disagree.push(`${field} = ${probe} (${file}): schema ${schema ? "accepts" : "refuses"}, loader ${loader.length ? `refuses: ${loader[0].message}` : "accepts"}`);
        }
      }
    }
    assert.deepStrictEqual(disagree, []);
  });
});
