// A content hash of a Next.js app's sources: what decides whether it must be
// built again. Build outputs and dependencies' folders are left out; folders
// reached through a symlink (a shared folder) and the workspace packages the
// app depends on, directly or through another one, are in (a monorepo's local
// packages), and so is the lockfile
// found walking up. Paths are hashed relative to the app: the same sources
// hash the same wherever the checkout is.
import { createHash, type Hash } from "crypto";
import * as fs from "fs";
import * as path from "path";
import { LOCK } from "./build-lock";
import { GENERATED_CONFIG } from "./open-next-config";

const SKIP = new Set(["node_modules", ".next", ".open-next", ".git", ".turbo", ".vercel", ".sst", LOCK, GENERATED_CONFIG]);
const LOCKFILES = ["package-lock.json", "yarn.lock", "pnpm-lock.yaml", "bun.lockb", "bun.lock"];

/** Files below `dir` (relative, `/`-separated), following symlinks once (a symlink cycle is walked once). */
function walk(dir: string, rel: string, out: string[], seen: Set<string>): void {
  const real = fs.realpathSync(dir);
  if (seen.has(real)) return;
  seen.add(real);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const p = path.join(dir, entry.name);
    const r = rel ? `${rel}/${entry.name}` : entry.name;
    let stat: fs.Stats;
    try {
      stat = entry.isSymbolicLink() ? fs.statSync(p) : (entry as unknown as fs.Stats);
    } catch {
      continue; // a dangling link
    }
    if (stat.isDirectory()) walk(p, r, out, seen);
    else if (stat.isFile()) out.push(r);
  }
  seen.delete(real);
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

/** Where `name` resolves from `dir` (the first node_modules walking up), if it is there. */
function installed(dir: string, name: string): string | undefined {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    const p = path.join(d, "node_modules", name);
    if (fs.existsSync(p)) return p;
    if (path.dirname(d) === d) return undefined;
  }
}

type Manifest = { dependencies?: Record<string, string>; devDependencies?: Record<string, string>; optionalDependencies?: Record<string, string>; peerDependencies?: Record<string, string> };

function manifest(dir: string): Manifest | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as Manifest;
  } catch {
    return undefined;
  }
}

/** The package installed as `name` from `dir`, when it is a local one: a link to a folder outside every node_modules. */
function localPackage(dir: string, name: string): string | undefined {
  const at = installed(dir, name);
  if (!at || !fs.lstatSync(at).isSymbolicLink()) return undefined;
  const real = fs.realpathSync(at);
  return real.split(path.sep).includes("node_modules") ? undefined : real;
}

/**
 * The app's dependencies that are local packages (a workspace's): installed
 * as a link to a folder outside every node_modules; and theirs in turn (the
 * dependencies, optional and peer ones of each, resolved from its folder),
 * each once. Sorted by name.
 */
export function workspacePackages(appDir: string): { name: string; dir: string }[] {
  const app = manifest(appDir);
  if (!app) return [];
  const found = new Map<string, { name: string; dir: string }>();
  const queue = Object.keys({ ...app.dependencies, ...app.devDependencies }).map((name) => ({ from: appDir, name }));
  const self = fs.realpathSync(appDir);
  for (let next = queue.shift(); next; next = queue.shift()) {
    const dir = localPackage(next.from, next.name);
    if (!dir || dir === self || found.has(dir)) continue;
    found.set(dir, { name: next.name, dir });
    const m = manifest(dir) ?? {};
    for (const name of Object.keys({ ...m.dependencies, ...m.optionalDependencies, ...m.peerDependencies })) queue.push({ from: dir, name });
  }
  return [...found.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.dir < b.dir ? -1 : 1));
}

function hashFiles(hash: Hash, root: string, prefix: string): void {
  const files: string[] = [];
  walk(root, "", files, new Set());
  for (const rel of files.sort()) hash.update(`${prefix}${rel}`).update("\0").update(fs.readFileSync(path.join(root, rel))).update("\0");
}

/** sha256 over the sorted relative paths and contents of the app's sources, its workspace packages, its lockfile and `extra`. */
export function sourceHash(appDir: string, extra: string[] = []): string {
  const hash = createHash("sha256");
  hashFiles(hash, appDir, "");
  for (const p of workspacePackages(appDir)) hashFiles(hash, p.dir, `workspace:${p.name}/`);
  const lock = findLockfile(appDir);
  if (lock && !lock.startsWith(path.resolve(appDir) + path.sep)) hash.update("lock\0").update(fs.readFileSync(lock));
  for (const e of extra) hash.update("extra\0").update(e);
  return hash.digest("hex");
}
