// `stackfile diff OLD NEW`, the stack file level: what a config change adds,
// removes and changes, and every update the service refuses (the rules the
// preview guard runs). Values of fields the schema marks secret never show.
import type { StackfileResult } from "../config/stackfile";
import type { ResourceModel } from "../config/validate";
import { sortProblems } from "../config/stackfile";
import { registry } from "../config/registry";
import { positionProblems, type PositionedProblem } from "../config/load";
import { under, formatPath } from "../shared/messages/problem";
import { isSecretField, isSecretLookingPath } from "../shared/schema/secret-fields";
import { shortValue, SECRET_TEXT } from "./format";

type Path = (string | number)[];

export interface ConfigValueChange {
  /** Document path (`resources.<name>.properties.port`). */
  path: Path;
  /** As printed: the path within the resource, without `properties.`. */
  property: string;
  /** `undefined`: unset. Secret fields are already "[secret]". */
  old: unknown;
  new: unknown;
  /** A whole list item (an event, a variable) that only one side has: one change, not one per field. */
  item?: "added" | "removed";
}

export interface ConfigChange {
  resource: string;
  type: string;
  action: "added" | "removed" | "changed" | "retyped";
  /** For `retyped`: the type it had. */
  oldType?: string;
  changes: ConfigValueChange[];
}

export interface DiffResult {
  changes: ConfigChange[];
  /** Today's lines: `+ name (type): added`, `~ name (type): changed` with a line per value... */
  lines: string[];
  refused: PositionedProblem[];
  /** What the types' update rules say of an allowed change (a restart, a failover): printed, never refused. */
  notes: PositionedProblem[];
}

function flatten(v: unknown, prefix: Path, out: Map<string, { path: Path; value: unknown }>): void {
  if (typeof v === "object" && v !== null) {
    const entries = Array.isArray(v) ? v.map((x, i) => [i, x] as const) : Object.entries(v);
    if (entries.length === 0) out.set(formatPath(prefix), { path: prefix, value: v });
    for (const [k, x] of entries) flatten(x, [...prefix, k], out);
  } else {
    out.set(formatPath(prefix), { path: prefix, value: v });
  }
}

const isEmpty = (v: unknown) => typeof v === "object" && v !== null && Object.keys(v).length === 0;
/** Whether the flattened values hold something below `key`. */
const filledBelow = (flat: Map<string, unknown>, key: string) => [...flat.keys()].some((k) => k.startsWith(`${key}.`) || k.startsWith(`${key}[`));

/** The resource's values by printed path: properties, overrides, options. */
function values(r: ResourceModel): Map<string, { path: Path; value: unknown }> {
  const out = new Map<string, { path: Path; value: unknown }>();
  flatten({ properties: r.properties, overrides: r.overrides, options: r.options }, [], out);
  return out;
}

/**
 * A value as the diff shows it, "[secret]" when it is: a secret field's; in
 * `overrides`, one under any name that looks secret (`authToken`, or
 * `environment.variables.DB_PASSWORD` of the function child); the value of
 * a list item whose name looks secret (`{name: DB_PASSWORD, value: ...}`).
 */
function masked(r: ResourceModel, path: Path, v: unknown): unknown {
  if (v === undefined) return v;
  if (path[0] === "properties" && isSecretField(r.entry.definition, path.slice(1))) return SECRET_TEXT;
  if (path[0] === "overrides" && isSecretLookingPath(path.slice(2))) return SECRET_TEXT;
  if (path[path.length - 1] === "value" && secretNamedItem(at(modelRoot(r), path.slice(0, -1)))) return SECRET_TEXT;
  return v;
}

/** A list item like `{name: DB_PASSWORD, value: ...}` whose name looks secret. */
function secretNamedItem(item: unknown): boolean {
  const name = typeof item === "object" && item !== null ? (item as { name?: unknown }).name : undefined;
  return typeof name === "string" && isSecretLookingPath([name]);
}

/** ` (NAME)` for a value inside a list item that has a name (an environment variable): the reader sees which one. */
function itemName(r: ResourceModel, path: Path): string {
  let node: unknown = { properties: r.properties, overrides: r.overrides, options: r.options };
  for (let i = 0; i < path.length - 1; i++) {
    node = typeof node === "object" && node !== null ? (node as Record<string | number, unknown>)[path[i]] : undefined;
    if (typeof path[i + 1] === "number" && i + 2 < path.length) {
      const item = Array.isArray(node) ? node[path[i + 1] as number] : undefined;
      const label = typeof item === "object" && item !== null ? (item as { name?: unknown }).name : undefined;
      if (typeof label === "string" && path[i + 2] !== "name") return ` (${label})`;
    }
  }
  return "";
}

/** The stack file level diff; `oldFile` undefined: a new stack (everything is added). */
export function diffStacks(oldFile: StackfileResult | undefined, newFile: StackfileResult): DiffResult {
  const changes: ConfigChange[] = [];
  const refused: PositionedProblem[] = [];
  const notes: PositionedProblem[] = [];
  const olds = new Map((oldFile?.model.resources ?? []).map((r) => [r.name, r]));
  const news = new Map(newFile.model.resources.map((r) => [r.name, r]));
  for (const [name, r] of news) {
    const o = olds.get(name);
    if (!o) {
      changes.push({ resource: name, type: r.type, action: "added", changes: [] });
      continue;
    }
    if (o.type !== r.type) {
      changes.push({ resource: name, type: r.type, action: "retyped", oldType: o.type, changes: [] });
      continue;
    }
    const a = values(o);
    const b = values(r);
    const found: ConfigValueChange[] = [];
    for (const key of [...new Set([...a.keys(), ...b.keys()])].sort()) {
      const x = a.get(key);
      const y = b.get(key);
      if (JSON.stringify(x?.value) === JSON.stringify(y?.value)) continue;
      // An empty map or list on one side that the other fills (`overrides: {}` -> its settings): its values are the change.
      if ((!x && isEmpty(y!.value) && filledBelow(a, key)) || (!y && isEmpty(x!.value) && filledBelow(b, key))) continue;
      const path = (y ?? x)!.path;
      found.push({
        path: ["resources", name, ...path],
        property: key.replace(/^properties\./, "") + itemName(r, path),
        old: x ? masked(o, path, x.value) : undefined,
        new: y ? masked(r, path, y.value) : undefined,
      });
    }
    if (found.length) changes.push({ resource: name, type: r.type, action: "changed", changes: wholeItems(o, r, found) });
    if (r.entry.updateRules) {
      const problems = under(["resources", name, "properties"], r.entry.updateRules(o.prepared, r.prepared));
      refused.push(...positionProblems(newFile.loaded, problems.filter((p) => !p.warning)));
      notes.push(...positionProblems(newFile.loaded, problems.filter((p) => p.warning)));
    }
  }
  for (const [name, o] of olds) {
    if (!news.has(name)) changes.push({ resource: name, type: o.type, action: "removed", changes: [] });
  }
  return { changes, lines: configLines(changes), refused: sortProblems(refused), notes: sortProblems(notes) };
}

function at(root: unknown, path: Path): unknown {
  let node = root;
  for (const part of path) node = typeof node === "object" && node !== null ? (node as Record<string | number, unknown>)[part] : undefined;
  return node;
}

const modelRoot = (r: ResourceModel) => ({ properties: r.properties, overrides: r.overrides, options: r.options });

/** The value with every value `masked` hides as "[secret]". */
function maskedDeep(r: ResourceModel, path: Path, v: unknown): unknown {
  if (v !== undefined && masked(r, path, v) === SECRET_TEXT) return SECRET_TEXT;
  if (Array.isArray(v)) return v.map((x, i) => maskedDeep(r, [...path, i], x));
  if (typeof v === "object" && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, maskedDeep(r, [...path, k], x)]));
  return v;
}

/**
 * Changes inside a list item that only one side has (a new event, a removed
 * variable) become one change of the whole item.
 */
function wholeItems(o: ResourceModel, r: ResourceModel, found: ConfigValueChange[]): ConfigValueChange[] {
  const out: ConfigValueChange[] = [];
  const done = new Set<string>();
  for (const c of found) {
    const path = c.path.slice(2);
    const i = path.findIndex((part, k) => typeof part === "number" && k > 0 && ((at(modelRoot(o), path.slice(0, k + 1)) === undefined) !== (at(modelRoot(r), path.slice(0, k + 1)) === undefined)));
    if (i < 0) { out.push(c); continue; }
    const itemPath = path.slice(0, i + 1);
    const key = formatPath(itemPath);
    if (done.has(key)) continue;
    done.add(key);
    const old = at(modelRoot(o), itemPath);
    const next = at(modelRoot(r), itemPath);
    out.push({
      path: [...c.path.slice(0, 2), ...itemPath],
      property: key.replace(/^properties\./, ""),
      old: old === undefined ? undefined : maskedDeep(o, itemPath, old),
      new: next === undefined ? undefined : maskedDeep(r, itemPath, next),
      item: old === undefined ? "added" : "removed",
    });
  }
  return out;
}

/** How the event kinds are said, by the events' `type` (their target type's definition). */
const eventDescriptions = new Map(Object.values(registry).flatMap((t) => (t.eventTarget?.describe ? [[t.eventTarget.eventType, t.eventTarget.describe] as const] : [])));

/** A list item as one phrase: an event as its target type says it (`route GET /items/{id} on api`), else its value. */
export function describeItem(v: unknown): string {
  const e = v as { type?: unknown; properties?: Record<string, unknown> };
  const describe = e && typeof e.properties === "object" && e.properties !== null ? eventDescriptions.get(String(e.type)) : undefined;
  if (describe) return describe(e.properties!);
  if (e && typeof (e as { name?: unknown }).name === "string" && "value" in (e as object)) {
    return `${(e as { name: string }).name}=${shortValue((e as { value: unknown }).value, 60)}`;
  }
  return shortValue(v, 100);
}

const shown = (v: unknown) => (v === undefined ? "(unset)" : shortValue(v, 60));

export function configLines(changes: ConfigChange[]): string[] {
  const lines: string[] = [];
  for (const c of changes) {
    if (c.action === "added") lines.push(`+ ${c.resource} (${c.type}): added`);
    else if (c.action === "retyped") lines.push(`± ${c.resource}: replaced (${c.oldType} -> ${c.type}); the old resource and its data are deleted`);
    else if (c.action === "removed") lines.push(`- ${c.resource} (${c.type}): removed; its data is deleted`);
    else {
      lines.push(`~ ${c.resource} (${c.type}): changed`);
      for (const v of c.changes) {
        if (v.item) lines.push(`    ${v.property}: ${v.item} ${describeItem(v.item === "added" ? v.new : v.old)}`);
        else lines.push(`    ${v.property}: ${shown(v.old)} -> ${shown(v.new)}`);
      }
    }
  }
  return lines;
}
