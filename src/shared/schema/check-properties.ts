// Everything that can be judged of one resource's properties on their own:
// the schema, the fields that must be literal values, and the type's rules.
// Used by YAML validation and by the component constructors alike.
import type { ResourceTypeEntry } from "../component/resource-definition";
import { checkSchema, type CheckOptions } from "./check-schema";
import { definition } from "./schema";
import { isUnknown } from "../component/unknown";
import { formatPath, type Problem } from "../messages/problem";

/** The values at a path pattern (`*` matches every list item). */
export function valuesAt(root: unknown, pattern: string[]): { path: (string | number)[]; value: unknown }[] {
  let found: { path: (string | number)[]; value: unknown }[] = [{ path: [], value: root }];
  for (const seg of pattern) {
    const next: typeof found = [];
    for (const { path, value } of found) {
      if (seg === "*" && Array.isArray(value)) value.forEach((v, i) => next.push({ path: [...path, i], value: v }));
      // `*` over a map (a gateway's authorizers by name): every value.
      else if (seg === "*" && typeof value === "object" && value !== null && !isUnknown(value)) {
        for (const [k, v] of Object.entries(value)) next.push({ path: [...path, k], value: v });
      }
      else if (seg !== "*" && typeof value === "object" && value !== null && !Array.isArray(value)) {
        next.push({ path: [...path, seg], value: (value as Record<string, unknown>)[seg] });
      }
    }
    found = next;
  }
  return found;
}

export function checkProperties(entry: ResourceTypeEntry, props: Record<string, unknown>, opts: CheckOptions = {}): Problem[] {
  let problems = checkSchema(definition(entry.definition), props, [], opts);
  for (const pattern of entry.literalOnly) {
    for (const { path, value } of valuesAt(props, pattern)) {
      if (!isUnknown(value)) continue;
      const at = path.join(".");
      problems = problems.filter((p) => p.path.join(".") !== at);
      problems.push({
        path,
        message: `${formatPath(path)} decides which AWS resources are made, so it must be a plain value, not a directive or an Output`,
      });
    }
  }
  problems.push(...entry.staticRules(props));
  return problems;
}
