// Rendering of plan results: secrets masked, keys sorted, values shortened.
import { isSecretValue } from "./mock-engine";
import { PROVIDER_CODE_TEXT } from "./provider-code";

export const SECRET_TEXT = "[secret]";

/** Inputs as registered, with every secret replaced by "[secret]" and keys sorted. */
export function maskSecrets(v: unknown): unknown {
  if (isSecretValue(v)) return SECRET_TEXT;
  if (Array.isArray(v)) return v.map(maskSecrets);
  if (typeof v === "object" && v !== null) {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) {
      if (k === "__provider") out[k] = PROVIDER_CODE_TEXT;
      else out[k] = maskSecrets((v as Record<string, unknown>)[k]);
    }
    return out;
  }
  return v;
}

export { shortValue } from "../shared/messages/user-text";
