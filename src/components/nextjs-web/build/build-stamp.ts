// What the last build left, judged before it is reused: the stamp (the source
// hash it was built from, which build keys it used, and a digest of every file
// of its output) and OpenNext's output, with every bundle it names. Anything
// missing, truncated, malformed or changed since the build means "build
// again", never an error or a silent gap.
import { createHash } from "crypto";
import * as fs from "fs";
import * as path from "path";
import type { OpenNextOutput } from "./open-next-output";

export const STAMP = ".stackfile-build.json";

export interface Stamp {
  /** The sources and build settings it was built from (build keys included). */
  sourceHash: string;
  /** Which build keys it used (a digest of the build secret, or "random"): never the keys. */
  keys: string;
  /** What it left: every file of `.open-next` but the stamp, by path, size and content. */
  outputs: OutputsDigest;
}

export interface OutputsDigest {
  files: number;
  bytes: number;
  sha256: string;
}

/** The stamp of the build in `outDir`, or undefined when it is missing, unreadable or from an older stackfile. */
export function readStamp(outDir: string): Stamp | undefined {
  try {
    const stamp = JSON.parse(fs.readFileSync(path.join(outDir, STAMP), "utf8")) as Partial<Stamp>;
    const o = stamp.outputs;
    if (typeof stamp.sourceHash !== "string" || typeof stamp.keys !== "string" || !o || typeof o.sha256 !== "string" || typeof o.files !== "number") return undefined;
    return stamp as Stamp;
  } catch {
    return undefined;
  }
}

function outputFiles(dir: string, rel: string, out: string[]): string[] {
  for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) outputFiles(dir, r, out);
    else if (!(rel === "" && e.name.startsWith(STAMP))) out.push(r);
  }
  return out;
}

/**
 * sha256 over the sorted paths, sizes and contents of every file below
 * `outDir` (symlinks as their targets' text), the stamp aside. About 60 ms for
 * 20 MB.
 */
export function outputsDigest(outDir: string): OutputsDigest {
  const hash = createHash("sha256");
  let bytes = 0;
  const files = outputFiles(outDir, "", []).sort();
  for (const rel of files) {
    const p = path.join(outDir, rel);
    const link = fs.lstatSync(p).isSymbolicLink();
    const body = link ? Buffer.from(`link:${fs.readlinkSync(p)}`) : fs.readFileSync(p);
    bytes += body.length;
    hash.update(rel).update("\0").update(String(body.length)).update("\0").update(body).update("\0");
  }
  return { files: files.length, bytes, sha256: hash.digest("hex") };
}

/** Written whole or not at all (a temporary file, then a rename), once the output is final. */
export function writeStamp(outDir: string, sourceHash: string, keys: string): void {
  const tmp = path.join(outDir, `${STAMP}.${process.pid}.tmp`);
  const stamp: Stamp = { sourceHash, keys, outputs: outputsDigest(outDir) };
  try {
    fs.writeFileSync(tmp, JSON.stringify(stamp) + "\n");
    fs.renameSync(tmp, path.join(outDir, STAMP));
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw err;
  }
}

/** Why the output in `outDir` is not what `stamp` vouches for, or undefined when it is. */
export function outputsChanged(outDir: string, stamp: Stamp): string | undefined {
  const now = outputsDigest(outDir);
  if (now.sha256 === stamp.outputs.sha256) return undefined;
  const count = now.files === stamp.outputs.files ? `${now.files} files, changed` : `${now.files} files where it left ${stamp.outputs.files}`;
  return `its output changed since it was built: ${count}`;
}

const isObj = (v: unknown): v is Record<string, any> => typeof v === "object" && v !== null && !Array.isArray(v);

/** OpenNext's output in `outDir`, or why it cannot be used. */
export function readOutput(appDir: string, outDir: string): { output: OpenNextOutput } | { why: string } {
  let output: unknown;
  try {
    output = JSON.parse(fs.readFileSync(path.join(outDir, "open-next.output.json"), "utf8"));
  } catch (err) {
    return { why: `open-next.output.json is ${(err as NodeJS.ErrnoException).code === "ENOENT" ? "missing" : "not valid JSON"}` };
  }
  const o = output as Record<string, any>;
  if (!isObj(o) || !isObj(o.origins) || !isObj(o.origins.s3) || !Array.isArray(o.origins.s3.copy) || !isObj(o.origins.default) ||
      typeof o.origins.default.bundle !== "string" || typeof o.origins.default.handler !== "string" || !Array.isArray(o.behaviors)) {
    return { why: "open-next.output.json does not describe a build (origins.s3.copy, origins.default, behaviors)" };
  }
  const bundles = [o.origins.default, o.origins.imageOptimizer, ...Object.values(isObj(o.additionalProps) ? o.additionalProps : {})]
    .filter((b): b is { bundle: string } => isObj(b) && typeof b.bundle === "string").map((b) => b.bundle);
  const folders = [...bundles, ...o.origins.s3.copy.map((c: { from?: unknown }) => c.from).filter((f: unknown): f is string => typeof f === "string")];
  const missing = folders.find((rel) => !fs.existsSync(path.join(appDir, rel)));
  if (missing) return { why: `${missing} named by open-next.output.json is missing` };
  return { output: o as OpenNextOutput };
}
