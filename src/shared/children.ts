// Per-child adjustments: `transform.<childId>` in TypeScript, `overrides.<childId>`
// in YAML (merged into the child's arguments). One mechanism for both.
import { own, setOwn } from "./own";

/** Receives a copy of a child's arguments; returns new ones or edits the copy. */
export type ChildTransform = (args: Record<string, any>) => Record<string, any> | void;
export type ChildTransforms<Id extends string = string> = Partial<Record<Id, ChildTransform>>;

/** `childId` -> `child-id`, the suffix of the child's Pulumi name. */
export function childSuffix(childId: string): string {
  return childId.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

export function childName(parentName: string, childId: string): string {
  return `${parentName}-${childSuffix(childId)}`;
}

/** The child's arguments after its transform, if any. */
export function childArgs<T extends object>(transforms: ChildTransforms | undefined, childId: string, args: T): T {
  const t = transforms?.[childId];
  if (!t) return args;
  const copy: Record<string, any> = { ...args };
  return (t(copy) ?? copy) as T;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && Object.getPrototypeOf(v) === Object.prototype;
}

/** Deep merge of plain objects; arrays and other values in `patch` replace. */
export function deepMerge(base: Record<string, any>, patch: Record<string, unknown>): Record<string, any> {
  const out: Record<string, any> = { ...base };
  for (const [k, v] of Object.entries(patch)) {
    const current = own(out, k);
    setOwn(out, k, isPlainObject(v) && isPlainObject(current) ? deepMerge(current, v) : v);
  }
  return out;
}

/** YAML `overrides` as transforms. */
export function overridesToTransforms(overrides: Record<string, Record<string, unknown>>): ChildTransforms {
  const out: ChildTransforms = {};
  for (const [id, patch] of Object.entries(overrides)) out[id] = (args) => deepMerge(args, patch);
  return out;
}
