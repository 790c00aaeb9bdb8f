// What `npm run build` makes (dist/, bin/validate-bundle.js), for the tests that
// run the shipped code. No test builds it: none writes into the checkout's src/
// or dist/. `npm test` and `npm ci` build first; after editing src/, run
// `npm run build` before such a test alone.
import * as fs from "fs";
import * as path from "path";

const ROOT = path.resolve(__dirname, "..");

function newest(dir: string): number {
  return fs.readdirSync(dir, { withFileTypes: true }).reduce((m, e) => {
    const p = path.join(dir, e.name);
    return Math.max(m, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }, 0);
}

/** Fails, saying how to fix it, when `file` (relative to the checkout) is missing or older than src/. */
export function requireBuilt(file: string): void {
  const at = path.join(ROOT, file);
  if (!fs.existsSync(at)) throw new Error(`${file} is missing: run \`npm run build\` (npm test and npm ci build it)`);
  if (newest(path.join(ROOT, "src")) > fs.statSync(at).mtimeMs) throw new Error(`${file} is older than src/: run \`npm run build\` (npm test builds it)`);
}
