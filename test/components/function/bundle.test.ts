// Bundling a function's entry: one module and its source map in a zip whose
// bytes depend only on the sources, skipped while they are unchanged, and
// every failure a problem naming the property to blame.
import * as assert from "assert";
import { execFileSync, spawnSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { bundleFunction, BundleProblem, commonJsExports } from "../../../src/components/function/bundle";
import { readStoredZip } from "../../../src/shared/files/zip";
import { gatewayEvent, invoke, unpack } from "../../function-fixture";

const quiet = { runtime: "nodejs22.x", handlerFunction: "handler", say: () => undefined };

/** A checkout with a TypeScript handler, a local module and an installed npm package, at `depth` folders below a temporary folder. */
function checkout(depth = 0, files: Record<string, string> = {}): string {
  let root = fs.mkdtempSync(path.join(os.tmpdir(), "fn-checkout-"));
  for (let i = 0; i < depth; i++) root = path.join(root, `d${i}`);
  const all: Record<string, string> = {
    "node_modules/greet/package.json": JSON.stringify({ name: "greet", version: "1.0.0", main: "index.js" }),
    "node_modules/greet/index.js": "exports.greet = (name) => `Hello, ${name}!`;\n",
    "fn/lib.ts": "export function shout(s: string): string {\n  if (s.includes('boom')) throw new Error('boom from lib');\n  return s.toUpperCase();\n}\n",
    "fn/handler.ts": "import { greet } from 'greet';\nimport { shout } from './lib';\n\nexport async function handler(event: { name: string }) {\n  return { statusCode: 200, body: shout(greet(event.name)) };\n}\n",
    ...files,
  };
  for (const [rel, text] of Object.entries(all)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  return root;
}

function problemOf(fn: () => unknown): BundleProblem {
  try {
    fn();
  } catch (err) {
    if (err instanceof BundleProblem) return err;
    throw err;
  }
  throw new Error("expected a BundleProblem");
}

describe("function bundles", function () {
  this.timeout(60000);

  it("are the same bytes for the same sources, wherever the checkout is", () => {
    const a = bundleFunction(path.join(checkout(0), "fn/handler.ts"), quiet);
    const b = bundleFunction(path.join(checkout(3), "fn/handler.ts"), quiet);
    assert.strictEqual(a.archiveHash, b.archiveHash);
    assert.ok(fs.readFileSync(a.archivePath).equals(fs.readFileSync(b.archivePath)));
    assert.deepStrictEqual(a.inputs, ["../node_modules/greet/index.js", "handler.ts", "lib.ts"]);
  });

  it("hold the module and its source map, sorted, with the format's fixed timestamp", () => {
    const b = bundleFunction(path.join(checkout(), "fn/handler.ts"), quiet);
    const zip = fs.readFileSync(b.archivePath);
    assert.deepStrictEqual(readStoredZip(zip).map((e) => e.name), ["index.mjs", "index.mjs.map"]);
    // Every entry: stored, 1980-01-01 00:00 (DOS time 0, date 0x21) in the local headers.
    for (let at = zip.indexOf("PK\x03\x04"); at >= 0; at = zip.indexOf("PK\x03\x04", at + 4)) {
      assert.deepStrictEqual([zip.readUInt16LE(at + 8), zip.readUInt16LE(at + 10), zip.readUInt16LE(at + 12)], [0, 0, 0x21]);
    }
    const listing = spawnSync("unzip", ["-Z", "-T", b.archivePath], { encoding: "utf8" });
    if (listing.status === 0) assert.match(listing.stdout, /-rw-r--r--.*19800101\.000000 index\.mjs\n/);
    const map = JSON.parse(readStoredZip(zip).find((e) => e.name === "index.mjs.map")!.data.toString("utf8"));
    assert.deepStrictEqual([...map.sources].sort(), ["../node_modules/greet/index.js", "handler.ts", "lib.ts"]);
  });

  it("are skipped while the sources are unchanged, and made again when one changes (the npm package's too)", () => {
    const root = checkout();
    const entry = path.join(root, "fn/handler.ts");
    const first = bundleFunction(entry, quiet);
    assert.strictEqual(first.built, true);
    const again = bundleFunction(entry, quiet);
    assert.deepStrictEqual([again.built, again.archiveHash], [false, first.archiveHash]);
    fs.appendFileSync(path.join(root, "fn/lib.ts"), "export const more = 1;\n");
    const changed = bundleFunction(entry, quiet);
    assert.strictEqual(changed.built, true);
    fs.writeFileSync(path.join(root, "node_modules/greet/index.js"), "exports.greet = (name) => `Hi, ${name}!`;\n");
    const upgraded = bundleFunction(entry, quiet);
    assert.strictEqual(upgraded.built, true);
    assert.notStrictEqual(upgraded.archiveHash, changed.archiveHash);
    // A damaged package is made again, not used.
    fs.writeFileSync(upgraded.archivePath, "truncated");
    const repaired = bundleFunction(entry, quiet);
    assert.deepStrictEqual([repaired.built, repaired.archiveHash], [true, upgraded.archiveHash]);
  });

  it("are made again when a new file changes what an import resolves to (lib.ts beside lib.js)", () => {
    const root = checkout(0, {
      "fn/lib.js": "export function shout(s) { return 'js:' + s; }\n",
      "fn/handler.ts": "import { shout } from './lib';\nexport async function handler() { return shout('x'); }\n",
    });
    fs.rmSync(path.join(root, "fn/lib.ts"));
    const entry = path.join(root, "fn/handler.ts");
    const first = bundleFunction(entry, quiet);
    assert.deepStrictEqual(first.inputs, ["handler.ts", "lib.js"]);
    assert.strictEqual(bundleFunction(entry, quiet).built, false);
    // esbuild tries .ts before .js: the new file is what `./lib` now means.
    fs.writeFileSync(path.join(root, "fn/lib.ts"), "export function shout(s: string): string { return 'ts:' + s; }\n");
    const after = bundleFunction(entry, quiet);
    assert.strictEqual(after.built, true);
    assert.deepStrictEqual(after.inputs, ["handler.ts", "lib.ts"]);
    assert.notStrictEqual(after.archiveHash, first.archiveHash);
  });

  it("are made again when a nearer node_modules gets the package an import names", () => {
    const root = checkout(0, { "fn/node_modules/other/index.js": "exports.x = 1;\n" });
    const entry = path.join(root, "fn/handler.ts");
    const first = bundleFunction(entry, quiet);
    assert.ok(first.inputs.includes("../node_modules/greet/index.js"));
    assert.strictEqual(bundleFunction(entry, quiet).built, false);
    fs.mkdirSync(path.join(root, "fn/node_modules/greet"));
    fs.writeFileSync(path.join(root, "fn/node_modules/greet/package.json"), JSON.stringify({ name: "greet", main: "index.js" }));
    fs.writeFileSync(path.join(root, "fn/node_modules/greet/index.js"), "exports.greet = (name) => `Hey, ${name}!`;\n");
    const after = bundleFunction(entry, quiet);
    assert.strictEqual(after.built, true);
    assert.ok(after.inputs.includes("node_modules/greet/index.js"), after.inputs.join(", "));
  });

  it("are made again when a package's package.json points elsewhere (main), its files unchanged", () => {
    const root = checkout(0, { "node_modules/greet/other.js": "exports.greet = (name) => `Other, ${name}!`;\n" });
    const entry = path.join(root, "fn/handler.ts");
    const first = bundleFunction(entry, quiet);
    assert.strictEqual(bundleFunction(entry, quiet).built, false);
    fs.writeFileSync(path.join(root, "node_modules/greet/package.json"), JSON.stringify({ name: "greet", version: "1.0.0", main: "other.js" }));
    const after = bundleFunction(entry, quiet);
    assert.strictEqual(after.built, true);
    assert.notStrictEqual(after.archiveHash, first.archiveHash);
  });

  it("are still reused when files are added where no import looks", () => {
    const root = checkout();
    const entry = path.join(root, "fn/handler.ts");
    bundleFunction(entry, quiet);
    fs.mkdirSync(path.join(root, "docs"));
    fs.writeFileSync(path.join(root, "docs/notes.md"), "notes\n");
    fs.mkdirSync(path.join(root, "node_modules/unused"));
    assert.strictEqual(bundleFunction(entry, quiet).built, false);
  });

  it("target the runtime: nodejs20.x and nodejs22.x bundles are kept apart", () => {
    const entry = path.join(checkout(), "fn/handler.ts");
    const b22 = bundleFunction(entry, quiet);
    const b20 = bundleFunction(entry, { ...quiet, runtime: "nodejs20.x" });
    assert.strictEqual(b20.built, true);
    assert.notStrictEqual(path.dirname(b20.archivePath), path.dirname(b22.archivePath));
    assert.strictEqual(bundleFunction(entry, quiet).built, false);
  });

  it("run, and their stack traces point into the TypeScript sources (source map)", async () => {
    const b = bundleFunction(path.join(checkout(), "fn/handler.ts"), quiet);
    const dir = unpack(b.archivePath);
    assert.deepStrictEqual(await invoke(dir, b.handler, [{ name: "ada" }]), [{ statusCode: 200, body: "HELLO, ADA!" }]);
    const script = `import(${JSON.stringify(path.join(dir, "index.mjs"))}).then((m) => m.handler({ name: "boom" })).catch((e) => { console.log(e.stack); });`;
    const out = execFileSync(process.execPath, ["--enable-source-maps", "-e", script], { encoding: "utf8" });
    assert.match(out, /boom from lib/);
    assert.match(out, /at shout \(.*[/\\]lib\.ts:2:33\)/);
    assert.match(out, /at Module\.handler \(.*[/\\]handler\.ts:5:35\)/);
  });

  it("refuse a missing entry, syntax and resolve errors with their place in the sources", () => {
    const root = checkout(0, { "fn/bad.ts": "export const handler = async () => {\n  const = 200;\n};\n", "fn/lost.ts": "import { x } from './nowhere';\nexport const handler = async () => x;\n" });
    const missing = problemOf(() => bundleFunction(path.join(root, "fn/missing.ts"), quiet));
    assert.strictEqual(missing.property, "entryfilePath");
    assert.match(missing.message, /^entryfilePath .*fn\/missing\.ts does not exist$/);
    const syntax = problemOf(() => bundleFunction(path.join(root, "fn/bad.ts"), quiet));
    assert.strictEqual(syntax.property, "entryfilePath");
    assert.match(syntax.message, /^bundling .*fn\/bad\.ts failed: .*fn\/bad\.ts:2:9: Expected identifier but found "="$/);
    const lost = problemOf(() => bundleFunction(path.join(root, "fn/lost.ts"), quiet));
    assert.match(lost.message, /fn\/lost\.ts:1:19: Could not resolve "\.\/nowhere"/);
  });

  it("refuse an entry that does not export the handler, naming what it exports", () => {
    const root = checkout(0, { "fn/other.ts": "export const main = async () => 1;\nexport default main;\n" });
    const p = problemOf(() => bundleFunction(path.join(root, "fn/other.ts"), quiet));
    assert.strictEqual(p.property, "handlerFunction");
    assert.match(p.message, /fn\/other\.ts has no export 'handler' for Lambda to call \(it exports main\); export it/);
    // The same bundle serves another export name.
    assert.strictEqual(bundleFunction(path.join(root, "fn/other.ts"), { ...quiet, handlerFunction: "main" }).handler, "index.main");
  });

  it("keep a CommonJS entry CommonJS (index.cjs), which Lambda loads", async () => {
    const root = checkout(0, {
      "fn/cjs.cjs": "const { greet } = require('greet');\nmodule.exports = { handler: async (e) => ({ statusCode: 200, body: greet(e.name) }) };\n",
      "fn/none.cjs": "exports.main = async () => 1;\n",
    });
    const b = bundleFunction(path.join(root, "fn/cjs.cjs"), quiet);
    assert.strictEqual(b.handler, "index.handler");
    assert.deepStrictEqual(readStoredZip(fs.readFileSync(b.archivePath)).map((e) => e.name), ["index.cjs", "index.cjs.map"]);
    assert.deepStrictEqual(await invoke(unpack(b.archivePath), b.handler, [gatewayEvent("2.0", "GET", "/")].map(() => ({ name: "cjs" }))), [{ statusCode: 200, body: "Hello, cjs!" }]);
    assert.match(problemOf(() => bundleFunction(path.join(root, "fn/none.cjs"), quiet)).message, /has no export 'handler' .*\(it exports main\)/);
  });

  it("read a CommonJS entry's exports only where its text says them plainly", () => {
    assert.deepStrictEqual(commonJsExports("exports.a = 1; module.exports.b = 2;"), ["a", "b"]);
    assert.deepStrictEqual(commonJsExports("module.exports = { handler, async other() {} };"), ["handler", "other"]);
    assert.deepStrictEqual(commonJsExports("Object.defineProperty(exports, 'handler', { value: f });"), ["handler"]);
    assert.strictEqual(commonJsExports("module.exports = require('./impl');"), undefined);
  });
});
