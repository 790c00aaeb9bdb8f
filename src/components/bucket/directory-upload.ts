// A bucket's `directoryUpload`: the directory's files as the asset-sync
// provider takes them (the one nextjs-web's static files go through, with its
// journal: a failed deploy loses no file), and the checks `plan` runs on the
// directory before the program.
import { createHash } from "crypto";
import * as fs from "fs";
import * as path from "path";
import type { Problem } from "../../shared/messages/problem";
import { contentType, fileSize, hashFile, listFiles } from "../../shared/files/file-list";
import { ASSET_SYNC_JOURNAL } from "../../providers/asset-sync-s3";

/** The folder where the sync keeps its journal in the bucket: the directory may not write there, and the CDN does not serve it. */
export const SYNC_JOURNAL_FOLDER = ASSET_SYNC_JOURNAL.slice(0, ASSET_SYNC_JOURNAL.indexOf("/"));

/** One file to sync: its key (its path in the directory), content hash, size and content type. */
export interface DirectoryFile {
  key: string;
  hash: string;
  size: number;
  headers: Record<string, string>;
}

/** The directory's files, sorted by key, and a digest of them all (what a CDN invalidation is keyed on). */
export function directoryFiles(dir: string): { files: DirectoryFile[]; digest: string } {
  const files = listFiles(dir).sort().map((rel) => {
    const abs = path.join(dir, rel);
    return { key: rel, hash: hashFile(abs), size: fileSize(abs), headers: { "content-type": contentType(rel) } };
  });
  const digest = createHash("sha256").update(JSON.stringify(files.map((f) => [f.key, f.hash, f.headers]))).digest("hex");
  return { files, digest };
}

/** Why the directory cannot be synced, or undefined: it must be a directory, without a `_stackfile` folder. */
export function directoryProblem(dir: string, written: string): string | undefined {
  if (!fs.existsSync(dir)) return `directoryPath ${written} does not exist (it is relative to the stack file)`;
  if (!fs.statSync(dir).isDirectory()) return `directoryPath ${written} is a file; give the directory whose files the bucket holds`;
  if (fs.existsSync(path.join(dir, SYNC_JOURNAL_FOLDER))) {
    return `directoryPath ${written} holds a ${SYNC_JOURNAL_FOLDER} folder: the sync keeps its journal under ${SYNC_JOURNAL_FOLDER}/ in the bucket; rename that folder`;
  }
  return undefined;
}

/** `plan`'s check of `directoryUpload.directoryPath`, relative to `baseDir` (the stack file's folder). */
export function directoryUploadProblems(props: Record<string, unknown>, baseDir: string): Problem[] {
  const upload = props.directoryUpload as { directoryPath?: unknown } | undefined;
  if (typeof upload?.directoryPath !== "string") return [];
  const why = directoryProblem(path.resolve(baseDir, upload.directoryPath), upload.directoryPath);
  return why ? [{ path: ["directoryUpload", "directoryPath"], message: why }] : [];
}
