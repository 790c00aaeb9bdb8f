// `validate` of crafted 2 MiB files (scripts/hostile-files.ts, the files of
// `npm run bench:hostile`) ends with bounded work: each runs in a process of
// its own with a 128 MB heap (the positioned parser of the old code needed
// 200 to 400 MB for these and died) and is killed after 60 s (a hang guard,
// not a timing: the bench measures time). Every line is positioned, and the
// first lines are at the line and column of the node they name.
import * as assert from "assert";
import * as path from "path";
import { spawnSync } from "child_process";
import { tmpFile } from "./cli-helpers";
import * as hostile from "../../scripts/hostile-files";

const RUN_CLI = path.join(__dirname, "../fixtures/run-cli.ts");

function validateBounded(file: string): { code: number | null; lines: string[]; killed: boolean; stderr: string } {
  const r = spawnSync(process.execPath, ["--max-old-space-size=128", "--require", "tsx/cjs", RUN_CLI, "validate", file], {
    encoding: "utf8", timeout: 60_000, maxBuffer: 1 << 26, killSignal: "SIGKILL",
  });
  return { code: r.status, lines: r.stderr.trimEnd().split("\n"), killed: r.signal === "SIGKILL", stderr: r.stderr };
}

/** Line:col of the `nth` (from 0) occurrence of `needle` in `text`. */
function at(text: string, needle: string, nth = 0): string {
  let i = -1;
  for (let n = 0; n <= nth; n++) i = text.indexOf(needle, i + 1);
  assert.ok(i >= 0, `no ${needle}`);
  const before = text.slice(0, i);
  return `${before.split("\n").length}:${i - before.lastIndexOf("\n")}`;
}

function run(text: string): { file: string; lines: string[]; code: number | null } {
  assert.ok(text.length > 2_000_000 && text.length <= 2 * 1024 * 1024, `${text.length} characters`);
  const file = tmpFile(text);
  const r = validateBounded(file);
  assert.ok(!r.killed, "killed after 60 s");
  assert.ok(!/heap out of memory|\n\s+at /.test(r.stderr), `crashed: ${r.stderr.slice(-600)}`);
  for (const line of r.lines) assert.ok(line.startsWith(`${file}:`), `unpositioned line: ${line.slice(0, 200)}`);
  return { file, lines: r.lines, code: r.code };
}

describe("validate of hostile 2 MiB files: bounded memory, positioned lines", function () {
  this.timeout(240_000);

  it("a problem in every resource: the first 100 at their values, then a count", () => {
    const text = hostile.manyProblems();
    const { file, lines, code } = run(text);
    assert.strictEqual(code, 1);
    assert.strictEqual(lines.length, 101);
    assert.strictEqual(lines[0], `${file}:${at(text, "bad")}: instanceSize must be one of the 60 allowed values, not the string "bad"`);
    assert.match(lines[100], /^.*: \d+ more problems not shown; fix the ones above and run again$/);
  });

  it("a warning in every resource: valid, at most 1,000 warnings and a count of the rest", () => {
    const text = hostile.manyWarnings();
    const { file, lines, code } = run(text);
    assert.strictEqual(code, 0);
    assert.strictEqual(lines.length, 1001);
    assert.strictEqual(lines[0], `${file}:${at(text, "numShards: 2")}: warning: numShards has no effect without enableSharding: true (which can be set only when the cluster is first created); remove it, or enable sharding`.replace(/:(\d+):(\d+):/, (_, l, c) => `:${l}:${Number(c) + "numShards: ".length}:`));
    assert.strictEqual(lines[999].split(":")[1], at(text, "numShards: 2", 999).split(":")[0]);
    assert.match(lines[1000], /: \d+ more warnings not shown$/);
  });

  it("900 aliases merged into resources: problems of merged settings placed at the anchored source", () => {
    const text = hostile.manyAliases();
    const { file, lines, code } = run(text);
    assert.strictEqual(code, 1);
    assert.ok(lines.includes(`${file}:${at(text, "nope")}: port must be a number, not the string "nope"`), lines.slice(0, 5).join("\n"));
    assert.match(lines[lines.length - 1], /more problems not shown/);
  });

  it("explicit ? keys: problems at their values", () => {
    const text = hostile.explicitKeys();
    const { file, lines, code } = run(text);
    assert.strictEqual(code, 1);
    assert.strictEqual(lines[0], `${file}:${at(text, "bad")}: instanceSize must be one of the 60 allowed values, not the string "bad"`);
    assert.strictEqual(lines.length, 101);
  });

  it("a syntax error on the last line: one line at the place js-yaml stopped", () => {
    const text = hostile.refusedAtEnd();
    const { file, lines, code } = run(text);
    assert.strictEqual(code, 1);
    const last = text.split("\n").length;
    assert.deepStrictEqual(lines, [`${file}:${last}:1: invalid YAML: unexpected end of the stream within a flow collection`]);
  });

  it("5,000 nested lists: refused at the list that is too deep", () => {
    const text = hostile.deepNesting();
    const { file, lines, code } = run(text);
    assert.strictEqual(code, 1);
    assert.strictEqual(lines.length, 1);
    const line = at(text, "[").split(":")[0];
    assert.match(lines[0], new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:${line}:\\d+: invalid YAML: nesting exceeded`));
  });

  it("the whole stack on one line: problems at their columns", () => {
    const text = hostile.longLine();
    const { file, lines, code } = run(text);
    assert.strictEqual(code, 1);
    assert.strictEqual(lines[0], `${file}:1:${text.indexOf("bad") + 1}: instanceSize must be one of the 60 allowed values, not the string "bad"`);
    assert.strictEqual(lines.length, 101);
  });

  it("one huge scalar: one problem, quoted short", () => {
    const text = hostile.hugeScalar();
    const { file, lines, code } = run(text);
    assert.strictEqual(code, 1);
    assert.strictEqual(lines.length, 1);
    assert.ok(lines[0].startsWith(`${file}:${at(text, "xxx")}: instanceSize must be one of`), lines[0].slice(0, 200));
    assert.ok(lines[0].length < 400);
  });
});
