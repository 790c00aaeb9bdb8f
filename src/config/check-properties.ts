// Everything that can be judged of one resource's properties on their own:
// the schema, the fields that must be literal values, and the type's rules.
// Used by YAML validation and by the component constructors alike.
import type { ResourceTypeEntry } from "./registry";
import { checkSchema } from "./check-schema";
import { definition } from "./schema";
import { isUnknown } from "../shared/unknown";
import type { Problem } from "../shared/problem";

export function checkProperties(entry: ResourceTypeEntry, props: Record<string, unknown>): Problem[] {
  let problems = checkSchema(definition(entry.definition), props);
  for (const path of entry.literalOnly) {
    let v: unknown = props;
    for (const seg of path) v = typeof v === "object" && v !== null ? (v as Record<string, unknown>)[seg] : undefined;
    if (isUnknown(v)) {
      const at = path.join(".");
      problems = problems.filter((p) => p.path.join(".") !== at);
      problems.push({
        path,
        message: `${path.join(".")} decides which AWS resources are made, so it must be a plain value, not a directive or an Output`,
      });
    }
  }
  problems.push(...entry.staticRules(props));
  return problems;
}
