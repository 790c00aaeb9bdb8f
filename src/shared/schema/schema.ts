// The JSON Schema of the stack file, generated from the properties interfaces
// (scripts/generate-schema.ts) and checked in. Runtime code reads it from here.
import * as path from "path";

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  not?: JsonSchema;
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  description?: string;
  /** A secret field (`@writeOnly`): its value is never shown by a message, a plan or a diff. */
  writeOnly?: boolean;
  definitions?: Record<string, JsonSchema>;
}

/** Path of the checked-in schema (shipped with the package). */
export const SCHEMA_FILE = path.join(__dirname, "..", "..", "..", "schema", "stackfile.schema.json");

/**
 * The schema's directive definitions (scripts/schema-directives.ts makes
 * them): a field that may hold one is `anyOf: [its own schema, the directive
 * of its type]`; `Directive` gives a string (a secret, a text parameter, or
 * directives inside a longer string), `NumberDirective` and
 * `BooleanDirective` a whole `$ResourceParam` of a parameter of that type.
 */
export const DIRECTIVE_REF = "#/definitions/Directive";
export const DIRECTIVE_REFS: Record<"string" | "number" | "boolean", string> = {
  string: DIRECTIVE_REF,
  number: "#/definitions/NumberDirective",
  boolean: "#/definitions/BooleanDirective",
};
/** Text the loader reads as a directive (or refuses as Pulumi YAML's `${a.b}`): a field's own string schema is `not` this. */
export const DIRECTIVE_TEXT_REF = "#/definitions/DirectiveText";

const DIRECTIVE_SCHEMA_REFS = new Set([...Object.values(DIRECTIVE_REFS), DIRECTIVE_TEXT_REF]);

let cached: JsonSchema | undefined;
let unwrapped: Record<string, JsonSchema> | undefined;

/** The schema as shipped: for editors, so it takes directives where the loader does. */
export function fileSchema(): JsonSchema {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  cached ??= require(SCHEMA_FILE) as JsonSchema;
  return cached;
}

/** A field's own schema, without the directive alternatives and exclusions (directives are resolved before values are checked). */
export function withoutDirective(s: JsonSchema): JsonSchema {
  if (Array.isArray(s)) return s.map(withoutDirective) as unknown as JsonSchema;
  if (typeof s !== "object" || s === null) return s;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s)) {
    if (k === "not" && DIRECTIVE_SCHEMA_REFS.has((v as JsonSchema)?.$ref ?? "")) continue;
    out[k] = typeof v === "object" && v !== null ? withoutDirective(v as JsonSchema) : v;
  }
  const branches = (out as JsonSchema).anyOf;
  if (branches && branches.some((b) => DIRECTIVE_SCHEMA_REFS.has(b.$ref ?? ""))) {
    const own = branches.filter((b) => !DIRECTIVE_SCHEMA_REFS.has(b.$ref ?? ""));
    const { anyOf: _a, ...outer } = out as JsonSchema;
    return own.length === 1 ? { ...own[0], ...outer } : { ...outer, anyOf: own };
  }
  return out as JsonSchema;
}

export function definition(name: string): JsonSchema {
  unwrapped ??= withoutDirective((fileSchema().definitions ?? {}) as JsonSchema) as Record<string, JsonSchema>;
  const def = unwrapped[name];
  if (!def) throw new Error(`schema has no definition ${name}; run npm run schema:gen`);
  return def;
}

/** Each `$ref` schema resolved once: checking a stack resolves the same few hundred schemas for every resource. */
const resolvedRefs = new WeakMap<JsonSchema, JsonSchema>();

export function resolve(schema: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const known = resolvedRefs.get(schema);
  if (known) return known;
  let s = schema;
  for (let i = 0; s.$ref && i < 32; i++) {
    const name = s.$ref.replace(/^#\/definitions\//, "");
    s = { ...definition(decodeURIComponent(name)), ...withoutRef(s) };
  }
  resolvedRefs.set(schema, s);
  return s;
}

function withoutRef(s: JsonSchema): JsonSchema {
  const { $ref: _ref, ...rest } = s;
  return rest;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;
}

/**
 * Fills the schema's defaults into `value` (a copy): missing fields get their
 * `default`; missing nested objects whose fields have defaults are created.
 * Values that are not plain objects (Outputs, unknowns) are left as they are.
 */
export function withDefaults<T>(definitionName: string, value: T): T {
  return fill(definition(definitionName), value) as T;
}

function fill(schema: JsonSchema, value: unknown): unknown {
  const s = resolve(schema);
  // A union tagged by `type` (log forwarding): fill the branch the value names.
  const branches = s.anyOf ?? s.oneOf;
  if (branches) {
    if (!isPlainObject(value)) return value;
    const branch = branches.map(resolve).find((b) => b.properties?.type?.const === value.type);
    return branch ? fill(branch, value) : value;
  }
  if (s.items && Array.isArray(value)) return value.map((item) => (isPlainObject(item) ? fill(s.items!, item) : item));
  if (!s.properties) return value;
  if (value !== undefined && !isPlainObject(value)) return value;
  const out: Record<string, unknown> = { ...(value ?? {}) };
  let filled = value !== undefined;
  for (const [key, prop] of Object.entries(s.properties)) {
    const r = resolve(prop);
    if (out[key] === undefined && r.default !== undefined) {
      out[key] = r.default;
      filled = true;
    } else if ((r.anyOf || r.oneOf) && isPlainObject(out[key])) {
      out[key] = fill(r, out[key]);
    } else if (r.items && Array.isArray(out[key])) {
      out[key] = fill(r, out[key]);
    } else if (!r.properties && typeof r.additionalProperties === "object" && isPlainObject(out[key])) {
      // A map of named entries (a gateway's authorizers): fill each.
      const each = r.additionalProperties;
      out[key] = Object.fromEntries(Object.entries(out[key] as Record<string, unknown>).map(([k, v]) => [k, isPlainObject(v) ? fill(each, v) ?? v : v]));
    } else if (r.properties && (out[key] === undefined || isPlainObject(out[key]))) {
      const nested = fill(r, out[key]);
      if (nested !== undefined) {
        out[key] = nested;
        filled = true;
      }
    }
  }
  return filled ? out : undefined;
}
