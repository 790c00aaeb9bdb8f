// The folder of the Pulumi project a program runs in.
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";

/**
 * The Pulumi project's folder (where Pulumi.yaml is). Not the working
 * directory: when Pulumi.yaml's `main` is a file, Pulumi runs the program
 * from that file's folder (pkg/v3 engine/project.go, getPwdMain; with
 * `main: node_modules/stackfile/dist/program-entry.js` that is inside
 * node_modules). `pulumi.getRootDirectory()` (@pulumi/pulumi 3.248,
 * metadata.d.ts) is the folder the language host passes as
 * `--root-directory`; outside the engine (the SDK's mocks) it is the
 * placeholder "rootDirectory" (runtime/state.js), and the working directory
 * serves.
 */
export function programRoot(): string {
  const root = pulumi.getRootDirectory();
  return root && path.isAbsolute(root) ? root : process.cwd();
}
