// `$ResourceParam(res, param)` and `$Secret(name)` inside YAML strings: parsing
// only. Arguments may be quoted ('x' or "x") or bare; spaces around are ignored.
import { userText } from "../shared/messages/user-text";

export type Directive =
  | { kind: "ResourceParam"; resource: string; param: string }
  | { kind: "Secret"; name: string; key?: string };

export interface ParsedString {
  /** Literal text and directives in order. */
  parts: (string | Directive)[];
  /** True when the whole string (spaces aside) is a single directive. */
  whole: boolean;
  /** Syntax problems (unknown name, argument count, unclosed). */
  problems: string[];
}

const START = /\$([A-Za-z_][A-Za-z0-9_]*)\s*\(/g;
const ARITY: Record<Directive["kind"], number> = { ResourceParam: 2, Secret: 1 };
const USAGE: Record<Directive["kind"], string> = {
  ResourceParam: "$ResourceParam('<resource>', '<parameter>')",
  Secret: "$Secret('<name>') or $Secret('<name>.<key>')",
};

/** Whether `s` holds anything that looks like a directive. */
export function hasDirective(s: string): boolean {
  START.lastIndex = 0;
  return START.test(s);
}

/** Parses the directives of `s`, or returns undefined when it has none. */
export function parseDirectives(s: string): ParsedString | undefined {
  if (!hasDirective(s)) return undefined;
  const parts: (string | Directive)[] = [];
  const problems: string[] = [];
  let last = 0;
  let count = 0;
  START.lastIndex = 0;
  for (let m = START.exec(s); m; m = START.exec(s)) {
    const close = s.indexOf(")", START.lastIndex);
    if (close < 0) {
      problems.push(`'$${m[1]}(' is not closed; expected ${usageOf(m[1])}`);
      break;
    }
    if (m.index > last) parts.push(s.slice(last, m.index));
    const args = splitArgs(s.slice(START.lastIndex, close));
    last = close + 1;
    START.lastIndex = last;
    count++;
    const d = toDirective(m[1], args, problems);
    if (d) parts.push(d);
  }
  if (last < s.length) parts.push(s.slice(last));
  const whole = count === 1 && parts.filter((p) => typeof p !== "string" || p.trim() !== "").length === 1;
  return { parts, whole, problems };
}

function usageOf(name: string): string {
  return name in USAGE ? USAGE[name as Directive["kind"]] : "$ResourceParam(...) or $Secret(...)";
}

function splitArgs(inner: string): string[] {
  if (inner.trim() === "") return [];
  return inner.split(",").map((a) => {
    const t = a.trim();
    const q = t[0];
    if ((q === "'" || q === '"') && t.length >= 2 && t[t.length - 1] === q) return t.slice(1, -1).trim();
    return t;
  });
}

function toDirective(name: string, args: string[], problems: string[]): Directive | undefined {
  if (name !== "ResourceParam" && name !== "Secret") {
    problems.push(`unknown directive '$${userText(name)}'; the directives are $ResourceParam(resource, parameter) and $Secret(name)`);
    return undefined;
  }
  if (args.length !== ARITY[name] || args.some((a) => a === "")) {
    const n = ARITY[name];
    problems.push(`$${name} takes ${n} argument${n > 1 ? "s" : ""} (got ${args.length}); write ${USAGE[name]}`);
    return undefined;
  }
  if (name === "ResourceParam") return { kind: "ResourceParam", resource: args[0], param: args[1] };
  const [secret, ...rest] = args[0].split(".");
  if (!/^[A-Za-z0-9_-]+$/.test(secret) || rest.length > 1 || (rest.length === 1 && rest[0] === "")) {
    problems.push(`'${userText(args[0])}' is not a secret name; write ${USAGE.Secret} (letters, digits, '-' and '_')`);
    return undefined;
  }
  return rest.length ? { kind: "Secret", name: secret, key: rest[0] } : { kind: "Secret", name: secret };
}

/**
 * Pulumi YAML's interpolation, which stackfile does not read: `${api.port}`
 * (a resource's property) or `${name}` naming a resource of the file; the
 * message names the directive to write instead.
 */
export function pulumiYamlHint(text: string, isResource: (name: string) => boolean): string | undefined {
  const dotted = /\$\{\s*([A-Za-z][A-Za-z0-9]*)\.([A-Za-z][A-Za-z0-9]*)[^}]*\}/.exec(text);
  if (dotted) {
    return `'${userText(dotted[0])}' is Pulumi YAML's syntax, which stackfile does not read; write $ResourceParam('${dotted[1]}', '${dotted[2]}')`;
  }
  const bare = /\$\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}/.exec(text);
  if (bare && isResource(bare[1])) {
    return `'${userText(bare[0])}' is Pulumi YAML's syntax, which stackfile does not read; write $ResourceParam('${bare[1]}', '<parameter>') with one of ${bare[1]}'s parameters`;
  }
  return undefined;
}

type Path = (string | number)[];

/** What a walk over a value does with the directives in its strings (mapDirectives). */
export interface DirectiveResolver {
  /**
   * Any string, before it is parsed: a value to use instead of it (validate
   * answers Pulumi YAML's `${...}` here), or undefined to go on.
   */
  text?(text: string, path: Path): unknown;
  /** A string whose directives are malformed (validate refused it before any other step runs). */
  malformed?(parsed: ParsedString, path: Path): unknown;
  /** The value of one directive. A string that is one directive alone is this value. */
  value(directive: Directive, path: Path): unknown;
  /** A string of text and directives, from its parts (each directive's value in its place); by default their text joined. */
  join?(values: unknown[], parts: (string | Directive)[], path: Path): unknown;
}

/**
 * `value` with every string that holds directives replaced through
 * `resolver` (validate's unknown values, the program's Outputs, `dev`'s local
 * values), lists and maps walked with the path of each value: the one walk
 * over a resource's properties.
 */
export function mapDirectives(value: unknown, resolver: DirectiveResolver, path: Path = []): unknown {
  if (typeof value === "string") {
    const instead = resolver.text?.(value, path);
    if (instead !== undefined) return instead;
    const parsed = parseDirectives(value);
    if (!parsed) return value;
    if (parsed.problems.length) {
      if (!resolver.malformed) throw new Error(`malformed directive at ${path.join(".")}: validate refuses it before this step`);
      return resolver.malformed(parsed, path);
    }
    const values = parsed.parts.map((part) => (typeof part === "string" ? part : resolver.value(part, path)));
    if (parsed.whole) return values[parsed.parts.findIndex((part) => typeof part !== "string")];
    return resolver.join ? resolver.join(values, parsed.parts, path) : values.map(String).join("");
  }
  if (Array.isArray(value)) return value.map((v, i) => mapDirectives(v, resolver, [...path, i]));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapDirectives(v, resolver, [...path, k])]));
  }
  return value;
}
