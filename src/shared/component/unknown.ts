/**
 * A value that is not known yet: a `$ResourceParam`/`$Secret` in YAML, a
 * Pulumi Output in TypeScript, an unknown during `pulumi preview`.
 * Schema checks and rules never judge it ("cannot judge yet").
 */
export interface Unknown {
  readonly __stackfileUnknown: true;
  /**
   * The JSON type the value will have, when the source says so; `scalar`:
   * text, a number or true/false, not a map or list (a stage directive read
   * with no stage chosen: its value depends on the stage).
   */
  readonly kind?: "string" | "number" | "boolean" | "scalar";
  /** Whether the value is a secret. */
  readonly secret?: boolean;
}

export function unknownValue(kind?: Unknown["kind"], secret?: boolean): Unknown {
  return { __stackfileUnknown: true, kind, secret };
}

export function isUnknown(v: unknown): v is Unknown {
  return typeof v === "object" && v !== null && (v as Unknown).__stackfileUnknown === true;
}
