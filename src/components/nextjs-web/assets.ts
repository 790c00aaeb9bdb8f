// The asset manifest: every file OpenNext says to copy to the bucket, with
// its key, content hash, size and headers. The sync provider uploads from it.
import { createHash } from "crypto";
import * as fs from "fs";
import * as path from "path";
import { globMatcher } from "../../shared/files/glob";
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

export const IMMUTABLE = "public, max-age=31536000, immutable";
export const REVALIDATE = "public, max-age=0, s-maxage=31536000, must-revalidate";

const TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8", htm: "text/html; charset=utf-8", css: "text/css; charset=utf-8",
  js: "text/javascript; charset=utf-8", mjs: "text/javascript; charset=utf-8", json: "application/json",
  map: "application/json", txt: "text/plain; charset=utf-8", xml: "application/xml", svg: "image/svg+xml",
  png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", gif: "image/gif", webp: "image/webp", avif: "image/avif",
  ico: "image/x-icon", woff: "font/woff", woff2: "font/woff2", ttf: "font/ttf", otf: "font/otf",
  eot: "application/vnd.ms-fontobject", pdf: "application/pdf", mp4: "video/mp4", webm: "video/webm",
  mp3: "audio/mpeg", wasm: "application/wasm", webmanifest: "application/manifest+json", rsc: "text/x-component",
  body: "text/html; charset=utf-8", meta: "application/json", cache: "application/json",
};

export function contentType(file: string): string {
  const base = path.basename(file);
  if (base === "BUILD_ID") return "text/plain; charset=utf-8";
  const ext = base.includes(".") ? base.slice(base.lastIndexOf(".") + 1).toLowerCase() : "";
  return TYPES[ext] ?? "application/octet-stream";
}

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

function walk(dir: string, rel: string, out: string[]): void {
  if (!fs.existsSync(dir)) return;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) walk(path.join(dir, e.name), r, out);
    else if (e.isFile()) out.push(r);
  }
}

export function hashFile(file: string): string {
  return createHash("sha256").update(fs.readFileSync(file)).digest("hex");
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
    const rels: string[] = [];
    walk(path.join(appDir, copy.from), "", rels);
    for (const rel of rels) {
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
      files.push({ key: `${copy.to}/${rel}`, hash: hashFile(abs), size: fs.statSync(abs).size, headers: sorted });
    }
  }
  files.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { copies, files, unmatched: rules.flatMap((r, i) => (r.used ? [] : [i])) };
}
