// A resource's own key (`properties:`, `type:`, `overrides:`, `options:`)
// dedented to the column of resource names reads as a resource of its own:
// YAML parses it, and every check after would speak of a resource
// 'properties' with no type. It is one indentation mistake: said once, at
// the key, and the key's value counts as the resource's above it.
import type { Problem } from "../shared/messages/problem";
import { userText } from "../shared/messages/user-text";

const isMap = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Is resource `names[i]` a key of the resource above it (that resource lacks it, and it is no resource itself)? */
export function keyIndentedAsResource(res: Record<string, unknown>, names: string[], i: number, resourceKeys: string[]): boolean {
  const name = names[i];
  const above = i > 0 ? res[names[i - 1]] : undefined;
  return i > 0 && resourceKeys.includes(name) && !(isMap(res[name]) && "type" in res[name]) && isMap(above) && !(name in above);
}

export function keyIndentedAsResourceProblem(key: string, owner: string): Problem {
  return {
    path: ["resources", key],
    atKey: true,
    message: `indentation: '${key}' is indented as a resource of its own; it belongs to '${userText(owner)}' above: indent it to the column of that resource's 'type'`,
  };
}

/** The resource's definition, with the key written below it at the resource's own column counted as its own. */
export function withKeyBelow(res: Record<string, unknown>, name: string, moved: string | undefined): unknown {
  return moved === undefined ? res[name] : { ...(res[name] as object), [moved]: res[moved] };
}
