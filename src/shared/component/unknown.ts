/**
 * A value that is not known yet: a `$ResourceParam`/`$Secret` in YAML, a
 * Pulumi Output in TypeScript, an unknown during `pulumi preview`.
 * Schema checks and rules never judge it ("cannot judge yet").
 */
export interface Unknown {
  readonly __stackfileUnknown: true;
  /** The JSON type the value will have, when the source says so. */
  readonly kind?: "string" | "number" | "boolean";
  /** Whether the value is a secret. */
  readonly secret?: boolean;
}

export function unknownValue(kind?: Unknown["kind"], secret?: boolean): Unknown {
  return { __stackfileUnknown: true, kind, secret };
}

export function isUnknown(v: unknown): v is Unknown {
  return typeof v === "object" && v !== null && (v as Unknown).__stackfileUnknown === true;
}
