// Sizes of a Lambda code package, measured as Lambda counts them: what its
// files take unzipped, and what the zip takes (each file deflated). Lambda
// takes a .zip of at most 50 MB through the API (larger ones come from S3) and
// at most 250 MB unzipped whatever the way in ("Lambda quotas", Deployment
// package size; https://docs.aws.amazon.com/lambda/latest/dg/gettingstarted-limits.html;
// the API's refusal reads "Unzipped size must be smaller than 262144000 bytes").
import { createHash } from "crypto";
import * as fs from "fs";
import * as path from "path";
import * as zlib from "zlib";

/** Bytes of a .zip Lambda takes through CreateFunction / UpdateFunctionCode (50 MB). */
export const DIRECT_UPLOAD_LIMIT = 50 * 1024 * 1024;
/** Bytes of a package's files unzipped (250 MB, as the API counts them). */
export const UNZIPPED_LIMIT = 262144000;

export interface FolderSize {
  /** Sum of the files' sizes. */
  unzipped: number;
  files: number;
  /** Folders by size, largest first: top-level ones and each package under node_modules. */
  folders: { path: string; bytes: number }[];
  /** Sum of the files deflated (what the zip holds, less ~100 bytes a file); measured only when asked. */
  zipped?: number;
  /** sha256 over the sorted paths and contents; measured with `zipped`. */
  sha256?: string;
}

interface Walked { files: { rel: string; size: number; mtimeMs: number }[] }

function walk(dir: string): Walked {
  const files: Walked["files"] = [];
  const visit = (rel: string) => {
    for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      const stat = fs.statSync(path.join(dir, r));
      if (stat.isDirectory()) visit(r);
      else if (stat.isFile()) files.push({ rel: r, size: stat.size, mtimeMs: stat.mtimeMs });
    }
  };
  visit("");
  return { files };
}

/** The folder a file counts toward: `node_modules/<pkg>` (or `@scope/pkg`) at any depth's first node_modules, else the top-level folder. */
function bucketOf(rel: string): string | undefined {
  const parts = rel.split("/");
  const nm = parts.indexOf("node_modules");
  if (nm >= 0 && parts.length > nm + 2) {
    const scoped = parts[nm + 1].startsWith("@") && parts.length > nm + 3;
    return parts.slice(0, nm + (scoped ? 3 : 2)).join("/");
  }
  return parts.length > 1 ? parts[0] : undefined;
}

/** Deflated sizes already measured, by folder and what its files were then (a plan measures a package once). */
const zippedMemo = new Map<string, { zipped: number; sha256: string }>();

/** A folder's sizes; `zipped` too when `withZipped` (it reads every file). */
export function folderSize(dir: string, withZipped: boolean): FolderSize {
  const { files } = walk(dir);
  const unzipped = files.reduce((n, f) => n + f.size, 0);
  const byFolder = new Map<string, number>();
  for (const f of files) {
    const b = bucketOf(f.rel);
    if (b) byFolder.set(b, (byFolder.get(b) ?? 0) + f.size);
  }
  const folders = [...byFolder.entries()].map(([p, bytes]) => ({ path: p, bytes })).sort((a, b) => b.bytes - a.bytes || (a.path < b.path ? -1 : 1));
  const out: FolderSize = { unzipped, files: files.length, folders };
  if (withZipped) {
    const key = `${path.resolve(dir)}\0${files.length}\0${unzipped}\0${Math.max(0, ...files.map((f) => f.mtimeMs))}`;
    let known = zippedMemo.get(key);
    if (known === undefined) {
      const hash = createHash("sha256");
      let zipped = 0;
      for (const f of [...files].sort((a, b) => (a.rel < b.rel ? -1 : 1))) {
        const data = fs.readFileSync(path.join(dir, f.rel));
        zipped += zlib.deflateRawSync(data).length;
        hash.update(f.rel).update("\0").update(createHash("sha256").update(data).digest());
      }
      known = { zipped, sha256: hash.digest("hex") };
      zippedMemo.set(key, known);
    }
    out.zipped = known.zipped;
    out.sha256 = known.sha256;
  }
  return out;
}

/** `12.3 MB` (MiB, as Lambda's limits are written). */
export function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Why a package is too big for Lambda unzipped (naming its heaviest folders), or undefined. */
export function unzippedProblem(what: string, size: FolderSize, extraBytes = 0): string | undefined {
  const total = size.unzipped + extraBytes;
  if (total <= UNZIPPED_LIMIT) return undefined;
  const heaviest = size.folders.slice(0, 5).map((f) => `${f.path} ${megabytes(f.bytes)}`).join(", ");
  return `${what} is ${megabytes(total)} unzipped; Lambda takes at most 250 MB (262144000 bytes) whatever the upload. ` +
    `Heaviest folders: ${heaviest || "none"}. Trim its dependencies (mark large packages external in the app, or move assets out of the server bundle)`;
}
