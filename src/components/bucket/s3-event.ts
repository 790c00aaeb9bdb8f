// A workload's event of type `s3`: an object change in a bucket of the stack
// invokes the function. The bucket makes its one notification configuration
// from every such event, and an invoke permission per function (index.ts);
// here: the event's properties (the function's `events` union imports them),
// and the rules over a bucket's events judged together.
import type { Problem } from "../../shared/messages/problem";
import type { IncomingEvent } from "../../shared/component/resource-definition";
import { overlappingEvent, type S3EventType } from "../../aws-rules/s3-notifications";

/** Which keys invoke the function. */
export interface S3EventFilterRule {
  /**
   * Only keys starting with this.
   * @example "uploads/"
   */
  prefix?: string;
  /**
   * Only keys ending with this.
   * @example ".jpg"
   */
  suffix?: string;
}

/** Where an S3 event comes from: the bucket, the kind of change, the keys. */
export interface FunctionS3EventProperties {
  /** Name of the `bucket` resource of this stack whose object changes invoke the function. */
  bucketName: string;
  /**
   * The change that invokes it (S3's event types; `:*` covers every kind of it).
   * @example "s3:ObjectCreated:*"
   */
  s3EventType: S3EventType;
  /** Only keys that match (both, when both are given). */
  filterRule?: S3EventFilterRule;
}

/** An object change in a bucket of the stack (the bucket's notification, and an invoke permission for S3). */
export interface FunctionS3Event {
  type: "s3";
  properties: FunctionS3EventProperties;
}

/** The event kind: `{type: s3, properties: {bucketName, s3EventType, filterRule}}`. */
export const S3_EVENT = { eventType: "s3", nameField: "bucketName" } as const;

/** An event's destination as S3 judges overlaps: its event type and key filter. */
export function s3Destination(p: Record<string, unknown>): { events: string[]; prefix: string; suffix: string } | undefined {
  if (typeof p.s3EventType !== "string") return undefined;
  const filter = typeof p.filterRule === "object" && p.filterRule !== null ? (p.filterRule as Record<string, unknown>) : {};
  const text = (v: unknown) => (typeof v === "string" ? v : undefined);
  const prefix = text(filter.prefix);
  const suffix = text(filter.suffix);
  if ((filter.prefix !== undefined && prefix === undefined) || (filter.suffix !== undefined && suffix === undefined)) return undefined;
  return { events: [p.s3EventType], prefix: prefix ?? "", suffix: suffix ?? "" };
}

/**
 * A bucket's events judged together: two that share an event type for
 * overlapping keys are refused, as S3 refuses the configuration
 * (https://docs.aws.amazon.com/AmazonS3/latest/userguide/notification-how-to-filtering.html,
 * "Configurations overlap"); the later event is named.
 */
export function s3EventProblems(bucket: { name: string }, events: IncomingEvent[]): { resource: string; problem: Problem }[] {
  const out: { resource: string; problem: Problem }[] = [];
  const known = events.flatMap((e) => {
    const d = s3Destination(e.properties);
    return d ? [{ e, d }] : [];
  });
  known.forEach(({ e, d }, i) => {
    const earlier = known.slice(0, i).find((k) => overlappingEvent(k.d, d));
    if (!earlier) return;
    const shared = overlappingEvent(earlier.d, d);
    const other = earlier.e.source === e.source ? "another event of this function" : `an event of '${earlier.e.source}'`;
    out.push({
      resource: e.source,
      problem: {
        path: [...e.at, "s3EventType"],
        message: `${shared} on bucket '${bucket.name}' for keys that ${other} gets too (prefixes ${JSON.stringify(earlier.d.prefix)}/${JSON.stringify(d.prefix)}, suffixes ${JSON.stringify(earlier.d.suffix)}/${JSON.stringify(d.suffix)}); S3 refuses overlapping notification configurations`,
        hint: "give them prefixes or suffixes that do not overlap, or different event types",
      },
    });
  });
  return out;
}

/** An event as `diff` lists it: `s3:ObjectCreated:* on uploads`. */
export function describeS3Event(p: Record<string, unknown>): string {
  const d = s3Destination(p);
  const keys = d && (d.prefix || d.suffix) ? ` (keys ${d.prefix}*${d.suffix})` : "";
  return `${String(p.s3EventType)} on ${String(p.bucketName)}${keys}`;
}
