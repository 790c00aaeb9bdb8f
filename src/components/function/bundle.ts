// Bundles a function's entry file with esbuild into one module and its source
// map, zipped deterministically (the same sources give the same bytes), and
// skips the work while the sources it read, and what their imports resolve
// to, are unchanged (bundle-inputs.ts). What goes
// wrong is a BundleProblem naming the property to blame.
import { createHash } from "crypto";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import type * as Esbuild from "esbuild";
import { deterministicZip } from "../../shared/files/zip";
import { bundleInputs, CACHE_DIR, stillHolds, type Looked } from "./bundle-inputs";
import { CacheFolderError, sealHolds, sealWith, userCacheRoot } from "../../shared/files/user-cache";

export interface BundleOptions {
  /** `nodejs22.x` or `nodejs20.x`: the syntax target. */
  runtime: string;
  /** The export Lambda calls. */
  handlerFunction: string;
  /** Who bundles, in progress lines (the resource's name). */
  label?: string;
  /** Where progress lines go: stderr by default. */
  say?: (line: string) => void;
}

export interface Bundle {
  /** The zip: `index.mjs` (or `index.cjs`) and its `.map`. */
  archivePath: string;
  /** sha256 (hex) of the zip's bytes. */
  archiveHash: string;
  /** Lambda's handler setting: `index.<handlerFunction>`. */
  handler: string;
  /** False when the last bundle of unchanged sources was reused. */
  built: boolean;
  /** The files the bundle was made from, relative to the entry's folder, sorted. */
  inputs: string[];
}

/** A refusal, and the property it is about. */
export class BundleProblem extends Error {
  constructor(public readonly property: "entryfilePath" | "handlerFunction", message: string) {
    super(message);
  }
}

/** Bump when what the bundle step does changes, so earlier bundles are not reused. */
const BUNDLE_STEP_VERSION = "2";
/** Lambda's limit on a .zip deployment package uploaded directly (https://docs.aws.amazon.com/lambda/latest/dg/gettingstarted-limits.html). */
export const DIRECT_UPLOAD_LIMIT = 50 * 1024 * 1024;
/** Defines `require` in an ES module bundle, for the CommonJS packages in it that require Node's modules. */
const ESM_REQUIRE_BANNER = 'import { createRequire as __stackfileCreateRequire } from "node:module";\nconst require = __stackfileCreateRequire(import.meta.url);';

const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest("hex");
const stderrLine = (line: string) => void process.stderr.write(`${line}\n`);

interface Stamp {
  key: string;
  format: "esm" | "cjs";
  /** Exports of the entry, when they can be known without running it. */
  exports?: string[];
  /** The files read, with their sha256. */
  inputs: [string, string][];
  /** What resolution looked at (see bundle-inputs.ts). */
  looked: Looked[];
  archive: string;
  archiveHash: string;
  /** This user's seal of everything above (shared/files/user-cache.ts): a stamp it did not write is never used. */
  seal: string;
}

/** What a stamp's seal covers: all of it. */
const sealed = (s: Omit<Stamp, "seal">) => [s.key, s.format, s.exports ?? null, s.inputs, s.looked, s.archive, s.archiveHash];

function readStamp(file: string): Stamp | undefined {
  try {
    const s = JSON.parse(fs.readFileSync(file, "utf8")) as Stamp;
    return typeof s.key === "string" && Array.isArray(s.inputs) && Array.isArray(s.looked) && typeof s.archive === "string" && typeof s.seal === "string" ? s : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where a function's bundle is cached: `.stackfile-cache` beside its entry
 * when the entry is inside the project (the folder stackfile runs in), else
 * the user's own cache folder (shared/files/user-cache.ts), never beside a
 * file elsewhere (an absolute entryfilePath into a global install must not
 * write there) and never in the shared temporary folder (another user could
 * plant a bundle there for plan to deploy and dev to run).
 */
function cacheRoot(entryDir: string, userRoot: string | undefined): string {
  const project = path.resolve(process.cwd());
  if (entryDir === project || entryDir.startsWith(project + path.sep)) return path.join(entryDir, CACHE_DIR);
  // No cache folder can be made (no writable home): a new private folder (mkdtemp: 0700, a name no one can guess).
  if (!userRoot) return fs.mkdtempSync(path.join(os.tmpdir(), "stackfile-bundle-"));
  return path.join(userRoot, "bundles", sha256(entryDir).slice(0, 16));
}

/** Written whole or not at all. */
function writeAtomic(file: string, data: Buffer | string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(tmp, data);
    fs.renameSync(tmp, file);
  } catch (err) {
    // A full disk or a read-only folder leaves no half-written file behind.
    fs.rmSync(tmp, { force: true });
    throw err;
  }
}

/**
 * The stamp's bundle when this user sealed it, it records what it was made
 * from (a stamp with no inputs holds for any sources), every file it was
 * made from is unchanged, every import would resolve as it did, and the zip
 * is the one sealed.
 */
function reusable(stamp: Stamp | undefined, key: string, dir: string, cacheDir: string, userRoot: string | undefined): Stamp | undefined {
  if (!stamp || !userRoot || stamp.key !== key || stamp.inputs.length === 0) return undefined;
  if (!sealHolds(userRoot, sealed(stamp), stamp.seal)) return undefined;
  if (!stillHolds(dir, { files: stamp.inputs, looked: stamp.looked })) return undefined;
  try {
    return sha256(fs.readFileSync(path.join(cacheDir, stamp.archive))) === stamp.archiveHash ? stamp : undefined;
  } catch {
    return undefined;
  }
}

export function bundleFunction(entryFile: string, opts: BundleOptions): Bundle {
  const entry = path.resolve(entryFile);
  const shown = path.relative(process.cwd(), entry) || entry;
  if (!fs.existsSync(entry)) throw new BundleProblem("entryfilePath", `entryfilePath ${shown} does not exist`);
  if (!fs.statSync(entry).isFile()) throw new BundleProblem("entryfilePath", `entryfilePath ${shown} is not a file`);
  // A link to the kernel's files (/proc/self/environ) would be bundled, and its text quoted in errors.
  const real = fs.realpathSync(entry);
  if (["/proc", "/sys", "/dev"].some((d) => real === d || real.startsWith(`${d}/`))) {
    throw new BundleProblem("entryfilePath", `entryfilePath ${shown} leads to ${real.split("/").slice(0, 2).join("/")}, which holds no source file; point it at the function's .ts or .js file`);
  }
  // Loaded here: validate and schema never need it.
  const esbuild = require("esbuild") as typeof Esbuild;
  const dir = path.dirname(entry);
  const base = path.basename(entry);
  const target = opts.runtime === "nodejs20.x" ? "node20" : "node22";
  const key = sha256(JSON.stringify([BUNDLE_STEP_VERSION, esbuild.version, target, base]));
  // Without a cache folder of the user's (no writable home) every bundle is made anew: nothing unsealed is reused.
  let userRoot: string | undefined;
  try {
    userRoot = userCacheRoot();
  } catch (err) {
    if (!(err instanceof CacheFolderError)) throw err;
    if (!err.unavailable) throw new BundleProblem("entryfilePath", err.message);
  }
  const cacheDir = path.join(cacheRoot(dir, userRoot), `function-${base.replace(/[^A-Za-z0-9._-]/g, "_")}-${key.slice(0, 8)}`);
  const stampFile = path.join(cacheDir, "stamp.json");
  const say = opts.say ?? stderrLine;
  const label = opts.label ?? base;

  let stamp: Stamp | undefined = reusable(readStamp(stampFile), key, dir, cacheDir, userRoot);
  const built = !stamp;
  if (!stamp) {
    const started = Date.now();
    const made = build(esbuild, entry, dir, target, key);
    fs.mkdirSync(cacheDir, { recursive: true });
    const zip = deterministicZip(made.zipEntries);
    if (zip.length > DIRECT_UPLOAD_LIMIT) {
      throw new BundleProblem("entryfilePath", `the bundle of ${shown} is ${(zip.length / 1024 / 1024).toFixed(1)} MB; Lambda takes at most 50 MB for a .zip package uploaded directly; import less (or import parts of packages)`);
    }
    const archiveHash = sha256(zip);
    const archive = `${archiveHash.slice(0, 16)}.zip`;
    writeAtomic(path.join(cacheDir, archive), zip);
    const record = { key, format: made.format, exports: made.exports, inputs: made.inputs, looked: made.looked, archive, archiveHash };
    const saved: Stamp = { ...record, seal: userRoot ? sealWith(userRoot, sealed(record)) : "" };
    writeAtomic(stampFile, JSON.stringify(saved, null, 1) + "\n");
    // Earlier bundles of this entry are of no more use.
    for (const f of fs.readdirSync(cacheDir)) if (f.endsWith(".zip") && f !== archive) fs.rmSync(path.join(cacheDir, f), { force: true });
    stamp = saved;
    say(`${label}: bundled ${shown} in ${Date.now() - started} ms`);
  }
  const file = stamp.format === "cjs" ? "index.cjs" : "index.mjs";
  if (stamp.exports && !stamp.exports.includes(opts.handlerFunction)) {
    const listed = stamp.exports.filter((e) => e !== "default");
    throw new BundleProblem(
      "handlerFunction",
      `${shown} has no export '${opts.handlerFunction}' for Lambda to call (${listed.length ? `it exports ${listed.join(", ")}` : "it exports no named function"}); ` +
      `export it (export async function ${opts.handlerFunction}(event) {...}), or set handlerFunction`,
    );
  }
  return {
    archivePath: path.join(cacheDir, stamp.archive),
    archiveHash: stamp.archiveHash,
    handler: `${path.basename(file, path.extname(file))}.${opts.handlerFunction}`,
    built,
    inputs: stamp.inputs.map(([f]) => f),
  };
}

/** One esbuild run: ESM unless the entry is CommonJS. */
function build(esbuild: typeof Esbuild, entry: string, dir: string, target: string, key: string): Omit<Stamp, "archive" | "archiveHash" | "seal"> & { zipEntries: { name: string; data: Buffer }[] } {
  const run = (format: "esm" | "cjs") => {
    const outfile = path.join(dir, format === "cjs" ? "index.cjs" : "index.mjs");
    try {
      return esbuild.buildSync({
        entryPoints: [entry],
        absWorkingDir: dir,
        outfile,
        write: false,
        bundle: true,
        platform: "node",
        target,
        format,
        banner: format === "esm" ? { js: ESM_REQUIRE_BANNER } : undefined,
        sourcemap: "linked",
        sourcesContent: false,
        keepNames: true,
        legalComments: "none",
        charset: "utf8",
        metafile: true,
        logLevel: "silent",
      });
    } catch (err) {
      throw new BundleProblem("entryfilePath", bundleErrorMessage(entry, dir, err));
    }
  };
  let format: "esm" | "cjs" = "esm";
  let result = run(format);
  const entryRel = path.relative(dir, entry).split(path.sep).join("/");
  const entryFormat = result.metafile!.inputs[entryRel]?.format;
  if (entryFormat === "cjs") {
    format = "cjs";
    result = run(format);
  }
  const out = format === "cjs" ? "index.cjs" : "index.mjs";
  const exports = format === "esm"
    ? (result.metafile!.outputs[out]?.exports ?? [])
    : commonJsExports(fs.readFileSync(entry, "utf8"));
  const files = result.outputFiles!.map((f) => ({ name: path.basename(f.path), data: Buffer.from(f.contents) }));
  const inputs = bundleInputs(dir, result.metafile!);
  if (!inputs) throw new BundleProblem("entryfilePath", `the sources of ${path.relative(process.cwd(), entry)} changed while they were bundled; run again`);
  return { key, format, exports, inputs: inputs.files, looked: inputs.looked, zipEntries: files };
}

/** Names a CommonJS entry exports, when its own text says so plainly (as Node's cjs-module-lexer reads them); else undefined. */
export function commonJsExports(source: string): string[] | undefined {
  const names = new Set<string>();
  for (const m of source.matchAll(/\b(?:module\.)?exports\.([A-Za-z_$][\w$]*)\s*=/g)) names.add(m[1]);
  for (const m of source.matchAll(/Object\.defineProperty\(\s*(?:module\.)?exports\s*,\s*["']([A-Za-z_$][\w$]*)["']/g)) names.add(m[1]);
  const whole = /\bmodule\.exports\s*=\s*(\{[^}]*\}|[^;\n]+)/.exec(source);
  if (whole) {
    if (!whole[1].startsWith("{")) return undefined; // an object made elsewhere: known only when it runs
    for (const part of whole[1].slice(1, -1).split(",")) {
      const m = /^\s*(?:async\s+)?([A-Za-z_$][\w$]*)/.exec(part);
      if (m) names.add(m[1]);
    }
  }
  return names.size ? [...names].sort() : undefined;
}

/** esbuild's errors as `file:line:col: text`, paths as the user sees them. */
function bundleErrorMessage(entry: string, dir: string, err: unknown): string {
  const errors = (err as { errors?: Esbuild.Message[] }).errors;
  const shown = path.relative(process.cwd(), entry) || entry;
  if (!Array.isArray(errors) || !errors.length) return `bundling ${shown} failed: ${(err as Error)?.message ?? String(err)}`;
  const lines = errors.slice(0, 3).map((e) => {
    const loc = e.location;
    const where = loc ? `${path.relative(process.cwd(), path.resolve(dir, loc.file)) || loc.file}:${loc.line}:${loc.column + 1}: ` : "";
    return `${where}${e.text}`;
  });
  const more = errors.length > 3 ? ` (and ${errors.length - 3} more)` : "";
  return `bundling ${shown} failed: ${lines.join("; ")}${more}`;
}
