// A content hash of a Next.js app's sources: what decides whether it must be
// built again. Build outputs and dependencies' folders are left out; folders
// reached through a symlink (a shared folder) and the workspace packages the
// app depends on, directly or through another one, are in (a monorepo's local
// packages), and so is the lockfile
// found walking up. Paths are hashed relative to the app: the same sources
// hash the same wherever the checkout is. What the build itself writes
// (`next-env.d.ts`, `.next`, ...) and what git ignores are never inputs: a
// fresh checkout and the one a build ran in hash the same. A symlink to a
// system folder (`/usr`, `/proc`) or outside the git checkout is not followed.
import { spawnSync } from "child_process";
import { createHash, type Hash } from "crypto";
import * as fs from "fs";
import * as path from "path";
import { BuildError } from "./build-error";
import { LOCK } from "./build-lock";
import { LAST_GOOD } from "./last-good";
import { GENERATED_CONFIG } from "./open-next-config";

/**
 * Never sources: dependencies, version control, and what builds write
 * (Next.js writes `next-env.d.ts` and `.next`, OpenNext `.open-next`, tsc
 * `*.tsbuildinfo`, turbo `.turbo`, SWC `.swc`), and stackfile's own files.
 */
const SKIP = new Set(["node_modules", ".next", ".open-next", ".git", ".turbo", ".vercel", ".sst", ".swc", "next-env.d.ts", ".stackfile-cache", LAST_GOOD, LOCK, `${LOCK}.takeover`, GENERATED_CONFIG]);
const SKIP_SUFFIXES = [".tsbuildinfo"];
/** Folders a symlink may point into without being followed: the system's, never an app's sources. */
const SYSTEM = ["/proc", "/sys", "/dev", "/usr", "/etc", "/bin", "/sbin", "/lib", "/lib64", "/boot"];
/** More files than this below an app is not a source tree (a symlink to a disk, a forgotten data folder). */
export const MAX_SOURCE_FILES = 200_000;
const LOCKFILES = ["package-lock.json", "yarn.lock", "pnpm-lock.yaml", "bun.lockb", "bun.lock"];

interface Walk {
  out: string[];
  seen: Set<string>;
  /** Paths (relative to the walk's root; folders end in `/`) that git ignores. */
  ignored: Set<string>;
  /** The git checkout's top folder (else the walk's root): a symlink may lead anywhere inside it. */
  top?: string;
  root: string;
}

const inside = (p: string, dir: string) => p === dir || p.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);

/** Whether a symlink's target is walked: inside the git checkout when there is one, else anywhere but a system folder. */
function followable(real: string, w: Walk): boolean {
  if (w.top !== undefined) return inside(real, w.top);
  return inside(real, w.root) || !SYSTEM.some((s) => inside(real, s));
}

function readFolder(dir: string): fs.Dirent[] {
  try {
    return fs.readdirSync(dir, { withFileTypes: true });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new BuildError(`cannot read ${dir} to hash the app's sources (${code ?? (err as Error).message}); make it readable, or move it out of the app folder`);
  }
}

/** Files below `dir` (relative, `/`-separated), following symlinks once (a symlink cycle is walked once). */
function walk(dir: string, rel: string, w: Walk): void {
  const real = fs.realpathSync(dir);
  if (w.seen.has(real)) return;
  w.seen.add(real);
  for (const entry of readFolder(dir)) {
    if (SKIP.has(entry.name) || SKIP_SUFFIXES.some((s) => entry.name.endsWith(s))) continue;
    const p = path.join(dir, entry.name);
    const r = rel ? `${rel}/${entry.name}` : entry.name;
    if (w.ignored.has(r) || w.ignored.has(`${r}/`)) continue;
    let stat: fs.Stats;
    try {
      if (entry.isSymbolicLink()) {
        if (!followable(fs.realpathSync(p), w)) continue;
        stat = fs.statSync(p);
      } else stat = entry as unknown as fs.Stats;
    } catch {
      continue; // a dangling link, or a loop
    }
    if (stat.isDirectory()) walk(p, r, w);
    else if (stat.isFile()) {
      w.out.push(r);
      if (w.out.length > MAX_SOURCE_FILES) {
        throw new BuildError(`the sources of ${w.root} hold more than ${MAX_SOURCE_FILES} files; an app's sources are far fewer: move data out of the app folder, or git-ignore it`);
      }
    }
  }
  w.seen.delete(real);
}

/** The git checkout holding `dir` and the paths below `dir` git ignores (folders with a trailing `/`); none outside git. */
function gitIgnored(dir: string): { top?: string; ignored: Set<string> } {
  const git = (args: string[]) => spawnSync("git", args, { cwd: dir, encoding: "utf8", maxBuffer: 1 << 28, stdio: ["ignore", "pipe", "ignore"] });
  const top = git(["rev-parse", "--show-toplevel"]);
  if (top.status !== 0 || !top.stdout) return { ignored: new Set() };
  const listed = git(["ls-files", "-z", "--others", "--ignored", "--exclude-standard", "--directory"]);
  const ignored = listed.status === 0 ? listed.stdout.split("\0").filter(Boolean) : [];
  return { top: fs.realpathSync(top.stdout.trim()), ignored: new Set(ignored) };
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
  const { top, ignored } = gitIgnored(root);
  walk(root, "", { out: files, seen: new Set(), ignored, top, root: fs.realpathSync(root) });
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
