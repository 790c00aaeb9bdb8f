// JSON secrets hold numbers as text; JavaScript (and Pulumi's config) reads
// them as doubles, so `12345678901234567` silently becomes 12345678901234568.
// Such a number is refused, never rounded: the user writes it as a string.

/** Digits and exponent of a decimal literal, without leading or trailing zeros (`0.0120` and `1.2e-2` read the same). */
function canonical(literal: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(literal);
  if (!m) return literal;
  const [, sign, int, frac = "", exp = "0"] = m;
  let digits = int + frac;
  let exponent = Number(exp) - frac.length;
  const lead = digits.match(/^0*/)![0].length;
  digits = digits.slice(lead);
  if (digits === "") return "0";
  const trail = digits.match(/0*$/)![0].length;
  digits = digits.slice(0, digits.length - trail);
  exponent += trail;
  return `${sign}${digits}e${exponent}`;
}

/** Whether a JSON number literal reads back as the same number once it is a double. */
export function exactNumber(literal: string): boolean {
  const n = Number(literal);
  if (!Number.isFinite(n)) return false;
  return canonical(literal) === canonical(String(n));
}

/** The first number literal of a JSON text that a double cannot hold exactly (strings skipped), or undefined. */
export function firstInexactNumber(json: string): string | undefined {
  for (let i = 0; i < json.length; i++) {
    const c = json[i];
    if (c === '"') {
      for (i++; i < json.length && json[i] !== '"'; i++) if (json[i] === "\\") i++;
      continue;
    }
    if (c === "-" || (c >= "0" && c <= "9")) {
      const m = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(json.slice(i, i + 400));
      if (!m) continue;
      if (!exactNumber(m[0])) return m[0];
      i += m[0].length - 1;
    }
  }
  return undefined;
}

/** The message for a JSON secret holding such a number (it never quotes the number: it is part of a secret). */
export function inexactNumberMessage(name: string): string {
  return `secret '${name}' holds a number that JSON readers cannot keep exactly (too many significant digits for a double, so it would be rounded); ` +
    "write that number as a string, in quotes";
}
