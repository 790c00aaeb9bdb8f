// A resource's `options` in YAML (Pulumi YAML's word): `protect` and
// `retainOnDelete`, literal booleans, applied by the component to the children
// that hold data.
import type { DataOptions } from "../shared/component/component-options";
import { describe } from "../shared/schema/check-schema";
import { closest } from "../shared/messages/suggest";
import type { Problem } from "../shared/messages/problem";

export const OPTION_KEYS = ["protect", "retainOnDelete"] as const;

/** What each option does, for messages and the JSON Schema. */
export const OPTION_DESCRIPTIONS: Record<(typeof OPTION_KEYS)[number], string> = {
  protect: "Pulumi refuses to delete or replace the resource's data (its replication group, table, bucket, log groups): a deploy that would stops first.",
  retainOnDelete: "Deleting or replacing the resource leaves its data (replication group, table, bucket, log groups) in the account; Pulumi only forgets it.",
};

function isMap(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The options of a resource at `path` (`resources.<name>.options`), with every problem. */
export function analyzeOptions(value: unknown, path: (string | number)[], problems: Problem[]): DataOptions {
  if (value === undefined) return {};
  if (!isMap(value)) {
    problems.push({ path, message: `options must be a map with protect and/or retainOnDelete, not ${describe(value)}` });
    return {};
  }
  const out: DataOptions = {};
  for (const [key, v] of Object.entries(value)) {
    if (!(OPTION_KEYS as readonly string[]).includes(key)) {
      const near = closest(key, OPTION_KEYS);
      problems.push({ path: [...path, key], atKey: true, message: `unknown option '${key}'; ${near ? `did you mean '${near}'?` : `the options are ${OPTION_KEYS.join(" and ")}`}` });
    } else if (typeof v !== "boolean") {
      problems.push({ path: [...path, key], message: `options.${key} must be true or false, not ${describe(v)}${typeof v === "string" && v.includes("$") ? " (options take no directives)" : ""}` });
    } else {
      out[key as keyof DataOptions] = v;
    }
  }
  return out;
}
