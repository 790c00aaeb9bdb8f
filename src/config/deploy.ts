// The program `pulumi up` runs for a YAML stack.
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import { formatProblem, formatProblems, loadStackfile, secretProblems, UnreadableFileError } from "./stackfile";
import { runProgram, type StackOutputs } from "./program";

/**
 * Deploys the stack file `file`, or the one named by the config key
 * `stackfile:file` (default `stack.yaml` in the project directory).
 * Returns the stack outputs: every resource's referenceable parameters.
 */
export function deployStackfile(file?: string): StackOutputs {
  const configured = new pulumi.Config("stackfile").get("file");
  const target = path.resolve(file ?? configured ?? "stack.yaml");
  let result;
  try {
    result = loadStackfile(target);
  } catch (err) {
    if (err instanceof UnreadableFileError) {
      throw new pulumi.RunError(`${err.message}; name the stack file with: pulumi config set stackfile:file <path>`);
    }
    throw err;
  }
  for (const w of result.warnings) pulumi.log.warn(formatProblem(w));
  if (result.problems.length) {
    throw new pulumi.RunError(`the stack file has problems:\n${formatProblems(result.problems, target).join("\n")}`);
  }
  const config = new pulumi.Config();
  const problems = secretProblems(result.model, (n) => pulumi.runtime.getConfig(`${config.name}:${n}`));
  if (problems.length) {
    throw new pulumi.RunError(`the stack file's secrets are not ready:\n${problems.map((p) => `  ${p}`).join("\n")}`);
  }
  return runProgram(result.model, (name) => config.getSecret(name), {}, path.dirname(target));
}
