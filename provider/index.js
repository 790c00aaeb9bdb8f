"use strict";
// What the Node.js language host runs for PulumiPlugin.yaml beside this file
// (@pulumi/pulumi's cmd/run-plugin requires this folder, with the engine's
// address as the program's argument): stackfile's component provider.
require("../dist/pulumi-package/main.js").serve(process.argv.slice(2));
