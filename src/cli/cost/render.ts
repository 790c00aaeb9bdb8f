// The estimate as `plan` prints it: the fixed monthly total with the prices'
// Region and date, each stack resource's part, the unit prices of what is
// billed by use (with figures when usage is given), what is not priced, and a
// warning when the prices are old.
import { ageInDays, STALE_AFTER_DAYS } from "./price-table";
import type { CostEstimate, UsageLine } from "./estimate";

export const money = (x: number) => x.toFixed(2);

/** The line `plan` and `diff` print when the prices are over STALE_AFTER_DAYS old, or undefined. */
export function staleWarning(e: Pick<CostEstimate, "pricesAsOf">, now: Date): string | undefined {
  if (!e.pricesAsOf) return undefined;
  const days = ageInDays(e.pricesAsOf, now);
  if (days <= STALE_AFTER_DAYS) return undefined;
  return `warning: the prices are from ${e.pricesAsOf}, ${days} days ago (over ${STALE_AFTER_DAYS}); AWS may have changed them: update stackfile, or see docs/cost.md`;
}

const usageKeys = (l: UsageLine) => l.uses.join(" and ");

/** The cost section of `plan`'s text. */
export function renderCost(e: CostEstimate, now: Date, usageFile?: string): string[] {
  const lines = [`Monthly cost (fixed): ${money(e.fixedMonthly)} ${e.currency} (${e.region} prices as of ${e.pricesAsOf ?? "?"}; what is counted: docs/cost.md)`];
  for (const [owner, part] of Object.entries(e.byResource)) {
    lines.push(`  ${owner}  ${money(part.fixedMonthly)} ${e.currency}`);
    for (const i of part.items) lines.push(`    ${i.resource}: ${i.what}: ${money(i.monthly)} ${e.currency} (${i.unitPrice} ${e.currency} per ${i.per})`);
  }
  if (e.usageBased.length) {
    lines.push(e.usageMonthly !== undefined
      ? `Monthly cost by use (${usageFile}): ${money(e.usageMonthly)} ${e.currency}; with the fixed cost: ${money(e.fixedMonthly + e.usageMonthly)} ${e.currency}`
      : "Billed by use (unit prices; plan --usage FILE turns them into figures):");
    for (const l of e.usageBased) {
      const figure = l.monthly !== undefined ? `${money(l.monthly)} ${e.currency}` : `from ${usageKeys(l)}`;
      lines.push(`  ${l.resource}: ${l.what}: ${l.unitPrice} ${e.currency} per ${l.per} (${figure})`);
    }
  }
  if (e.notPriced.length) {
    lines.push("Not priced (not counted above):");
    for (const n of e.notPriced) lines.push(`  ${n.resource}: ${n.reason}`);
  }
  const stale = staleWarning(e, now);
  if (stale) lines.push(stale);
  return lines;
}

/** The estimate as `plan --json` and `diff --format json` give it: the documented keys first. */
export function costJson(e: CostEstimate): Record<string, unknown> {
  return {
    currency: e.currency,
    fixedMonthly: e.fixedMonthly,
    byResource: e.byResource,
    usageBased: e.usageBased,
    pricesAsOf: e.pricesAsOf,
    region: e.region,
    ...(e.usageMonthly !== undefined ? { usageMonthly: e.usageMonthly } : {}),
    notPriced: e.notPriced,
  };
}
