// User text inside messages: one line, no terminal control, bounded length.
// A stack file may come from anyone (pull-request CI), and a message is
// printed to a terminal or a log that parses `FILE:LINE:COL:` lines.

/** Control characters (C0, DEL, C1), line and paragraph separators, and bidirectional overrides. */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const NAMED: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/** Escapes every character that could break a line or drive a terminal (`\n`, `\u001b`). */
export function escapeControl(s: string): string {
  return s.replace(UNSAFE, (c) => NAMED[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** Text of the user's for a message: escaped, and cut to `max` characters with an ellipsis. */
export function userText(s: string, max = 60): string {
  const cut = s.length > max ? `${s.slice(0, max)}…` : s;
  return escapeControl(cut);
}

/** The longest message line printed; anything longer is cut (values inside are already short). */
export const MAX_MESSAGE = 1000;

/** A whole message made safe to print as one line. */
export function safeMessage(message: string): string {
  const one = escapeControl(message);
  return one.length > MAX_MESSAGE ? `${one.slice(0, MAX_MESSAGE)}…` : one;
}

/** A value for a one-line message: a string as it is (unless it spans lines), anything else as JSON; cut to `max` with `...`. */
export function shortValue(v: unknown, max = 100): string {
  // Strings print as they are unless they span lines (code, documents).
  const s = typeof v === "string" && !v.includes("\n") ? v : JSON.stringify(v);
  return s.length > max ? `${s.slice(0, max - 3)}...` : s;
}

/** A key that reads as a name (letters, digits, `_`, `-`, `.`, spaces): what a stack file's keys are. */
const NAME_LIKE = /^[A-Za-z_$][\w .$-]{0,63}$/;

/**
 * A key for a message: quoted when it reads as a name, else not shown. A
 * file that is not a stack file (`/etc/shadow`, a `.env`) has whole lines
 * where keys go (`root:$6$...:19000::`), and quoting them prints the file.
 */
export function keyWords(key: string): string {
  return NAME_LIKE.test(key) && !/:|=/.test(key) ? `'${escapeControl(key)}'` : `(a key of ${key.length} characters that is not a name; not shown)`;
}
