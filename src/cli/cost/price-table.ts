// stackfile's price table (prices.json): on-demand list prices, one row per
// price and Region, each with the AWS price page it is published on, the date
// its figure was read and where it was checked. The estimate reads prices
// only through `priceOf`, so a price the table lacks is never a zero.
import table from "./prices.json";

export interface PriceRow {
  /** What is priced, like `elasticache.redis.cache.t4g.micro` (meters.ts names them). */
  id: string;
  /** The Region the price is for; `*` when AWS prices it the same in every Region. */
  region: string;
  /** Price in USD of one `per`. */
  usd: number;
  /** The unit priced: `node-hour`, `GB-month`, `million requests`... */
  per: string;
  what: string;
  /** Whom the price is for, where AWS prices by who uses it (CloudFront's requests, by the viewers' geography): shown beside what is billed. */
  for?: string;
  /** The AWS price page the price is published on. */
  source: string;
  /** The date the figure was read (YYYY-MM-DD). */
  asOf: string;
  /** Where the figure was checked (AWS's page text where it shows the figure, else the pages that quote it). */
  checkedIn: string[];
}

export const CURRENCY: string = table.currency;
/** Hours in a month, as AWS's Pricing Calculator counts them (24 × 365 / 12). */
export const HOURS_PER_MONTH: number = table.hoursPerMonth;
export const PRICE_ROWS: readonly PriceRow[] = table.rows;

const byKey = new Map(PRICE_ROWS.map((r) => [`${r.id}@${r.region}`, r]));

/** The row pricing `id` in `region` (or in every Region), or undefined. */
export function priceOf(id: string, region: string): PriceRow | undefined {
  return byKey.get(`${id}@${region}`) ?? byKey.get(`${id}@*`);
}

/** The oldest date of the rows, YYYY-MM-DD (the table is as old as its oldest figure). */
export function oldestDate(rows: readonly PriceRow[]): string | undefined {
  return rows.map((r) => r.asOf).sort()[0];
}

/** Days from `date` (YYYY-MM-DD) to `now`. */
export function ageInDays(date: string, now: Date): number {
  return Math.floor((now.getTime() - Date.parse(`${date}T00:00:00Z`)) / 86_400_000);
}

/** A price table older than this many days is flagged in every estimate. */
export const STALE_AFTER_DAYS = 180;
