// A component's inputs as a program in another language gives them, judged
// and made ready for the constructor: the same schema, literal-only fields
// and rules a stack file's properties meet (shared/schema/check-properties),
// and a problem for each field that names another resource of a stack file,
// which a component made alone has no way to look up.
import * as path from "path";
import { mapPathFields, type ResourceTypeEntry } from "../shared/component/resource-definition";
import { registry } from "../config/registry";
import { checkProperties, valuesAt } from "../shared/schema/check-properties";
import { knownView } from "../shared/component/known";
import { formatPath, type Problem } from "../shared/messages/problem";
import { SES_MACRO } from "../shared/workloads/connect-to";

/** The inputs with the package-only ones set apart: what the schema judges, and the rest. */
export function splitInputs(entry: ResourceTypeEntry, inputs: Record<string, unknown>): { properties: Record<string, unknown>; extra: Record<string, unknown> } {
  const properties: Record<string, unknown> = {};
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(inputs)) {
    if (value === undefined) continue;
    if (entry.packageInputs?.inputs[key]) extra[key] = value;
    else properties[key] = value;
  }
  return { properties, extra };
}

/**
 * Fields that name another resource of a stack file (`connectTo`, a
 * function's gateway, a Lambda authorizer's function): a component made from
 * a Pulumi program stands alone, so each such name is a problem that says
 * what to do instead (docs/languages.md).
 */
export function namedResourceProblems(
  entry: ResourceTypeEntry, view: Record<string, unknown>, types: readonly ResourceTypeEntry[] = Object.values(registry),
): Problem[] {
  const problems: Problem[] = [];
  const named = (at: (string | number)[], value: string, type: string): Problem => ({
    path: at,
    message: `${formatPath(at)} names '${value}', a ${type} of a stack file; a component made by a Pulumi program cannot look up another resource by name`,
    hint: "see docs/languages.md for what a Pulumi program gives instead",
  });
  for (const spec of entry.resourceNames ?? []) {
    for (const { path: at, value } of valuesAt(view, spec.path)) {
      if (typeof value === "string" && !spec.external?.(value)) problems.push(named(at, value, spec.type));
    }
  }
  // A workload's events name their targets (a route's gateway) by the target type's `eventTarget`.
  if (entry.workload?.events) {
    for (const target of types) {
      const kind = target.eventTarget;
      if (!kind) continue;
      for (const { path: at, value } of valuesAt(view, ["events", "*"])) {
        const event = value as { type?: unknown; properties?: Record<string, unknown> } | null;
        const name = event?.type === kind.eventType ? event.properties?.[kind.nameField] : undefined;
        if (typeof name === "string") problems.push(named([...at, "properties", kind.nameField], name, target.type));
      }
    }
  }
  for (const { path: at, value } of valuesAt(view, ["connectTo", "*"])) {
    if (typeof value !== "string" || value === SES_MACRO) continue;
    problems.push({
      path: at,
      message: `connectTo names '${value}', a resource of a stack file; a component made by a Pulumi program can connect only to ${SES_MACRO}`,
      hint: "give the variables with `environment` and the permissions with `iamRoleStatements` (docs/languages.md)",
    });
  }
  return problems;
}

/** Every problem of the inputs, as the rules of the stack file find them, with the package's own. */
export function inputProblems(entry: ResourceTypeEntry, inputs: Record<string, unknown>): Problem[] {
  const view = knownView(splitInputs(entry, inputs).properties) as Record<string, unknown>;
  return [...checkProperties(entry, view), ...namedResourceProblems(entry, view)].filter((p) => !p.warning);
}

/**
 * The constructor's arguments: the properties, paths made absolute against
 * the working directory the engine runs the provider in (the project's
 * folder, as for a TypeScript program), and the package-only inputs.
 */
export function componentArgs(entry: ResourceTypeEntry, inputs: Record<string, unknown>, cwd: string = process.cwd()): Record<string, unknown> {
  const { properties, extra } = splitInputs(entry, inputs);
  return { ...mapPathFields(entry, properties, (v) => path.resolve(cwd, v)), ...extra };
}
