// `npm run bench`: times the built CLI on a generated stack of 200 redis
// clusters. Targets on a 2-core machine: validate < 200 ms, plan < 3 s.
import { spawnSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { generateStack } from "./bench-stack";

const CLUSTERS = 200;
const RUNS = 5;

function time(args: string[]): { ms: number; out: string } {
  const start = process.hrtime.bigint();
  // Run as users run it: the executable, with the flags of its first line.
  const r = spawnSync(path.join(__dirname, "..", "bin", "stackfile.js"), args, { encoding: "utf8", maxBuffer: 1 << 28 });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0) throw new Error(`stackfile ${args.join(" ")} exited ${r.status}: ${r.stderr}`);
  return { ms, out: r.stdout };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-"));
const file = path.join(dir, "stack.yaml");
fs.writeFileSync(file, generateStack(CLUSTERS));

// In process, as an editor integration or `pulumi up` pays it: load + analyze.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { analyzeStackfile } = require("../dist/config/stackfile") as typeof import("../src/config/stackfile");
const text = fs.readFileSync(file, "utf8");
const inProcess = Array.from({ length: RUNS }, () => {
  const start = process.hrtime.bigint();
  const r = analyzeStackfile(file, text);
  if (r.problems.length) throw new Error(`generated stack has problems: ${r.problems[0].message}`);
  return Number(process.hrtime.bigint() - start) / 1e6;
});
const nodeStart = Array.from({ length: RUNS }, () => {
  const start = process.hrtime.bigint();
  spawnSync(process.execPath, ["-e", "0"]);
  return Number(process.hrtime.bigint() - start) / 1e6;
});

const validate = Array.from({ length: RUNS }, () => time(["validate", file]).ms);
const plans = Array.from({ length: RUNS }, () => time(["plan", file, "--json"]));
const resources = JSON.parse(plans[0].out).resources.length;

console.log(`stack: ${CLUSTERS} redis clusters (${fs.statSync(file).size} bytes), ${resources} resources in the plan`);
console.log(`validate: median ${median(validate).toFixed(0)} ms over ${RUNS} runs (target < 200 ms), whole process`);
console.log(`validate: in process ${median(inProcess).toFixed(0)} ms (first ${inProcess[0].toFixed(0)} ms); node's own start-up here ${median(nodeStart).toFixed(0)} ms`);
console.log(`plan:     median ${median(plans.map((p) => p.ms)).toFixed(0)} ms over ${RUNS} runs (target < 3000 ms), whole process`);
