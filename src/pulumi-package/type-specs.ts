// The JSON Schema of the stack file's properties (generated from each
// properties.ts, with directives taken out: shared/schema/schema.ts) as
// Pulumi package schema types (https://www.pulumi.com/docs/iac/extending-pulumi/schema/):
// objects and enums become named types `stackfile:index:<Name>`, a union of
// objects tagged by `type` a `oneOf` with a discriminator, whole numbers
// `integer`, `@writeOnly` fields secrets. Defaults are said in the
// description only: a schema `default` is filled in by each language's SDK,
// so a Python program would send every default as if written, and the rules
// that judge what was written (numShards without sharding, settings beside a
// disabled switch) would then judge what was not.
import { definition as shippedDefinition, type JsonSchema } from "../shared/schema/schema";

import type { PulumiNamedType, PulumiProperty, PulumiType } from "../shared/component/package-inputs";

export type { PulumiNamedType, PulumiProperty, PulumiType };

export const PACKAGE = "stackfile";
const ANY = "pulumi.json#/Any";

export function typeToken(name: string): string {
  return `${PACKAGE}:index:${name}`;
}

function typeRef(name: string): PulumiType {
  return { $ref: `#/types/${typeToken(name)}` };
}

function capitalized(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/**
 * An identifier for an enum value (each language's SDK names its members
 * from it): `cache.t4g.small` -> `CacheT4gSmall`, `6.2` -> `V6_2`, `*` -> `All`.
 */
export function enumMemberName(value: string | number): string {
  const text = String(value);
  if (text === "*") return "All";
  const numeric = /^[0-9][0-9.]*$/.test(text);
  const words = text.split(numeric ? /\./ : /[^A-Za-z0-9]+/).filter(Boolean);
  const name = numeric ? words.join("_") : words.map(capitalized).join("");
  return /^[0-9]/.test(name) ? `V${name}` : name;
}

/** The definition a `$ref` names (`#/definitions/X` -> `X`). */
function refName(s: JsonSchema): string | undefined {
  return s.$ref?.startsWith("#/definitions/") ? decodeURIComponent(s.$ref.slice("#/definitions/".length)) : undefined;
}

/**
 * Collects the named types the properties of one resource type need, and
 * turns each JSON Schema into a Pulumi type. `types` is shared by every
 * resource type of the package: a definition used by two (DomainConfiguration,
 * LogForwarding's branches) is one type.
 */
export class TypeCollector {
  readonly types: Record<string, PulumiNamedType> = {};
  private readonly made = new Map<string, string>();

  /** `definition`: a definition of the JSON Schema by name, directives taken out (the shipped schema's by default). */
  constructor(private readonly definition: (name: string) => JsonSchema = shippedDefinition) {}

  /** The properties of an object schema as Pulumi properties; inline objects and enums are named `<owner><Property>`. */
  properties(schema: JsonSchema, owner: string): { properties: Record<string, PulumiProperty>; required: string[] } {
    const properties: Record<string, PulumiProperty> = {};
    for (const [key, prop] of Object.entries(schema.properties ?? {})) properties[key] = this.property(prop, `${owner}${capitalized(key)}`);
    return { properties, required: [...(schema.required ?? [])] };
  }

  private property(schema: JsonSchema, name: string): PulumiProperty {
    const out: PulumiProperty = { ...this.type(schema, name) };
    const description = describe(schema);
    if (description) out.description = description;
    if (isSecret(schema)) out.secret = true;
    if (schema.const !== undefined) out.const = schema.const;
    return out;
  }

  /** The Pulumi type of a JSON Schema; `name` is what an inline object or enum is called. */
  type(schema: JsonSchema, name: string): PulumiType {
    const ref = refName(schema);
    if (ref) return this.named(ref);
    const branches = schema.anyOf ?? schema.oneOf;
    if (branches) return this.union(branches, name);
    if (schema.const !== undefined) return { type: typeof schema.const === "number" ? "number" : typeof schema.const === "boolean" ? "boolean" : "string" };
    if (schema.enum) return this.enumType(name, schema);
    const type = Array.isArray(schema.type) ? undefined : schema.type;
    switch (type) {
      case "string":
      case "boolean":
        return { type };
      case "number":
      case "integer":
        return { type: schema.multipleOf === 1 || type === "integer" ? "integer" : "number" };
      case "array":
        return { type: "array", items: schema.items ? this.type(schema.items, name) : { $ref: ANY } };
      case "object":
        if (schema.properties) return this.objectType(name, schema);
        if (typeof schema.additionalProperties === "object") {
          return { type: "object", additionalProperties: this.type(schema.additionalProperties, name) };
        }
        return { $ref: ANY };
      default:
        return { $ref: ANY };
    }
  }

  /** A definition of the JSON Schema: a named type, or (a union) the union of its branches. */
  private named(def: string): PulumiType {
    const schema = this.definition(def);
    if (schema.anyOf ?? schema.oneOf) return this.union((schema.anyOf ?? schema.oneOf)!, def);
    if (schema.enum) return this.enumType(def, schema);
    if (schema.properties) return this.objectType(def, schema);
    return this.type(schema, def);
  }

  /** `anyOf`: objects tagged by a `type` constant get a discriminator (log forwarding, authorizers). */
  private union(branches: JsonSchema[], name: string): PulumiType {
    const oneOf = branches.map((b, i) => this.type(b, `${name}${i + 1}`));
    const out: PulumiType = { oneOf };
    const tags = branches.map((b) => {
      const s = refName(b) ? this.definition(refName(b)!) : b;
      return s.properties?.type?.const;
    });
    if (tags.every((t) => typeof t === "string") && oneOf.every((t) => t.$ref)) {
      out.discriminator = { propertyName: "type", mapping: Object.fromEntries(tags.map((t, i) => [t as string, oneOf[i].$ref!])) };
    }
    return out;
  }

  private objectType(name: string, schema: JsonSchema): PulumiType {
    if (this.claim(name, schema)) {
      const spec: PulumiNamedType = { type: "object" };
      const description = describe(schema);
      if (description) spec.description = description;
      this.types[typeToken(name)] = spec;
      const { properties, required } = this.properties(schema, name);
      spec.properties = properties;
      if (required.length) spec.required = required;
    }
    return typeRef(name);
  }

  private enumType(name: string, schema: JsonSchema): PulumiType {
    if (this.claim(name, schema)) {
      const values = schema.enum as (string | number)[];
      const whole = values.every((v) => typeof v === "number" && Number.isInteger(v));
      const spec: PulumiNamedType = {
        type: typeof values[0] === "number" ? (whole ? "integer" : "number") : "string",
        enum: values.map((value) => ({ name: enumMemberName(value), value })),
      };
      const description = describe(schema);
      if (description) spec.description = description;
      this.types[typeToken(name)] = spec;
    }
    return typeRef(name);
  }

  /** True the first time a name is taken; the same name for two different schemas is a defect of the generator. */
  private claim(name: string, schema: JsonSchema): boolean {
    const key = JSON.stringify(schema);
    const known = this.made.get(name);
    if (known === undefined) {
      this.made.set(name, key);
      return true;
    }
    if (known !== key) throw new Error(`two different schemas would both be the Pulumi type ${typeToken(name)}`);
    return false;
  }
}

/** The description, with the default said in words (see the top of this file). */
function describe(schema: JsonSchema): string | undefined {
  const parts = [schema.description?.trim()].filter((p): p is string => !!p);
  if (schema.default !== undefined) parts.push(`Default: \`${JSON.stringify(schema.default)}\`.`);
  return parts.length ? parts.join("\n\n") : undefined;
}

/** A `@writeOnly` field (a password, a key), including inside the branches of its own schema. */
function isSecret(schema: JsonSchema): boolean {
  if (schema.writeOnly === true) return true;
  return (schema.anyOf ?? schema.oneOf ?? []).some((b) => !b.$ref && isSecret(b));
}
