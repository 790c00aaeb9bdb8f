import * as pulumi from "@pulumi/pulumi";
import { formatPath, type Problem } from "./problem";

/** A constructor's refusal of its arguments: a RunError, so no stack trace is shown. */
export function argumentsError(component: string, name: string, problems: Problem[]): pulumi.RunError {
  const lines = problems.map((p) => `  - ${formatPath(p.path)}: ${p.message}${p.hint ? `; ${p.hint}` : ""}`);
  return new pulumi.RunError(`${component} '${name}' has invalid arguments:\n${lines.join("\n")}`);
}
