// The Pulumi project's folder (where Pulumi.yaml is): what the folders a
// deploy reads files from are stored relative to. Not the working directory:
// Pulumi runs a program from its `main` file's folder (pkg/v3 engine/project.go,
// getPwdMain; a YAML stack's `main: node_modules/stackfile/dist/program-entry.js`
// runs in node_modules/stackfile/dist), and `plan` runs from the user's shell.
// Self-contained (fs and path only): the asset-sync provider is serialized with it.
import * as fs from "fs";
import * as path from "path";

/** The nearest folder at or above `dir` holding Pulumi.yaml or Pulumi.yml (the names Pulumi reads: sdk/go/common/workspace/paths.go); undefined when none does. */
export function pulumiProjectAbove(dir: string): string | undefined {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    if (fs.existsSync(path.join(at, "Pulumi.yaml")) || fs.existsSync(path.join(at, "Pulumi.yml"))) return at;
    if (path.dirname(at) === at) return undefined;
  }
}
