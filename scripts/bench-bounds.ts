// `npm run bench` (or `tsx scripts/bench-bounds.ts` after `npm run build`): the
// times the tests do not assert (they show what ended each case, by its words,
// codes and counts; a hang guard stops a case no bound ends). Median of RUNS:
// - the server's guard on AWS calls (a process each): a service without a route
//   (fails at once), one that does not connect (the 1 s connect bound), and the
//   fetch after a failed probe (refused from the probe's result);
// - a credential lookup held by a profile whose credential_process does not
//   answer, against its 300 ms bound;
// - the YAML message of a line of 200,000 `{`, a file of 40,000 anchors each
//   used once (refused), and the source hash of an app linking /usr and /proc.
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { startBlackhole } from "../test/blackhole";
import type * as ServerPackage from "../src/components/nextjs-web/server-package";
import type * as AwsClients from "../src/providers/aws-clients";
import type * as YamlMessages from "../src/config/yaml-messages";
import type * as Load from "../src/config/load";
import type * as SourceHash from "../src/components/nextjs-web/build/source-hash";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const DIST = path.join(__dirname, "..", "dist");
// The shipped code (npm run build first).
/* eslint-disable @typescript-eslint/no-require-imports */
const { FAIL_FAST_AWS_CALLS, NO_ROUTE_ENV } = require(path.join(DIST, "components", "nextjs-web", "server-package")) as typeof ServerPackage;
const { awsClientConfig } = require(path.join(DIST, "providers", "aws-clients")) as typeof AwsClients;
const { explainSyntaxProblems } = require(path.join(DIST, "config", "yaml-messages")) as typeof YamlMessages;
const { loadText } = require(path.join(DIST, "config", "load")) as typeof Load;
const { sourceHash } = require(path.join(DIST, "components", "nextjs-web", "build", "source-hash")) as typeof SourceHash;
/* eslint-enable @typescript-eslint/no-require-imports */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-bounds-"));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const row = (what: string, ms: number[]) => console.log(`  ${what.padEnd(64)} ${median(ms).toFixed(1).padStart(8)} ms (median of ${ms.length})`);

async function timed(fn: () => unknown): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** Each call's time as measured inside a process of its own running the guard. */
function guarded(kind: "http" | "fetch", url: string, env: Record<string, string>, times: number): number[] {
  fs.writeFileSync(path.join(dir, "guard.mjs"), FAIL_FAST_AWS_CALLS);
  const call = kind === "http"
    ? `const r = await new Promise((resolve) => { const req = http.request(${JSON.stringify(url)}, { method: "POST" }); req.on("error", resolve); req.on("response", resolve); req.end("{}"); });`
    : `try { await fetch(${JSON.stringify(url)}, { method: "POST", body: "{}" }); } catch {}`;
  fs.writeFileSync(path.join(dir, "call.mjs"), `import "./guard.mjs";
import http from "node:http";
const ms = [];
for (let i = 0; i < ${times}; i++) {
  const started = performance.now();
  ${call}
  ms.push(performance.now() - started);
}
console.log(JSON.stringify(ms));
process.exit(0);
`);
  const out = execFileSync(process.execPath, [path.join(dir, "call.mjs")], { env: { PATH: process.env.PATH!, ...env }, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  return JSON.parse(out.trim());
}

async function main(): Promise<void> {
  console.log("bounds (times the tests leave to this script)");
  const hole = await startBlackhole();
  try {
    const noRoute = { AWS_ENDPOINT_URL_SQS: hole.endpoint, [NO_ROUTE_ENV]: "sqs" };
    const noConnect = { AWS_ENDPOINT_URL_SQS: hole.endpoint };
    const rows: Record<string, number[]> = { httpNoRoute: [], httpNoConnect: [], fetchNoRoute: [], fetchNoConnect: [], fetchAfterProbe: [] };
    for (let i = 0; i < RUNS; i++) {
      rows.httpNoRoute.push(guarded("http", `${hole.endpoint}/`, noRoute, 1)[0]);
      rows.httpNoConnect.push(guarded("http", `${hole.endpoint}/`, noConnect, 1)[0]);
      rows.fetchNoRoute.push(guarded("fetch", `${hole.endpoint}/`, noRoute, 1)[0]);
      const [first, second] = guarded("fetch", `${hole.endpoint}/`, noConnect, 2);
      rows.fetchNoConnect.push(first);
      rows.fetchAfterProbe.push(second);
    }
    row("guard, http: service without a route (fails at once)", rows.httpNoRoute);
    row("guard, http: service that does not connect (1 s bound)", rows.httpNoConnect);
    row("guard, fetch: service without a route (fails at once)", rows.fetchNoRoute);
    row("guard, fetch: service that does not connect (1 s bound)", rows.fetchNoConnect);
    row("guard, fetch: the next call after a failed probe", rows.fetchAfterProbe);
  } finally {
    hole.stop();
  }

  fs.writeFileSync(path.join(dir, "config"), "[profile slow]\ncredential_process = sleep 3\n");
  fs.writeFileSync(path.join(dir, "credentials"), "");
  const creds: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const c = awsClientConfig({ profile: "slow", sharedCredentialsFiles: [path.join(dir, "credentials")], sharedConfigFiles: [path.join(dir, "config")] }, "s3", "us-east-1", { credentialsMs: 300 });
    creds.push(await timed(() => c.credentials().then(() => { throw new Error("credentials arrived"); }, () => undefined)));
  }
  row("credentials: a profile that does not answer (300 ms bound)", creds);

  const line = `  a: { b: x${"{".repeat(200_000)}  y }`;
  const parser = [{ file: "s.yaml", line: 2, col: 12, message: "invalid YAML: Unexpected flow-map-start at node end" }];
  const brackets: number[] = [];
  for (let i = 0; i < RUNS; i++) brackets.push(await timed(() => explainSyntaxProblems("s.yaml", `resources:\n${line}\n`, parser)));
  row("YAML message: a line of 200,000 `{`", brackets);

  const items: string[] = [];
  for (let i = 0; i < 40_000; i++) items.push(`&a${i} 0, *a${i}`);
  const aliases = `z: [${items.join(", ")}]\n`;
  const anchors: number[] = [];
  for (let i = 0; i < RUNS; i++) anchors.push(await timed(() => loadText("f.yaml", aliases)));
  row("YAML load: 40,000 anchors each used once (refused)", anchors);

  if (fs.existsSync("/usr/lib") && fs.existsSync("/proc/self")) {
    const app = path.join(dir, "app");
    fs.mkdirSync(path.join(app, "app"), { recursive: true });
    fs.writeFileSync(path.join(app, "package.json"), "{}\n");
    fs.writeFileSync(path.join(app, "app", "page.tsx"), "export default function Page() { return null; }\n");
    fs.symlinkSync("/usr", path.join(app, "usr-link"));
    fs.symlinkSync("/proc", path.join(app, "proc-link"));
    const hashes: number[] = [];
    for (let i = 0; i < RUNS; i++) hashes.push(await timed(() => sourceHash(app)));
    row("source hash: an app linking /usr and /proc (not followed)", hashes);
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
