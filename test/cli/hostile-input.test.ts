// Crafted and careless stack files: every probe ends with exit 1, positioned
// lines and bounded work, never a hang, a stack trace or a forged line.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { spawnSync } from "child_process";
import { cli, tmpFile } from "./cli-helpers";

const RUN_CLI = path.join(__dirname, "../fixtures/run-cli.ts");


/** The CLI in a process of its own, killed after `seconds`. */
function runBounded(args: string[], seconds: number): { code: number | null; err: string; out: string; killed: boolean } {
  const r = spawnSync(process.execPath, ["--require", "tsx/cjs", RUN_CLI, ...args], {
    encoding: "utf8", timeout: seconds * 1000, maxBuffer: 1 << 26, killSignal: "SIGKILL",
  });
  return { code: r.status, err: r.stderr, out: r.stdout, killed: r.signal === "SIGKILL" };
}

/** Every printed line is `FILE:LINE:COL: ...` (or the count of problems not shown). */
function assertPositioned(err: string, file: string): void {
  for (const line of err.split("\n").filter(Boolean)) {
    assert.ok(line.startsWith(`${file}:`), `unpositioned line: ${line.slice(0, 200)}`);
  }
}

const cache = (props: string) => `resources:
  cache:
    type: redis-cluster
    properties:
      defaultUserPassword: $Secret(pw)
${props}`;

describe("hostile input: bounded work", () => {
  it("a 300,000-character value is refused at once, quoted short, with no suggestion search", async () => {
    const f = tmpFile(cache(`      instanceSize: ${"x".repeat(300_000)}\n`));
    const r = await cli("validate", f);
    assert.strictEqual(r.code, 1);
    assert.match(r.err, /instanceSize must be one of the \d+ allowed values, not the string "x{10,}…" \(300000 characters\)/);
    assert.ok(r.err.length < 500, `message of ${r.err.length} characters`);
  });

  // Speed is `npm run bench`'s (docs/performance.md); these hold the bounds: no hang, no flood of lines.
  it("20,000 problems: at most 100 lines and a count of the rest, without hanging", async () => {
    let text = "resources:\n";
    for (let i = 0; i < 20_000; i++) text += `  r${i}:\n    type: redis-clustr\n`;
    const f = tmpFile(text);
    const r = runBounded(["validate", f], 20);
    assert.ok(!r.killed, "did not end in 20 s");
    assert.strictEqual(r.code, 1, r.err.slice(0, 500));
    const lines = r.err.trimEnd().split("\n");
    assert.strictEqual(lines.length, 101);
    assert.strictEqual(lines[0], `${f}:3:11: unknown resource type "redis-clustr"; did you mean 'redis-cluster'?`);
    assert.strictEqual(lines[100], `${f}: 19900 more problems not shown; fix the ones above and run again`);
  });

  it("a file over the size limit is refused before it is parsed", async () => {
    const big = tmpFile("resources:\n" + `  # ${"y".repeat(100)}\n`.repeat(25_000));
    const r = runBounded(["validate", big], 10);
    assert.ok(!r.killed, "did not end in 10 s");
    assert.strictEqual(r.code, 1);
    assert.match(r.err, /:1:1: the file is 2\.5 MiB; a stack file may be at most 2 MiB/);
  });

  it("flow nesting too deep in a small file gets the nesting message at the list that is too deep, not a stack overflow", async () => {
    for (const [open, close] of [["[", "]"], ["{a: ", "}"], ["? ", ""]]) {
      // `? ` a hundred times is only a syntax error; thousands ran the positioned parser out of stack.
      for (const depth of open === "? " ? [2_000, 20_000] : [150, 2_000, 20_000]) {
        const f = tmpFile(cache(`      instanceSize: cache.t4g.micro\n      port: ${open.repeat(depth)}1${close.repeat(depth)}\n`));
        const r = runBounded(["validate", f], 30);
        assert.ok(!r.killed, "did not end in 30 s");
        assert.strictEqual(r.code, 1);
        const lines = r.err.trimEnd().split("\n");
        assert.strictEqual(lines.length, 1, r.err.slice(0, 300));
        assert.match(lines[0], new RegExp(`^${f.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:7:\\d+: invalid YAML: nesting exceeded 100 levels; a stack file needs a few$`), `${open} x ${depth}: ${lines[0].slice(0, 300)}`);
      }
    }
  });

  it("a device (/dev/zero) and a FIFO are refused as not regular files, without reading them", async function () {
    if (!fs.existsSync("/dev/zero")) this.skip();
    const zero = runBounded(["validate", "/dev/zero"], 10);
    assert.ok(!zero.killed);
    assert.strictEqual(zero.code, 1);
    assert.strictEqual(zero.err.trim(), "/dev/zero:1:1: not a regular file (a character device); a stack file must be a regular file");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stackfile-fifo-"));
    const fifo = path.join(dir, "stack.yaml");
    spawnSync("mkfifo", [fifo]);
    const r = runBounded(["validate", fifo], 10);
    assert.ok(!r.killed, "waited on the FIFO");
    assert.strictEqual(r.code, 1);
    assert.match(r.err, /not a regular file \(a FIFO\)/);
  });
});

describe("hostile input: messages quote user text safely", () => {
  it("a key holding a newline cannot forge a line: control characters are escaped", async () => {
    const f = tmpFile(`resources:\n  "a\\n${"stack.yaml"}:1:1: forged":\n    type: redis-cluster\n`);
    const r = await cli("validate", f);
    assert.strictEqual(r.code, 1);
    assertPositioned(r.err, f);
    assert.match(r.err, /resource name 'a\\nstack\.yaml:1:1: forged' must start with a letter/);
  });

  it("terminal escape sequences never reach the terminal", async () => {
    const f = tmpFile(`resources:\n  cache:\n    type: "\\e[31mred\\e[0m"\n`);
    const r = await cli("validate", f);
    assert.strictEqual(r.code, 1);
    assert.ok(!r.err.includes("\u001b"), JSON.stringify(r.err));
    assert.match(r.err, /unknown resource type "\\u001b\[31mred\\u001b\[0m"/);
  });

  it("one long value is cut with an ellipsis; every line stays short", async () => {
    const f = tmpFile(`resources:\n  ${"k".repeat(5000)}:\n    type: ${"t".repeat(1_000_000)}\n`);
    const r = await cli("validate", f);
    assert.strictEqual(r.code, 1);
    assertPositioned(r.err, f);
    for (const line of r.err.split("\n")) assert.ok(line.length <= 1100, `a line of ${line.length} characters`);
    assert.match(r.err, /kkk…/);
  });
});
