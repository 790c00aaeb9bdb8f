// The resource-level preview `diff` shows: every registered resource of the
// two plans compared the way `pulumi preview --diff` compares them. A resource
// only in the new plan is created, only in the old one deleted; in both, its
// changed inputs make an update, or a replacement when one of them is
// force-new (the table in aws-rules/replacement-table.ts). A replaced
// resource gets new outputs (ids, ARNs, endpoints), so the inputs of others
// that read them change too, and may replace those in turn.
import type { PlannedState } from "./plan";
import { isSecretValue, SECRET_SIG } from "./mock-engine";
import { isSecretLookingPath } from "../shared/schema/secret-fields";
import { ownerOf } from "./plan-checks";
import { formatPath } from "../shared/messages/problem";
import { replacementRow } from "../aws-rules/replacement-table";
import { touches } from "../aws-rules/replacement";

export type Action = "create" | "update" | "replace" | "delete";

export interface ResourceChange {
  /** Pulumi name of the resource. */
  name: string;
  type: string;
  /** The stack file's resource it belongs to. */
  owner: string;
  action: Action;
  /** Input paths that change (`port`, `environment.variables.STP_CACHE_HOST`, `code`). */
  changed: string[];
  /** The changed inputs that force the replacement (a rule's `input (why)`, or `input (via other-resource)`). */
  replaceBecause: string[];
  /** What a replace or delete loses; undefined when nothing is lost. */
  lost?: string;
  /** A replaced resource kept in the account (retainOnDelete): what the old one keeps, outside the stack, while the new one starts empty. */
  keptAside?: string;
  /** The old resource is protected: Pulumi refuses to delete or replace it. */
  protected: boolean;
  /** Old and new value of each changed path (secrets still wrapped: render with `shownValue`). */
  values: Record<string, { old: unknown; new: unknown; via?: string }>;
  /** For a change caused by another resource's replacement: that resource's name. */
  via?: string;
}

/** An archive as assets-view describes it (`{archive: {member: digest}}`): one value. */
const isArchive = (v: object) => Object.keys(v).length === 1 && "archive" in v;

/** Pulumi's wire form of an asset or archive (`@pulumi/pulumi` runtime/rpc: specialAssetSig, specialArchiveSig). */
const ASSET_SIGS = new Set(["c44067f5952c0a294b673a41bacd8c17", "0def7320c3a5731c473e5ecbe6d01bc7"]);
const isWireAsset = (v: object) => ASSET_SIGS.has((v as Record<string, unknown>)[SECRET_SIG] as string);

/** Leaf paths of an input object: objects recurse; arrays, archives and secrets are compared whole. */
function flatten(v: unknown, prefix: (string | number)[], out: Map<string, unknown>): void {
  if (typeof v === "object" && v !== null && !Array.isArray(v) && !isSecretValue(v) && !isArchive(v) && !isWireAsset(v)) {
    const entries = Object.entries(v).filter(([k]) => !(prefix.length === 0 && k === "__provider"));
    if (entries.length === 0 && prefix.length) out.set(formatPath(prefix), v);
    for (const [k, x] of entries) flatten(x, [...prefix, k], out);
  } else {
    out.set(formatPath(prefix), v);
  }
}

/** A value wrapped as the engine wraps a secret (so every renderer shows "[secret]"); unset stays unset. */
const asSecret = (v: unknown): unknown => (v === undefined || isSecretValue(v) ? v : { [SECRET_SIG]: "1b47061264138c4ac30d75fd1eb44270", value: v });

/** What compares: secrets by value, code by its digest (never by the folder it was built in). */
function comparable(v: unknown): string {
  return JSON.stringify(v, (_k, x) => {
    if (isSecretValue(x)) return { secret: x.value };
    // An asset or archive the engine sends compares by its content hash, as the engine compares them.
    if (x && typeof x === "object" && isWireAsset(x) && typeof (x as { hash?: unknown }).hash === "string") return { hash: (x as { hash: string }).hash };
    if (typeof x === "string") return x.replace(/^(archive of|file) .* \((.*sha256 [0-9a-f]{64})\)$/, "$1 ($2)");
    return x;
  });
}

const key = (r: PlannedState) => `${r.type}::${r.name}`;

/** Outputs the provider computes (not inputs), long enough to be recognized where another resource reads them. */
function computedValues(r: PlannedState, only?: string[]): string[] {
  const out = new Set<string>();
  if (!only && typeof r.id === "string" && r.id.length >= 8) out.add(r.id);
  for (const [k, v] of Object.entries(r.state)) {
    if (only ? !only.includes(k) : k in r.inputs) continue;
    if (typeof v === "string" && v.length >= 8) out.add(v);
  }
  return [...out];
}

function containsAny(v: unknown, values: string[]): boolean {
  if (isSecretValue(v)) return containsAny(v.value, values);
  if (typeof v === "string") return values.some((x) => v.includes(x));
  if (Array.isArray(v)) return v.some((x) => containsAny(x, values));
  if (typeof v === "object" && v !== null) return Object.values(v).some((x) => containsAny(x, values));
  return false;
}

/** The value at a dotted path of flattened inputs (a prefix collects its leaves). */
function valueOf(flat: Map<string, unknown>, path: string): unknown {
  if (flat.has(path)) return flat.get(path);
  const parts = [...flat].filter(([k]) => k.startsWith(`${path}.`) || k.startsWith(`${path}[`));
  return parts.length ? Object.fromEntries(parts.map(([k, v]) => [k.slice(path.length + 1), v])) : undefined;
}

/** The flattened inputs before and after, and the old and new value of each path that differs. */
function compareInputs(before: Record<string, unknown>, after: Record<string, unknown>) {
  const a = new Map<string, unknown>();
  const b = new Map<string, unknown>();
  flatten(before, [], a);
  flatten(after, [], b);
  const values: ResourceChange["values"] = {};
  for (const p of new Set([...a.keys(), ...b.keys()])) {
    if (comparable(a.get(p)) === comparable(b.get(p))) continue;
    // Under a name that looks secret (`environment.variables.DB_PASSWORD`), a value shows as a secret's.
    const shown = isSecretLookingPath(p) ? asSecret : (v: unknown) => v;
    values[p] = { old: shown(a.get(p)), new: shown(b.get(p)) };
  }
  return { a, b, values };
}

/**
 * What an update of one resource of `type` from inputs `before` to `after`
 * does: the input paths that change, and those that force a replacement
 * (with the rule's reason). The stand-in AWS provider of the engine tests
 * answers the engine's Diff with it, so `diff` and the engine judge alike.
 */
export function inputChange(type: string, before: Record<string, unknown>, after: Record<string, unknown>): { changed: string[]; replaceBecause: string[] } {
  const { a, b, values } = compareInputs(before, after);
  const change: ResourceChange = { name: "", type, owner: "", action: "update", changed: [], replaceBecause: [], protected: false, values };
  judge(change, a, b);
  return { changed: change.changed, replaceBecause: change.replaceBecause };
}

export function diffResources(olds: PlannedState[], news: PlannedState[]): ResourceChange[] {
  const oldByKey = new Map(olds.filter((r) => r.custom).map((r) => [key(r), r]));
  const newByKey = new Map(news.filter((r) => r.custom).map((r) => [key(r), r]));
  const oldByName = new Map(olds.map((r) => [r.name, r]));
  const newByName = new Map(news.map((r) => [r.name, r]));
  const changes = new Map<string, ResourceChange>();
  const flats = new Map<string, { a: Map<string, unknown>; b: Map<string, unknown> }>();

  for (const [k, r] of newByKey) {
    const o = oldByKey.get(k);
    if (!o) {
      changes.set(k, { name: r.name, type: r.type, owner: ownerOf(r, newByName), action: "create", changed: [], replaceBecause: [], protected: false, values: {} });
      continue;
    }
    const { a, b, values } = compareInputs(o.inputs, r.inputs);
    flats.set(k, { a, b });
    const change: ResourceChange = { name: r.name, type: r.type, owner: ownerOf(r, newByName), action: "update", changed: [], replaceBecause: [], protected: o.protect, values };
    judge(change, a, b);
    changes.set(k, change);
  }
  for (const [k, o] of oldByKey) {
    if (!newByKey.has(k)) changes.set(k, { name: o.name, type: o.type, owner: ownerOf(o, oldByName), action: "delete", changed: [], replaceBecause: [], protected: o.protect, values: {} });
  }

  // Replacements (and updates of published functions) give new outputs: the
  // inputs that read them change, until nothing more changes.
  const dependents = new Map<string, string[]>();
  for (const [k, r] of newByKey) {
    for (const d of r.dependsOn) {
      const target = newByName.get(d);
      if (target) dependents.set(key(target), [...(dependents.get(key(target)) ?? []), k]);
    }
  }
  const queue = [...changes.keys()].filter((k) => changes.get(k)!.action === "replace" || changes.get(k)!.action === "update");
  const propagated = new Set<string>();
  while (queue.length) {
    const k = queue.shift()!;
    const c = changes.get(k)!;
    const o = oldByKey.get(k);
    if (!o || propagated.has(`${k}:${c.action}`)) continue;
    propagated.add(`${k}:${c.action}`);
    const moving = c.action === "replace" ? computedValues(o) : computedValues(o, replacementRow(o.type)?.outputsChangedByUpdate?.(o.inputs) ?? []);
    if (!moving.length) continue;
    for (const dk of dependents.get(k) ?? []) {
      const d = changes.get(dk);
      const flat = flats.get(dk);
      if (!d || !flat || d.action === "create") continue;
      const before = d.action;
      let touched = false;
      for (const [p, v] of flat.a) {
        if (d.values[p] || !containsAny(v, moving)) continue;
        d.values[p] = { old: v, new: flat.b.get(p), via: c.name };
        touched = true;
      }
      if (!touched) continue;
      d.via ??= c.name;
      judge(d, flat.a, flat.b);
      if (d.action !== before || d.action === "replace") queue.push(dk);
    }
  }

  const order: Record<Action, number> = { replace: 0, delete: 1, create: 2, update: 3 };
  return [...changes.entries()]
    .filter(([, c]) => c.action !== "update" || c.changed.length > 0)
    .map(([k, c]) => withLoss(c, oldByKey.get(k)))
    .sort((x, y) => order[x.action] - order[y.action] || (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
}

/** What a delete or replace loses: the data the type holds, unless the old resource is retained. */
function withLoss(c: ResourceChange, old: PlannedState | undefined): ResourceChange {
  const holds = replacementRow(c.type)?.holds;
  const loses = (c.action === "delete" || c.action === "replace") && holds !== undefined && !old?.retainOnDelete;
  const keptAside = c.action === "replace" && holds !== undefined && old?.retainOnDelete === true;
  return { ...c, lost: loses ? holds : undefined, ...(keptAside ? { keptAside: holds } : {}) };
}

/** Sets `changed`, `replaceBecause`, `action` and `lost` of a change present in both plans. */
function judge(c: ResourceChange, a: Map<string, unknown>, b: Map<string, unknown>): void {
  const row = replacementRow(c.type);
  c.changed = Object.keys(c.values).sort();
  const because: string[] = [];
  for (const p of c.changed) {
    const via = c.values[p].via;
    if (row?.everyInputForcesNew || row?.forceNew.some((f) => touches(p, f))) because.push(via ? `${p} (via ${via})` : p);
  }
  for (const rule of row?.rules ?? []) {
    if (!c.changed.some((p) => touches(p, rule.input))) continue;
    const inputs = { old: (path: string) => valueOf(a, path), next: (path: string) => valueOf(b, path) };
    if (rule.replaces(valueOf(a, rule.input), valueOf(b, rule.input), inputs)) because.push(`${rule.input} (${rule.why})`);
  }
  c.replaceBecause = [...new Set(because)];
  c.action = c.replaceBecause.length ? "replace" : "update";
}
