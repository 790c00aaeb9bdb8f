// What a meter is: how one AWS resource type is billed, read from the inputs
// a plan registers. A meter names prices by id (prices.json) and never holds
// a figure, so the price table is the one place a price is written.

/** A registered resource as the meters read it: secrets already "[secret]". */
export interface PricedResource {
  type: string;
  name: string;
  parent: string | null;
  inputs: Record<string, unknown>;
  /** What the engine answered (ids, ARNs, names). */
  state: Record<string, unknown>;
}

/** What `plan --usage FILE` may give for a resource, a month at a time. */
export const USAGE_KEYS = {
  requests: "requests received (an HTTP API's, a CDN's, a firewall's, a queue's)",
  gbOut: "GB sent to viewers by a CDN",
  invocations: "function invocations",
  averageDurationMs: "a function invocation's average duration in milliseconds",
  logGb: "GB of log events written",
  storageGb: "GB stored, on average over the month",
  reads: "read request units (a table billed per request)",
  writes: "write request units (a table billed per request)",
  apiCalls: "API calls (Secrets Manager)",
  gbProcessed: "GB through a VPC interface endpoint",
} as const;

export type UsageKey = keyof typeof USAGE_KEYS;
export type Usage = Partial<Record<UsageKey, number>>;

/** A cost that does not depend on use: a quantity of a price's unit each month. */
export interface FixedCharge {
  what: string;
  /** Price id (prices.json). */
  price: string;
  /** Units of the price's `per` in a month (730 node-hours, 1 secret-month...). */
  quantity: number;
}

/** A cost billed by use: the unit price, and the month's quantity from the usage given. */
export interface UsageMeter {
  what: string;
  price: string;
  /** The usage values it needs, all of them. */
  keys: UsageKey[];
  /** Units of the price's `per` for the usage given (every key in `keys` is there). */
  quantity: (u: Required<Usage>) => number;
}

export interface Charges {
  fixed?: FixedCharge[];
  usage?: UsageMeter[];
  /** A part that cannot be priced from what is known, and why (an unreadable schedule). */
  unpriced?: string[];
}

export interface MeterContext {
  /** Every resource of the plan, to follow references (a rule's target, a warmer's function). */
  resources: readonly PricedResource[];
}

export type Meter = (r: PricedResource, ctx: MeterContext) => Charges;

/** An input as a number, or `fallback` when it is unset or not a number. */
export function num(v: unknown, fallback: number): number {
  return typeof v === "number" && Number.isFinite(v) ? v : fallback;
}

/** An input as a string, or undefined. */
export function str(v: unknown): string | undefined {
  return typeof v === "string" ? v : undefined;
}

/** An input as a list (unset: empty). */
export function list(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

/** An input as an object (unset: empty). */
export function obj(v: unknown): Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/** `n thing` or `n things`. */
export function count(n: number, thing: string): string {
  return `${n} ${thing}${n === 1 ? "" : "s"}`;
}
