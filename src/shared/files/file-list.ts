// The files of a folder as a sync uploads them: their paths (relative, with
// `/`), content hashes, sizes and content types. A site's static files and a
// bucket's directory are listed by these.
import { createHash } from "crypto";
import * as fs from "fs";
import * as path from "path";

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

/** Every file under `dir` (recursively, not following links to folders), relative to it with `/`; none when it does not exist. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  walk(dir, "", out);
  return out;
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

export function fileSize(file: string): number {
  return fs.statSync(file).size;
}
