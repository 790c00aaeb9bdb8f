// `stackfile diff OLD NEW`, the stack file level: what a config change adds,
// removes and changes, and every update the service refuses (the rules the
// preview guard runs). Values of fields the schema marks secret never show.
import type { StackfileResult } from "../config/stackfile";
import type { ResourceModel } from "../config/validate";
import { sortProblems } from "../config/stackfile";
import { positionProblems, type PositionedProblem } from "../config/load";
import { under, formatPath } from "../shared/problem";
import { isSecretArgument, isSecretField } from "../shared/secret-fields";
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

/** The resource's values by printed path: properties, overrides, options. */
function values(r: ResourceModel): Map<string, { path: Path; value: unknown }> {
  const out = new Map<string, { path: Path; value: unknown }>();
  flatten({ properties: r.properties, overrides: r.overrides, options: r.options }, [], out);
  return out;
}

/** A value as the diff shows it: a secret field's, or a secret argument's in `overrides` (`authToken`), is "[secret]". */
function masked(r: ResourceModel, path: Path, v: unknown): unknown {
  if (v === undefined) return v;
  if (path[0] === "properties") return isSecretField(r.entry.definition, path.slice(1)) ? SECRET_TEXT : v;
  if (path[0] === "overrides") return path.length >= 3 && isSecretArgument(String(path[2])) ? SECRET_TEXT : v;
  return v;
}

/** The stack file level diff; `oldFile` undefined: a new stack (everything is added). */
export function diffStacks(oldFile: StackfileResult | undefined, newFile: StackfileResult): DiffResult {
  const changes: ConfigChange[] = [];
  const refused: PositionedProblem[] = [];
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
      const path = (y ?? x)!.path;
      found.push({
        path: ["resources", name, ...path],
        property: key.replace(/^properties\./, ""),
        old: x ? masked(o, path, x.value) : undefined,
        new: y ? masked(r, path, y.value) : undefined,
      });
    }
    if (found.length) changes.push({ resource: name, type: r.type, action: "changed", changes: found });
    if (r.entry.updateRules) {
      const problems = under(["resources", name, "properties"], r.entry.updateRules(o.prepared, r.prepared));
      refused.push(...positionProblems(newFile.loaded, problems));
    }
  }
  for (const [name, o] of olds) {
    if (!news.has(name)) changes.push({ resource: name, type: o.type, action: "removed", changes: [] });
  }
  return { changes, lines: configLines(changes), refused: sortProblems(refused) };
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
      for (const v of c.changes) lines.push(`    ${v.property}: ${shown(v.old)} -> ${shown(v.new)}`);
    }
  }
  return lines;
}
