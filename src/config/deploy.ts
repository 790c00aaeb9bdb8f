// The program `pulumi up` runs for a YAML stack.
import * as fs from "fs";
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import { formatProblem, formatProblems, loadStackfile, RefusedFileError, UnreadableFileError } from "./stackfile";
import { SecretKeys, secretProblems } from "./secrets";
import { runProgram, type StackOutputs } from "./program";
import type { Stage } from "./stage";
import { programRoot } from "../shared/component/program-root";

/**
 * Whether the engine gave `fullKey` (`project:key`) as a secret: the keys the
 * language host passes in PULUMI_CONFIG_SECRET_KEYS, which @pulumi/pulumi
 * 3.248 reads with runtime/config.js `isConfigSecret` (exported, marked
 * internal: absent from a later SDK, nothing is judged secret and the value
 * stays the SDK's plain config, as before).
 */
function isConfigSecret(fullKey: string): boolean {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const runtimeConfig = require("@pulumi/pulumi/runtime/config") as { isConfigSecret?: (k: string) => boolean };
  return typeof runtimeConfig.isConfigSecret === "function" && runtimeConfig.isConfigSecret(fullKey);
}

/**
 * The stage `pulumi up` deploys: the selected stack (`pulumi.getStack()`),
 * its `aws:region` (else AWS_REGION / AWS_DEFAULT_REGION, as the aws
 * provider reads them), and its plain configuration: `$Config('key')` reads
 * the project's key, `$Config('ns:key')` another namespace's, as
 * `new pulumi.Config(ns).get(key)` does (@pulumi/pulumi 3.248 config.d.ts).
 */
export function engineStage(): Stage {
  const name = pulumi.getStack();
  const split = (key: string): [string | undefined, string] => {
    const at = key.indexOf(":");
    return at < 0 ? [undefined, key] : [key.slice(0, at), key.slice(at + 1)];
  };
  return {
    name,
    region: new pulumi.Config("aws").get("region") ?? process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION,
    config: (key) => {
      const [ns, k] = split(key);
      return new pulumi.Config(ns).get(k);
    },
    // A secret read with $Config would be written to the state in plain text: refused, naming $Secret.
    isSecret: (key) => {
      const [ns, k] = split(key);
      return isConfigSecret(new pulumi.Config(ns).name + ":" + k);
    },
    setCommand: (key) => `pulumi config set ${key} <value> --stack ${name}`,
  };
}

/** YAML files of the project folder and its direct subfolders that look like stack files (a `resources:` line), for the hint. */
function stackFileCandidates(root: string): string[] {
  const out: string[] = [];
  const look = (rel: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(path.join(root, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const file = path.join(rel, e.name);
      if (e.isDirectory() && rel === "" && !e.name.startsWith(".") && e.name !== "node_modules") look(file);
      else if (e.isFile() && /\.ya?ml$/.test(e.name) && !/^Pulumi\./.test(e.name)) {
        try {
          const head = fs.readFileSync(path.join(root, file), "utf8").slice(0, 64 * 1024);
          if (/^resources:/m.test(head)) out.push(file);
        } catch {
          // unreadable: not a candidate
        }
      }
    }
  };
  look("");
  return out.slice(0, 3);
}

/** Why the stack file could not be read: where it was looked for, and the `pulumi config set` lines that fix it. */
function unreadableMessage(err: UnreadableFileError, root: string, named: string | undefined): string {
  const where = named === undefined
    ? `stackfile reads stack.yaml in the project folder ${root} (where Pulumi.yaml is) unless stackfile:file names another`
    : `stackfile:file is ${JSON.stringify(named)}, read relative to the project folder ${root} (where Pulumi.yaml is)`;
  const found = stackFileCandidates(root);
  const fix = found.length
    ? found.map((f) => `pulumi config set stackfile:file ${f}`).join(", or ")
    : "pulumi config set stackfile:file <path of the stack file, relative to that folder>";
  return `${err.message}; ${where}; name the stack file with: ${fix}`;
}

/**
 * Deploys the stack file `file`, or the one named by the config key
 * `stackfile:file` (default `stack.yaml`); a relative path is read from the
 * Pulumi project's folder, whatever Pulumi.yaml's `main` is.
 * Returns the stack outputs: every resource's referenceable parameters.
 */
export function deployStackfile(file?: string): StackOutputs {
  const settings = new pulumi.Config("stackfile");
  const configured = settings.get("file");
  const root = programRoot();
  const target = path.resolve(root, file ?? configured ?? "stack.yaml");
  let result;
  try {
    result = loadStackfile(target, { followLinks: settings.getBoolean("followLinks"), allowLinks: "run pulumi config set stackfile:followLinks true", stage: engineStage() });
  } catch (err) {
    if (err instanceof RefusedFileError) throw new pulumi.RunError(`${target}: ${err.message}`);
    if (err instanceof UnreadableFileError) throw new pulumi.RunError(unreadableMessage(err, root, file ?? configured));
    throw err;
  }
  for (const w of result.warnings) pulumi.log.warn(formatProblem(w));
  if (result.problems.length) {
    throw new pulumi.RunError(`the stack file has problems:\n${formatProblems(result.problems, target).join("\n")}`);
  }
  const config = new pulumi.Config();
  // One reader of `$Secret('name.key')` for the check and the program: each JSON secret is parsed once.
  const secretKeys = new SecretKeys();
  const problems = secretProblems(result.model, (n) => pulumi.runtime.getConfig(`${config.name}:${n}`), secretKeys);
  if (problems.length) {
    throw new pulumi.RunError(`the stack file's secrets are not ready:\n${problems.map((p) => `  ${p}`).join("\n")}`);
  }
  return runProgram(result.model, (name) => config.getSecret(name), { secretKeys }, path.dirname(target));
}
