// `npm run bench:hostile`: time and peak memory of `validate` on crafted files
// (a 10 MB file, one of 20,000 problems, one at the 2 MiB limit full of
// problems, a 300,000-character value), each run in a process of its own.
import { spawnSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";

const RUNS = 5;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-hostile-"));

function write(name: string, text: string): string {
  const f = path.join(dir, name);
  fs.writeFileSync(f, text);
  return f;
}

function problems(count: number): string {
  let s = "resources:\n";
  for (let i = 0; i < count; i++) s += `  r${i}:\n    type: redis-clustr\n`;
  return s;
}

function upTo(bytes: number): string {
  let s = "resources:\n";
  for (let i = 0; s.length < bytes - 200; i++) {
    s += `  r${i}:\n    type: redis-cluster\n    properties: {instanceSize: bad, defaultUserPassword: x, port: nope}\n`;
  }
  return s;
}

const cases: [string, string][] = [
  ["10 MB file", write("ten-mb.yaml", upTo(10 * 1000 * 1000))],
  ["20,000 problems", write("problems.yaml", problems(20_000))],
  ["2 MiB of problems (the limit)", write("limit.yaml", upTo(2 * 1024 * 1024))],
  ["a 300,000-character value", write("long.yaml", `resources:\n  c:\n    type: redis-cluster\n    properties:\n      instanceSize: ${"x".repeat(300_000)}\n      defaultUserPassword: $Secret(pw)\n`)],
];

// The built CLI in process, reporting its exit code and peak resident memory.
const RUNNER = `const { runCli } = require(${JSON.stringify(path.join(__dirname, "..", "dist", "cli", "main"))});
let lines = 0;
runCli(process.argv.slice(1), { out() {}, err() { lines++; } }).then((code) => {
  process.stdout.write(JSON.stringify({ code, lines, maxRssKB: process.resourceUsage().maxRSS }));
});`;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

console.log(`validate on crafted files (${RUNS} runs each, whole process; median [min-max])`);
for (const [label, file] of cases) {
  const ms: number[] = [];
  const mb: number[] = [];
  let last = { code: -1, lines: 0 };
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    // With the flags of the executable's first line, as users run it.
    const r = spawnSync(process.execPath, ["--max-semi-space-size=64", "-e", RUNNER, "validate", file], { encoding: "utf8", timeout: 60_000 });
    ms.push(Number(process.hrtime.bigint() - start) / 1e6);
    const out = JSON.parse(r.stdout) as { code: number; lines: number; maxRssKB: number };
    mb.push(out.maxRssKB / 1024);
    last = out;
  }
  const size = (fs.statSync(file).size / (1024 * 1024)).toFixed(1);
  console.log(`  ${label} (${size} MiB): ${median(ms).toFixed(0)} ms [${Math.min(...ms).toFixed(0)}-${Math.max(...ms).toFixed(0)}], peak ${median(mb).toFixed(0)} MB; exit ${last.code}, ${last.lines} lines`);
}
fs.rmSync(dir, { recursive: true, force: true });
