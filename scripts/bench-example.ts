// `npm run bench:example`: the README's main job, timed as a new user meets it:
// `plan examples/yaml-stack/stack.yaml` from a clean app (with the OpenNext
// build) and again (build skipped), with the build's own time from its line,
// and the time the build stamp's output digest takes to check.
import { spawnSync } from "child_process";
import * as fs from "fs";
import * as path from "path";

const ROOT = path.resolve(__dirname, "..");
const BIN = path.join(ROOT, "bin", "stackfile.js");
const STACK = path.join("examples", "yaml-stack", "stack.yaml");

function plan(): { s: number; build: string } {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [BIN, "plan", STACK], { cwd: ROOT, encoding: "utf8", maxBuffer: 1 << 28 });
  const s = Number(process.hrtime.bigint() - start) / 1e9;
  if (r.status !== 0) throw new Error(`plan failed: ${r.stderr}`);
  const built = /web: built in ([\d.]+) s/.exec(r.stderr);
  return { s, build: built ? `build ${built[1]} s` : /build skipped/.test(r.stderr) ? "build skipped" : "build: no line" };
}

fs.rmSync(path.join(ROOT, "examples", "nextjs-app", ".open-next"), { recursive: true, force: true });
fs.rmSync(path.join(ROOT, "examples", "nextjs-app", ".next"), { recursive: true, force: true });
const first = plan();
const second = plan();
console.log(`plan of the example stack: first ${first.s.toFixed(1)} s (${first.build}), second ${second.s.toFixed(1)} s (${second.build})`);

// What the second plan spends checking that the build's output is what its stamp vouches for.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { outputsDigest } = require("../dist/components/nextjs-web/build/build-stamp") as typeof import("../src/components/nextjs-web/build/build-stamp");
const outDir = path.join(ROOT, "examples", "nextjs-app", ".open-next");
outputsDigest(outDir);
const t0 = process.hrtime.bigint();
const digest = outputsDigest(outDir);
const ms = Number(process.hrtime.bigint() - t0) / 1e6;
console.log(`output digest of the example's build (checked before a build is reused): ${digest.files} files, ${(digest.bytes / (1 << 20)).toFixed(1)} MB, ${ms.toFixed(0)} ms`);
