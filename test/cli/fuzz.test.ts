// Random mutations of the example stacks, each one invalid by construction:
// every run must exit 1 with positioned messages and never a stack trace.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { parse, stringify } from "yaml";
import { cli } from "./cli-helpers";
import { analyzeStackfile } from "../../src/config/stackfile";
import { registry } from "../../src/config/registry";

const SOURCES = ["examples/yaml-stack/stack.yaml", "test/fixtures/every-field.yaml"];
const COUNT = 2000;

function prng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Path = (string | number)[];

/**
 * Every path of the document, except inside `overrides.<child>`: those are
 * free-form arguments of AWS resources, which only AWS judges.
 */
function paths(v: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  if (prefix.length >= 4 && prefix[2] === "overrides") return out;
  out.push(prefix);
  if (typeof v === "object" && v !== null) {
    for (const [k, x] of Object.entries(v)) paths(x, [...prefix, Array.isArray(v) ? Number(k) : k], out);
  }
  return out;
}

function setIn(root: any, p: Path, value: unknown): any {
  if (p.length === 0) return value;
  let o = root;
  for (const k of p.slice(0, -1)) o = o[k];
  o[p[p.length - 1]] = value;
  return root;
}

function getIn(root: any, p: Path): unknown {
  return p.reduce((o, k) => (o == null ? undefined : o[k]), root);
}

const REQUIRED = new Set(["resources", "type", "properties", "instanceSize", "defaultUserPassword", "enabled", "domainName", "behavior", "headerName", "value"]);

function kind(v: unknown): string {
  return v === null ? "null" : Array.isArray(v) ? "array" : typeof v;
}

function mutate(text: string, rand: () => number): { text: string; how: string } {
  const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)];
  const doc = parse(text);
  const lines = text.split("\n");
  const op = pick(["type", "type", "type", "delete", "duplicate", "broken", "unknownKey"]);
  if (op === "type") {
    // A value of another JSON type than the original, at any level.
    // Not a directive: it stands for a value of the field's own type.
    const p = pick(paths(doc).filter((x) => !String(getIn(doc, x)).startsWith("$")));
    const original = getIn(doc, p);
    const candidates: unknown[] = [12345, "not-valid", true, [1, 2], { zz: 1 }, null, 1.5, -7];
    // An empty `properties:` of a type whose properties are optional (a gateway, a bucket, ...) is valid.
    const replacement = pick(candidates.filter((c) => kind(c) !== kind(original) && !(optionalProperties(doc, p) && c === null)));
    return { text: stringify(setIn(doc, p, replacement)), how: `type of ${p.join(".")} -> ${JSON.stringify(replacement)}` };
  }
  if (op === "delete") {
    // `properties` of a type whose properties are optional may go.
    const p = pick(paths(doc).filter((x) => x.length && REQUIRED.has(String(x[x.length - 1])) && !optionalProperties(doc, x)));
    const parent = p.length === 1 ? doc : getIn(doc, p.slice(0, -1));
    delete (parent as any)[p[p.length - 1]];
    return { text: stringify(doc), how: `delete ${p.join(".")}` };
  }
  if (op === "duplicate") {
    const candidates = lines.map((l, i) => [l, i] as const).filter(([l]) => /^\s*[A-Za-z]+:/.test(l));
    const [line, i] = pick(candidates);
    lines.splice(i + 1, 0, line.replace(/:.*/, ": 1"));
    return { text: lines.join("\n"), how: `duplicate key at line ${i + 1}` };
  }
  if (op === "broken") {
    const i = Math.floor(rand() * (lines.length + 1));
    const indent = (lines[i] ?? "").match(/^\s*/)![0];
    const junk = pick([`${indent}key: "unterminated`, `${indent}flow: {a: 1`, `\t${indent}tab: 1`, `${indent}list: [1, 2`]);
    lines.splice(i, 0, junk);
    return { text: lines.join("\n"), how: `broken YAML at line ${i + 1}` };
  }
  const maps = paths(doc).filter((p) => { const v = getIn(doc, p); return kind(v) === "object"; });
  const p = pick(maps);
  (getIn(doc, p) as Record<string, unknown>)[pick(["extra", "colour", "instanceSizes", "porrt", "zzz"])] = 1;
  return { text: stringify(doc), how: `unknown key under ${p.join(".") || "(root)"}` };
}

/** `resources.<name>.properties` of a type the registry says may have none. */
function optionalProperties(doc: unknown, p: Path): boolean {
  return p.length === 3 && p[0] === "resources" && p[2] === "properties" && registry[String((getIn(doc, p.slice(0, 2)) as { type?: string }).type)]?.propertiesOptional === true;
}

describe("no input ever produces a stack trace", function () {
  this.timeout(300000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fuzz-"));
  const file = path.join(dir, "stack.yaml");
  const positioned = new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:\\d+:\\d+: \\S`);

  it(`validate: ${COUNT} invalid mutations exit 1 with FILE:LINE:COL messages`, async () => {
    const rand = prng(20261121);
    const sources = SOURCES.map((s) => fs.readFileSync(s, "utf8"));
    const ops = new Map<string, number>();
    for (let i = 0; i < COUNT; i++) {
      const m = mutate(sources[i % sources.length], rand);
      const op = m.how.split(" ")[0];
      ops.set(op, (ops.get(op) ?? 0) + 1);
      fs.writeFileSync(file, m.text);
      const r = await cli("validate", file);
      const context = `mutation #${i} (${m.how}):\n${m.text}\n--- output:\n${r.err}${r.out}`;
      assert.strictEqual(r.code, 1, context);
      assert.strictEqual(r.out, "", context);
      for (const line of r.err.split("\n")) assert.match(line, positioned, context);
      assert.ok(!/internal error|\n\s+at /.test(r.err), context);
    }
    assert.ok([...ops.values()].every((n) => n > 100), `every kind of mutation ran: ${JSON.stringify([...ops])}`);
  });

  it("plan and diff: mutations exit 1 with positioned messages too", async () => {
    const rand = prng(7);
    const source = fs.readFileSync(SOURCES[1], "utf8");
    const good = path.join(dir, "good.yaml");
    fs.writeFileSync(good, source);
    for (let i = 0; i < 60; i++) {
      const m = mutate(source, rand);
      fs.writeFileSync(file, m.text);
      for (const argv of [["plan", file], ["diff", good, file]]) {
        const r = await cli(...argv);
        const context = `${argv[0]} mutation #${i} (${m.how}):\n${r.err}`;
        assert.strictEqual(r.code, 1, context);
        for (const line of r.err.split("\n")) assert.match(line, positioned, context);
      }
    }
  });

  it("built-in JavaScript names anywhere (resource name, type, key, value, secret name) never break a run", async () => {
    const rand = prng(42);
    const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)];
    const words = ["constructor", "__proto__", "toString", "valueOf", "hasOwnProperty", "prototype", "__defineSetter__"];
    const sources = SOURCES.map((s) => fs.readFileSync(s, "utf8"));
    for (let i = 0; i < 300; i++) {
      const word = pick(words);
      const lines = sources[i % sources.length].split("\n");
      const at = pick(lines.map((l, n) => [l, n] as const).filter(([l]) => /^\s*[A-Za-z]+:/.test(l)));
      const where = pick(["key", "value", "secret"]);
      lines[at[1]] = where === "key" ? at[0].replace(/^(\s*)[A-Za-z]+:/, `$1${word}:`)
        : where === "value" ? at[0].replace(/:.*/, `: ${word}`)
        : at[0].replace(/:.*/, `: $Secret('${word}')`);
      const text = lines.join("\n");
      fs.writeFileSync(file, text);
      const r = await cli("validate", file);
      const context = `#${i} ${where} ${word} at line ${at[1] + 1}:\n${r.err}`;
      assert.ok(r.code === 0 || r.code === 1, context);
      assert.ok(!/internal error|\n\s+at /.test(r.err), context);
      if (r.code === 1) for (const line of r.err.split("\n")) assert.match(line, positioned, context);
    }
  });

  it("plan prints no secret it was given, for a valid stack and for mutations of it", async () => {
    const rand = prng(99);
    const source = fs.readFileSync(SOURCES[0], "utf8");
    const model = analyzeStackfile(SOURCES[0], source).model;
    const keys = new Map<string, Set<string>>();
    for (const r of model.resources) for (const s of r.secrets) {
      const k = keys.get(s.name) ?? new Set<string>();
      if (s.key) k.add(s.key);
      keys.set(s.name, k);
    }
    const marker = (name: string) => `Fz-Secret-${name.replace(/[^A-Za-z0-9]/g, "")}-7Qx9!#`;
    const args = [...keys].flatMap(([name, k]) => ["--secret", `${name}=${k.size ? JSON.stringify(Object.fromEntries([...k].map((x) => [x, marker(`${name}.${x}`)]))) : marker(name)}`]);
    assert.ok(args.length >= 4, "the example reads secrets");
    const leaks = (out: string) => /Fz-Secret-/.test(out);
    // Beside the example: its function and app paths are relative to it.
    const beside = path.join(path.dirname(SOURCES[0]), `.fuzz-secrets-${process.pid}.yaml`);
    try {
      fs.writeFileSync(beside, source);
      for (const extra of [[], ["--json"]]) {
        const r = await cli("plan", beside, ...args, ...extra);
        assert.strictEqual(r.code, 0, r.err);
        assert.ok(!leaks(r.out + r.err), "a valid plan leaked a secret");
      }
      for (let i = 0; i < 40; i++) {
        const m = mutate(source, rand);
        fs.writeFileSync(beside, m.text);
        const r = await cli("plan", beside, ...args);
        assert.ok(!leaks(r.out + r.err), `mutation #${i} (${m.how}) leaked a secret:\n${r.err}`);
      }
    } finally {
      fs.rmSync(beside, { force: true });
    }
  });

  it("diff prints no secret value in any format: literal secret fields, for valid changes and mutations", async () => {
    const rand = prng(2024);
    const source = fs.readFileSync(SOURCES[1], "utf8");
    let n = 0;
    // Literal values in the fields the schema marks secret, different on each side.
    const literal = (text: string, side: string) => text.replace(/defaultUserPassword: .*/g, () => `defaultUserPassword: Fz-Literal-${side}-${n++}-Pw#0123456789`);
    const oldFile = path.join(dir, "old.yaml");
    fs.writeFileSync(oldFile, literal(source, "old"));
    for (let i = 0; i < 8; i++) {
      const m = i % 2 === 0 ? { text: source, how: "valid change" } : mutate(source, rand);
      fs.writeFileSync(file, literal(m.text, "new"));
      for (const format of ["text", "markdown", "json"]) {
        const r = await cli("diff", oldFile, file, "--format", format);
        assert.ok(!/Fz-Literal/.test(r.out + r.err), `#${i} (${m.how}) --format ${format} printed a secret:\n${r.out}${r.err}`);
      }
    }
  });
});
