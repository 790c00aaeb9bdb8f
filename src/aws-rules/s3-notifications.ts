// S3 bucket notifications: the events a bucket sends to functions, queues and topics.
import { arnParts, asArray, isObject, type AwsRule, type Finding } from "./rule";
import { oneEach } from "./storage";

const NOTIFICATION = "aws:s3/bucketNotification:BucketNotification";

/** The event types S3 sends (https://docs.aws.amazon.com/AmazonS3/latest/userguide/notification-how-to-event-types-and-destinations.html). */
export const S3_EVENT_TYPES = [
  "s3:ObjectCreated:*", "s3:ObjectCreated:Put", "s3:ObjectCreated:Post", "s3:ObjectCreated:Copy", "s3:ObjectCreated:CompleteMultipartUpload",
  "s3:ObjectRemoved:*", "s3:ObjectRemoved:Delete", "s3:ObjectRemoved:DeleteMarkerCreated",
  "s3:ObjectRestore:*", "s3:ObjectRestore:Post", "s3:ObjectRestore:Completed", "s3:ObjectRestore:Delete",
  "s3:ReducedRedundancyLostObject",
  "s3:Replication:*", "s3:Replication:OperationFailedReplication", "s3:Replication:OperationMissedThreshold", "s3:Replication:OperationReplicatedAfterThreshold", "s3:Replication:OperationNotTracked",
  "s3:LifecycleExpiration:*", "s3:LifecycleExpiration:Delete", "s3:LifecycleExpiration:DeleteMarkerCreated", "s3:LifecycleTransition",
  "s3:IntelligentTiering", "s3:ObjectTagging:*", "s3:ObjectTagging:Put", "s3:ObjectTagging:Delete", "s3:ObjectAcl:Put",
] as const;

/** One of S3's event types. */
export type S3EventType = (typeof S3_EVENT_TYPES)[number];

interface Destination { input: string; events: string[]; prefix: string; suffix: string; arn: unknown }

/** Every destination of a notification configuration, with where it is in the inputs. */
function destinations(inputs: Record<string, any>): Destination[] {
  return (["lambdaFunctions", "queues", "topics"] as const).flatMap((list) => asArray(inputs[list]).map((d, i) => ({
    input: `${list}.${i}`,
    events: asArray<string>(isObject(d) ? d.events : []),
    prefix: isObject(d) && typeof d.filterPrefix === "string" ? d.filterPrefix : "",
    suffix: isObject(d) && typeof d.filterSuffix === "string" ? d.filterSuffix : "",
    arn: isObject(d) ? d.lambdaFunctionArn ?? d.queueArn ?? d.topicArn : undefined,
  })));
}

/** `s3:ObjectCreated:*` covers every `s3:ObjectCreated:...`. */
const eventsOverlap = (a: string, b: string) => a === b || (a.endsWith(":*") && b.startsWith(a.slice(0, -1))) || (b.endsWith(":*") && a.startsWith(b.slice(0, -1)));
/** Two prefixes overlap when one starts with the other (an empty one matches every key); suffixes likewise at the end. */
const prefixesOverlap = (a: string, b: string) => a.startsWith(b) || b.startsWith(a);
const suffixesOverlap = (a: string, b: string) => a.endsWith(b) || b.endsWith(a);

/** The event type two destinations share for overlapping keys (S3 refuses the configuration then), or undefined. */
export function overlappingEvent(a: Pick<Destination, "events" | "prefix" | "suffix">, b: Pick<Destination, "events" | "prefix" | "suffix">): string | undefined {
  const shared = a.events.find((e) => b.events.some((f) => eventsOverlap(e, f)));
  return shared && prefixesOverlap(a.prefix, b.prefix) && suffixesOverlap(a.suffix, b.suffix) ? shared : undefined;
}

export const S3_NOTIFICATION_RULES: AwsRule[] = [
  {
    id: "s3/notification-events",
    types: [NOTIFICATION],
    summary: "Each destination names S3's event types; queues and topics are standard ones (S3 does not deliver to FIFO queues or topics)",
    source: "https://docs.aws.amazon.com/AmazonS3/latest/userguide/notification-how-to-event-types-and-destinations.html (event types; FIFO queues and topics are not supported destinations)",
    check(r) {
      const out: Finding[] = [];
      for (const d of destinations(r.inputs)) {
        if (d.events.length === 0) out.push({ input: `${d.input}.events`, message: "a destination names at least one event type" });
        const unknown = d.events.filter((e) => !(S3_EVENT_TYPES as readonly string[]).includes(e));
        if (unknown.length) out.push({ input: `${d.input}.events`, message: `${unknown.map((e) => JSON.stringify(e)).join(", ")} is not an S3 event type (such as s3:ObjectCreated:*)` });
        const service = arnParts(d.arn)?.service;
        if ((service === "sqs" || service === "sns") && String(d.arn).endsWith(".fifo")) out.push({ input: d.input, message: `S3 does not deliver to FIFO ${service === "sqs" ? "queues" : "topics"}; use a standard one` });
      }
      return out;
    },
    examples: {
      pass: [{ inputs: { bucket: "b", lambdaFunctions: [{ lambdaFunctionArn: "arn:aws:lambda:us-east-1:123456789012:function:f", events: ["s3:ObjectCreated:*"] }] } }],
      fail: [{ inputs: { bucket: "b", queues: [{ queueArn: "arn:aws:sqs:us-east-1:123456789012:jobs.fifo", events: ["s3:ObjectCreated"] }] } }],
    },
  },
  {
    id: "s3/notification-overlap",
    types: [NOTIFICATION],
    summary: "Two destinations of a bucket may not share an event type with overlapping prefix and suffix filters",
    source: "https://docs.aws.amazon.com/AmazonS3/latest/userguide/notification-how-to-filtering.html (overlapping prefixes and suffixes for the same event type are invalid: 'Configurations overlap')",
    check(r) {
      const all = destinations(r.inputs);
      const out: Finding[] = [];
      all.forEach((a, i) => {
        for (const b of all.slice(i + 1)) {
          const shared = overlappingEvent(a, b);
          if (shared) {
            out.push({ input: b.input, message: `${b.input} and ${a.input} both get ${shared} for overlapping keys (prefixes ${JSON.stringify(a.prefix)}/${JSON.stringify(b.prefix)}, suffixes ${JSON.stringify(a.suffix)}/${JSON.stringify(b.suffix)}); S3 refuses overlapping configurations` });
          }
        }
      });
      return out;
    },
    examples: {
      pass: [{ inputs: { bucket: "b", lambdaFunctions: [
        { lambdaFunctionArn: "arn:aws:lambda:us-east-1:123456789012:function:images", events: ["s3:ObjectCreated:*"], filterPrefix: "images/" },
        { lambdaFunctionArn: "arn:aws:lambda:us-east-1:123456789012:function:docs", events: ["s3:ObjectCreated:*"], filterPrefix: "docs/" },
      ] } }],
      fail: [{ inputs: { bucket: "b", lambdaFunctions: [
        { lambdaFunctionArn: "arn:aws:lambda:us-east-1:123456789012:function:all", events: ["s3:ObjectCreated:*"] },
        { lambdaFunctionArn: "arn:aws:lambda:us-east-1:123456789012:function:jpg", events: ["s3:ObjectCreated:Put"], filterSuffix: ".jpg" },
      ] } }],
    },
  },
  {
    id: "s3/one-notification-configuration",
    types: [NOTIFICATION],
    summary: "A bucket has one notification configuration: a second resource for it replaces the first's",
    source: "https://docs.aws.amazon.com/AmazonS3/latest/API/API_PutBucketNotificationConfiguration.html (replaces the bucket's whole configuration); terraform-provider-aws website/docs/r/s3_bucket_notification.html.markdown (one resource per bucket)",
    check: oneEach(NOTIFICATION, "a notification configuration"),
    examples: { pass: [{ inputs: { bucket: "b" } }], fail: [{ inputs: { bucket: "b" } }, { type: NOTIFICATION, name: "twin", inputs: { bucket: "b" } }] },
  },
];
