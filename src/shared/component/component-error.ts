import * as pulumi from "@pulumi/pulumi";
import { formatPath, type Problem } from "../messages/problem";

/**
 * A constructor's refusal of its arguments: a RunError (no stack trace is
 * shown), which keeps its problems so the YAML adapter can place each at its
 * line.
 */
export class ComponentArgumentsError extends pulumi.RunError {
  constructor(message: string, public readonly problems: Problem[]) {
    super(message);
  }
}

export function argumentsError(component: string, name: string, problems: Problem[]): ComponentArgumentsError {
  const lines = problems.map((p) => `  - ${formatPath(p.path)}: ${p.message}${p.hint ? `; ${p.hint}` : ""}`);
  return new ComponentArgumentsError(`${component} '${name}' has invalid arguments:\n${lines.join("\n")}`, problems);
}
