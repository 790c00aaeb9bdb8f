// The build subsystem of nextjs-web: builds a Next.js app with OpenNext (or the
// user's buildCommand). It touches no Pulumi; the component reads its result
// (BuildResult) and makes the resources. What it guarantees:
// - one build at a time per app directory, across processes and hosts (a lock
//   with a renewed lease, taken over when its holder is gone: build-lock.ts);
// - a build skipped only when the sources are unchanged (source-hash.ts) and
//   what the last build left is whole (its stamp and output digest:
//   build-stamp.ts); a failed build leaves the last good output (last-good.ts);
// - an output independent of where the checkout is (normalize-output.ts) and,
//   from one build secret, the same keys in every checkout; a run that never
//   deploys builds with the public placeholder key (build-keys.ts);
// - the image optimizer's sharp matching its CPU (sharp.ts); the build's
//   process group ended with it (build-process.ts);
// - every failure a BuildError whose message says what to fix (build-error.ts).
// Other files of nextjs-web import this index, except the packages that a
// build itself imports (edge-package.ts, server-package.ts: build-error.ts).
import * as fs from "fs";
import * as path from "path";
import { sourceHash } from "./source-hash";
import { BuildError } from "./build-error";
import { checkEdgePackageSize, serverModule } from "../edge-package";
import { EDGE, STREAMING, openNextCommand, overrideConfig } from "./open-next-config";
import { appConfigProblems, readAppOpenNextConfig, DEPLOYS_SPLIT_FUNCTIONS } from "../app-config";
import { outputsChanged, readOutput, readStamp, writeStamp, type Stamp } from "./build-stamp";
import { LOCK, withBuildLock } from "./build-lock";
import { runInGroup, type BuildCommand } from "./build-process";
import { keepingLastGood, recoverAside } from "./last-good";
import { normalizeBuildPaths } from "./normalize-output";
import { ensureSharpForArm64 } from "./sharp";
import { BUILD_SECRET_CONFIG, BUILD_SECRET_ENV, buildKeys, pinPreviewKeys, type BuildKeys } from "./build-keys";
import type { OpenNextOutput } from "./open-next-output";

/** `.open-next/open-next.output.json`, the parts read here (open-next-output.ts). */
export type { OpenNextOutput } from "./open-next-output";

export interface BuildResult {
  appDir: string;
  output: OpenNextOutput;
  /** Next.js's build id (from `.open-next/assets/BUILD_ID`). */
  buildId: string;
  /** Content hash of the sources the build came from. */
  sourceHash: string;
  /** False when an earlier build of the same sources was reused. */
  built: boolean;
  warnings: string[];
}

export interface BuildOptions {
  buildCommand?: string;
  /** Build the server for response streaming (OpenNext's `aws-lambda-streaming` wrapper). */
  streaming?: boolean;
  /** Build the server for Lambda@Edge (OpenNext's `aws-cloudfront` converter: origin-request events in, CloudFront responses out). */
  edge?: boolean;
  /** Who builds, in progress lines (the resource's name). */
  label?: string;
  /** Where progress lines go: stderr by default (so `plan --json` stays clean). */
  say?: (line: string) => void;
  /** Show the build's own output as it runs (otherwise only when it fails). Also STACKFILE_VERBOSE=1. */
  verbose?: boolean;
  /** The stack's secret config `stackfile:buildSecret` (the component reads it); STACKFILE_BUILD_SECRET wins over it. */
  configSecret?: string;
  /** A run that never deploys (`plan`, `diff`, `dev --prod`): the placeholder key when no secret is in the environment (build-keys.ts). */
  placeholderSecret?: boolean;
}

export { BuildError, BUILD_SECRET_CONFIG };

/** Bump when what the build step does changes, so earlier builds are not reused. */
const BUILD_STEP_VERSION = "3";
const CONFIG_FILES = ["next.config.js", "next.config.mjs", "next.config.ts", "next.config.cjs"];

const stderrLine = (line: string) => void process.stderr.write(`${line}\n`);
const indent = (text: string) => text.split("\n").filter((l) => l.trim() !== "").map((l) => `  | ${l}`).join("\n");

export function buildNextApp(appDir: string, opts: BuildOptions = {}): BuildResult {
  const dir = path.resolve(appDir);
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) {
    throw new BuildError(`appDirectory ${appDir} does not exist; it must be the folder of the Next.js project`);
  }
  const config = CONFIG_FILES.find((f) => fs.existsSync(path.join(dir, f)));
  if (!config && !fs.existsSync(path.join(dir, "package.json"))) {
    throw new BuildError(`appDirectory ${appDir} holds no Next.js project (no next.config.* or package.json)`);
  }
  const streaming = opts.streaming === true;
  const edge = opts.edge === true;
  if (streaming && edge) throw new BuildError("an edge server cannot stream responses; build for one or the other");
  // What the app's OpenNext config asks must agree with the properties, before a build is spent on it.
  const [mismatch] = appConfigProblems({ appDirectory: appDir, streamingEnabled: streaming, useEdgeFunction: edge }, readAppOpenNextConfig(dir), DEPLOYS_SPLIT_FUNCTIONS);
  if (mismatch) throw new BuildError(`${mismatch.message}; ${mismatch.hint}`);
  const label = opts.label ?? path.basename(dir);
  const say = opts.say ?? stderrLine;
  const where = path.relative(process.cwd(), dir) || ".";
  const outDir = path.join(dir, ".open-next");
  const keys = buildKeys({ config: opts.configSecret, placeholder: opts.placeholderSecret });
  if (keys?.source === "placeholder") {
    say(`${label}: no build secret given, so this plan builds with stackfile's public placeholder key (the same in every checkout; a deploy never reuses such a build)`);
  }

  const { output, hash, built } = withBuildLock(dir, label, say, () => {
    const override = streaming ? STREAMING : edge ? EDGE : undefined;
    const command = buildCommandOf(dir, opts.buildCommand, override);
    const keysUsed = keys?.fingerprint ?? "random";
    const hash = sourceHash(dir, [opts.buildCommand ?? "open-next build", BUILD_STEP_VERSION, streaming ? "streaming" : edge ? "edge" : "buffered", `keys:${keysUsed}`]);
    recoverAside(outDir);
    const stamp = readStamp(outDir);
    const last = stamp?.sourceHash === hash ? lastBuild(dir, outDir, stamp) : undefined;
    if (last && "output" in last) {
      say(`${label}: sources unchanged, build skipped`);
      return { output: last.output, hash, built: false };
    }
    if (last && "why" in last) say(`${label}: the last build is not whole (${last.why}); building again`);
    else if (stamp && stamp.keys !== keysUsed) say(`${label}: the last build used other build keys; building again`);
    say(`building ${label} (${opts.buildCommand ? `\`${opts.buildCommand}\`` : "OpenNext"}) in ${where} ...`);
    const started = Date.now();
    const result = keepingLastGood(outDir, () => {
      runBuild(dir, command, opts, say, keys);
      const read = readOutput(dir, outDir);
      if ("why" in read) {
        throw new BuildError(`the build of ${appDir} left no usable .open-next (${read.why}); buildCommand must run \`open-next build\` (from @opennextjs/aws)`);
      }
      checkTarget(appDir, read.output, streaming, edge);
      if (edge) checkEdgePackageSize(path.join(dir, read.output.origins.default.bundle));
      normalizeBuildPaths(outDir);
      if (keys) pinPreviewKeys(outDir, keys.preview);
      ensureSharpForArm64(outDir, read.output);
      writeStamp(outDir, hash, keysUsed);
      return read;
    });
    say(`${label}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return { output: result.output, hash, built: true };
  });
  checkTarget(appDir, output, streaming, edge);
  if (edge) serverModule(path.join(dir, output.origins.default.bundle), output.origins.default.handler);

  const warnings: string[] = [];
  const configText = config ? fs.readFileSync(path.join(dir, config), "utf8") : "";
  if (!configText.includes("generateBuildId")) {
    warnings.push(
      `${appDir}: next.config has no generateBuildId, so Next.js picks a random build id on every build; ` +
      "set one derived from your sources (\"Reproducible builds\" in stackfile's docs/nextjs-web.md shows how) so that deploys of unchanged code change nothing",
    );
  }
  if (!keys) {
    warnings.push(
      `${appDir}: no build secret is set, so Next.js makes new server-action and draft-mode keys on every build ` +
      "and two builds of the same sources deploy different code; set one (at least 32 random characters, the same wherever you deploy from) " +
      `to make builds reproducible: \`pulumi config set --secret ${BUILD_SECRET_CONFIG} "$(openssl rand -hex 32)"\`, or ${BUILD_SECRET_ENV} in the environment`,
    );
  }
  const buildIdFile = [path.join(outDir, "assets", "BUILD_ID"), path.join(dir, ".next", "BUILD_ID")].find((f) => fs.existsSync(f));
  const buildId = buildIdFile ? fs.readFileSync(buildIdFile, "utf8").trim() : hash.slice(0, 20);
  return { appDir: dir, output, buildId, sourceHash: hash, built, warnings };
}

/** The last build's output if it is whole and what its stamp vouches for, else why not. */
function lastBuild(dir: string, outDir: string, stamp: Stamp): { output: OpenNextOutput } | { why: string } {
  const read = readOutput(dir, outDir);
  if ("why" in read) return read;
  const changed = outputsChanged(outDir, stamp);
  return changed ? { why: changed } : read;
}

/** The user's buildCommand (a shell command), else OpenNext as a program and its arguments: no shell. */
function buildCommandOf(dir: string, buildCommand: string | undefined, override: Record<string, string> | undefined): BuildCommand {
  if (buildCommand !== undefined) return { shell: buildCommand };
  const openNext = openNextCommand(dir);
  return { file: openNext.file, args: [...openNext.args, ...(override ? ["--config-path", overrideConfig(dir, override)] : [])] };
}

/** Runs the build command; its output shows live with `verbose`, else only when it fails. */
function runBuild(dir: string, command: BuildCommand, opts: BuildOptions, say: (line: string) => void, keys: BuildKeys | undefined): void {
  const verbose = opts.verbose ?? process.env.STACKFILE_VERBOSE === "1";
  const shown = opts.buildCommand ?? "open-next build";
  const r = runInGroup({
    command,
    cwd: dir,
    live: verbose,
    // Secrets given to stackfile in its environment are not the build's.
    env: { ...withoutStackfileSecrets(process.env), ...keys?.env, NEXT_TELEMETRY_DISABLED: "1" },
    lock: { dir: path.join(dir, LOCK), pid: process.pid },
  });
  if (r.error) throw new BuildError(`could not run the build of ${dir} (${shown}): ${r.error.message}`);
  if (r.status !== 0) {
    if (!verbose) say(indent(`${r.stdout ?? ""}\n${r.stderr ?? ""}`));
    throw new BuildError(`the build of ${dir} failed: \`${shown}\` exited with ${r.status ?? r.signal}; its output is above`);
  }
}

/** `STACKFILE_SECRET_<NAME>` variables are for stackfile's $Secret, never passed on to a build. */
function withoutStackfileSecrets(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([k]) => !k.startsWith("STACKFILE_SECRET_")));
}

/** The build must be for the server the component makes. */
function checkTarget(appDir: string, output: OpenNextOutput, streaming: boolean, edge: boolean): void {
  if ((output.origins.default.streaming === true) !== streaming) {
    throw new BuildError(
      `the build of ${appDir} is ${output.origins.default.streaming ? "" : "not "}for streaming, but streamingEnabled is ${streaming}; ` +
      `the two must agree: ${streaming ? "set default.override.wrapper to \"aws-lambda-streaming\" in open-next.config.ts" : "remove the streaming wrapper from open-next.config.ts"}`,
    );
  }
  const builtForEdge = output.origins.default.converter === EDGE.converter;
  if (builtForEdge !== edge) {
    throw new BuildError(
      `the build of ${appDir} is ${builtForEdge ? "" : "not "}for Lambda@Edge, but useEdgeFunction is ${edge}; ` +
      `the two must agree: ${edge ? "set default.override to { wrapper: \"aws-lambda\", converter: \"aws-cloudfront\" } in open-next.config.ts" : "remove the aws-cloudfront converter from open-next.config.ts"}`,
    );
  }
}
