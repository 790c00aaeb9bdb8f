// The last guard before a plan's messages are printed: no secret the plan was
// given appears in them, whatever rule or constructor wrote the message.
import type { Problem } from "../shared/messages/problem";
import { escapeControl } from "../shared/messages/user-text";

/** Shorter secrets are redacted only where a message quotes them whole ('x', "x"): anywhere else they are ordinary text. */
const MIN_ANYWHERE = 3;
const SECRET_TEXT = "[secret]";

/** The plain texts of secret values: each one, and every string inside a JSON one (`$Secret('name.key')`). */
export function secretTexts(values: readonly string[]): string[] {
  const out = new Set<string>();
  const add = (v: unknown): void => {
    if (typeof v === "string") {
      if (v !== "") out.add(v);
    } else if (typeof v === "number" || typeof v === "boolean") out.add(String(v));
    else if (Array.isArray(v)) v.forEach(add);
    else if (typeof v === "object" && v !== null) Object.values(v).forEach(add);
  };
  for (const value of values) {
    add(value);
    try {
      const parsed: unknown = JSON.parse(value);
      if (typeof parsed === "object" && parsed !== null) add(parsed);
    } catch {
      // Not JSON: the value is the whole secret.
    }
  }
  // Longest first, so a secret that holds another is replaced whole.
  return [...out].sort((a, b) => b.length - a.length);
}

/** A cut secret (`'abcdef…'`) is redacted when at least this much of it shows before the ellipsis. */
const MIN_CUT = 4;

/**
 * Every way a message may print `t`: as is, JSON-escaped (`"a\"b"` as catalog
 * messages quote values), escaped for one line (`\n`, `\u001b`), and shell-quoted
 * in single or double quotes.
 */
function printedForms(t: string): string[] {
  const forms = new Set([
    t,
    JSON.stringify(t).slice(1, -1),
    escapeControl(t),
    t.replace(/'/g, `'\\''`),
    t.replace(/["\\$`]/g, "\\$&"),
  ]);
  return [...forms].sort((a, b) => b.length - a.length);
}

/** Replaces the text before each ellipsis that is the start of `form` (a value cut short), at least MIN_CUT characters of it. */
function redactCut(message: string, form: string): string {
  let out = message;
  for (let at = out.indexOf("…"); at >= 0; at = out.indexOf("…", at + 1)) {
    for (let k = Math.min(form.length - 1, at); k >= MIN_CUT; k--) {
      if (out.slice(at - k, at) === form.slice(0, k)) {
        out = `${out.slice(0, at - k)}${SECRET_TEXT}${out.slice(at)}`;
        at = at - k + SECRET_TEXT.length;
        break;
      }
    }
  }
  return out;
}

export function redact(message: string, texts: readonly string[]): string {
  let out = message;
  for (const t of texts) {
    for (const form of printedForms(t)) {
      if (t.length >= MIN_ANYWHERE) {
        out = out.split(form).join(SECRET_TEXT);
        if (out.includes("…")) out = redactCut(out, form);
      } else for (const q of ["'", '"']) out = out.split(`${q}${form}${q}`).join(`${q}${SECRET_TEXT}${q}`);
    }
  }
  return out;
}

export function redactProblems(problems: Problem[], texts: readonly string[]): Problem[] {
  if (!texts.length) return problems;
  return problems.map((p) => ({ ...p, message: redact(p.message, texts), ...(p.hint ? { hint: redact(p.hint, texts) } : {}) }));
}
