// The last guard before a plan's messages are printed: no secret the plan was
// given appears in them, whatever rule or constructor wrote the message.
import type { Problem } from "../shared/problem";

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

export function redact(message: string, texts: readonly string[]): string {
  let out = message;
  for (const t of texts) {
    if (t.length >= MIN_ANYWHERE) out = out.split(t).join(SECRET_TEXT);
    else for (const q of ["'", '"']) out = out.split(`${q}${t}${q}`).join(`${q}${SECRET_TEXT}${q}`);
  }
  return out;
}

export function redactProblems(problems: Problem[], texts: readonly string[]): Problem[] {
  if (!texts.length) return problems;
  return problems.map((p) => ({ ...p, message: redact(p.message, texts), ...(p.hint ? { hint: redact(p.hint, texts) } : {}) }));
}
