// What a change does to the bill: the fixed monthly cost before and after,
// the difference, each stack resource whose part changes, and what the new
// file adds that is not priced. `--max-monthly-increase` fails the check when
// the difference is larger.
import type { CostEstimate, Unpriced, UsageLine } from "./estimate";
import { money } from "./render";

export interface CostChange {
  currency: string;
  region: string;
  before: number;
  after: number;
  delta: number;
  /** Stack resources whose fixed part changes, in name order. */
  byResource: Record<string, { before: number; after: number; delta: number }>;
  /** The new file's costs billed by use. */
  usageBased: UsageLine[];
  /** What the new file has that is not priced and the old one had not (its cost is not in `delta`). */
  notPriced: Unpriced[];
  pricesAsOf?: string;
  /** `--max-monthly-increase`, when given. */
  maxMonthlyIncrease?: number;
}

const cents = (x: number) => Math.round(x * 100) / 100;

export function costChange(before: CostEstimate | undefined, after: CostEstimate, maxMonthlyIncrease?: number): CostChange {
  const was = before?.fixedMonthly ?? 0;
  // Keyed by the stack's resource names, which may be `constructor` or `toString`: own members only.
  const byResource: CostChange["byResource"] = Object.create(null);
  const fixedOf = (e: CostEstimate | undefined, name: string) => (e && Object.hasOwn(e.byResource, name) ? e.byResource[name].fixedMonthly : 0);
  for (const name of [...new Set([...Object.keys(before?.byResource ?? {}), ...Object.keys(after.byResource)])].sort()) {
    const b = fixedOf(before, name);
    const a = fixedOf(after, name);
    if (a !== b) byResource[name] = { before: b, after: a, delta: cents(a - b) };
  }
  const known = new Set((before?.notPriced ?? []).map((n) => `${n.resource}\n${n.reason}`));
  return {
    currency: after.currency,
    region: after.region,
    before: was,
    after: after.fixedMonthly,
    delta: cents(after.fixedMonthly - was),
    byResource,
    usageBased: after.usageBased,
    notPriced: after.notPriced.filter((n) => !known.has(`${n.resource}\n${n.reason}`)),
    pricesAsOf: after.pricesAsOf,
    ...(maxMonthlyIncrease !== undefined ? { maxMonthlyIncrease } : {}),
  };
}

/** Whether the change raises the fixed monthly cost by more than `--max-monthly-increase` allows. */
export const overLimit = (c: CostChange) => c.maxMonthlyIncrease !== undefined && c.delta > c.maxMonthlyIncrease;

const signed = (x: number) => `${x >= 0 ? "+" : "-"}${money(Math.abs(x))}`;

/** The refusal `diff` prints (stderr) when the change is over the limit. */
export function overLimitMessage(c: CostChange): string {
  return `the fixed monthly cost rises by ${money(c.delta)} ${c.currency} (${money(c.before)} -> ${money(c.after)} ${c.currency}), more than --max-monthly-increase ${money(c.maxMonthlyIncrease ?? 0)} allows`;
}

/** `diff`'s text: the total before and after with the difference, then each stack resource that changes; nothing when nothing changes. */
export function costChangeLines(c: CostChange): string[] {
  if (c.delta === 0 && !Object.keys(c.byResource).length && !c.notPriced.length) return [];
  const lines = [`Monthly cost (fixed): ${money(c.before)} -> ${money(c.after)} ${c.currency} (${signed(c.delta)} ${c.currency}; ${c.region} prices as of ${c.pricesAsOf ?? "?"})`];
  for (const [name, r] of Object.entries(c.byResource)) lines.push(`  ${name}: ${money(r.before)} -> ${money(r.after)} ${c.currency} (${signed(r.delta)})`);
  for (const n of c.notPriced) lines.push(`  not priced: ${n.resource}: ${n.reason}`);
  if (overLimit(c)) lines.push(`  ! over --max-monthly-increase ${money(c.maxMonthlyIncrease ?? 0)}`);
  return lines;
}

/** `diff`'s markdown (the pull-request comment): one line always, and the resources that change. */
export function costChangeMarkdown(c: CostChange): string[] {
  const mark = overLimit(c) ? "⛔ " : "";
  const delta = c.delta === 0 ? "no change" : `**${signed(c.delta)} ${c.currency}**`;
  const limit = c.maxMonthlyIncrease !== undefined ? `; limit ${signed(c.maxMonthlyIncrease)} ${c.currency}` : "";
  const out = [`${mark}Monthly cost (fixed): ${money(c.before)} → ${money(c.after)} ${c.currency} (${delta}${limit}), ${c.region} prices as of ${c.pricesAsOf ?? "?"}.`];
  const parts = Object.entries(c.byResource).map(([name, r]) => `\`${name}\` ${money(r.before)} → ${money(r.after)} (${signed(r.delta)})`);
  if (parts.length) out.push(`By resource: ${parts.join(", ")}.`);
  if (c.notPriced.length) out.push(`Not priced (not in the figures): ${c.notPriced.map((n) => `\`${n.resource}\` (${n.reason})`).join("; ")}.`);
  return out;
}

/** `diff --format json`'s `cost`. */
export function costChangeJson(c: CostChange): Record<string, unknown> {
  return {
    before: c.before, after: c.after, delta: c.delta, currency: c.currency, usageBased: c.usageBased,
    byResource: c.byResource, notPriced: c.notPriced, region: c.region, pricesAsOf: c.pricesAsOf,
    ...(c.maxMonthlyIncrease !== undefined ? { maxMonthlyIncrease: c.maxMonthlyIncrease, overLimit: overLimit(c) } : {}),
  };
}
