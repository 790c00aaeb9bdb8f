#!/usr/bin/env -S node --max-semi-space-size=64
"use strict";
// The flag gives `plan` a larger young generation: it makes many short-lived
// objects (about half as many garbage collections for large stacks).
// `validate` runs from one bundled file (scripts/bundle-validate.ts, made by
// `npm run build`), compiled ahead (validate-bundle.js): the same code,
// without loading ~80 modules one by one. A build without it (plain tsc)
// runs the modules themselves.
// `--version` (what scripts and support requests ask first) is read from
// package.json here, before the CLI and its registry of types load.
if (process.argv[2] === "--version" || process.argv[2] === "-v") {
  process.stdout.write(require("../package.json").version + "\n");
  return;
}
let cli;
if (process.argv[2] === "validate") {
  optimizeOnlyLongRuns(process.argv.slice(3).find((a) => !a.startsWith("--")) ?? "stack.yaml");
  cli = require("./validate-bundle.js").loadValidateBundle()?.exports;
}
(cli ?? require("../dist/cli/main.js")).main();

/**
 * Validating a file of up to 256 KiB (about 1,000 resources) takes less time
 * than V8's optimizing compilers spend, on their own threads, compiling it
 * (a fifth to a quarter of the CPU of a 200-resource `validate`): such a run
 * stays in the interpreter and baseline code (`--max-opt=1`). Larger files
 * run long enough for the optimized code to pay. The flag is set only on the
 * Node versions it was checked on (an unknown flag would print a line).
 */
function optimizeOnlyLongRuns(file) {
  const major = Number(process.versions.node.split(".")[0]);
  if (major < 20 || major > 24) return;
  try {
    if (require("fs").statSync(file).size <= 256 * 1024) require("v8").setFlagsFromString("--max-opt=1");
  } catch {
    // validate itself says what is wrong with the file.
  }
}
