// The shape of the model of AWS's answers: for a resource type, what AWS (and
// pulumi-aws) give back when it is created with these inputs: its id and its
// outputs. Deterministic: every made-up value (ids, random suffixes,
// timestamps) is a hash of the resource's type and name, so two plans print
// the same and the stand-in provider of the engine tests answers the same.
import { createHash } from "crypto";
import { partitionOf } from "../../aws-rules/partition";

export const MOCK_ACCOUNT = "123456789012";

export interface MockContext {
  region: string;
  /**
   * Public hosted zones of the mock account. Unset: every two-label name
   * (`example.com`) has one, which is what `plan` assumes.
   */
  zones?: string[];
}

/** What one answer is asked: the resource as registered, its region, and its physical name (given or made). */
export interface ModelRequest {
  type: string;
  /** The Pulumi name (the URN's last part). */
  name: string;
  inputs: Record<string, any>;
  /** The region the resource is made in (its own `region` input, else the stack's). */
  region: string;
  /** The physical name: the name input, what the provider makes of a prefix, or pulumi-aws's auto-name. */
  physical: string;
  /** The resources of a type the account already holds (created before this one), as inputs and outputs. */
  existing(type: string): { inputs: Record<string, any>; state: Record<string, any> }[];
}

export interface ModelAnswer {
  id: string;
  state: Record<string, any>;
}

export type Answer = (r: ModelRequest) => ModelAnswer;

/** `length` lower-case hex characters, a hash of `seed`. */
export function hex(seed: string, length: number): string {
  let out = "";
  for (let i = 0; out.length < length; i++) out += createHash("sha256").update(i ? `${seed}#${i}` : seed).digest("hex");
  return out.slice(0, length);
}

/** `length` characters of `alphabet`, a hash of `seed`. */
export function fromAlphabet(seed: string, length: number, alphabet: string): string {
  const bytes = Buffer.from(hex(seed, length * 2), "hex");
  return [...bytes].map((b) => alphabet[b % alphabet.length]).join("");
}

export const DIGITS = "0123456789";
export const UPPER_ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
export const LOWER_ALNUM = "abcdefghijklmnopqrstuvwxyz0123456789";
export const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A version-4-shaped UUID (lower-case hex, 8-4-4-4-12), a hash of `seed`. */
export function uuid(seed: string): string {
  const h = hex(seed, 32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${"89ab"[parseInt(h[16], 16) % 4]}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The region's partition (`aws`, `aws-cn`, `aws-us-gov`). */
export const partition = (region: string) => partitionOf(region).partition;

/** The region's DNS suffix (`amazonaws.com`, `amazonaws.com.cn`). */
export const dnsSuffix = (region: string) => partitionOf(region).dnsSuffix;

/** `arn:<partition>:<service>:<region>:<account>:<resource>`; `region` "" for global resources. */
export function arn(region: string, service: string, resource: string, opts: { regionless?: boolean; accountless?: boolean; partitionRegion?: string } = {}): string {
  const P = partition(opts.partitionRegion ?? region);
  return `arn:${P}:${service}:${opts.regionless ? "" : region}:${opts.accountless ? "" : MOCK_ACCOUNT}:${resource}`;
}

/** A fixed instant for timestamps AWS makes at create (a plan cannot know the clock), moved by a hash of `seed`. */
export function timestamp(seed: string): Date {
  const base = Date.UTC(2025, 0, 1);
  const offset = parseInt(hex(seed, 8), 16) % (365 * 24 * 3600 * 1000);
  return new Date(base + offset);
}
