// `npm run bench` (or `tsx scripts/bench-function.ts` after `npm run build`):
// bundle time of the example function (examples/yaml-stack/functions/api.ts,
// TypeScript importing the `yaml` package and two local modules), first
// (no earlier bundle: esbuild runs, the zip is written) and unchanged (the
// stamp's sources are hashed and the last zip is reused). Median of RUNS each.
import * as fs from "fs";
import * as path from "path";
import type * as Bundle from "../src/components/function/bundle";

const RUNS = 7;
const ENTRY = path.join(__dirname, "..", "examples", "yaml-stack", "functions", "api.ts");
const CACHE = path.join(path.dirname(ENTRY), ".stackfile-cache");
// The shipped code (npm run build first).
const { bundleFunction } = require(path.join(__dirname, "..", "dist", "components", "function", "bundle")) as typeof Bundle;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const opts = { runtime: "nodejs22.x", handlerFunction: "handler", say: () => undefined };

function timed(): { ms: number; built: boolean; hash: string; bytes: number; inputs: number } {
  const start = process.hrtime.bigint();
  const b = bundleFunction(ENTRY, opts);
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  return { ms, built: b.built, hash: b.archiveHash, bytes: fs.statSync(b.archivePath).size, inputs: b.inputs.length };
}

const first: number[] = [];
const unchanged: number[] = [];
const hashes = new Set<string>();
let last: ReturnType<typeof timed> | undefined;
for (let i = 0; i < RUNS; i++) {
  fs.rmSync(CACHE, { recursive: true, force: true });
  const a = timed();
  const b = timed();
  if (!a.built || b.built) throw new Error("expected a bundle, then a reuse");
  first.push(a.ms);
  unchanged.push(b.ms);
  hashes.add(a.hash);
  last = a;
}
console.log(`function bundle of ${path.relative(process.cwd(), ENTRY)} (${last!.inputs} source files, zip ${(last!.bytes / 1024).toFixed(0)} KB), median of ${RUNS}:`);
console.log(`  first:     ${median(first).toFixed(0)} ms  (min ${Math.min(...first).toFixed(0)}, max ${Math.max(...first).toFixed(0)})`);
console.log(`  unchanged: ${median(unchanged).toFixed(1)} ms  (min ${Math.min(...unchanged).toFixed(1)}, max ${Math.max(...unchanged).toFixed(1)})`);
console.log(`  archive sha256 the same on every run: ${hashes.size === 1 ? "yes" : `no (${hashes.size} different)`}`);
