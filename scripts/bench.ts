// `npm run bench`: every row of issue 25's table, each as a ratio against its
// floor. Each row runs its command (A) and its floor (B) as users run them
// (the executable's node flags, a whole process each) in pairs, A B A B ...,
// so that neither gets a quieter machine; a row's ratio is the median of its
// pairs' ratios. Peak memory is each process's own maximum resident set.
//   BENCH_RUNS=5 (pairs per row)  BENCH_BIG_RUNS=3 (the 2 MiB file, 2,000 gateways)  BENCH_HUGE_RUNS=1 (12,000 gateways)
//   BENCH_ROWS=plan,types,validate,...   (a subset of the rows, by key)  BENCH_BIN=... (another executable)
import { spawnSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { buildSync } from "esbuild";
import { generateStack } from "./bench-stack";
import { generateTypesStack } from "./bench-types-stack";

const ROOT = path.resolve(__dirname, "..");
/** The executable timed (another build can be compared: BENCH_BIN=path/to/stackfile.js). */
const BIN = path.resolve(process.env.BENCH_BIN ?? path.join(ROOT, "bin", "stackfile.js"));
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const BIG_RUNS = Number(process.env.BENCH_BIG_RUNS ?? 3);
/** 12,000 gateways take minutes a run on a busy machine: one pair unless told. */
const HUGE_RUNS = Number(process.env.BENCH_HUGE_RUNS ?? 1);
const ROWS = process.env.BENCH_ROWS?.split(",");
/** The node flags of the executable's first line (`#!/usr/bin/env -S node --flag`). */
const NODE_FLAGS = fs.readFileSync(BIN, "utf8").split("\n")[0].replace(/^#!.*?node\s*/, "").split(/\s+/).filter(Boolean);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-"));
const write = (name: string, text: string) => {
  const f = path.join(dir, name);
  fs.writeFileSync(f, text);
  return f;
};

// Each process reports its own CPU time and peak memory on exit (file descriptor 3).
const REPORTER = write("report.js", `process.on("exit", () => {
  const u = process.resourceUsage();
  try { require("fs").writeSync(3, JSON.stringify({ cpuMs: (u.userCPUTime + u.systemCPUTime) / 1000, maxRssKB: u.maxRSS })); } catch {}
});`);
// The floor of `plan`: the same registrations as bare resources under the same mock engine (see bench-floor.ts).
const FLOOR = path.join(dir, "bench-floor.js");
buildSync({ entryPoints: [path.join(__dirname, "bench-floor.ts")], outfile: FLOOR, format: "cjs", platform: "node", target: "node20", logLevel: "warning" });

interface Run {
  ms: number;
  cpuMs: number;
  mb: number;
  code: number | null;
  out: string;
  err: string;
}

function run(args: string[], opts: { flags?: string[]; keep?: boolean } = {}): Run {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [...(opts.flags ?? NODE_FLAGS), "-r", REPORTER, ...args], {
    cwd: ROOT, encoding: "utf8", maxBuffer: 1 << 30, stdio: ["ignore", "pipe", "pipe", "pipe"],
  });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const report = JSON.parse((r.output[3] as string) || '{"cpuMs":0,"maxRssKB":0}') as { cpuMs: number; maxRssKB: number };
  return { ms, cpuMs: report.cpuMs, mb: report.maxRssKB / 1024, code: r.status, out: opts.keep ? r.stdout : "", err: r.stderr };
}

function ok(r: Run, what: string): Run {
  if (r.code !== 0) throw new Error(`${what} exited ${r.code}: ${r.err.slice(0, 2000)}`);
  return r;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A B A B ...: the two medians and the median of the pairs' ratios, for wall time, CPU time and peak memory. */
function pairs(runs: number, a: () => Run, b: () => Run) {
  const as: Run[] = [];
  const bs: Run[] = [];
  for (let i = 0; i < runs; i++) {
    as.push(a());
    bs.push(b());
  }
  const of = (k: "ms" | "cpuMs" | "mb") => ({
    a: median(as.map((r) => r[k])),
    b: median(bs.map((r) => r[k])),
    ratio: median(as.map((r, i) => r[k] / bs[i][k])),
  });
  return { wall: of("ms"), cpu: of("cpuMs"), peak: of("mb"), last: as[as.length - 1], lastFloor: bs[bs.length - 1] };
}

const rows: string[] = [];
function row(name: string, measure: string, a: string, floor: string, ratio: number | undefined, goal: string, met: boolean) {
  rows.push(`| ${name} | ${measure} | ${a} | ${floor} | ${ratio === undefined ? "" : `${ratio.toFixed(2)}x`} | ${goal} | ${met ? "met" : "**not met**"} |`);
  console.log(rows[rows.length - 1]);
}
const s = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);
const mb = (x: number) => `${x.toFixed(0)} MB`;
const want = (key: string) => !ROWS || ROWS.includes(key);

/** `plan --json` of `file` once, kept as the floor's registrations. */
function planJson(file: string, name: string): string {
  return write(name, ok(run([BIN, "plan", file, "--json"], { keep: true }), `plan ${file}`).out);
}

/** N bare gateways (one-line resources), as a stack file. */
const gateways = (n: number) => "resources:\n" + Array.from({ length: n }, (_, i) => `  g${i}: {type: http-api-gateway}\n`).join("");

/** The registrations of N gateways, from those of one (renamed): the floor when the plan itself cannot make them. */
function gatewayRegistrations(n: number): string {
  const one = JSON.parse(fs.readFileSync(planJson(write("g1.yaml", gateways(1)), "g1.plan.json"), "utf8")) as { resources: unknown[]; outputs: Record<string, unknown> };
  const text = JSON.stringify(one.resources);
  const resources = Array.from({ length: n }, (_, i) => JSON.parse(text.replace(/\bg0\b/g, `g${i}`)) as unknown[]).flat();
  const outputs = Object.fromEntries(Array.from({ length: n }, (_, i) => [`g${i}`, JSON.parse(JSON.stringify(one.outputs.g0).replace(/\bg0\b/g, `g${i}`))]));
  return write(`g${n}.floor.json`, JSON.stringify({ resources, outputs }));
}

console.log(`${os.cpus().length} cores, load average ${os.loadavg().map((x) => x.toFixed(1)).join(" ")}; ${RUNS} pairs a row (${BIG_RUNS} for the gateway rows); node ${process.version} ${NODE_FLAGS.join(" ")}`);
console.log("| Row | Measure | stackfile (median) | Floor (median) | Ratio (median of pairs) | Goal | |");
console.log("|---|---|---|---|---|---|---|");

const clusters = write("clusters.yaml", generateStack(200));
const changed = write("clusters-changed.yaml", generateStack(200, true));
// The same stack without the 150 no-effect settings (`numShards` without sharding) that give it warnings.
const clean = write("clusters-clean.yaml", generateStack(200).replace(/ {6}numShards: 1\n/g, ""));

if (want("plan")) {
  const registrations = planJson(clusters, "clusters.plan.json");
  const p = pairs(RUNS, () => ok(run([BIN, "plan", clusters, "--json"]), "plan"), () => ok(run([FLOOR, ROOT, registrations]), "floor"));
  const name = "`plan --json`, 200 redis clusters (1,600 resources)";
  row(name, "wall", s(p.wall.a), s(p.wall.b), p.wall.ratio, "<= 1.3x", p.wall.ratio <= 1.3);
  row(name, "CPU", s(p.cpu.a), s(p.cpu.b), p.cpu.ratio, "(shown)", true);
  row(name, "peak memory", mb(p.peak.a), mb(p.peak.b), p.peak.ratio, "<= 1.3x", p.peak.ratio <= 1.3);
  // The floor above loads the SDK whole; `plan` does not load its closure serializer (src/cli/provider-code.ts).
  // Against a floor that loads the SDK as `plan` does, the ratio is what the components themselves cost.
  const lean = pairs(RUNS, () => ok(run([BIN, "plan", clusters, "--json"]), "plan"), () => ok(run([FLOOR, ROOT, registrations, "--as-plan-loads"]), "floor"));
  row(name, "wall, floor loading the SDK as plan does", s(lean.wall.a), s(lean.wall.b), lean.wall.ratio, "(shown)", true);
  row(name, "peak memory, floor loading the SDK as plan does", mb(lean.peak.a), mb(lean.peak.b), lean.peak.ratio, "(shown)", true);
}

if (want("types")) {
  // The data and messaging types (issue 36): their plan within the goal of the clusters' plan row above.
  const stack = write("types.yaml", generateTypesStack(200));
  const registrations = planJson(stack, "types.plan.json");
  const count = (JSON.parse(fs.readFileSync(registrations, "utf8")) as { resources: unknown[] }).resources.length;
  const p = pairs(RUNS, () => ok(run([BIN, "plan", stack, "--json"]), "plan"), () => ok(run([FLOOR, ROOT, registrations]), "floor"));
  const name = `\`plan --json\`, 200 buckets, tables, queues, topics and buses (${count.toLocaleString("en")} resources)`;
  row(name, "wall", s(p.wall.a), s(p.wall.b), p.wall.ratio, "<= 1.3x", p.wall.ratio <= 1.3);
  row(name, "CPU", s(p.cpu.a), s(p.cpu.b), p.cpu.ratio, "(shown)", true);
  row(name, "peak memory", mb(p.peak.a), mb(p.peak.b), p.peak.ratio, "<= 1.3x", p.peak.ratio <= 1.3);
}

if (want("validate")) {
  const nodeStart = () => ok(run(["-e", "0"], { flags: [] }), "node -e 0");
  for (const [label, file] of [["clean", clean], ["150 warnings", clusters]] as const) {
    const p = pairs(RUNS, () => ok(run([BIN, "validate", file]), "validate"), nodeStart);
    row(`\`validate\`, 200 clusters, ${label}`, "wall", s(p.wall.a), `${s(p.wall.b)} (node -e 0)`, p.wall.ratio, "<= 2x", p.wall.ratio <= 2);
    row(`\`validate\`, 200 clusters, ${label}`, "CPU", s(p.cpu.a), `${s(p.cpu.b)} (node -e 0)`, p.cpu.ratio, "(shown)", true);
  }
  const p = pairs(RUNS, () => ok(run([BIN, "--version"]), "--version"), nodeStart);
  row("`--version`", "wall", s(p.wall.a), `${s(p.wall.b)} (node -e 0)`, p.wall.ratio, "(shown)", true);
}

if (want("diff")) {
  const p = pairs(RUNS, () => ok(run([BIN, "diff", clusters, changed, "--format", "json"]), "diff"), () => ok(run([BIN, "plan", changed, "--json"]), "plan"));
  const name = "`diff` of two 200-cluster stacks";
  row(name, "wall", s(p.wall.a), `${s(p.wall.b)} (one plan)`, p.wall.ratio, "<= 2.2x", p.wall.ratio <= 2.2);
  row(name, "CPU", s(p.cpu.a), `${s(p.cpu.b)} (one plan)`, p.cpu.ratio, "(shown)", true);
  row(name, "peak memory", mb(p.peak.a), `${mb(p.peak.b)} (one plan)`, p.peak.ratio, "(shown)", true);
}

if (want("large")) {
  // A valid file at the 2 MiB limit of one-line gateways, against a tenth of it: linear work is 10x.
  let big = "resources:\n";
  for (let i = 0; big.length < 2 * 1024 * 1024 - 100; i++) big += `  g${i}: {type: http-api-gateway}\n`;
  const count = big.split("\n").length - 2;
  const full = write("large.yaml", big);
  const tenth = write("tenth.yaml", gateways(Math.round(count / 10)));
  const p = pairs(BIG_RUNS, () => ok(run([BIN, "validate", full]), "validate"), () => ok(run([BIN, "validate", tenth]), "validate"));
  row(`\`validate\`, valid 2 MiB file (${count.toLocaleString("en")} one-line gateways)`, "wall", s(p.wall.a), `${s(p.wall.b)} x 10 (a tenth)`, p.wall.ratio / 10, "< 3 s", p.wall.a < 3000);
  row(`\`validate\`, valid 2 MiB file`, "CPU", s(p.cpu.a), `${s(p.cpu.b)} x 10 (a tenth)`, p.cpu.ratio / 10, "(shown)", true);
  row(`\`validate\`, valid 2 MiB file`, "peak memory", mb(p.peak.a), mb(p.peak.b), p.peak.ratio, "< 400 MB", p.peak.a < 400);
}

if (want("gateways")) {
  for (const n of [2000, 12000]) {
    const stack = write(`g${n}.yaml`, gateways(n));
    const registrations = gatewayRegistrations(n);
    // Neither side may stop the bench: a crash is what the row reports.
    const p = pairs(n > 2000 ? HUGE_RUNS : BIG_RUNS, () => run([BIN, "plan", stack, "--json"]), () => run([FLOOR, ROOT, registrations]));
    const how = (r: Run) => (r.code === 0 ? "done" : /heap out of memory|FATAL|\n\s+at |internal error/i.test(r.err) ? "CRASHED" : `refused: ${r.err.trim().split("\n").pop()}`);
    const name = `\`plan\`, ${n.toLocaleString("en")} bare gateways (${(n * 4).toLocaleString("en")} resources)`;
    const planned = how(p.last);
    const floor = how(p.lastFloor);
    row(name, "peak memory", mb(p.peak.a), `${mb(p.peak.b)}${floor === "done" ? "" : ` (floor ${floor})`}`, p.peak.ratio, "<= 1.5x; no heap crash", p.peak.ratio <= 1.5 && planned !== "CRASHED");
    row(name, "wall", s(p.wall.a), s(p.wall.b), p.wall.ratio, `(shown) plan: ${planned}`, planned !== "CRASHED");
  }
}

fs.rmSync(dir, { recursive: true, force: true });
