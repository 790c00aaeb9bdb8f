// What `diff` refuses at the resource level: a change that deletes or
// replaces a resource holding data (unless `--allow-replace <resource>` says
// it is meant; a retained one's replacement too: its data stays in the
// account but the stack moves to a new, empty resource), and any delete or
// replace of a protected resource (Pulumi would stop there). Each refusal
// points at the property of the new file that causes it: the changed value
// the force-new input got, else the resource's first change, else the
// resource (or, for a rename, the new name).
import type { StackfileResult } from "../config/stackfile";
import { positionProblems, type PositionedProblem } from "../config/load";
import type { Problem } from "../shared/messages/problem";
import { isSecretValue } from "./mock-engine";
import type { ConfigChange } from "./diff";
import type { ResourceChange } from "./resource-diff";

type Path = (string | number)[];

/** Old resource names that are gone, paired with a new one of the same type (a rename is a delete and a create). */
export function renames(changes: ConfigChange[]): Map<string, string> {
  const added = changes.filter((c) => c.action === "added");
  const out = new Map<string, string>();
  for (const r of changes.filter((c) => c.action === "removed")) {
    const to = added.find((a) => a.type === r.type && ![...out.values()].includes(a.resource));
    if (to) out.set(r.resource, to.resource);
  }
  return out;
}

const plain = (v: unknown): unknown => (isSecretValue(v) ? undefined : v);
const loose = (v: unknown) => (v === undefined ? undefined : typeof v === "object" ? JSON.stringify(v) : String(v));

export interface LossContext {
  newFile: StackfileResult;
  config: ConfigChange[];
  changes: ResourceChange[];
  /** `--allow-replace` resource names. */
  allowed: Set<string>;
}

/** The refusals, positioned in the new file. */
export function dataLossRefusals(ctx: LossContext): PositionedProblem[] {
  const renamed = renames(ctx.config);
  const byName = new Map(ctx.changes.map((c) => [c.name, c]));
  const models = new Map(ctx.newFile.model.resources.map((r) => [r.name, r]));
  const inNew = new Set(models.keys());
  const problems: Problem[] = [];

  const causeOf = (c: ResourceChange, depth = 0): { path: Path; atKey?: boolean } => {
    if (!inNew.has(c.owner)) {
      const to = renamed.get(c.owner);
      return to ? { path: ["resources", to], atKey: true } : { path: ["resources"], atKey: true };
    }
    const via = c.via ? byName.get(c.via) : undefined;
    if (via && via.owner !== c.owner && depth < 20) return causeOf(via, depth + 1);
    const mine = ctx.config.find((x) => x.resource === c.owner)?.changes ?? [];
    const inputs = c.replaceBecause.map((b) => b.replace(/ \(.*\)$/, ""));
    // The changed value the input got; else a property of the same name (a value that came through a directive).
    for (const p of inputs) {
      const wanted = loose(plain(c.values[p]?.new));
      const hit = wanted !== undefined ? mine.find((m) => loose(m.new) === wanted) : undefined;
      if (hit) return { path: hit.path };
    }
    const props = models.get(c.owner)?.properties ?? {};
    const named = inputs.map((p) => p.split(/[.[]/)[0]).find((k) => k in props);
    if (named) return { path: ["resources", c.owner, "properties", named] };
    if (mine.length) return { path: mine[0].path };
    return { path: ["resources", c.owner], atKey: true };
  };

  for (const c of ctx.changes) {
    if (c.action !== "delete" && c.action !== "replace") continue;
    const what = `${c.name} (${c.type})`;
    const reason = !inNew.has(c.owner)
      ? renamed.has(c.owner)
        ? `'${c.owner}' is now '${renamed.get(c.owner)}': a rename deletes the old resource and creates a new one`
        : `'${c.owner}' is no longer in the file`
      : "by this change";
    if (c.protected) {
      const does = c.action === "replace" ? `would be replaced because ${c.replaceBecause.join(", ")} forces a new resource` : `would be deleted (${reason})`;
      problems.push({
        ...causeOf(c),
        message: `${c.owner}: ${what} ${does}, but it is protected (options.protect): pulumi up stops before it; undo the change, or deploy protect: false on its own first`,
      });
    } else if (c.lost && !ctx.allowed.has(c.owner)) {
      const does = c.action === "replace"
        ? `is replaced because ${c.replaceBecause.join(", ")} forces a new resource: the new one starts empty, and the old one is deleted with ${c.lost}`
        : `is deleted (${reason}) with ${c.lost}`;
      problems.push({ ...causeOf(c), message: `${c.owner}: ${what} ${does}; if that is intended, pass --allow-replace ${c.owner}` });
    } else if (c.keptAside && !ctx.allowed.has(c.owner)) {
      // Nothing is deleted, but the stack moves to a new, empty resource: the data is no longer the stack's.
      problems.push({
        ...causeOf(c),
        message: `${c.owner}: ${what} is replaced because ${c.replaceBecause.join(", ")} forces a new resource: the new one starts empty; the old one stays in the account (options.retainOnDelete) with ${c.keptAside}, outside the stack; if that is intended, pass --allow-replace ${c.owner}`,
      });
    }
  }
  return positionProblems(ctx.newFile.loaded, problems);
}
