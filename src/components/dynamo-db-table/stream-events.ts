// Functions reading a table's stream (a stack file's `dynamo-db-stream`
// events): the event kind as its table judges and describes it (no Pulumi:
// validate reads it). What Lambda refuses of a mapping is the catalog's
// (aws-rules/event-sources.ts, each entry with its source): the events are
// made into the event source mappings `plan` would register and judged by
// those entries, each finding placed at the event's field.
import type { IncomingEvent } from "../../shared/component/resource-definition";
import type { Problem } from "../../shared/messages/problem";
import type { AwsRule, PlannedResource } from "../../aws-rules/rule";
import { EVENT_SOURCE_RULES } from "../../aws-rules/event-sources";

/** The event kind, and the field naming the table. */
export const STREAM_EVENT = { eventType: "dynamo-db-stream", nameField: "dynamoDbTableName" } as const;

/**
 * Where reading starts when the event says nothing: the oldest record the
 * stream keeps (24 hours), so the writes between the table's creation and the
 * mapping's are read too. Lambda requires one for a stream
 * (https://docs.aws.amazon.com/lambda/latest/api/API_CreateEventSourceMapping.html, StartingPosition).
 */
export const DEFAULT_STARTING_POSITION = "TRIM_HORIZON";
/** Records per batch when the event says nothing: Lambda's default for DynamoDB streams (https://docs.aws.amazon.com/lambda/latest/dg/services-ddb-params.html). */
export const DEFAULT_BATCH_SIZE = 100;

/** The event's fields and the event source mapping's inputs they become (pulumi-aws names). */
export const STREAM_EVENT_INPUTS = {
  batchSize: "batchSize",
  startingPosition: "startingPosition",
  maxBatchWindowSeconds: "maximumBatchingWindowInSeconds",
  maximumRetryAttempts: "maximumRetryAttempts",
  bisectBatchOnFunctionError: "bisectBatchOnFunctionError",
} as const;

const MAPPING = "aws:lambda/eventSourceMapping:EventSourceMapping";
const REGION = "us-east-1";
// The starting position is the schema's enum (TRIM_HORIZON or LATEST, defaulted): lambda/event-source-starting-position judges it at plan.
const MAPPING_RULES: AwsRule[] = EVENT_SOURCE_RULES.filter((r) => [
  "lambda/event-source-batching", "lambda/event-source-stream-options", "lambda/event-source-duplicate",
].includes(r.id));

/** A stream's ARN as AWS gives it, for the catalog's rules (the service decides which ranges apply). */
const streamArnOf = (table: string) => `arn:aws:dynamodb:${REGION}:000000000000:table/${table}/stream/2025-01-01T00:00:00.000`;

/** The mapping's inputs from the event's plain fields (a value not known yet is left out: never judged). */
export function streamMappingInputs(p: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { startingPosition: DEFAULT_STARTING_POSITION, batchSize: DEFAULT_BATCH_SIZE };
  for (const [field, input] of Object.entries(STREAM_EVENT_INPUTS)) {
    const v = p[field];
    if (typeof v === "number" || typeof v === "boolean" || typeof v === "string") out[input] = v;
  }
  return out;
}

const fieldOfInput = (input: string) => Object.entries(STREAM_EVENT_INPUTS).find(([, i]) => i === input)?.[0];

/**
 * The `dynamo-db-stream` events naming a table: refused when the table has no
 * stream (nothing to read; lambda/table-stream judges the same at plan), and
 * judged as their event source mappings (batch sizes, windows, starting
 * positions, retries, one mapping per function and stream).
 */
export function streamEventProblems(table: { name: string; props: Record<string, unknown> }, events: IncomingEvent[]): { resource: string; problem: Problem }[] {
  const streamless = table.props.streamType !== undefined ? [] : events.map((e) => ({
    resource: e.source,
    problem: {
      path: [...e.at, STREAM_EVENT.nameField],
      message: `dynamo-db-table '${table.name}' has no stream to read; Lambda reads a table's changes only from its stream (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Streams.Lambda.html)`,
      hint: `set streamType on '${table.name}' (KEYS_ONLY, NEW_IMAGE, OLD_IMAGE or NEW_AND_OLD_IMAGES)`,
    },
  }));
  const at = new Map<PlannedResource, IncomingEvent>();
  const resources: PlannedResource[] = events.map((e) => {
    const r: PlannedResource = {
      type: MAPPING, name: `${e.source}-${String(e.at[1])}`, parent: null, region: REGION, dependsOn: [],
      inputs: { eventSourceArn: streamArnOf(table.name), functionName: e.source, ...streamMappingInputs(e.properties) },
    };
    at.set(r, e);
    return r;
  });
  const ctx = { resources, region: REGION, quotas: {} };
  return [...streamless, ...resources.flatMap((r) => MAPPING_RULES.flatMap((rule) => rule.check(r, ctx, rule.quota?.default ?? Infinity).flatMap((f) => {
    const e = at.get(r)!;
    if (rule.id === "lambda/event-source-duplicate") {
      // Refused at the second event, not at both.
      if (resources.find((x) => x.inputs.functionName === e.source) === r) return [];
      return [{ resource: e.source, problem: { path: [...e.at, STREAM_EVENT.nameField], message: `function '${e.source}' already reads the stream of '${table.name}' through another dynamo-db-stream event; Lambda refuses a second event source mapping of the same stream and function`, hint: "remove one of them" } }];
    }
    return [{ resource: e.source, problem: { path: [...e.at, fieldOfInput(f.input) ?? STREAM_EVENT.nameField], message: f.message } }];
  })))];
}

/** An event as `diff` lists it: `stream of orders`. */
export function describeStreamEvent(p: Record<string, unknown>): string {
  return `stream of table ${String(p.dynamoDbTableName)}`;
}
