// A content hash of a Next.js app's sources: what decides whether it must be
// built again. Build outputs and dependencies' folders are left out; the
// lockfile (found walking up, for monorepos) is in.
import { createHash } from "crypto";
import * as fs from "fs";
import * as path from "path";

const SKIP = new Set(["node_modules", ".next", ".open-next", ".git", ".turbo", ".vercel", ".sst"]);
const LOCKFILES = ["package-lock.json", "yarn.lock", "pnpm-lock.yaml", "bun.lockb", "bun.lock"];

function walk(dir: string, root: string, out: string[]): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(p, root, out);
    else if (entry.isFile()) out.push(path.relative(root, p));
  }
}

/** The nearest lockfile at or above `dir`, if any. */
export function findLockfile(dir: string): string | undefined {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    for (const name of LOCKFILES) {
      const p = path.join(d, name);
      if (fs.existsSync(p)) return p;
    }
    if (path.dirname(d) === d) return undefined;
  }
}

/** sha256 over the sorted relative paths and contents of the app's sources, and `extra`. */
export function sourceHash(appDir: string, extra: string[] = []): string {
  const files: string[] = [];
  walk(appDir, appDir, files);
  files.sort();
  const hash = createHash("sha256");
  for (const rel of files) {
    hash.update(rel.split(path.sep).join("/")).update("\0").update(fs.readFileSync(path.join(appDir, rel))).update("\0");
  }
  const lock = findLockfile(appDir);
  if (lock && !lock.startsWith(path.resolve(appDir) + path.sep)) hash.update("lock\0").update(fs.readFileSync(lock));
  for (const e of extra) hash.update("extra\0").update(e);
  return hash.digest("hex");
}
