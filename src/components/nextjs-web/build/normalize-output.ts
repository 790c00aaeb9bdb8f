// What a build leaves that depends on where (or when) it ran:
// - Next.js writes the build machine's absolute paths into
//   `.next/required-server-files.json` (outputFileTracingRoot, repoRoot,
//   turbopack.root, appDir). In the deployed bundles they are made relative
//   to the tracing root ("." for the root). Relative paths are also what the
//   function sees: its bundle keeps the app's folders below the root
//   (server-functions/default/examples/nextjs-app/...).
// - OpenNext installs sharp in a temporary folder with a random name, which
//   npm records in `node_modules/.package-lock.json`, npm's own metadata that
//   nothing reads at run time. It is removed.
// So the same commit built in two folders deploys byte-identical code.
import * as fs from "fs";
import * as path from "path";

const FILE = "required-server-files.json";

function relativize(v: unknown, root: string): unknown {
  if (typeof v === "string" && path.isAbsolute(v) && (v === root || v.startsWith(root + path.sep))) return path.relative(root, v).split(path.sep).join("/") || ".";
  if (Array.isArray(v)) return v.map((x) => relativize(x, root));
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, relativize(x, root)]));
  return v;
}

function filesNamed(dir: string, name: string, out: string[] = [], intoModules = false): string[] {
  if (!fs.existsSync(dir)) return out;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === "node_modules" && !intoModules) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) filesNamed(p, name, out, intoModules);
    else if (e.name === name) out.push(p);
  }
  return out;
}

/** Rewrites the absolute paths of every required-server-files.json below `dir`, drops npm's hidden lockfiles; returns the files changed. */
export function normalizeBuildPaths(dir: string): string[] {
  const changed: string[] = [];
  for (const file of filesNamed(dir, ".package-lock.json", [], true).filter((f) => path.basename(path.dirname(f)) === "node_modules")) {
    fs.rmSync(file);
    changed.push(file);
  }
  for (const file of filesNamed(dir, FILE)) {
    const text = fs.readFileSync(file, "utf8");
    const json = JSON.parse(text) as { config?: { outputFileTracingRoot?: string }; appDir?: string };
    const root = json.config?.outputFileTracingRoot ?? json.appDir;
    if (typeof root !== "string" || !path.isAbsolute(root)) continue;
    const next = JSON.stringify(relativize(json, root));
    if (next !== text) {
      fs.writeFileSync(file, next);
      changed.push(file);
    }
  }
  return changed;
}
