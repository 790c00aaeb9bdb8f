/**
 * A user error as a value. `path` locates the offending value inside the
 * object that was checked (for example `["numReplicaNodes"]`); the YAML
 * adapter turns it into FILE:LINE:COL, the component into a property name.
 */
export interface Problem {
  path: (string | number)[];
  message: string;
  /** How to fix it, when there is more to say than the message. */
  hint?: string;
  /** Point at the key of `path` rather than at its value (unknown keys). */
  atKey?: boolean;
  /** A setting that has no effect or may not be what was meant: printed, but the file is valid. */
  warning?: boolean;
}

/** `a.b[2].c` for messages. */
export function formatPath(path: readonly (string | number)[]): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out ? `.${part}` : part;
  }
  return out;
}

/** Prefixes every problem's path, for checks that run on a sub-object. */
export function under(prefix: (string | number)[], problems: Problem[]): Problem[] {
  return problems.map((p) => ({ ...p, path: [...prefix, ...p.path] }));
}
