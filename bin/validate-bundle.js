"use strict";
// Loads `validate`'s bundle (dist/bundles/validate/main.js) with V8's code
// cache for it, made by `npm run build` (scripts/bundle-validate.ts): the
// functions a validate runs, compiled already. Reading and compiling the
// bundle was a tenth of a small file's `validate` (issue 25's note). (Node 22
// can cache every compiled module, `module.enableCompileCache`; Node 20
// cannot.) The cache file starts with two CRC-32s, of the bundle it was made
// from and of V8's data: V8 checks only the data's length, its own version
// and its flags, and would run stale code for a bundle changed in place, or
// crash on damaged data. So a cache whose sums do not match is not offered,
// and one V8 refuses (another V8 version, other flags: a file over 256 KiB
// runs without `--max-opt=1`) is dropped by V8 itself; either way the bundle
// compiles as usual.
const fs = require("fs");
const path = require("path");
const vm = require("vm");
const Module = require("module");

const BUNDLE = path.join(__dirname, "..", "dist", "bundles", "validate", "main.js");
const CACHE = `${BUNDLE}.v8-cache`;
/** The cache file's header: the CRC-32 of the bundle, then of V8's data. */
const HEADER = 8;

/** The bundle's exports and its compiled script (the build makes the cache from it); undefined when there is no bundle (a plain tsc build). */
function loadValidateBundle() {
  let bytes;
  try {
    bytes = fs.readFileSync(BUNDLE);
  } catch (err) {
    if (err.code === "ENOENT") return undefined;
    throw err;
  }
  const script = new vm.Script(Module.wrap(bytes.toString("utf8")), { filename: BUNDLE, cachedData: cacheFor(bytes) });
  const bundle = new Module(BUNDLE, module);
  bundle.filename = BUNDLE;
  bundle.paths = Module._nodeModulePaths(path.dirname(BUNDLE));
  require.cache[BUNDLE] = bundle;
  script.runInThisContext().call(bundle.exports, bundle.exports, Module.createRequire(BUNDLE), bundle, BUNDLE, path.dirname(BUNDLE));
  bundle.loaded = true;
  return { exports: bundle.exports, script };
}

/** V8's data from the cache file, if the file was made from these bundle bytes and is whole. */
function cacheFor(bundleBytes) {
  try {
    const { crc32 } = require("zlib");
    if (typeof crc32 !== "function") return undefined; // Node before 20.15
    const file = fs.readFileSync(CACHE);
    const data = file.subarray(HEADER);
    if (file.length <= HEADER || file.readUInt32BE(0) !== crc32(bundleBytes) || file.readUInt32BE(4) !== crc32(data)) return undefined;
    return data;
  } catch {
    return undefined;
  }
}

/** The cache file's bytes for V8's `data` made from `bundleBytes`. */
function cacheFile(bundleBytes, data) {
  const { crc32 } = require("zlib");
  const header = Buffer.alloc(HEADER);
  header.writeUInt32BE(crc32(bundleBytes), 0);
  header.writeUInt32BE(crc32(data), 4);
  return Buffer.concat([header, data]);
}

module.exports = { loadValidateBundle, cacheFile, BUNDLE, CACHE };
