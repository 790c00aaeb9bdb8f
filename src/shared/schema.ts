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
export const SCHEMA_FILE = path.join(__dirname, "..", "..", "schema", "stackfile.schema.json");

/** Where the schema refers to a directive (a field that may hold one is `anyOf: [its schema, this]`). */
export const DIRECTIVE_REF = "#/definitions/Directive";

/** A `$ResourceParam(res, param)` or `$Secret(name)`, whole or inside a longer string. */
export const DIRECTIVE_DEFINITION: JsonSchema = {
  type: "string",
  description: "A directive: $ResourceParam(resource, parameter) reads a parameter of another resource of the file; $Secret(name) reads a Pulumi secret. Whole, or inside a longer string.",
  pattern: "\\$(ResourceParam\\(\\s*(['\"]?)[A-Za-z][A-Za-z0-9]*\\2\\s*,\\s*(['\"]?)[A-Za-z]+\\3\\s*\\)|Secret\\(\\s*(['\"]?)[^'\"()]+\\4\\s*\\))",
};

let cached: JsonSchema | undefined;
let unwrapped: Record<string, JsonSchema> | undefined;

/** The schema as shipped: for editors, so it takes directives where the loader does. */
export function fileSchema(): JsonSchema {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  cached ??= require(SCHEMA_FILE) as JsonSchema;
  return cached;
}

/** A field's own schema, without the directive alternative (directives are resolved before values are checked). */
function withoutDirective(s: JsonSchema): JsonSchema {
  if (Array.isArray(s)) return s.map(withoutDirective) as unknown as JsonSchema;
  if (typeof s !== "object" || s === null) return s;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s)) out[k] = typeof v === "object" && v !== null ? withoutDirective(v as JsonSchema) : v;
  const branches = (out as JsonSchema).anyOf;
  if (branches && branches.some((b) => b.$ref === DIRECTIVE_REF)) {
    const own = branches.filter((b) => b.$ref !== DIRECTIVE_REF);
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

export function resolve(schema: JsonSchema): JsonSchema {
  let s = schema;
  for (let i = 0; s.$ref && i < 32; i++) {
    const name = s.$ref.replace(/^#\/definitions\//, "");
    s = { ...definition(decodeURIComponent(name)), ...withoutRef(s) };
  }
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
