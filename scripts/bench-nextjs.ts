// `npm run bench` (second part): NextjsWeb figures on this machine.
// - Pulumi resources registered for the example app and for a generated app
//   with 2,000 static files (must be equal: the files are one resource);
// - time of a first plan (with the OpenNext build) and of a second one (build skipped);
// - hashing throughput of the asset manifest against sha256sum over the same files.
import { execFileSync, spawnSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { EXAMPLE, ROOT, generateBenchApp } from "./bench-app";

const APP = path.join(ROOT, "examples", ".bench-app");
const BIN = path.join(ROOT, "bin", "stackfile.js");

function plan(stack: string): { ms: number; resources: { type: string; parent: string | null }[] } {
  const start = process.hrtime.bigint();
  const r = spawnSync(BIN, ["plan", stack, "--json"], { encoding: "utf8", maxBuffer: 1 << 28 });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0) throw new Error(`plan ${stack} failed: ${r.stderr}`);
  return { ms, resources: JSON.parse(r.stdout).resources };
}

function stackFor(appDir: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-web-"));
  const f = path.join(dir, "stack.yaml");
  fs.writeFileSync(f, `resources:\n  web:\n    type: nextjs-web\n    properties:\n      appDirectory: ${appDir}\n`);
  return f;
}

// A generated app: the example's sources plus 2,000 files in public/.
generateBenchApp(APP);

const example = plan(stackFor(EXAMPLE));
const first = plan(stackFor(APP));
const second = plan(stackFor(APP));
const count = (p: typeof example) => p.resources.length;
console.log(`nextjs-web resources registered: example app ${count(example)}, generated app with 2,000 static files ${count(first)} (${count(example) === count(first) ? "equal" : "DIFFERENT"})`);
console.log(`nextjs-web plan of the generated app: first ${(first.ms / 1000).toFixed(1)} s (with the OpenNext build), second ${(second.ms / 1000).toFixed(2)} s (build skipped; ${((second.ms - example.ms) / 1000).toFixed(2)} s more than a plan of the example app whose build is reused too)`);

// The build step alone when nothing changed: hashing the sources and reusing the output.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { buildNextApp } = require("../dist/components/nextjs-web/build") as typeof import("../src/components/nextjs-web/build");
const skipStart = process.hrtime.bigint();
const reused = buildNextApp(APP, { say: () => undefined });
const skipMs = Number(process.hrtime.bigint() - skipStart) / 1e6;
console.log(`nextjs-web build step of the unchanged generated app: ${skipMs.toFixed(0)} ms (${reused.built ? "REBUILT" : "skipped"})`);

// Hashing throughput: the manifest's hashing against sha256sum, same files.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { assetManifest } = require("../dist/components/nextjs-web/assets") as typeof import("../src/components/nextjs-web/assets");
const output = JSON.parse(fs.readFileSync(path.join(APP, ".open-next", "open-next.output.json"), "utf8"));
const files = execFileSync("find", [".open-next/assets", ".open-next/cache", "-type", "f"], { cwd: APP, encoding: "utf8" }).trim().split("\n");
const bytes = files.reduce((n, f) => n + fs.statSync(path.join(APP, f)).size, 0);
const time = (fn: () => void) => {
  const runs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = process.hrtime.bigint();
    fn();
    runs.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return runs.sort((a, b) => a - b)[2];
};
const ours = time(() => assetManifest(APP, output));
const theirs = time(() => execFileSync("sh", ["-c", "find .open-next/assets .open-next/cache -type f -print0 | xargs -0 sha256sum > /dev/null"], { cwd: APP }));
const mbps = (ms: number) => (bytes / (1 << 20)) / (ms / 1000);
console.log(`asset manifest hashing: ${files.length} files, ${(bytes / (1 << 20)).toFixed(1)} MB: manifest ${ours.toFixed(0)} ms (${mbps(ours).toFixed(0)} MB/s), sha256sum ${theirs.toFixed(0)} ms (${mbps(theirs).toFixed(0)} MB/s): ${(theirs / ours * 100).toFixed(0)}% of sha256sum's speed (target >= 50%)`);
fs.rmSync(APP, { recursive: true, force: true });

// The edge server's package (example app built for Lambda@Edge) against
// Lambda@Edge's 50 MB limit on a zipped origin-request function.
const zlib = require("zlib") as typeof import("zlib");
const EDGE_APP = path.join(ROOT, "examples", ".edge-app");
for (const entry of ["app", "next.config.mjs", "open-next.config.ts", "package.json", "tsconfig.json", "next-env.d.ts"]) {
  fs.cpSync(path.join(EXAMPLE, entry), path.join(EDGE_APP, entry), { recursive: true });
}
const edge = buildNextApp(EDGE_APP, { edge: true, say: () => undefined });
const edgeDir = path.join(EDGE_APP, edge.output.origins.default.bundle);
const edgeFiles = execFileSync("find", [".", "-type", "f"], { cwd: edgeDir, encoding: "utf8" }).trim().split("\n");
let raw = 0;
let deflated = 0;
for (const f of edgeFiles) {
  const data = fs.readFileSync(path.join(edgeDir, f));
  raw += data.length;
  deflated += zlib.deflateRawSync(data).length;
}
const mb = (n: number) => (n / (1 << 20)).toFixed(1);
console.log(`edge server package of the example app: ${edgeFiles.length} files, ${mb(raw)} MB, deflated ${mb(deflated)} MB (Lambda@Edge allows 50 MB zipped)`);
