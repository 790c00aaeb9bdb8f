// Content filtering, one matcher for EventBridge event patterns ("Creating
// event patterns", "Comparison operators":
// https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-create-pattern-operators.html)
// and SNS filter policies ("Amazon SNS subscription filter policies":
// https://docs.aws.amazon.com/sns/latest/dg/sns-subscription-filter-policies.html),
// which share their syntax:
// - a key holds an object (match inside it) or a list of matchers (any one);
// - every key must match (`$or: [pattern, ...]` for any of several);
// - a field holding a list matches when any element does;
// - matchers: a literal (string, number compared as a number, null, boolean),
//   `prefix`, `suffix` (each also with `equals-ignore-case`), `anything-but`
//   (a value, a list, or a prefix/suffix/equals-ignore-case/wildcard),
//   `numeric` (`["<", 10, ">=", 0]`), `exists`, `equals-ignore-case`,
//   `cidr` (IPv4), `wildcard` (`*`).

export class PatternError extends Error {}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** Checks a pattern's form; throws PatternError saying what is wrong. */
export function checkPattern(pattern: unknown, path = ""): void {
  if (!isObject(pattern)) throw new PatternError(`${path || "the pattern"} must be a JSON object`);
  for (const [k, v] of Object.entries(pattern)) {
    const at = path ? `${path}.${k}` : k;
    if (k === "$or") {
      if (!Array.isArray(v) || v.length < 2) throw new PatternError(`${at} must be a list of at least 2 patterns`);
      v.forEach((p, i) => checkPattern(p, `${at}[${i}]`));
    } else if (Array.isArray(v)) {
      if (!v.length) throw new PatternError(`${at} is an empty list: it can match nothing`);
      for (const m of v) checkMatcher(m, at);
    } else if (isObject(v)) {
      checkPattern(v, at);
    } else {
      throw new PatternError(`${at} must be a list of values or matchers (write [${JSON.stringify(v)}]) or an object`);
    }
  }
}

const OPERATORS = ["prefix", "suffix", "anything-but", "numeric", "exists", "equals-ignore-case", "cidr", "wildcard"];

function checkMatcher(m: unknown, at: string): void {
  if (!isObject(m)) return;
  const keys = Object.keys(m);
  if (keys.length !== 1 || !OPERATORS.includes(keys[0])) throw new PatternError(`${at}: ${JSON.stringify(m)} is not a matcher (one of ${OPERATORS.join(", ")})`);
  const [op] = keys;
  const v = m[op];
  if (op === "numeric") {
    if (!Array.isArray(v) || v.length === 0 || v.length % 2 !== 0 || v.some((x, i) => (i % 2 === 0 ? !["<", "<=", "=", ">", ">="].includes(x as string) : typeof x !== "number"))) {
      throw new PatternError(`${at}: numeric takes operator and number pairs, like [">", 0, "<=", 5]`);
    }
  }
  if (op === "exists" && typeof v !== "boolean") throw new PatternError(`${at}: exists takes true or false`);
  if (op === "cidr" && (typeof v !== "string" || !/^\d{1,3}(\.\d{1,3}){3}\/\d{1,2}$/.test(v))) throw new PatternError(`${at}: cidr takes an IPv4 block like 10.0.0.0/24`);
  if ((op === "prefix" || op === "suffix") && typeof v !== "string" && !(isObject(v) && typeof v["equals-ignore-case"] === "string")) throw new PatternError(`${at}: ${op} takes a string`);
}

const ipv4 = (s: string): number | undefined => {
  const parts = s.split(".");
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p) || Number(p) > 255)) return undefined;
  return parts.reduce((n, p) => n * 256 + Number(p), 0);
};

const wildcard = (pattern: string, s: string) => new RegExp(`^${pattern.split("*").map((p) => p.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join(".*")}$`, "s").test(s);

function stringOp(spec: unknown, s: unknown, test: (want: string, have: string) => boolean): boolean {
  if (typeof s !== "string") return false;
  if (typeof spec === "string") return test(spec, s);
  if (isObject(spec) && typeof spec["equals-ignore-case"] === "string") return test(spec["equals-ignore-case"].toLowerCase(), s.toLowerCase());
  return false;
}

/** One matcher against one (non-list) value that is present. */
function matchOne(m: unknown, v: unknown): boolean {
  if (!isObject(m)) {
    if (typeof m === "number" && typeof v === "number") return m === v;
    return m === v;
  }
  const [op] = Object.keys(m);
  const spec = m[op];
  switch (op) {
    case "prefix":
      return stringOp(spec, v, (w, h) => h.startsWith(w));
    case "suffix":
      return stringOp(spec, v, (w, h) => h.endsWith(w));
    case "equals-ignore-case":
      return typeof v === "string" && typeof spec === "string" && v.toLowerCase() === spec.toLowerCase();
    case "wildcard":
      return typeof v === "string" && typeof spec === "string" && wildcard(spec, v);
    case "anything-but": {
      if (Array.isArray(spec)) return !spec.some((x) => matchOne(x, v));
      if (isObject(spec)) return !matchOne(spec, v);
      return !matchOne(spec, v);
    }
    case "numeric": {
      if (typeof v !== "number") return false;
      const list = spec as (string | number)[];
      for (let i = 0; i < list.length; i += 2) {
        const n = list[i + 1] as number;
        const ok = { "<": v < n, "<=": v <= n, "=": v === n, ">": v > n, ">=": v >= n }[list[i] as string];
        if (!ok) return false;
      }
      return true;
    }
    case "cidr": {
      if (typeof v !== "string" || typeof spec !== "string") return false;
      const [base, bits] = spec.split("/");
      const ip = ipv4(v);
      const net = ipv4(base);
      if (ip === undefined || net === undefined) return false;
      const mask = Number(bits) === 0 ? 0 : (~0 << (32 - Number(bits))) >>> 0;
      return ((ip & mask) >>> 0) === ((net & mask) >>> 0);
    }
    default:
      return false;
  }
}

/** A list of matchers against a field (absent: only `exists: false` and `anything-but` on absence do not apply). */
function matchField(matchers: unknown[], value: unknown, present: boolean): boolean {
  return matchers.some((m) => {
    if (isObject(m) && "exists" in m) {
      const exists = present && !(isObject(value));
      return m.exists === exists;
    }
    if (!present) return false;
    const values = Array.isArray(value) ? value : [value];
    if (isObject(m) && "anything-but" in m && Array.isArray(value)) return values.every((x) => matchOne(m, x)) && values.length > 0;
    return values.some((x) => matchOne(m, x));
  });
}

/** Whether `data` matches `pattern` (both plain JSON). */
export function matches(pattern: Record<string, unknown>, data: unknown): boolean {
  for (const [k, p] of Object.entries(pattern)) {
    if (k === "$or") {
      if (!(p as Record<string, unknown>[]).some((alt) => matches(alt, data))) return false;
      continue;
    }
    const present = isObject(data) && Object.prototype.hasOwnProperty.call(data, k);
    const value = present ? (data as Record<string, unknown>)[k] : undefined;
    if (Array.isArray(p)) {
      if (!matchField(p, value, present)) return false;
    } else if (isObject(p)) {
      if (Array.isArray(value)) {
        if (!value.some((x) => matches(p, x))) return false;
      } else if (!matches(p, present ? value : {})) return false;
    }
  }
  return true;
}

/** Number of value combinations of a filter policy (SNS counts them against its limit of 150). */
export function combinations(pattern: Record<string, unknown>): number {
  let n = 1;
  for (const [k, p] of Object.entries(pattern)) {
    if (k === "$or") n *= (p as Record<string, unknown>[]).reduce((s, alt) => s + combinations(alt), 0);
    else if (Array.isArray(p)) n *= p.length;
    else if (isObject(p)) n *= combinations(p);
  }
  return n;
}

/** Keys with matchers (the leaves) of a policy. */
export function leafKeys(pattern: Record<string, unknown>): number {
  return Object.entries(pattern).reduce((n, [k, p]) => n + (k === "$or" ? Math.max(...(p as Record<string, unknown>[]).map(leafKeys)) : Array.isArray(p) ? 1 : isObject(p) ? leafKeys(p) : 0), 0);
}
