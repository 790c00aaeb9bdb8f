// Where a stack file may hold a directive, the editor's schema must take one:
// every scalar field (and list of scalars) that is not literal-only gets
// `anyOf: [its own schema, Directive]`, keeping its description and default
// outside for completion and hovers. stackfile's own checker unwraps it again
// (src/config/schema.ts), since directives are resolved before it runs.
import { DIRECTIVE_DEFINITION, DIRECTIVE_REF } from "../src/shared/schema";

type Schema = Record<string, any>;

/** `literalOnly` paths of one type, made relative to each definition they reach: definition -> property names. */
export function literalFields(definitions: Record<string, Schema>, root: string, paths: string[][]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const defOf = (s: Schema | undefined): string | undefined => (s?.$ref ? String(s.$ref).replace("#/definitions/", "") : undefined);
  const follow = (def: string, path: string[]) => {
    const schema = definitions[def];
    if (!schema) return;
    const branches: Schema[] = schema.anyOf ?? schema.oneOf;
    if (branches) {
      for (const b of branches) {
        const d = defOf(b);
        if (d) follow(d, path);
      }
      return;
    }
    const [head, ...rest] = path;
    const prop: Schema | undefined = schema.properties?.[head];
    if (!prop) return;
    if (!rest.length) {
      out.set(def, (out.get(def) ?? new Set()).add(head));
      return;
    }
    const next = rest[0] === "*" ? prop.items : prop;
    const tail = rest[0] === "*" ? rest.slice(1) : rest;
    const d = defOf(next);
    if (d && tail.length) follow(d, tail);
    else if (!tail.length) out.set(def, (out.get(def) ?? new Set()).add(head));
  };
  for (const p of paths) follow(root, p);
  return out;
}

function isScalar(s: Schema, definitions: Record<string, Schema>): boolean {
  const r = s.$ref ? definitions[String(s.$ref).replace("#/definitions/", "")] ?? {} : s;
  if (r.anyOf || r.oneOf) return (r.anyOf ?? r.oneOf).every((b: Schema) => isScalar(b, definitions));
  return ["string", "number", "integer", "boolean"].includes(r.type) || (Array.isArray(r.enum) && r.type === undefined);
}

const KEEP_OUTSIDE = ["description", "default", "markdownDescription", "deprecated"];

function wrap(s: Schema): Schema {
  const inner: Schema = {};
  const outer: Schema = {};
  for (const [k, v] of Object.entries(s)) (KEEP_OUTSIDE.includes(k) ? outer : inner)[k] = v;
  return { ...outer, anyOf: [inner, { $ref: DIRECTIVE_REF }] };
}

/** A copy of `definitions` where directives are accepted wherever the loader takes them. */
export function acceptDirectives(definitions: Record<string, Schema>, literal: Map<string, Set<string>>): Record<string, Schema> {
  const out: Record<string, Schema> = {};
  for (const [name, def] of Object.entries(definitions)) {
    if (!def.properties) {
      out[name] = def;
      continue;
    }
    const props: Record<string, Schema> = {};
    for (const [key, prop] of Object.entries(def.properties as Record<string, Schema>)) {
      if (literal.get(name)?.has(key)) props[key] = prop;
      else if (isScalar(prop, definitions)) props[key] = wrap(prop);
      else if (prop.type === "array" && prop.items && isScalar(prop.items, definitions) && !literal.get(name)?.has(`${key}.*`)) props[key] = { ...prop, items: wrap(prop.items) };
      else props[key] = prop;
    }
    out[name] = { ...def, properties: props };
  }
  out.Directive = DIRECTIVE_DEFINITION;
  return out;
}
