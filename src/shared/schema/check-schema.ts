// Checks a plain value against the generated JSON Schema and explains every
// mismatch in words. Collects all problems. Unknown values (directives,
// Outputs) are never judged beyond their type.
import { own } from "../messages/own";
import { resolve, type JsonSchema } from "./schema";
import { isUnknown } from "../component/unknown";
import { closest } from "../messages/suggest";
import type { Problem } from "../messages/problem";
import { userText } from "../messages/user-text";

type Path = (string | number)[];

export interface CheckOptions {
  /** Values at these paths are secrets: messages never show them (nor suggest near values). */
  opaque?(path: Path): boolean;
}

interface Ctx extends CheckOptions {
  out: Problem[];
}

export function checkSchema(schema: JsonSchema, value: unknown, path: Path = [], opts: CheckOptions = {}): Problem[] {
  const ctx: Ctx = { ...opts, out: [] };
  check(schema, value, path, ctx);
  return ctx.out;
}

/** `describe`, or "a secret value" where the value must not show. */
function shown(ctx: Ctx, path: Path, v: unknown): string {
  return ctx.opaque?.(path) ? "a secret value" : describe(v);
}

function name(path: Path): string {
  const last = [...path].reverse().find((p) => typeof p === "string");
  return last === undefined ? "value" : String(last);
}

export function describe(v: unknown): string {
  if (v === null || v === undefined) return "empty";
  if (Array.isArray(v)) return "a list";
  if (typeof v === "object") return "a map";
  if (typeof v === "string") return `the string "${userText(v, 40)}"${v.length > 40 ? ` (${v.length} characters)` : ""}`;
  return `${typeof v} ${String(v)}`;
}

function typeOf(v: unknown): string {
  if (v === null || v === undefined) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
  return typeof v;
}

const TYPE_WORDS: Record<string, string> = {
  string: "a string",
  number: "a number",
  integer: "a whole number",
  boolean: "true or false",
  object: "a map",
  array: "a list",
  scalar: "text, a number or true/false",
};

const SCALARS = ["string", "number", "integer", "boolean"];

function expectedType(s: JsonSchema): string | undefined {
  if (typeof s.type === "string") return s.type;
  if (s.enum && s.enum.length) {
    const t = typeof s.enum[0];
    return t === "string" || t === "number" || t === "boolean" ? t : undefined;
  }
  if (s.const !== undefined) return typeof s.const;
  return undefined;
}

/** The types a value may have, through union branches; empty when some branch does not say. */
function expectedTypes(s: JsonSchema): string[] {
  const branches = s.oneOf ?? s.anyOf;
  if (!branches) {
    const t = expectedType(s);
    return t ? [t] : [];
  }
  const each = branches.map((b) => expectedTypes(resolve(b)));
  return each.some((t) => !t.length) ? [] : each.flat();
}

function typeMatches(expected: string, actual: string): boolean {
  return expected === actual || (expected === "number" && actual === "integer");
}

function check(schema: JsonSchema, value: unknown, path: Path, ctx: Ctx): void {
  const out = ctx.out;
  const s = resolve(schema);
  if (s.writeOnly && value !== undefined) {
    // A secret field's value never shows, whatever is wrong with it.
    ctx = { ...ctx, opaque: () => true };
  }
  const field = name(path);
  if (isUnknown(value)) {
    // Of a union, any branch of the directive's type will do (none of a map's: a directive gives a value, not a map).
    const expected = expectedTypes(s);
    const fits = (t: string) => (value.kind === "scalar" ? SCALARS.includes(t) : typeMatches(t, value.kind!));
    if (value.kind && expected.length && !expected.some(fits)) {
      out.push({ path, message: `${field} must be ${[...new Set(expected)].map((t) => TYPE_WORDS[t] ?? t).join(" or ")}, but the directive gives ${TYPE_WORDS[value.kind]}` });
    }
    return;
  }
  const branches = s.oneOf ?? s.anyOf;
  if (branches) return checkBranches(branches, value, path, ctx);
  if (s.const !== undefined && value !== s.const) {
    out.push({ path, message: `${field} must be ${JSON.stringify(s.const)}, not ${shown(ctx, path, value)}` });
    return;
  }
  const expected = expectedType(s);
  const actual = typeOf(value);
  if (expected && !typeMatches(expected, actual)) {
    // YAML reads `7.0` as the number 7: point at the quoted spelling.
    const quoted = expected === "string" && typeof value === "number" && !ctx.opaque?.(path)
      ? s.enum?.find((e) => typeof e === "string" && parseFloat(e) === value) : undefined;
    const fix = quoted !== undefined ? `; write it in quotes: "${String(quoted)}"` : "";
    const wanted = s.enum && s.enum.length <= 20 ? `one of ${s.enum.map(String).join(", ")}` : TYPE_WORDS[expected] ?? expected;
    out.push({ path, message: `${field} must be ${wanted}, not ${shown(ctx, path, value)}${fix}` });
    return;
  }
  if (s.enum && !s.enum.includes(value)) {
    const allowed = s.enum.map((e) => String(e));
    // A value written without its prefix (`t4g.micro` for `cache.t4g.micro`) is one allowed value's end.
    const near = typeof value === "string" && !ctx.opaque?.(path)
      ? closest(value, allowed) ?? (value.length >= 4 ? allowed.find((a) => a.endsWith(`.${value}`)) : undefined)
      : undefined;
    const list = allowed.length <= 20 ? `one of ${allowed.join(", ")}` : `one of the ${allowed.length} allowed values`;
    out.push({ path, message: `${field} must be ${list}, not ${shown(ctx, path, value)}${near ? `; did you mean ${near}?` : ""}` });
    return;
  }
  if (typeof value === "number") checkNumber(s, value, path, field, ctx);
  if (typeof value === "string") checkString(s, value, path, field, ctx);
  if (Array.isArray(value)) checkArray(s, value, path, field, ctx);
  if (actual === "object") checkObject(s, value as Record<string, unknown>, path, ctx);
}

function checkNumber(s: JsonSchema, v: number, path: Path, field: string, ctx: Ctx): void {
  const it = ctx.opaque?.(path) ? "" : ` (it is ${v})`;
  if (s.multipleOf === 1 && !Number.isInteger(v)) {
    ctx.out.push({ path, message: `${field} must be a whole number, not ${shown(ctx, path, v)}` });
  } else if (s.minimum !== undefined && v < s.minimum) {
    ctx.out.push({ path, message: `${field} must be at least ${s.minimum}${it}${range(s)}` });
  } else if (s.maximum !== undefined && v > s.maximum) {
    ctx.out.push({ path, message: `${field} must be at most ${s.maximum}${it}${range(s)}` });
  }
}

function range(s: JsonSchema): string {
  return s.minimum !== undefined && s.maximum !== undefined ? `; allowed: ${s.minimum} to ${s.maximum}` : "";
}

function checkString(s: JsonSchema, v: string, path: Path, field: string, ctx: Ctx): void {
  const opaque = ctx.opaque?.(path);
  const has = opaque ? "" : ` (it has ${v.length})`;
  if (s.minLength !== undefined && v.length < s.minLength) {
    ctx.out.push({ path, message: `${field} must have at least ${s.minLength} characters${has}` });
  } else if (s.maxLength !== undefined && v.length > s.maxLength) {
    ctx.out.push({ path, message: `${field} must have at most ${s.maxLength} characters${has}` });
  } else if (s.pattern !== undefined && !new RegExp(s.pattern).test(v)) {
    ctx.out.push({ path, message: `${field} ${shown(ctx, path, v)} does not match ${s.pattern}` });
  }
}

function checkArray(s: JsonSchema, v: unknown[], path: Path, field: string, ctx: Ctx): void {
  const out = ctx.out;
  if (s.minItems !== undefined && v.length < s.minItems) {
    out.push({ path, message: `${field} must have at least ${s.minItems} item${s.minItems === 1 ? "" : "s"}` });
  }
  if (s.maxItems !== undefined && v.length > s.maxItems) {
    out.push({ path, message: `${field} must have at most ${s.maxItems} items (it has ${v.length})` });
  }
  if (s.items) v.forEach((item, i) => check(s.items!, item, [...path, i], ctx));
}

function checkObject(s: JsonSchema, v: Record<string, unknown>, path: Path, ctx: Ctx): void {
  const out = ctx.out;
  const props = s.properties ?? {};
  const known = Object.keys(props);
  for (const req of s.required ?? []) {
    if (own(v, req) === undefined) {
      const where = path.length ? name(path) : "properties";
      out.push({ path, message: `${where} is missing the required property '${req}'` });
    }
  }
  for (const [key, item] of Object.entries(v)) {
    const prop = own(props, key);
    if (prop) {
      if (item === null && !s.required?.includes(key)) {
        out.push({ path: [...path, key], message: `${userText(key)} is empty; give it a value or remove the line` });
      } else {
        check(prop, item, [...path, key], ctx);
      }
      continue;
    }
    if (s.propertyNames) {
      const keyProblems = checkSchema(s.propertyNames, key, [...path, key]);
      for (const p of keyProblems) out.push({ ...p, atKey: true, message: `'${userText(key)}' is not allowed here: ${p.message.replace(/^\S+ /, "")}` });
      if (keyProblems.length) continue;
    }
    if (s.additionalProperties === false) {
      const near = closest(key, known);
      out.push({
        path: [...path, key],
        atKey: true,
        message: `unknown property '${userText(key)}'${near ? `; did you mean '${near}'?` : known.length ? `; known properties: ${known.join(", ")}` : ""}`,
      });
    } else if (typeof s.additionalProperties === "object") {
      check(s.additionalProperties, item, [...path, key], ctx);
    }
  }
}

function checkBranches(branches: JsonSchema[], value: unknown, path: Path, ctx: Ctx): void {
  const out = ctx.out;
  // Discriminated by a `type` const (resource kinds, log forwarding kinds).
  const tagged = branches.map(resolve).filter((b) => b.properties?.type?.const !== undefined);
  if (tagged.length === branches.length && typeof value === "object" && value !== null && !Array.isArray(value)) {
    const t = (value as Record<string, unknown>).type;
    const kinds = tagged.map((b) => String(b.properties!.type.const));
    const match = tagged.find((b) => b.properties!.type.const === t);
    if (match) return check(match, value, path, ctx);
    const near = typeof t === "string" ? closest(t, kinds) : undefined;
    out.push({
      path: t === undefined ? path : [...path, "type"],
      message: t === undefined
        ? `${name(path)} is missing 'type'; one of ${kinds.join(", ")}`
        : `type must be one of ${kinds.join(", ")}, not ${describe(t)}${near ? `; did you mean ${near}?` : ""}`,
    });
    return;
  }
  let best: Problem[] | undefined;
  for (const b of branches) {
    const p = checkSchema(b, value, path, ctx);
    if (p.length === 0) return;
    if (!best || p.length < best.length) best = p;
  }
  out.push(...(best ?? []));
}
