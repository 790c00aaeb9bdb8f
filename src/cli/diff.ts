// `stackfile diff OLD NEW`: what a config change adds, removes and changes,
// and every update the service refuses (the rules the preview guard runs).
import type { StackfileResult } from "../config/stackfile";
import { sortProblems } from "../config/stackfile";
import { positionProblems, type PositionedProblem } from "../config/load";
import { under, formatPath } from "../shared/problem";
import { shortValue } from "./format";

export interface DiffResult {
  lines: string[];
  refused: PositionedProblem[];
}

function flatten(v: unknown, prefix: (string | number)[], out: Map<string, unknown>): void {
  if (typeof v === "object" && v !== null) {
    const entries = Array.isArray(v) ? v.map((x, i) => [i, x] as const) : Object.entries(v);
    if (entries.length === 0) out.set(formatPath(prefix), v);
    for (const [k, x] of entries) flatten(x, [...prefix, k], out);
  } else {
    out.set(formatPath(prefix), v);
  }
}

export function diffStacks(oldFile: StackfileResult, newFile: StackfileResult): DiffResult {
  const lines: string[] = [];
  const refused: PositionedProblem[] = [];
  const olds = new Map(oldFile.model.resources.map((r) => [r.name, r]));
  const news = new Map(newFile.model.resources.map((r) => [r.name, r]));
  for (const [name, r] of news) {
    const o = olds.get(name);
    if (!o) {
      lines.push(`+ ${name} (${r.type}): added`);
      continue;
    }
    if (o.type !== r.type) {
      lines.push(`± ${name}: replaced (${o.type} -> ${r.type}); the old resource and its data are deleted`);
      continue;
    }
    const a = new Map<string, unknown>();
    const b = new Map<string, unknown>();
    flatten({ properties: o.properties, overrides: o.overrides }, [], a);
    flatten({ properties: r.properties, overrides: r.overrides }, [], b);
    const changes: string[] = [];
    for (const key of [...new Set([...a.keys(), ...b.keys()])].sort()) {
      const x = a.get(key);
      const y = b.get(key);
      if (JSON.stringify(x) === JSON.stringify(y)) continue;
      const shown = key.replace(/^properties\./, "");
      if (!a.has(key)) changes.push(`${shown}: (unset) -> ${shortValue(y, 60)}`);
      else if (!b.has(key)) changes.push(`${shown}: ${shortValue(x, 60)} -> (unset)`);
      else changes.push(`${shown}: ${shortValue(x, 60)} -> ${shortValue(y, 60)}`);
    }
    if (changes.length) {
      lines.push(`~ ${name} (${r.type}): changed`);
      for (const c of changes) lines.push(`    ${c}`);
    }
    if (r.entry.updateRules) {
      const problems = under(["resources", name, "properties"], r.entry.updateRules(o.prepared, r.prepared));
      refused.push(...positionProblems(newFile.loaded, problems));
    }
  }
  for (const [name, o] of olds) {
    if (!news.has(name)) lines.push(`- ${name} (${o.type}): removed; its data is deleted`);
  }
  if (lines.length === 0) lines.push("no changes");
  return { lines, refused: sortProblems(refused) };
}
