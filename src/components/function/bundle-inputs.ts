// What a function bundle was made from, so a later run can tell whether it
// still holds: the files esbuild read (by content), and everything resolution
// looked at that could make an import mean another file: the listing of each
// folder an import's candidates are in (a new `lib.ts` beside `lib.js`), each
// `node_modules/<package>` a bare import was looked up in on the way up (a
// package installed nearer), and the package.json / tsconfig.json /
// jsconfig.json that govern each file read (`main`, `exports`, `type`,
// `paths`), present or not. Paths are relative to the entry's folder.
import { createHash } from "crypto";
import * as fs from "fs";
import * as path from "path";
import type * as Esbuild from "esbuild";

/** A path and what is there: `-` nothing; a file's sha256; `ls:` and a folder listing's sha256; `at:` and a package folder's real path. */
export type Looked = [string, string];

export interface BundleInputs {
  /** Files the bundle was made from, with their sha256, sorted. */
  files: [string, string][];
  /** What resolution looked at, sorted. */
  looked: Looked[];
}

/** Never a resolution candidate, and rewritten by every bundle. */
export const CACHE_DIR = ".stackfile-cache";
const CONFIG_NAMES = ["package.json", "tsconfig.json", "jsconfig.json"];

const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest("hex");
const rel = (dir: string, p: string) => path.relative(dir, p).split(path.sep).join("/") || ".";

/** `pkg` of `pkg/sub/path`, `@scope/pkg` of `@scope/pkg/sub`; undefined for relative, absolute and `node:` specifiers. */
export function packageName(specifier: string): string | undefined {
  if (/^(\.{1,2}(\/|$)|\/|[A-Za-z]:[\\/]|[a-z]+:)/.test(specifier)) return undefined;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? (parts.length >= 2 ? parts.slice(0, 2).join("/") : undefined) : parts[0];
}

/** What is at `abs` now, as recorded in a Looked entry of this kind. */
function stateOf(kind: "file" | "ls" | "at", abs: string, dir: string): string {
  try {
    if (kind === "file") return sha256(fs.readFileSync(abs));
    if (kind === "ls") {
      const names = fs.readdirSync(abs, { withFileTypes: true })
        .filter((e) => e.name !== CACHE_DIR)
        .map((e) => `${e.name}${e.isDirectory() ? "/" : e.isSymbolicLink() ? "@" : ""}`)
        .sort();
      return `ls:${sha256(names.join("\n"))}`;
    }
    return `at:${rel(dir, fs.realpathSync(abs))}`;
  } catch {
    return "-";
  }
}

const KIND_OF = (state: string): "file" | "ls" | "at" => (state.startsWith("ls:") ? "ls" : state.startsWith("at:") ? "at" : "file");

/** The files read (metafile inputs) and what resolution looked at, or undefined when a file read is gone already. */
export function bundleInputs(dir: string, metafile: Esbuild.Metafile): BundleInputs | undefined {
  const read = Object.keys(metafile.inputs).filter((f) => !f.includes(":"));
  const files: [string, string][] = [];
  for (const f of [...new Set(read)].sort()) {
    const state = stateOf("file", path.resolve(dir, f), dir);
    if (state === "-") return undefined;
    files.push([f, state]);
  }
  const looked = new Map<string, string>();
  const look = (kind: "file" | "ls" | "at", abs: string) => {
    const key = `${kind}\0${rel(dir, abs)}`;
    if (!looked.has(key)) looked.set(key, stateOf(kind, abs, dir));
    return looked.get(key)!;
  };
  const configsSeen = new Set<string>();
  for (const f of read) {
    const abs = path.resolve(dir, f);
    // Relative imports choose among the files of the importer's folder and the target's.
    look("ls", path.dirname(abs));
    // The nearest of each config file governs the file; a nearer one made later would too.
    for (const name of CONFIG_NAMES) {
      for (let d = path.dirname(abs); ; d = path.dirname(d)) {
        const key = `${name}\0${d}`;
        if (configsSeen.has(key)) break;
        configsSeen.add(key);
        if (look("file", path.join(d, name)) !== "-" || path.dirname(d) === d) break;
      }
    }
    for (const imp of metafile.inputs[f].imports) {
      if (imp.external) continue;
      const spec = imp.original ?? imp.path;
      const pkg = packageName(spec);
      if (pkg === undefined) {
        // `./lib`: its candidates (lib.ts, lib.js, lib/) are in the folder it names.
        if (!/^[a-z]+:/.test(spec)) look("ls", path.dirname(path.resolve(path.dirname(abs), spec)));
        continue;
      }
      // A bare import: node_modules/<pkg> in each folder up from the importer, to the first that has it.
      for (let d = path.dirname(abs); ; d = path.dirname(d)) {
        if (path.basename(d) === "node_modules") continue;
        if (look("at", path.join(d, "node_modules", pkg)) !== "-" || path.dirname(d) === d) break;
      }
    }
  }
  const list: Looked[] = [...looked].map(([key, state]) => [key.split("\0")[1], state] as Looked);
  list.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : 1));
  return { files, looked: list };
}

/** Whether every file read is unchanged and resolution would look at the same things and find them as they were. */
export function stillHolds(dir: string, recorded: BundleInputs): boolean {
  for (const [f, hash] of recorded.files) if (stateOf("file", path.resolve(dir, f), dir) !== hash) return false;
  for (const [p, state] of recorded.looked) {
    const kind = state === "-" ? undefined : KIND_OF(state);
    const abs = path.resolve(dir, p);
    if (kind === undefined) {
      if (fs.existsSync(abs)) return false;
    } else if (stateOf(kind, abs, dir) !== state) return false;
  }
  return true;
}
