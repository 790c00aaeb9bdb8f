// The monthly estimate of a plan: each registered AWS resource through its
// meter (meters.ts) and the price table (prices.json), grouped by the stack
// resource it belongs to. Fixed costs are summed; costs billed by use are
// listed with their unit prices, and summed too when usage is given. What the
// table cannot price is listed with why: never a silent zero.
import { CURRENCY, oldestDate, priceOf, PRICE_ROWS, type PriceRow } from "./price-table";
import { isContainer, meterOf } from "./meters";
import type { FixedCharge, PricedResource, Usage, UsageKey, UsageMeter } from "./meter-types";

export interface CostLine {
  /** The AWS resource's name, as `plan` prints it. */
  resource: string;
  type: string;
  what: string;
  quantity: number;
  per: string;
  unitPrice: number;
  /** Rounded to cents. */
  monthly: number;
  /** The price table row's id. */
  price: string;
}

export interface UsageLine {
  /** The stack resource it belongs to. */
  owner: string;
  resource: string;
  type: string;
  what: string;
  price: string;
  per: string;
  unitPrice: number;
  /** The usage values it is computed from. */
  uses: UsageKey[];
  /** With usage given: the month's quantity and cost (rounded to cents). */
  quantity?: number;
  monthly?: number;
}

export interface Unpriced {
  owner: string;
  resource: string;
  type: string;
  reason: string;
}

export interface CostEstimate {
  currency: string;
  region: string;
  /** Every fixed cost a month, rounded to cents. */
  fixedMonthly: number;
  /** By stack resource (the top of each resource's tree), in name order. */
  byResource: Record<string, { fixedMonthly: number; items: CostLine[] }>;
  usageBased: UsageLine[];
  /** With usage given: what the usage costs a month. */
  usageMonthly?: number;
  notPriced: Unpriced[];
  /** The oldest date of the prices used (YYYY-MM-DD). */
  pricesAsOf?: string;
}

/** A usage value the estimate cannot use: the name (and key) it was given under, and why. */
export interface UsageProblem {
  name: string;
  key?: UsageKey;
  message: string;
}

const cents = (x: number) => Math.round(x * 100) / 100;

/** The top of each resource's tree (its stack resource), by name. */
function owners(resources: readonly PricedResource[]): (r: PricedResource) => string {
  const byName = new Map(resources.map((r) => [r.name, r]));
  return (r) => {
    let at = r;
    for (let guard = 0; at.parent !== null && byName.has(at.parent) && guard < 1000; guard++) at = byName.get(at.parent)!;
    return at.name;
  };
}

interface Metered {
  r: PricedResource;
  owner: string;
  fixed: FixedCharge[];
  usage: UsageMeter[];
}

export function estimateCost(resources: readonly PricedResource[], region: string, usage?: ReadonlyMap<string, Usage>): { estimate: CostEstimate; problems: UsageProblem[] } {
  const ownerOf = owners(resources);
  const metered: Metered[] = [];
  const notPriced: Unpriced[] = [];
  for (const r of resources) {
    if (isContainer(r.type)) continue;
    const how = meterOf(r.type);
    const owner = ownerOf(r);
    if (!how) {
      notPriced.push({ owner, resource: r.name, type: r.type, reason: `the price table does not know ${r.type}` });
      continue;
    }
    if ("free" in how) continue;
    const charges = how.meter(r, { resources });
    for (const reason of charges.unpriced ?? []) notPriced.push({ owner, resource: r.name, type: r.type, reason });
    metered.push({ r, owner, fixed: charges.fixed ?? [], usage: charges.usage ?? [] });
  }
  // Listed by stack resource, then AWS resource (registration order follows async timing; what is printed must not).
  const order = (a: { owner: string; name: string }, b: { owner: string; name: string }) => a.owner.localeCompare(b.owner) || a.name.localeCompare(b.name);
  metered.sort((a, b) => order({ owner: a.owner, name: a.r.name }, { owner: b.owner, name: b.r.name }));
  const used: PriceRow[] = [];
  const priced = (m: Metered, price: string, what: string): PriceRow | undefined => {
    const row = priceOf(price, region);
    if (row) used.push(row);
    else notPriced.push({ owner: m.owner, resource: m.r.name, type: m.r.type, reason: `${what}: no price for ${price} in ${region}` });
    return row;
  };

  // Keyed by the stack's resource names, which may be `constructor` or `toString`: no inherited members.
  const byResource: CostEstimate["byResource"] = Object.create(null);
  let fixedTotal = 0;
  for (const m of metered) {
    for (const c of m.fixed) {
      const row = priced(m, c.price, c.what);
      if (!row || c.quantity === 0) continue;
      const monthly = c.quantity * row.usd;
      fixedTotal += monthly;
      const group = (byResource[m.owner] ??= { fixedMonthly: 0, items: [] });
      group.fixedMonthly += monthly;
      group.items.push({ resource: m.r.name, type: m.r.type, what: c.what, quantity: c.quantity, per: row.per, unitPrice: row.usd, monthly: cents(monthly), price: row.id });
    }
  }

  const problems = usage ? usageProblems(metered, usage) : [];
  const usageBased: UsageLine[] = [];
  let usageTotal = 0;
  for (const m of metered) {
    for (const u of m.usage) {
      const row = priced(m, u.price, u.what);
      if (!row) continue;
      const line: UsageLine = { owner: m.owner, resource: m.r.name, type: m.r.type, what: row.for ? `${u.what} (${row.for})` : u.what, price: row.id, per: row.per, unitPrice: row.usd, uses: u.keys };
      const values = usage && !problems.length ? valuesFor(usage, m, u.keys) : undefined;
      if (values) {
        line.quantity = u.quantity(values);
        line.monthly = cents(line.quantity * row.usd);
        usageTotal += line.quantity * row.usd;
      }
      usageBased.push(line);
    }
  }

  const sorted = Object.fromEntries(Object.entries(byResource).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, { fixedMonthly: cents(v.fixedMonthly), items: v.items }]));
  const estimate: CostEstimate = {
    currency: CURRENCY,
    region,
    fixedMonthly: cents(fixedTotal),
    byResource: sorted,
    usageBased,
    ...(usage && !problems.length ? { usageMonthly: cents(usageTotal) } : {}),
    notPriced: notPriced.sort((a, b) => order({ owner: a.owner, name: a.resource }, { owner: b.owner, name: b.resource })),
    pricesAsOf: oldestDate(used.length ? used : PRICE_ROWS),
  };
  return { estimate, problems };
}

/** The usage values a meter needs, from its own resource's name first, then its stack resource's; undefined unless all are given. */
function valuesFor(usage: ReadonlyMap<string, Usage>, m: Metered, keys: UsageKey[]): Required<Usage> | undefined {
  const own = usage.get(m.r.name) ?? {};
  const top = m.r.name === m.owner ? {} : usage.get(m.owner) ?? {};
  const out: Usage = {};
  for (const k of keys) {
    const v = own[k] ?? top[k];
    if (v === undefined) return undefined;
    out[k] = v;
  }
  return out as Required<Usage>;
}

/**
 * Usage that cannot be used: a name that is no resource of the plan, a value
 * nothing under that name is billed by, and a value a stack resource gives
 * that several of its AWS resources of one type would read (a site's
 * functions: each is named on its own).
 */
function usageProblems(metered: Metered[], usage: ReadonlyMap<string, Usage>): UsageProblem[] {
  const problems: UsageProblem[] = [];
  const names = new Set(metered.flatMap((m) => [m.r.name, m.owner]));
  for (const [name, values] of usage) {
    if (!names.has(name)) {
      problems.push({ name, message: `no resource of the plan is named ${name}; use a stack resource's name or an AWS resource's name as plan prints it` });
      continue;
    }
    for (const key of Object.keys(values) as UsageKey[]) {
      const readers = metered.filter((m) => (m.r.name === name || m.owner === name) && m.usage.some((u) => u.keys.includes(key)));
      if (!readers.length) {
        problems.push({ name, key, message: `nothing of ${name} is billed by ${key}` });
        continue;
      }
      const byType = new Map<string, string[]>();
      for (const m of readers.filter((x) => x.r.name !== name)) byType.set(m.r.type, [...(byType.get(m.r.type) ?? []), m.r.name]);
      const shared = [...byType.values()].find((list) => list.length > 1);
      if (shared) problems.push({ name, key, message: `${key} under ${name} would apply to each of ${shared.join(", ")}; give it under each of those names instead` });
    }
  }
  return problems;
}
