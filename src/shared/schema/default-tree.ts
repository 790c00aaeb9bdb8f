// Which fields `withDefaults` fills, as a tree read from the schema: the
// source of the generated `schema-defaults.ts`, from which the components'
// defaulted properties are typed. Walks the schema the way `fill` in
// schema.ts does, so a type says present exactly what `withDefaults` fills.
import { definition, resolve, type JsonSchema } from "./schema";

/**
 * `default`: the field gets this value when absent; `properties`: the object
 * is made when absent (some field below it has a default); `items` / `values`:
 * each list item / map entry is filled (the field itself stays optional).
 */
export type DefaultNode =
  | { default: unknown }
  | { properties: Record<string, DefaultNode> }
  | { items: DefaultNode }
  | { values: DefaultNode };

/** The tree of a definition's defaults (undefined: nothing is filled). */
export function defaultTree(definitionName: string): DefaultNode | undefined {
  return objectNode(definition(definitionName));
}

/** Like `fill`: an object's node, present when a field of it gets a default (then `fill` makes the object). */
function objectNode(schema: JsonSchema): DefaultNode | undefined {
  const s = resolve(schema);
  // Tagged unions (log forwarding): `fill` fills the branch a value names; no field is sure to be there.
  if (s.anyOf ?? s.oneOf) return undefined;
  if (s.items) return wrap("items", objectNode(s.items));
  if (!s.properties) return undefined;
  const properties: Record<string, DefaultNode> = {};
  for (const [key, prop] of Object.entries(s.properties)) {
    const r = resolve(prop);
    let node: DefaultNode | undefined;
    if (r.default !== undefined) node = { default: r.default };
    else if (r.anyOf || r.oneOf) node = undefined;
    else if (r.items) node = wrap("items", objectNode(r.items));
    else if (!r.properties && typeof r.additionalProperties === "object") node = wrap("values", objectNode(r.additionalProperties));
    else if (r.properties) node = objectNode(r);
    if (node) properties[key] = node;
  }
  return Object.keys(properties).length ? { properties } : undefined;
}

function wrap(kind: "items" | "values", node: DefaultNode | undefined): DefaultNode | undefined {
  if (!node) return undefined;
  return kind === "items" ? { items: node } : { values: node };
}

/** Whether `fill` makes the field when absent: it has a default, or it is an object `fill` makes. */
export function makesField(node: DefaultNode): boolean {
  return "default" in node || ("properties" in node && Object.values(node.properties).some(makesField));
}
