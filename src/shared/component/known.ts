// What a constructor can judge: plain values as they are, Outputs and
// Promises as "not known yet".
import * as pulumi from "@pulumi/pulumi";
import { unknownValue } from "./unknown";

export function knownView(v: unknown): unknown {
  if (pulumi.Output.isInstance(v) || v instanceof Promise) return unknownValue();
  if (Array.isArray(v)) return v.map(knownView);
  if (typeof v === "object" && v !== null && Object.getPrototypeOf(v) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) if (x !== undefined) out[k] = knownView(x);
    return out;
  }
  return v;
}
