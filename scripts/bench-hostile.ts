// `npm run bench:hostile`: time (wall and CPU) and peak memory of `validate`
// on crafted files (a 10 MB file, one of 20,000 problems, a 300,000-character
// value, 2 MiB of distinct anchors each used once, 2 MiB of one-line
// gateways, and the 2 MiB files of scripts/hostile-files.ts: problems and
// warnings in every resource, aliases, a syntax error at the end, deep
// nesting, one long line, one huge scalar, explicit keys), each run in a
// process of its own and held to issue 22's bound (< 3 s CPU, < 400 MB); the
// nested-glob fileOptions pattern against files 25 folders deep; and `plan`
// of 2,000 and 12,000 bare gateways (minutes: BENCH_SKIP_PLAN=1 skips them).
import { spawnSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { hostileFiles } from "./hostile-files";

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

/** `z: [&a0 0, *a0, &a1 0, *a1, ...]` up to `bytes`. */
function anchors(bytes: number): string {
  const parts: string[] = [];
  let size = 6;
  for (let i = 0; size < bytes - 40; i++) {
    const p = `&a${i} 0, *a${i}`;
    parts.push(p);
    size += p.length + 2;
  }
  return `z: [${parts.join(", ")}]\n`;
}

function gateways(count: number): string {
  let s = "resources:\n";
  for (let i = 0; i < count; i++) s += `  g${i}: {type: http-api-gateway}\n`;
  return s;
}

function gatewaysUpTo(bytes: number): string {
  let s = "resources:\n";
  for (let i = 0; s.length < bytes - 40; i++) s += `  g${i}: {type: http-api-gateway}\n`;
  return s;
}

const cases: [string, string][] = [
  ["2 MiB of distinct anchors, each used once", write("anchors.yaml", anchors(2 * 1024 * 1024))],
  ["2 MiB of one-line gateways", write("gateways.yaml", gatewaysUpTo(2 * 1024 * 1024))],
  ["10 MB file", write("ten-mb.yaml", upTo(10 * 1000 * 1000))],
  ["20,000 problems", write("problems.yaml", problems(20_000))],
  ...hostileFiles().map((h): [string, string] => [h.label, write(h.name, h.text)]),
  ["a 300,000-character value", write("long.yaml", `resources:\n  c:\n    type: redis-cluster\n    properties:\n      instanceSize: ${"x".repeat(300_000)}\n      defaultUserPassword: $Secret(pw)\n`)],
];

// The built CLI in process, reporting its exit code and peak resident memory.
const RUNNER = `const { runCli } = require(${JSON.stringify(path.join(__dirname, "..", "dist", "cli", "main"))});
let lines = 0;
runCli(process.argv.slice(1), { out() {}, err() { lines++; } }).then((code) => {
  const cpu = process.cpuUsage();
  process.stdout.write(JSON.stringify({ code, lines, cpuMs: (cpu.user + cpu.system) / 1000, maxRssKB: process.resourceUsage().maxRSS }));
});`;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

console.log(`validate on crafted files (${RUNS} runs each, whole process; median [min-max]; load average ${os.loadavg()[0].toFixed(1)})`);
console.log("| File | Wall | CPU | Peak memory | Exit, lines | Bound for 2 MiB (< 3 s CPU, < 400 MB) |");
console.log("|---|---|---|---|---|---|");
for (const [label, file] of cases) {
  const ms: number[] = [];
  const cpu: number[] = [];
  const mb: number[] = [];
  let last = { code: -1, lines: 0 };
  let failed: string | undefined;
  for (let i = 0; i < RUNS && !failed; i++) {
    const start = process.hrtime.bigint();
    // With the flags of the executable's first line, as users run it.
    const r = spawnSync(process.execPath, ["--max-semi-space-size=64", "-e", RUNNER, "validate", file], { encoding: "utf8", timeout: 60_000 });
    ms.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (r.status !== 0 || !r.stdout) {
      failed = r.signal ? `killed by ${r.signal} after ${(ms[ms.length - 1] / 1000).toFixed(0)} s` : `exit ${r.status}: ${(r.stderr ?? "").trim().split("\n")[0]?.slice(0, 120)}`;
      break;
    }
    const out = JSON.parse(r.stdout) as { code: number; lines: number; cpuMs: number; maxRssKB: number };
    mb.push(out.maxRssKB / 1024);
    cpu.push(out.cpuMs);
    last = out;
  }
  const bytes = fs.statSync(file).size;
  const size = (bytes / (1024 * 1024)).toFixed(1);
  if (failed) {
    console.log(`| ${label} (${size} MiB) | did not finish (${failed}) | | | | ${bytes <= 2 * 1024 * 1024 ? "NOT MET" : ""} |`);
    continue;
  }
  const bound = bytes > 2 * 1024 * 1024 ? "(refused unread)" : median(cpu) < 3000 && median(mb) < 400 ? "met" : "NOT MET";
  console.log(`| ${label} (${size} MiB) | ${median(ms).toFixed(0)} ms [${Math.min(...ms).toFixed(0)}-${Math.max(...ms).toFixed(0)}] | ${median(cpu).toFixed(0)} ms | ${median(mb).toFixed(0)} MB | ${last.code}, ${last.lines} | ${bound} |`);
}

// The fileOptions matcher (plan, diff and deploy) on the nested pattern of the hostile-input report.
const GLOB = `const { fileOptionMatcher } = require(${JSON.stringify(path.join(__dirname, "..", "dist", "components", "nextjs-web", "assets"))});
const pattern = "**/".repeat(14) + "x";
const deep = Array.from({ length: 25 }, (_, i) => "d" + i).join("/");
const started = process.hrtime.bigint();
const m = fileOptionMatcher({ includePattern: pattern });
let hits = 0;
for (let i = 0; i < 1000; i++) if (m(deep + "/f" + i + (i % 2 ? "/x" : ".js"))) hits++;
process.stdout.write(JSON.stringify({ ms: Number(process.hrtime.bigint() - started) / 1e6, hits, maxRssKB: process.resourceUsage().maxRSS }));`;
{
  const r = spawnSync(process.execPath, ["-e", GLOB], { encoding: "utf8", timeout: 120_000 });
  if (r.status !== 0) console.log(`  nested glob: failed (${r.signal ?? r.status})`);
  else {
    const out = JSON.parse(r.stdout) as { ms: number; hits: number; maxRssKB: number };
    console.log(`  fileOptions "${"**/".repeat(14)}x" against 1,000 files 25 folders deep: ${out.ms.toFixed(0)} ms, peak ${(out.maxRssKB / 1024).toFixed(0)} MB (${out.hits} matched)`);
  }
}

if (process.env.BENCH_SKIP_PLAN === "1") console.log("plan of 2,000 and 12,000 gateways: skipped (BENCH_SKIP_PLAN=1)");
else {
  console.log("plan of bare gateways (one run each, whole process)");
  for (const count of [2000, 12000]) {
    const file = write(`plan-${count}.yaml`, gateways(count));
    const start = process.hrtime.bigint();
    const r = spawnSync(process.execPath, ["--max-semi-space-size=64", "-e", RUNNER, "plan", file, "--json", "--region", "us-east-1"], { encoding: "utf8", timeout: 900_000, maxBuffer: 1 << 30 });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    let line = `  plan of ${count} gateways: ${ms.toFixed(0)} ms`;
    try {
      const out = JSON.parse(r.stdout) as { code: number; cpuMs: number; maxRssKB: number };
      line += ` (CPU ${out.cpuMs.toFixed(0)} ms), peak ${(out.maxRssKB / 1024).toFixed(0)} MB; exit ${out.code}`;
    } catch {
      line += `; ended by ${r.signal ?? `exit ${r.status}`} (${(r.stderr ?? "").trim().split("\n")[0]?.slice(0, 120)})`;
    }
    console.log(line);
  }
}
fs.rmSync(dir, { recursive: true, force: true });
