// The directives inside YAML strings: parsing only. `$ResourceParam(res, param)`
// and `$Secret(name)` read other resources and secrets; `$Stage()`,
// `$Region()`, `$Config('key')` and `$Select(value, {case: result, ...,
// default: result})` read the stage (config/stage.ts resolves them).
// Arguments may be quoted ('x' or "x") or bare; spaces around are ignored.
import { userText } from "../shared/messages/user-text";

/** What `$Select` compares: a stage directive or literal text. */
export type SelectSubject = { kind: "Stage" } | { kind: "Region" } | { kind: "Config"; key: string } | { kind: "Text"; text: string };

export type Directive =
  | { kind: "ResourceParam"; resource: string; param: string }
  | { kind: "Secret"; name: string; key?: string }
  | { kind: "Stage" }
  | { kind: "Region" }
  | { kind: "Config"; key: string }
  | {
    kind: "Select"; on: SelectSubject;
    /** Each case and its result as written (quoted text stays quoted: it is typed when resolved). */
    cases: [string, string][];
    /** The result of `default`, as written. */
    fallback?: string;
  };

/** The directives that read the stage (resolved before any other step, config/stage.ts). */
export const STAGE_KINDS: readonly Directive["kind"][] = ["Stage", "Region", "Config", "Select"];

export function isStageDirective(d: Directive): boolean {
  return STAGE_KINDS.includes(d.kind);
}

export interface ParsedString {
  /** Literal text and directives in order. */
  parts: (string | Directive)[];
  /** True when the whole string (spaces aside) is a single directive. */
  whole: boolean;
  /** Syntax problems (unknown name, argument count, unclosed). */
  problems: string[];
}

const START = /\$([A-Za-z_][A-Za-z0-9_]*)\s*\(/g;
const ARITY: Record<Directive["kind"], number> = { ResourceParam: 2, Secret: 1, Stage: 0, Region: 0, Config: 1, Select: 2 };
const USAGE: Record<Directive["kind"], string> = {
  ResourceParam: "$ResourceParam('<resource>', '<parameter>')",
  Secret: "$Secret('<name>') or $Secret('<name>.<key>')",
  Stage: "$Stage()",
  Region: "$Region()",
  Config: "$Config('<key>')",
  Select: "$Select($Stage(), {production: <value>, default: <value>})",
};
const ALL = "$ResourceParam(resource, parameter), $Secret(name), $Stage(), $Region(), $Config(key) and $Select(value, {case: result, default: result})";

/** The text each parsed directive was written as (the stage pass keeps the others as written). */
const sources = new WeakMap<Directive, string>();

/** The text a parsed directive was written as. */
export function directiveSource(d: Directive): string | undefined {
  return sources.get(d);
}

/** Whether `s` holds anything that looks like a directive. */
export function hasDirective(s: string): boolean {
  START.lastIndex = 0;
  return START.test(s);
}

/** The index of the `)` that closes the `(` before `from`, skipping quoted text and nested brackets; -1 when none. */
function closingParen(s: string, from: number): number {
  let depth = 1;
  let quote: string | undefined;
  for (let i = from; i < s.length; i++) {
    const c = s[i];
    if (quote) {
      if (c === quote) quote = undefined;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === "(" || c === "{" || c === "[") depth++;
    else if (c === ")" || c === "}" || c === "]") {
      depth--;
      if (depth === 0) return c === ")" ? i : -1;
    }
  }
  return -1;
}

/** Splits at `sep` outside quotes and brackets. */
function splitTop(inner: string, sep: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    if (quote) {
      if (c === quote) quote = undefined;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === "(" || c === "{" || c === "[") depth++;
    else if (c === ")" || c === "}" || c === "]") depth--;
    else if (c === sep && depth === 0) {
      out.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  out.push(inner.slice(start));
  return out;
}

/** Parses the directives of `s`, or returns undefined when it has none. */
export function parseDirectives(s: string): ParsedString | undefined {
  if (!hasDirective(s)) return undefined;
  const parts: (string | Directive)[] = [];
  const problems: string[] = [];
  let last = 0;
  let count = 0;
  const start = new RegExp(START.source, "g");
  for (let m = start.exec(s); m; m = start.exec(s)) {
    const close = closingParen(s, start.lastIndex);
    if (close < 0) {
      problems.push(`'$${userText(m[1])}(' is not closed; expected ${usageOf(m[1])}`);
      break;
    }
    if (m.index > last) parts.push(s.slice(last, m.index));
    const raw = s.slice(start.lastIndex, close);
    last = close + 1;
    start.lastIndex = last;
    count++;
    const d = toDirective(m[1], raw, problems);
    if (d) {
      sources.set(d, s.slice(m.index, close + 1));
      parts.push(d);
    }
  }
  if (last < s.length) parts.push(s.slice(last));
  const whole = count === 1 && parts.filter((p) => typeof p !== "string" || p.trim() !== "").length === 1;
  return { parts, whole, problems };
}

function usageOf(name: string): string {
  return Object.hasOwn(USAGE, name) ? USAGE[name as Directive["kind"]] : `one of ${ALL}`;
}

function unquote(a: string): string {
  const t = a.trim();
  const q = t[0];
  if ((q === "'" || q === '"') && t.length >= 2 && t[t.length - 1] === q) return t.slice(1, -1).trim();
  return t;
}

function splitArgs(inner: string): string[] {
  if (inner.trim() === "") return [];
  return splitTop(inner, ",").map(unquote);
}

function toDirective(name: string, raw: string, problems: string[]): Directive | undefined {
  if (!Object.hasOwn(ARITY, name)) {
    problems.push(`unknown directive '$${userText(name)}'; the directives are ${ALL}`);
    return undefined;
  }
  const kind = name as Directive["kind"];
  const args = kind === "Select" ? (raw.trim() === "" ? [] : splitTop(raw, ",").map((a) => a.trim())) : splitArgs(raw);
  if (args.length !== ARITY[kind] || args.some((a) => a === "")) {
    const n = ARITY[kind];
    problems.push(`$${kind} takes ${n === 0 ? "no arguments" : `${n} argument${n > 1 ? "s" : ""}`} (got ${args.length}); write ${USAGE[kind]}`);
    return undefined;
  }
  switch (kind) {
    case "ResourceParam": return { kind, resource: args[0], param: args[1] };
    case "Stage": case "Region": return { kind };
    case "Config": return configDirective(args[0], problems);
    case "Select": return selectDirective(args, problems);
    default: return secretDirective(args[0], problems);
  }
}

/** A configuration key: `key` (the project's) or `namespace:key`. */
const CONFIG_KEY = /^([A-Za-z0-9_-]+:)?[A-Za-z0-9_.-]+$/;

function configDirective(key: string, problems: string[]): Directive | undefined {
  if (CONFIG_KEY.test(key)) return { kind: "Config", key };
  problems.push(`'${userText(key)}' is not a configuration key; write ${USAGE.Config} with the key of pulumi config set (letters, digits, '-', '_', '.', and a namespace before ':')`);
  return undefined;
}

function secretDirective(arg: string, problems: string[]): Directive | undefined {
  const [secret, ...rest] = arg.split(".");
  if (!/^[A-Za-z0-9_-]+$/.test(secret) || rest.length > 1 || (rest.length === 1 && rest[0] === "")) {
    problems.push(`'${userText(arg)}' is not a secret name; write ${USAGE.Secret} (letters, digits, '-' and '_')`);
    return undefined;
  }
  return rest.length ? { kind: "Secret", name: secret, key: rest[0] } : { kind: "Secret", name: secret };
}

/** `$Select(value, {case: result, ..., default: result})`. */
function selectDirective(args: string[], problems: string[]): Directive | undefined {
  const before = problems.length;
  let on: SelectSubject = { kind: "Text", text: unquote(args[0]) };
  if (args[0].startsWith("$")) {
    const inner = parseDirectives(args[0]);
    const d = inner?.whole && !inner.problems.length ? inner.parts.find((p) => typeof p !== "string") as Directive | undefined : undefined;
    if (d && (d.kind === "Stage" || d.kind === "Region" || d.kind === "Config")) on = d;
    else problems.push(...(inner?.problems.length ? inner.problems : [`$Select compares $Stage(), $Region(), $Config('<key>') or a text, not ${userText(args[0])}; write ${USAGE.Select}`]));
  }
  const map = args[1];
  if (!map.startsWith("{") || !map.endsWith("}")) {
    problems.push(`$Select's second argument is a map of cases in braces; write ${USAGE.Select}`);
    return undefined;
  }
  const cases: [string, string][] = [];
  let fallback: string | undefined;
  for (const entry of splitTop(map.slice(1, -1), ",")) {
    if (entry.trim() === "") continue;
    const colon = entry.indexOf(":");
    const key = colon > 0 ? unquote(entry.slice(0, colon)) : "";
    const result = colon > 0 ? entry.slice(colon + 1).trim() : "";
    if (!key || result === "") {
      problems.push(`'${userText(entry.trim())}' is not a case of $Select; write <case>: <result>, as in ${USAGE.Select}`);
      continue;
    }
    if (key === "default" ? fallback !== undefined : cases.some(([k]) => k === key)) {
      problems.push(`$Select names the case '${userText(key)}' twice; keep one`);
      continue;
    }
    if (key === "default") fallback = result;
    else cases.push([key, result]);
  }
  if (!cases.length && fallback === undefined) problems.push(`$Select has no cases; write ${USAGE.Select}`);
  return problems.length > before ? undefined : { kind: "Select", on, cases, ...(fallback !== undefined ? { fallback } : {}) };
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
