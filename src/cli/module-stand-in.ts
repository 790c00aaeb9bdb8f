// A module of a package put in the module cache in place of its file, for
// `plan` and `diff` (aws-on-demand.ts, provider-code.ts): what a program
// requiring that file then gets, and the file itself compiled apart from
// that cache entry for when the stand-in needs the real thing. Module
// internals used: `require.cache`, `new Module`, `load` (stable since Node
// 0.x; `require.cache` is documented).
import * as path from "path";
import Module = require("module");

type NodeModule = Module & { filename: string; loaded: boolean; paths: string[]; load(file: string): void };
const ModuleClass = Module as unknown as {
  new (id: string, parent?: NodeModule): NodeModule;
  _nodeModulePaths(dir: string): string[];
};

/** Puts `exports` in the module cache as `file`, unless the file is loaded already; whether it did. */
export function standIn(file: string, exports: object): boolean {
  if (require.cache[file]) return false;
  const m = new ModuleClass(file);
  m.filename = file;
  m.loaded = true;
  m.exports = exports;
  require.cache[file] = m;
  return true;
}

/** `file` itself, compiled apart from its cache entry (once: the same exports on each call). */
export function loadedApart<T>(file: string): () => T {
  let exports: T | undefined;
  return () => {
    if (exports === undefined) {
      const m = new ModuleClass(file);
      m.filename = file;
      m.paths = ModuleClass._nodeModulePaths(path.dirname(file));
      m.load(file);
      exports = m.exports as T;
    }
    return exports;
  };
}
