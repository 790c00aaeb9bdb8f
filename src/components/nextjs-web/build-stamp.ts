// What the last build left, judged before it is reused: the stamp (the source
// hash it was built from) and OpenNext's output, with every bundle it names.
// Anything missing, truncated or malformed means "build again", never an
// error or a silent gap.
import * as fs from "fs";
import * as path from "path";
import type { OpenNextOutput } from "./build";

export const STAMP = ".stackfile-build.json";

/** The source hash of the build in `outDir`, or undefined when the stamp is missing or unreadable. */
export function readStamp(outDir: string): string | undefined {
  try {
    const stamp = JSON.parse(fs.readFileSync(path.join(outDir, STAMP), "utf8")) as { sourceHash?: unknown };
    return typeof stamp.sourceHash === "string" ? stamp.sourceHash : undefined;
  } catch {
    return undefined;
  }
}

/** Written whole or not at all (a temporary file, then a rename). */
export function writeStamp(outDir: string, sourceHash: string): void {
  const tmp = path.join(outDir, `${STAMP}.${process.pid}.tmp`);
  fs.writeFileSync(tmp, JSON.stringify({ sourceHash }) + "\n");
  fs.renameSync(tmp, path.join(outDir, STAMP));
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
