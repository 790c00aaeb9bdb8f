#!/usr/bin/env -S node --max-semi-space-size=64
"use strict";
// The flag gives `plan` a larger young generation: it makes many short-lived
// objects (about half as many garbage collections for large stacks).
// `validate` runs from one bundled file (scripts/bundle-validate.ts, made by
// `npm run build`): the same code, without loading ~80 modules one by one.
// A build without it (plain tsc) runs the modules themselves.
let cli;
if (process.argv[2] === "validate") {
  try {
    cli = require("../dist/bundles/validate/main.js");
  } catch (err) {
    if (err.code !== "MODULE_NOT_FOUND" || !String(err.message).includes("bundles/validate/main.js")) throw err;
  }
}
(cli ?? require("../dist/cli/main.js")).main();
