// The positions heard while js-yaml reads a file (config/positions.ts) are
// those the positioned parser gives, for every node and key of the example
// and fixture files and of files written to be awkward; where the index cannot
// be sure it says nothing, and the positioned parser answers.
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { load, CORE_SCHEMA, type LoadOptions } from "js-yaml";
import { positionIndex } from "../../src/config/positions";
import { loadText, MERGE_SCHEMA, positionedLocator } from "../../src/config/load";

const ROOT = path.resolve(__dirname, "..", "..");

function yamlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" || e.name.startsWith(".") ? [] : yamlFiles(p);
    return /\.ya?ml$/.test(e.name) ? [p] : [];
  });
}

/** Every path of a document's value, maps' keys and lists' items, depth first. */
function pathsOf(v: unknown, at: (string | number)[] = []): (string | number)[][] {
  const out = [at];
  if (Array.isArray(v)) v.forEach((x, i) => out.push(...pathsOf(x, [...at, i])));
  else if (v !== null && typeof v === "object") for (const [k, x] of Object.entries(v)) out.push(...pathsOf(x, [...at, k]));
  return out;
}

const AWKWARD: Record<string, string> = {
  "comments, anchors and tags": "# head\nresources: # the list\n  a: &one !!str one\n  b:   # nothing here\n  c: !!int 3\n  d:\n    # before\n    e: f\n",
  "flow collections": "resources: {a: {type: redis-cluster, properties: {port: 6380}}, b: [1, 2, {c: d}], e: {f}}\n",
  "quoted keys and values": "'resources':\n  \"a b\": 'x'\n  \"c\": \"y\\n\"\n  1: one\n  null: nothing\n",
  "block scalars": "resources:\n  a: |\n    text\n    more\n  b: >-\n    folded\n  c: x\n",
  "sequences of maps": "resources:\n- a: 1\n  b: 2\n-   c: 3\n- - d\n  - e\n-\n- f\n",
  "empty values": "resources:\n  a:\n  b: \n  c: ~\n  d: null\n  e: ''\n",
  "document start and CRLF": "---\r\nresources:\r\n  a: 1\r\n  b:\r\n    c: 2\r\n",
  "explicit keys": "resources:\n  ? a\n  : 1\n  b: 2\n",
  "a scalar document": "just text\n",
  "an empty document": "# nothing\n",
  "properties on collections": "resources: &all\n  a: &m\n    b: 1\n  c: !!map\n    d: [x, y]\n  e: !!seq\n  - f\n",
  "flow across lines, tabs and hashes in values": "resources:\n  a: [1,\n    2, {b: 'c # d'}]\n  e:\tx # comment\n  f: \"#not a comment\"\n  g: h#i\n",
  "deep paths that are not there": "resources:\n  a:\n    type: redis-cluster\n",
};

/** Documents js-yaml reads with merge keys; before, the index declined every one of them. */
const SHARED: Record<string, string> = {
  "aliases of scalars, lists and maps": "x: &s 1\ny: &l [1, 2]\nz: &m {a: 1, b: [2]}\nresources:\n  a: *s\n  b: *l\n  c: *m\n  d: [*s, *m]\n",
  "a map merged into resources": "d: &d\n  type: redis-cluster\n  properties: {port: 6380}\nresources:\n  a:\n    <<: *d\n    description: one\n  b:\n    description: two\n    <<: *d\n",
  "a list of merged maps, explicit keys first": "a: &a {x: 1, y: 2}\nb: &b {y: 3, z: 4}\nresources:\n  c:\n    <<: [*a, *b]\n    x: 0\n  d: {<<: *b, w: 5}\n",
  "an anchor named again later": "a: &n {x: 1}\nb: *n\nc: &n {y: 2}\nd: *n\n",
  "merges of merges": "a: &a {x: 1}\nb: &b {<<: *a, y: 2}\nresources:\n  c: {<<: *b, z: 3}\n",
  "aliases followed by comments and flow ends": "a: &a-1 [1]\nb: {c: *a-1, d: [*a-1]} # done\ne: *a-1 # also\n",
};

/** Explicit keys (`? key`), with and without a value. */
const EXPLICIT: Record<string, string> = {
  "explicit keys in a block map": "resources:\n  ? a\n  : type: redis-cluster\n    properties: {port: 1}\n  ? b\n  :   x\n  c: 2\n",
  "an explicit key with no value": "resources:\n  ? a\n  ? b\n  : 1\n",
  "explicit keys with comments between key and value": "resources:\n  ? a # the key\n  # a comment\n  : 1\n",
};

/** Compares every path (and the key of every map entry) with the positioned parser. */
function compare(label: string, text: string, schema = CORE_SCHEMA, all = false): number {
  const index = positionIndex(text);
  let value: unknown;
  try {
    value = load(text, { schema, listener: index.listener as LoadOptions["listener"] });
  } catch {
    return 0;
  }
  const slow = positionedLocator(text);
  let placed = 0;
  const paths = [...pathsOf(value), ["resources", "missing"], ["resources", "a", "properties", "x", 3], ["nope"]];
  for (const p of paths) {
    for (const key of [false, true]) {
      const fast = index.positionOf(p, key);
      if (fast === undefined && all) assert.fail(`${label}: ${JSON.stringify(p)}${key ? " (key)" : ""} not placed`);
      if (fast === undefined) continue;
      assert.deepStrictEqual(fast, slow(p, key), `${label}: ${JSON.stringify(p)}${key ? " (key)" : ""}`);
      placed++;
    }
  }
  return placed;
}

describe("positions heard while reading", () => {
  it("agree with the positioned parser on every node of the example and fixture files", () => {
    const files = [...yamlFiles(path.join(ROOT, "examples")), ...yamlFiles(path.join(ROOT, "test", "fixtures"))];
    assert.ok(files.length >= 8, `only ${files.length} files`);
    let placed = 0;
    for (const f of files) placed += compare(path.relative(ROOT, f), fs.readFileSync(f, "utf8"));
    assert.ok(placed > 1000, `only ${placed} positions compared`);
  });

  for (const [label, text] of Object.entries(AWKWARD)) {
    it(`agree with the positioned parser, or say nothing, on ${label}`, () => {
      assert.ok(compare(label, text) > 0, "nothing placed");
    });
  }

  for (const [label, text] of Object.entries(SHARED)) {
    it(`place every node themselves, where the positioned parser does, on ${label}`, () => {
      assert.ok(compare(label, text, MERGE_SCHEMA, true) > 0, "nothing placed");
    });
  }

  for (const [label, text] of Object.entries(EXPLICIT)) {
    it(`place every node themselves, where the positioned parser does, on ${label}`, () => {
      assert.ok(compare(label, text, CORE_SCHEMA, true) > 0, "nothing placed");
    });
  }

  it("place most nodes of ordinary files themselves (the positioned parser is the exception)", () => {
    const text = fs.readFileSync(path.join(ROOT, "examples", "yaml-stack", "stack.yaml"), "utf8");
    const index = positionIndex(text);
    const value = load(text, { schema: CORE_SCHEMA, listener: index.listener as LoadOptions["listener"] });
    const paths = pathsOf(value);
    const unplaced = paths.filter((p) => index.positionOf(p, false) === undefined);
    assert.deepStrictEqual(unplaced, []);
  });

  it("a warning of a valid file is placed without the positioned parser, at the same line and column", () => {
    const text = "resources:\n  c:\n    type: redis-cluster\n    properties:\n      instanceSize: cache.t4g.small\n      numShards: 2\n";
    const loaded = loadText("stack.yaml", text);
    assert.deepStrictEqual(loaded.positionOf(["resources", "c", "properties", "numShards"]), { line: 6, col: 18 });
    assert.deepStrictEqual(loaded.positionOf(["resources", "c", "properties", "numShards"], true), { line: 6, col: 7 });
    assert.deepStrictEqual(loaded.positionOf(["resources", "c", "properties", "numShards"]), positionedLocator(text)(["resources", "c", "properties", "numShards"]));
  });
});
