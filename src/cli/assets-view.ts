// Assets and archives in recorded inputs (a function's code) hold promises;
// plan shows them as what they are: the folder or file with a digest of its
// content, or an archive's members. The digests make a code change visible in
// review, and prove a non-change: they depend on content only, never on where
// the checkout is or when it was built.
import { createHash } from "crypto";
import * as fs from "fs";
import * as path from "path";
import type * as Pulumi from "@pulumi/pulumi";
import { pulumiSdk } from "../shared/process/lazy";

const sha = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");

/** Digests of folders already read in this plan (one plan reads a bundle once). */
export type DigestCache = Map<string, string>;

/** sha256 over a folder's sorted relative paths and contents (links followed), and how many files. */
export function folderDigest(dir: string): { files: number; sha256: string } {
  const files: string[] = [];
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      const stat = fs.statSync(path.join(dir, r));
      if (stat.isDirectory()) walk(r);
      else if (stat.isFile()) files.push(r);
    }
  };
  walk("");
  const hash = createHash("sha256");
  for (const r of files.sort()) hash.update(r).update("\0").update(createHash("sha256").update(fs.readFileSync(path.join(dir, r))).digest()).update("\0");
  return { files: files.length, sha256: hash.digest("hex") };
}

/** A folder's file count and digest, or an archive file's own digest (a function's zip). */
function archiveText(at: string, cache: DigestCache): string {
  let text = cache.get(at);
  if (!text) {
    if (fs.statSync(at).isFile()) text = `(sha256 ${sha(fs.readFileSync(at))})`;
    else {
      const d = folderDigest(at);
      text = `(${d.files} files, sha256 ${d.sha256})`;
    }
    cache.set(at, text);
  }
  return text;
}

type Described = string | { archive: Record<string, Described> };
type AssetModule = typeof Pulumi.asset;

async function describe(asset: AssetModule, v: unknown, cache: DigestCache): Promise<Described | undefined> {
  const rel = (p: string) => path.relative(process.cwd(), p) || ".";
  if (v instanceof asset.FileArchive) return `archive of ${rel(await v.path)} ${archiveText(path.resolve(await v.path), cache)}`;
  if (v instanceof asset.RemoteArchive) return `archive at ${await v.uri}`;
  if (v instanceof asset.FileAsset) return `file ${rel(await v.path)} (sha256 ${sha(fs.readFileSync(await v.path))})`;
  if (v instanceof asset.RemoteAsset) return `file at ${await v.uri}`;
  if (v instanceof asset.StringAsset) {
    const text = (await v.text) ?? "";
    return `text, ${Buffer.byteLength(text)} bytes, sha256 ${sha(text)}`;
  }
  if (v instanceof asset.AssetArchive) {
    const members = (await v.assets) as Record<string, unknown>;
    const out: Record<string, Described> = {};
    for (const [k, m] of Object.entries(members)) out[k] = (await describe(asset, m, cache)) ?? "?";
    return { archive: out };
  }
  return undefined;
}

async function walk(asset: AssetModule, value: unknown, cache: DigestCache): Promise<unknown> {
  const d = await describe(asset, value, cache);
  if (d !== undefined) return d;
  if (Array.isArray(value)) return Promise.all(value.map((v) => walk(asset, v, cache)));
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = await walk(asset, v, cache);
    return out;
  }
  return value;
}

/** Whether an asset or archive is anywhere in `value` (plain objects and lists are looked into, as `walk` does). */
function holdsAsset(asset: AssetModule, value: unknown): boolean {
  if (value instanceof asset.Asset || value instanceof asset.Archive) return true;
  if (Array.isArray(value)) return value.some((v) => holdsAsset(asset, v));
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) return Object.values(value).some((v) => holdsAsset(asset, v));
  return false;
}

/**
 * `value` with every asset and archive replaced by its description (a copy),
 * or `value` itself when it holds none (most inputs: they are read, never
 * changed, and walking them a promise a node costs more than the rest of the check).
 */
export async function describeAssets(value: unknown, cache: DigestCache = new Map()): Promise<unknown> {
  const asset = pulumiSdk().asset;
  return holdsAsset(asset, value) ? walk(asset, value, cache) : value;
}
