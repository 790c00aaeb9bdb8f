"use strict";
// Loads `validate`'s bundle (dist/bundles/validate/main.js) with V8's code
// cache for it, made by `npm run build` (scripts/bundle-validate.ts): the
// functions a validate runs, compiled already. Reading and compiling the
// bundle was a tenth of a small file's `validate` (issue 25's note). Node 22
// caches compiled modules itself (module.enableCompileCache); this does the
// same for the one file on Node 20. V8 refuses a cache made by another V8
// version or with other flags (`cachedDataRejected`) and then compiles the
// source as usual; a bundle changed after its cache was made (their times
// differ) is compiled as usual too.
const fs = require("fs");
const path = require("path");
const vm = require("vm");
const Module = require("module");

const BUNDLE = path.join(__dirname, "..", "dist", "bundles", "validate", "main.js");
const CACHE = `${BUNDLE}.v8-cache`;

/** The bundle's exports and its compiled script (the build writes the script's cache); undefined when there is no bundle (a plain tsc build). */
function loadValidateBundle() {
  let source;
  try {
    source = fs.readFileSync(BUNDLE, "utf8");
  } catch (err) {
    if (err.code === "ENOENT") return undefined;
    throw err;
  }
  const script = new vm.Script(Module.wrap(source), { filename: BUNDLE, cachedData: currentCache() });
  const bundle = new Module(BUNDLE, module);
  bundle.filename = BUNDLE;
  bundle.paths = Module._nodeModulePaths(path.dirname(BUNDLE));
  require.cache[BUNDLE] = bundle;
  script.runInThisContext().call(bundle.exports, bundle.exports, Module.createRequire(BUNDLE), bundle, BUNDLE, path.dirname(BUNDLE));
  bundle.loaded = true;
  return { exports: bundle.exports, script };
}

/** The cache, if it was made for the bundle as it is (the build gives both one modification time). */
function currentCache() {
  try {
    if (fs.statSync(CACHE).mtimeMs !== fs.statSync(BUNDLE).mtimeMs) return undefined;
    return fs.readFileSync(CACHE);
  } catch {
    return undefined;
  }
}

module.exports = { loadValidateBundle, BUNDLE, CACHE };
