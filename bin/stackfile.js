#!/usr/bin/env -S node --max-semi-space-size=64
"use strict";
// The flag gives `plan` a larger young generation: it makes many short-lived
// objects (about half as many garbage collections for large stacks).
require("../dist/cli/main.js").main();
