// `npm run bench:diff`: `diff` of two generated stacks of 200 redis clusters
// (the second changes a fifth of them in place) against one `plan` of one of
// them, both timed as users run them (the executable, whole process).
// Target: diff at most 2.2 times plan (the two runs share the loaded modules).
import { spawnSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { generateStack } from "./bench-stack";

const CLUSTERS = 200;
const RUNS = 5;
const BIN = path.join(__dirname, "..", "bin", "stackfile.js");

function time(args: string[]): { ms: number; out: string } {
  const start = process.hrtime.bigint();
  const r = spawnSync(BIN, args, { encoding: "utf8", maxBuffer: 1 << 28 });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0) throw new Error(`stackfile ${args.join(" ")} exited ${r.status}: ${r.stderr.slice(0, 2000)}`);
  return { ms, out: r.stdout };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-diff-"));
const before = path.join(dir, "before.yaml");
const after = path.join(dir, "after.yaml");
fs.writeFileSync(before, generateStack(CLUSTERS));
fs.writeFileSync(after, generateStack(CLUSTERS, true));

// Alternate the two so that neither gets a quieter machine.
const plans: number[] = [];
const diffs: { ms: number; out: string }[] = [];
for (let i = 0; i < RUNS; i++) {
  plans.push(time(["plan", after, "--json"]).ms);
  diffs.push(time(["diff", before, after, "--format", "json"]));
}
const report = JSON.parse(diffs[0].out) as { resources: { action: string }[] };
const plan = median(plans);
const diff = median(diffs.map((d) => d.ms));
console.log(`stacks: ${CLUSTERS} redis clusters each; the diff finds ${report.resources.length} resource changes (${report.resources.filter((r) => r.action === "update").length} updates)`);
console.log(`plan: median ${plan.toFixed(0)} ms over ${RUNS} runs, whole process`);
console.log(`diff: median ${diff.toFixed(0)} ms over ${RUNS} runs, whole process = ${(diff / plan).toFixed(2)} x plan (target <= 2.2)`);
