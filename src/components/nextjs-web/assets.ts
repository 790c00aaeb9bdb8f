// The asset manifest: every file OpenNext says to copy to the bucket, with
// its key, content hash, size and headers. The sync provider uploads from it.
import * as path from "path";
import { globMatcher } from "../../shared/files/glob";
import { contentType, fileSize, hashFile, listFiles } from "../../shared/files/file-list";
import type { OpenNextOutput } from "./build";
import type { NextjsFileOption } from "./properties";

export interface ManifestFile {
  /** S3 key, e.g. `_assets/_next/static/chunks/app.js`. */
  key: string;
  /** sha256 of the content, hex. */
  hash: string;
  size: number;
  /** Lower-case header names, sorted. */
  headers: Record<string, string>;
}

/** A folder copied to a key prefix (`.open-next/assets` -> `_assets`). */
export interface ManifestCopy {
  from: string;
  to: string;
}

export interface AssetManifest {
  copies: ManifestCopy[];
  /** Sorted by key. */
  files: ManifestFile[];
  /** Indexes of the fileOptions entries that matched no file (a typo, or files the build no longer has). */
  unmatched: number[];
}

// Kept here for what imports them from the site's assets.
export { contentType, hashFile };

export const IMMUTABLE = "public, max-age=31536000, immutable";
export const REVALIDATE = "public, max-age=0, s-maxage=31536000, must-revalidate";

/**
 * A pattern as .gitignore reads one: without a slash it matches a file's name
 * at any depth (`*.js`); with one (or a leading `/`) it is anchored at the
 * root of the static files (`fonts/*.woff2`, `/favicon.ico`).
 */
function patternMatcher(pattern: string): (rel: string) => boolean {
  const anchored = pattern.includes("/") && !/^\*\*\/[^/]*$/.test(pattern);
  const matches = globMatcher(pattern.replace(/^\//, ""));
  return anchored ? matches : (rel) => matches(rel) || matches(rel.slice(rel.lastIndexOf("/") + 1));
}

/** Whether a file (path relative to the static files) is selected by a fileOptions entry. */
export function fileOptionMatcher(o: Pick<NextjsFileOption, "includePattern" | "excludePattern">): (rel: string) => boolean {
  const include = patternMatcher(o.includePattern);
  const exclude = o.excludePattern ? patternMatcher(o.excludePattern) : undefined;
  return (rel) => include(rel) && !exclude?.(rel);
}

/** The manifest of a build in `appDir`; `fileOptions` headers apply to asset files. */
export function assetManifest(appDir: string, output: OpenNextOutput, fileOptions: NextjsFileOption[] = []): AssetManifest {
  const rules = fileOptions.map((o) => ({
    matches: fileOptionMatcher(o),
    headers: Object.fromEntries((o.headers ?? []).map((h) => [h.key.toLowerCase(), h.value])),
    used: false,
  }));
  const copies = output.origins.s3.copy.map((c) => ({ from: c.from, to: c.to }));
  const files: ManifestFile[] = [];
  for (const copy of output.origins.s3.copy) {
    for (const rel of listFiles(path.join(appDir, copy.from))) {
      const abs = path.join(appDir, copy.from, rel);
      let headers: Record<string, string> = {};
      if (copy.cached) {
        headers["cache-control"] = rel.startsWith("_next/static/") ? IMMUTABLE : REVALIDATE;
        headers["content-type"] = contentType(rel);
        for (const rule of rules) {
          if (!rule.matches(rel)) continue;
          headers = { ...headers, ...rule.headers };
          rule.used = true;
        }
      } else {
        headers["content-type"] = contentType(rel);
      }
      const sorted = Object.fromEntries(Object.keys(headers).sort().map((k) => [k, headers[k]]));
      files.push({ key: `${copy.to}/${rel}`, hash: hashFile(abs), size: fileSize(abs), headers: sorted });
    }
  }
  files.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { copies, files, unmatched: rules.flatMap((r, i) => (r.used ? [] : [i])) };
}
