// A project laid out as pnpm and other strict installs do: its node_modules
// holds only a symlink to stackfile, whose own dependencies (the AWS SDK
// modules the dynamic providers load) sit beside it in a store the project
// cannot require from. A serialized provider run there must load them from
// stackfile's own install.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { execFile } from "child_process";
import { promisify } from "util";

/** The SDK modules stackfile's dynamic providers load. */
export const PROVIDER_SDK_MODULES = ["@aws-sdk/client-s3", "@aws-sdk/client-cloudfront", "@aws-sdk/credential-providers"];

export interface StrictProject {
  /** Holds the store and the project. */
  root: string;
  /** The project folder (the engine's working directory). */
  project: string;
  /** The environment to run in (no NODE_PATH). */
  env: NodeJS.ProcessEnv;
}

export async function strictProject(): Promise<StrictProject> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "strict-"));
  const own = path.join(root, "store", "stackfile@0.1.0", "node_modules");
  fs.mkdirSync(path.join(own, "stackfile"), { recursive: true });
  fs.writeFileSync(path.join(own, "stackfile", "package.json"), JSON.stringify({ name: "stackfile", version: "0.1.0" }));
  fs.mkdirSync(path.join(own, "@aws-sdk"), { recursive: true });
  for (const m of PROVIDER_SDK_MODULES) fs.symlinkSync(path.join(process.cwd(), "node_modules", m), path.join(own, m));
  const project = path.join(root, "project");
  fs.mkdirSync(path.join(project, "node_modules"), { recursive: true });
  fs.symlinkSync(path.join(own, "stackfile"), path.join(project, "node_modules", "stackfile"));
  const env = { ...process.env };
  delete env.NODE_PATH;
  for (const m of PROVIDER_SDK_MODULES) {
    await assert.rejects(promisify(execFile)(process.execPath, ["-e", `require(${JSON.stringify(m)})`], { cwd: project, env }), /Cannot find module/, `the project itself cannot load ${m}`);
  }
  return { root, project, env };
}
