// The Pulumi project's folder (where Pulumi.yaml is): what the folders a
// deploy reads files from are stored relative to. Not the working directory:
// Pulumi runs a program from its `main` file's folder (pkg/v3 engine/project.go,
// getPwdMain; a YAML stack's `main: node_modules/stackfile/dist/program-entry.js`
// runs in node_modules/stackfile/dist), and `plan` runs from the user's shell.
// Self-contained (fs and path only): the asset-sync provider is serialized with it.
import * as fs from "fs";
import * as path from "path";

/** The names of a Pulumi project file, in the order Pulumi looks (sdk/go/common/workspace/paths.go). */
export const PROJECT_FILES = ["Pulumi.yaml", "Pulumi.yml"];

/** The nearest folder at or above `dir` holding a project file; undefined when none does. */
export function pulumiProjectAbove(dir: string): string | undefined {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    if (PROJECT_FILES.some((f) => fs.existsSync(path.join(at, f)))) return at;
    if (path.dirname(at) === at) return undefined;
  }
}
