// Builds a Next.js app with OpenNext (or the user's buildCommand), skips the
// build when the sources have not changed, reads what OpenNext says to deploy,
// and makes sure the image optimizer's sharp matches the function's CPU.
import { spawnSync, type StdioOptions } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { sourceHash } from "./source-hash";
import { BuildError } from "./build-error";
import { checkEdgePackageSize, serverModule } from "./edge-package";

/** `.open-next/open-next.output.json`, the parts read here. */
export interface OpenNextOutput {
  origins: {
    s3: { type: "s3"; originPath: string; copy: { from: string; to: string; cached: boolean; versionedSubDir?: string }[] };
    default: { type: "function"; handler: string; bundle: string; streaming?: boolean; wrapper?: string; converter?: string };
    imageOptimizer?: { type: "function"; handler: string; bundle: string };
    [name: string]: unknown;
  };
  behaviors: { pattern: string; origin: string }[];
  additionalProps?: {
    warmer?: { handler: string; bundle: string };
    initializationFunction?: { handler: string; bundle: string };
    revalidationFunction?: { handler: string; bundle: string };
  };
}

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
  /** Where the build's output goes; by default to stderr, so `plan --json` stays clean. */
  stdio?: StdioOptions;
}

export { BuildError };

/** Bump when what the build step does changes, so earlier builds are not reused. */
const BUILD_STEP_VERSION = "1";
const STAMP = ".stackfile-build.json";
const CONFIG_FILES = ["next.config.js", "next.config.mjs", "next.config.ts", "next.config.cjs"];

/** `open-next build` from the @opennextjs/aws this package depends on (its exports hide package.json). */
function openNextCommand(): string {
  for (const dir of require.resolve.paths("@opennextjs/aws") ?? []) {
    const bin = path.join(dir, "@opennextjs", "aws", "dist", "index.js");
    if (fs.existsSync(bin)) return `"${process.execPath}" "${bin}" build`;
  }
  throw new BuildError("@opennextjs/aws is not installed; run npm install in your project");
}

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
  const override = streaming ? STREAMING : edge ? EDGE : undefined;
  const command = opts.buildCommand ?? openNextCommand() + (override ? ` --config-path ${overrideConfig(dir, override)}` : "");
  const hash = sourceHash(dir, [opts.buildCommand ?? "open-next build", BUILD_STEP_VERSION, streaming ? "streaming" : edge ? "edge" : "buffered"]);
  const outDir = path.join(dir, ".open-next");
  const stampFile = path.join(outDir, STAMP);
  const outputFile = path.join(outDir, "open-next.output.json");
  const stamp = fs.existsSync(stampFile) ? (JSON.parse(fs.readFileSync(stampFile, "utf8")) as { sourceHash?: string }) : {};
  const reuse = stamp.sourceHash === hash && fs.existsSync(outputFile);

  if (!reuse) {
    const r = spawnSync(command, {
      cwd: dir,
      shell: true,
      stdio: opts.stdio ?? ["ignore", process.stderr, process.stderr],
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    });
    if (r.error) throw new BuildError(`could not run the build of ${appDir} (${opts.buildCommand ?? "open-next build"}): ${r.error.message}`);
    if (r.status !== 0) {
      throw new BuildError(
        `the build of ${appDir} failed: \`${opts.buildCommand ?? "open-next build"}\` exited with ${r.status ?? r.signal}; its output is above`,
      );
    }
    if (!fs.existsSync(outputFile)) {
      throw new BuildError(
        `the build of ${appDir} left no .open-next/open-next.output.json; buildCommand must run \`open-next build\` (from @opennextjs/aws)`,
      );
    }
  }
  const output = JSON.parse(fs.readFileSync(outputFile, "utf8")) as OpenNextOutput;
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
  if (edge) {
    const serverDir = path.join(dir, output.origins.default.bundle);
    serverModule(serverDir, output.origins.default.handler);
    // Checked once per build: a reused build passed already.
    if (!reuse) checkEdgePackageSize(serverDir);
  }
  ensureSharpForArm64(outDir, output);
  if (!reuse) fs.writeFileSync(stampFile, JSON.stringify({ sourceHash: hash }) + "\n");

  const warnings: string[] = [];
  const configText = config ? fs.readFileSync(path.join(dir, config), "utf8") : "";
  if (!configText.includes("generateBuildId")) {
    warnings.push(
      `${appDir}: next.config has no generateBuildId, so Next.js picks a random build id on every build; ` +
      "set one derived from your sources (or commit) so that deploys of unchanged code change nothing",
    );
  }
  const buildIdFile = [path.join(outDir, "assets", "BUILD_ID"), path.join(dir, ".next", "BUILD_ID")].find((f) => fs.existsSync(f));
  const buildId = buildIdFile ? fs.readFileSync(buildIdFile, "utf8").trim() : hash.slice(0, 20);
  return { appDir: dir, output, buildId, sourceHash: hash, built: !reuse, warnings };
}

const OPEN_NEXT_CONFIGS = ["open-next.config.ts", "open-next.config.mjs", "open-next.config.js"];

/** What the server's OpenNext `default.override` gets, by target. */
const STREAMING = { wrapper: "aws-lambda-streaming" };
const EDGE = { wrapper: "aws-lambda", converter: "aws-cloudfront" };

/** An OpenNext config that is the app's own with these server overrides; returns its file name. */
function overrideConfig(dir: string, override: Record<string, string>): string {
  const own = OPEN_NEXT_CONFIGS.find((f) => fs.existsSync(path.join(dir, f)));
  const file = ".stackfile-open-next.config.ts";
  fs.writeFileSync(path.join(dir, file), [
    `// Written by stackfile: the app's OpenNext config with the server built for ${override === EDGE ? "Lambda@Edge (useEdgeFunction)" : "streaming (streamingEnabled)"}.`,
    own ? `import base from "./${own}";` : "const base: any = { default: {} };",
    `const config = { ...base, default: { ...base.default, override: { ...base.default?.override, ...${JSON.stringify(override)} } } };`,
    "export default config;",
    "",
  ].join("\n"));
  return file;
}

/**
 * The image optimizer runs on arm64, but current npm ignores OpenNext's
 * `--arch` flag and installs sharp for the build machine. Swap in the arm64
 * build of the same sharp version, or fail saying how to fix it.
 */
export function ensureSharpForArm64(outDir: string, output: OpenNextOutput): void {
  const bundle = output.origins.imageOptimizer?.bundle;
  if (!bundle) return;
  const fnDir = path.join(outDir, "..", bundle);
  const img = path.join(fnDir, "node_modules", "@img");
  const fix = "set imageOptimization.install in open-next.config.ts to " +
    `{ packages: ["sharp@<version>"], arch: "arm64", additionalArgs: "--cpu=arm64" }`;
  const sharpPkg = path.join(fnDir, "node_modules", "sharp", "package.json");
  if (!fs.existsSync(sharpPkg)) {
    throw new BuildError(`the image optimization function has no sharp (OpenNext could not install it; it needs the npm registry); ${fix}`);
  }
  const present = fs.existsSync(img) ? fs.readdirSync(img) : [];
  if (present.includes("sharp-linux-arm64")) return;
  const version = (JSON.parse(fs.readFileSync(sharpPkg, "utf8")) as { version: string }).version;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "stackfile-sharp-"));
  try {
    const r = spawnSync("npm", ["install", "--no-save", "--no-audit", "--no-fund", "--os=linux", "--cpu=arm64", "--libc=glibc", `sharp@${version}`], {
      cwd: tmp, encoding: "utf8", env: { ...process.env, SHARP_IGNORE_GLOBAL_LIBVIPS: "1" },
    });
    const got = path.join(tmp, "node_modules", "@img");
    if (r.status !== 0 || !fs.existsSync(path.join(got, "sharp-linux-arm64"))) {
      throw new BuildError(`the image optimization function's sharp is built for ${present.join(", ") || "another CPU"}, not arm64, and installing sharp@${version} for arm64 failed; ${fix}`);
    }
    for (const name of present.filter((n) => n.startsWith("sharp-"))) fs.rmSync(path.join(img, name), { recursive: true, force: true });
    fs.mkdirSync(img, { recursive: true });
    for (const name of fs.readdirSync(got)) fs.cpSync(path.join(got, name), path.join(img, name), { recursive: true, dereference: true });
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
