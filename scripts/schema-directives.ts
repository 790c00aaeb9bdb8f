// The editor's schema takes a directive exactly where the loader does
// (test/config/schema-directives.test.ts compares the two):
// - a field that may hold one is `anyOf: [its own schema, the directive of its
//   type]`: `Directive` gives a string ($Secret, a text parameter, directives
//   inside a longer string), `NumberDirective` / `BooleanDirective` a whole
//   $ResourceParam of a parameter of that type (the parameter names are the
//   resource types' own); description and default stay outside, for hovers
//   and completion;
// - its own string schema is `not` DirectiveText (what the loader reads as a
//   directive), so a directive of the wrong type, or in a literal-only field,
//   is refused as the loader refuses it;
// - nested objects, lists and maps are walked too (log forwarding's fields).
// stackfile's own checker unwraps all this again (src/shared/schema/schema.ts).
import { DIRECTIVE_REFS, DIRECTIVE_TEXT_REF } from "../src/shared/schema/schema";

type Schema = Record<string, any>;
type Kind = "string" | "number" | "boolean";
/** Parameter names by the type of value they give. */
export type ParamNames = Record<Kind, string[]>;

const defName = (ref: string) => ref.replace("#/definitions/", "");
const KEEP_OUTSIDE = ["description", "default", "markdownDescription", "deprecated", "examples"];

// Directive grammar, as src/config/directives.ts parses it.
const START = String.raw`\$[A-Za-z_][A-Za-z0-9_]*\s*\(`;
const PULUMI_YAML = String.raw`\$\{\s*[A-Za-z][A-Za-z0-9]*\.[A-Za-z][A-Za-z0-9]*[^}]*\}`;
/** A $ResourceParam argument: not empty, once trimmed and unquoted. */
const ARG = String.raw`\s*(?!'\s*'\s*[,)])(?!"\s*"\s*[,)])[^,)\s][^,)]*`;
const SECRET_NAME = String.raw`[A-Za-z0-9_-]+(?:\.[^.,)]+)?`;
const SECRET_ARG = String.raw`\s*(?:'\s*${SECRET_NAME}\s*'|"\s*${SECRET_NAME}\s*"|${SECRET_NAME})\s*`;
/** The stage's directives: `$Stage()`, `$Region()`, `$Config(key)`, `$Select(value, {case: result, ...})` (their results hold no braces). */
const CONFIG_KEY = String.raw`[A-Za-z0-9_:.-]+`;
const CONFIG_ARG = String.raw`\s*(?:'\s*${CONFIG_KEY}\s*'|"\s*${CONFIG_KEY}\s*"|${CONFIG_KEY})\s*`;
const STAGE = String.raw`(?:\$(?:Stage|Region)\s*\(\s*\)|\$Config\s*\(${CONFIG_ARG}\)|\$Select\s*\([^{}]+,\s*\{[^{}]*\}\s*\))`;
/** The whole string is one stage directive: its value may be text, a number or true/false (a $Select's result, a $Config value). */
const WHOLE_STAGE = String.raw`^\s*${STAGE}\s*$`;
const DIRECTIVE = String.raw`(?:\$ResourceParam\s*\(${ARG},${ARG}\)|\$Secret\s*\(${SECRET_ARG}\)|${STAGE})`;
const TEXT_CHAR = String.raw`(?:[^$]|\$(?![A-Za-z_][A-Za-z0-9_]*\s*\())`;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The whole string is one $ResourceParam of one of these parameters. */
const wholeParam = (names: string[]) => {
  const p = `(?:${names.map(escape).join("|")})`;
  return String.raw`^\s*\$ResourceParam\s*\(${ARG},\s*(?:'\s*${p}\s*'|"\s*${p}\s*"|${p})\s*\)\s*$`;
};
/** The whole string is one $ResourceParam (its value keeps the parameter's type). */
const WHOLE_PARAM = String.raw`^\s*\$ResourceParam\s*\(${ARG},${ARG}\)\s*$`;

/** The directive definitions, for the parameter names of each type. */
export function directiveDefinitions(params: ParamNames): Record<string, Schema> {
  const out: Record<string, Schema> = {
    DirectiveText: {
      type: "string",
      description: "Text stackfile reads as a directive ($Name(...)), or refuses as Pulumi YAML's ${resource.property}.",
      pattern: `${START}|${PULUMI_YAML}`,
    },
  };
  const text = { pattern: `^(?![\\s\\S]*${PULUMI_YAML})${TEXT_CHAR}*${DIRECTIVE}(?:${TEXT_CHAR}|${DIRECTIVE})*$`, not: { pattern: WHOLE_PARAM } };
  out.Directive = {
    type: "string",
    description: "A directive giving text: $Secret(name) reads a Pulumi secret; $ResourceParam(resource, parameter) reads a text parameter of another resource of the file; $Stage(), $Region(), $Config(key) and $Select($Stage(), {production: a, default: b}) read the stage (the Pulumi stack); directives inside a longer string are interpolated.",
    anyOf: params.string.length ? [text, { pattern: wholeParam(params.string) }] : [text],
  };
  // A whole stage directive may give a number or true/false, so both definitions exist even when no parameter has that type.
  const whole = (names: string[]) => (names.length ? [{ pattern: wholeParam(names) }, { pattern: WHOLE_STAGE }] : [{ pattern: WHOLE_STAGE }]);
  const named = (names: string[]) => (names.length ? ` with $ResourceParam(resource, parameter), whole: the parameter is one of ${names.join(", ")}; or` : ",");
  out.NumberDirective = {
    type: "string",
    description: `A number read${named(params.number)} one of the stage's directives, whole ($Select($Stage(), {production: 3, default: 1}), $Config(key)).`,
    anyOf: whole(params.number),
  };
  out.BooleanDirective = {
    type: "string",
    description: `true or false read${named(params.boolean)} one of the stage's directives, whole ($Select($Stage(), {production: true, default: false}), $Config(key)).`,
    anyOf: whole(params.boolean),
  };
  return out;
}

/** `literalOnly` paths of one type, made relative to the definition each ends in: definition -> paths (`a.b`, `*` for items). */
export function literalFields(definitions: Record<string, Schema>, root: string, paths: string[][]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const add = (def: string, rel: string[]) => out.set(def, (out.get(def) ?? new Set()).add(rel.join(".")));
  const follow = (def: string, rest: string[]) => {
    const schema = definitions[def];
    if (!schema) return;
    const branches: Schema[] | undefined = schema.anyOf ?? schema.oneOf;
    if (branches) {
      for (const b of branches) if (b.$ref) follow(defName(b.$ref), rest);
      return;
    }
    let node: Schema | undefined = schema;
    let rel: string[] = [];
    for (const [i, seg] of rest.entries()) {
      // `*`: every list item, or every value of a map (a gateway's authorizers by name).
      node = seg === "*" ? node?.items ?? (typeof node?.additionalProperties === "object" ? node.additionalProperties : undefined) : node?.properties?.[seg];
      if (!node) return;
      rel = [...rel, seg];
      if (node.$ref && i < rest.length - 1) return follow(defName(node.$ref), rest.slice(i + 1));
      // A union of definitions (a function's events of several kinds): the path goes on in each.
      const union: Schema[] | undefined = node.anyOf ?? node.oneOf;
      if (union && i < rest.length - 1) {
        for (const b of union) if (b.$ref) follow(defName(b.$ref), rest.slice(i + 1));
        return;
      }
    }
    add(def, rel);
  };
  for (const p of paths) follow(root, p);
  return out;
}

/** The types a scalar schema's values have; undefined when it holds objects or lists. */
function scalarKinds(s: Schema, definitions: Record<string, Schema>): Set<Kind> | undefined {
  const r = s.$ref ? definitions[defName(s.$ref)] ?? {} : s;
  const branches: Schema[] | undefined = r.anyOf ?? r.oneOf;
  if (branches) {
    const all = branches.map((b) => scalarKinds(b, definitions));
    return all.every(Boolean) ? new Set(all.flatMap((k) => [...k!])) : undefined;
  }
  const types: string[] = r.type !== undefined ? [r.type].flat() : r.enum ? [...new Set<string>(r.enum.map((e: unknown) => typeof e))] : r.const !== undefined ? [typeof r.const] : [];
  if (!types.length || types.some((t) => !["string", "number", "integer", "boolean"].includes(t))) return undefined;
  return new Set(types.map((t) => (t === "integer" ? "number" : t)) as Kind[]);
}

/** Its own values only: a string that reads as a directive is not one of them. */
function ownOnly(s: Schema, kinds: Set<Kind>): Schema {
  const fixed = s.enum !== undefined || s.const !== undefined || s.$ref !== undefined;
  return kinds.has("string") && !fixed ? { ...s, not: { $ref: DIRECTIVE_TEXT_REF } } : s;
}

interface Walk {
  definitions: Record<string, Schema>;
  /** Literal-only paths within the definition being walked. */
  literal: Set<string>;
  /** The directive definitions that exist. */
  directives: Set<Kind>;
}

/** A field's schema, taking a directive where the loader does (see the top of the file). */
function field(s: Schema, rel: string[], w: Walk): Schema {
  if (s.refused !== undefined) {
    // Documented so editors explain it, never valid (the loader refuses it with its reason).
    const { refused, ...rest } = s;
    return { ...Object.fromEntries(Object.entries(rest).filter(([k]) => KEEP_OUTSIDE.includes(k))), errorMessage: refused, not: {} };
  }
  const kinds = scalarKinds(s, w.definitions);
  const literal = w.literal.has(rel.join("."));
  if (Object.keys(s).every((k) => KEEP_OUTSIDE.includes(k))) {
    // A value of any shape (a free-form map's values: an SNS filter policy, an
    // event pattern): a string there is read as the loader reads it, so text
    // that looks like a directive is one, or refused.
    const alternatives = literal ? [] : [...w.directives].map((k) => ({ $ref: DIRECTIVE_REFS[k] }));
    return { ...s, anyOf: [{ not: { type: "string" } }, { type: "string", not: { $ref: DIRECTIVE_TEXT_REF } }, ...alternatives] };
  }
  if (kinds) {
    const alternatives = literal ? [] : [...kinds].filter((k) => w.directives.has(k)).map((k) => ({ $ref: DIRECTIVE_REFS[k] }));
    const outer: Schema = {};
    const inner: Schema = {};
    for (const [k, v] of Object.entries(s)) (KEEP_OUTSIDE.includes(k) ? outer : inner)[k] = v;
    const branches: Schema[] | undefined = inner.anyOf ?? inner.oneOf;
    const own = branches ? branches.map((b) => ownOnly(b, scalarKinds(b, w.definitions) ?? new Set())) : [ownOnly(inner, kinds)];
    if (!alternatives.length) return branches ? { ...outer, anyOf: own } : { ...outer, ...own[0] };
    return { ...outer, anyOf: [...own, ...alternatives] };
  }
  if (s.$ref) return s;
  const out: Schema = { ...s };
  const union: Schema[] | undefined = s.anyOf ?? s.oneOf;
  if (union) {
    // A value of several shapes (a string or a list of strings): each shape as a field.
    out[s.anyOf ? "anyOf" : "oneOf"] = union.map((b) => field(b, rel, w));
  }
  if (s.properties) out.properties = Object.fromEntries(Object.entries(s.properties as Record<string, Schema>).map(([k, p]) => [k, field(p, [...rel, k], w)]));
  if (s.items) out.items = field(s.items, [...rel, "*"], w);
  if (typeof s.additionalProperties === "object") out.additionalProperties = field(s.additionalProperties, [...rel, "{}"], w);
  return out;
}

/** A copy of `definitions` where directives are accepted wherever the loader takes them, with the directive definitions added. */
export function acceptDirectives(definitions: Record<string, Schema>, literal: Map<string, Set<string>>, params: ParamNames): Record<string, Schema> {
  const directives = directiveDefinitions(params);
  const made = new Set((Object.keys(DIRECTIVE_REFS) as Kind[]).filter((k) => directives[defName(DIRECTIVE_REFS[k])]));
  const out: Record<string, Schema> = {};
  for (const [name, def] of Object.entries(definitions)) {
    // Definitions that are a field's type (an enum) stay as they are; the field that refers to one takes the directive.
    out[name] = def.properties || def.items || typeof def.additionalProperties === "object"
      ? field(def, [], { definitions, literal: literal.get(name) ?? new Set(), directives: made })
      : def;
  }
  return { ...out, ...directives };
}
