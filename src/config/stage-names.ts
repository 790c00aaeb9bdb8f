// Names two stages of one account would both claim. A stack file resolved
// for several stacks of its project (validate: each of them; plan: the stage
// it plans and the others) makes each stage's resources with the names the
// stage gives: a custom domain, or another name AWS takes once per account
// (in a region, or everywhere), that resolves to the same value in two
// stages would fail the second stage's deploy or take the first's. Which
// fields hold such names is each definition's (`domainPaths`,
// `accountNames`); nothing here knows a type.
import { accountNameFields, type AccountName } from "../shared/component/resource-definition";
import { valuesAt } from "../shared/schema/check-properties";
import { userText } from "../shared/messages/user-text";
import type { Problem } from "../shared/messages/problem";
import type { StackModel } from "./model";

type Path = (string | number)[];

/** The file as resolved for one stage. */
export interface StagedModel {
  stage: { name: string; region?: string };
  model: StackModel;
}

interface Claim {
  stage: string;
  region?: string;
  resource: string;
  path: Path;
}

const listed = (names: string[]) => (names.length > 2 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names.join(" and "));

/** The name with the stage in it: a domain's first label, else a suffix. */
const withStage = (value: string) => (value.includes(".") ? `$Stage().${value}` : `${value}-$Stage()`);

/**
 * A problem at each field whose name two stages claim, naming the stages
 * and the fix; `focus`: only names the stage of that name claims (plan's).
 */
export function stageNameClashes(runs: StagedModel[], focus?: string): Problem[] {
  const claims = new Map<string, { field: AccountName; value: string; list: Claim[] }>();
  for (const { stage, model } of runs) {
    for (const r of model.resources) {
      for (const field of accountNameFields(r.entry)) {
        if (field.claimed && !field.claimed(r.prepared)) continue;
        for (const { path, value } of valuesAt(r.prepared, field.path)) {
          if (typeof value !== "string") continue;
          // A regional name is the same name only in the same region.
          const where = field.scope === "global" ? "" : stage.region ?? "";
          const key = JSON.stringify([field.what, field.scope, where, value]);
          const entry = claims.get(key) ?? { field, value, list: [] };
          entry.list.push({ stage: stage.name, region: stage.region, resource: r.name, path });
          claims.set(key, entry);
        }
      }
    }
  }
  const problems: Problem[] = [];
  for (const { field: { what, scope, fix }, value, list } of claims.values()) {
    const stages = [...new Set(list.map((c) => c.stage))].sort();
    if (stages.length < 2 || (focus !== undefined && !stages.includes(focus))) continue;
    const seen = new Set<string>();
    for (const c of list) {
      if (focus !== undefined && c.stage !== focus) continue;
      const at: Path = ["resources", c.resource, "properties", ...c.path];
      const key = JSON.stringify(at);
      if (seen.has(key)) continue;
      seen.add(key);
      const region = scope === "region" ? `, both in ${c.region ?? "the same region"}` : "";
      const unique = scope === "region" ? "it is unique in an account's region" : "it is unique everywhere";
      problems.push({
        path: at,
        message: `${what} '${userText(value)}' of '${c.resource}' is the same in stages ${listed(stages)}${region}: ${unique}, so one stage's deploy would fail or take the other's`,
        hint: fix ?? `put $Stage() in it ('${withStage(userText(value))}'), or $Select a value per stage`,
      });
    }
  }
  return problems;
}
