import * as assert from "assert";
import { loadText } from "../../src/config/load";

/** A hang guard, not a timing: generous, for a loaded machine; only a runaway case reaches it (the times are figures of `npm run bench`). */
const HANG_GUARD_MS = 20_000;

describe("loading YAML with positions", () => {
  const text = "resources:\n  cache:\n    type: redis-cluster\n    properties:\n      port: 6379\n      tags: [a, b]\n";

  it("reads the value and knows the line:col of every value and key", () => {
    const l = loadText("f.yaml", text);
    assert.deepStrictEqual(l.syntaxProblems, []);
    assert.deepStrictEqual(l.value, { resources: { cache: { type: "redis-cluster", properties: { port: 6379, tags: ["a", "b"] } } } });
    assert.deepStrictEqual(l.positionOf(["resources", "cache", "properties", "port"]), { line: 5, col: 13 });
    assert.deepStrictEqual(l.positionOf(["resources", "cache", "properties", "port"], true), { line: 5, col: 7 });
    assert.deepStrictEqual(l.positionOf(["resources", "cache", "properties", "tags", 1]), { line: 6, col: 17 });
    // A missing path points at its deepest existing parent.
    assert.deepStrictEqual(l.positionOf(["resources", "cache", "properties", "nope"]), { line: 5, col: 7 });
  });

  it("uses the YAML 1.2 core schema: dates and yes/no stay strings", () => {
    const l = loadText("f.yaml", "a: 2024-01-01\nb: yes\nc: 0o17\nd: ~\n");
    assert.deepStrictEqual(l.value, { a: "2024-01-01", b: "yes", c: 15, d: null });
  });

  it("reads aliases through the parser that limits their expansion", () => {
    const small = loadText("f.yaml", "base: &b {x: 1}\nuse: *b\n");
    assert.deepStrictEqual(small.value, { base: { x: 1 }, use: { x: 1 } });
    const laughs = ["a: &a [x, x, x, x, x, x, x, x, x]"];
    for (let i = 1; i < 9; i++) laughs.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9).fill(`*${String.fromCharCode(96 + i)}`).join(", ")}]`);
    const bomb = loadText("f.yaml", laughs.join("\n"));
    assert.strictEqual(bomb.syntaxProblems.length, 1);
    assert.match(bomb.syntaxProblems[0].message, /invalid YAML: .*alias/i);
  });

  it("reports syntax errors and duplicate keys at their positions", () => {
    const dup = loadText("f.yaml", "a: 1\nb: 2\na: 3\n");
    assert.deepStrictEqual(dup.syntaxProblems.map((p) => [p.line, p.col]), [[3, 1]]);
    assert.match(dup.syntaxProblems[0].message, /Map keys must be unique/);
    const broken = loadText("f.yaml", "a: [1, 2\nb: 3\n");
    assert.ok(broken.syntaxProblems.length >= 1);
    assert.match(broken.syntaxProblems[0].message, /^invalid YAML: /);
  });
});

describe("loading YAML: alias work is bounded before the library expands aliases", () => {
  it("a file of 40,000 distinct anchors each used once loads or is refused (within a 20 s hang guard; before: 28 s)", () => {
    const items: string[] = [];
    for (let i = 0; i < 40_000; i++) items.push(`&a${i} 0, *a${i}`);
    const started = Date.now();
    const l = loadText("f.yaml", `z: [${items.join(", ")}]\n`);
    assert.ok(Date.now() - started < HANG_GUARD_MS, `hang guard: still loading after ${HANG_GUARD_MS / 1000} s`);
    assert.strictEqual(l.syntaxProblems.length, 1);
    assert.match(l.syntaxProblems[0].message, /^invalid YAML: the file uses 40000 aliases \(\*name\); a stack file may use at most 1000/);
  });

  it("an anchor merged into 150 resources (`<<: *defaults`) is read, not refused as an attack", () => {
    let text = "defaults: &d {type: http-api-gateway}\nresources:\n";
    for (let i = 0; i < 150; i++) text += `  g${i}:\n    <<: *d\n`;
    const l = loadText("f.yaml", text);
    assert.deepStrictEqual(l.syntaxProblems, []);
    assert.strictEqual((l.value as { resources: Record<string, { type: string }> }).resources.g149.type, "http-api-gateway");
  });
});

describe("loading YAML with aliases: cost linear in the file", () => {
  // A hang guard, not a timing (issue 25: the suite holds none): `npm run bench:hostile` times the 2 MiB anchor files.
  it("a 2 MiB flow list of anchors, 1000 of them used, loads (within a 20 s hang guard)", function () {
    this.timeout(30_000);
    const parts: string[] = [];
    let size = 0;
    for (let i = 0; size < 2 * 1024 * 1024 - 100; i++) {
      const p = i < 1000 ? `&a${i} 0, *a${i}` : `&a${i} 0`;
      parts.push(p);
      size += p.length + 2;
    }
    const started = Date.now();
    const l = loadText("f.yaml", `z: [${parts.join(", ")}]\n`);
    assert.ok(Date.now() - started < HANG_GUARD_MS, `hang guard: still loading after ${HANG_GUARD_MS / 1000} s`);
    assert.deepStrictEqual(l.syntaxProblems, []);
    assert.strictEqual((l.value as { z: unknown[] }).z.length, parts.length + 1000);
  });

  it("an alias inside its own anchor is refused, not followed forever", () => {
    const l = loadText("f.yaml", "a: &x [1, *x]\n");
    assert.strictEqual(l.syntaxProblems.length, 1);
    assert.match(l.syntaxProblems[0].message, /invalid YAML: .*alias/);
  });
});
