// Lambda event source mappings: SQS queues and DynamoDB/Kinesis streams read by functions.
// Source of every limit here: https://docs.aws.amazon.com/lambda/latest/api/API_CreateEventSourceMapping.html.
import { arnParts, dependenciesOf, type AwsRule, type Finding } from "./rule";

const MAPPING = "aws:lambda/eventSourceMapping:EventSourceMapping";
const TABLE = "aws:dynamodb/table:Table";
const API = "https://docs.aws.amazon.com/lambda/latest/api/API_CreateEventSourceMapping.html";

/** What reads from where: a queue, a stream (DynamoDB or Kinesis), or something else (Kafka, MQ: not judged). */
function kindOf(r: { inputs: Record<string, any>; dependsOn: string[] }, ctx: Parameters<AwsRule["check"]>[1]): "sqs" | "dynamodb" | "kinesis" | undefined {
  const service = arnParts(r.inputs.eventSourceArn)?.service;
  if (service === "sqs" || service === "kinesis" || service === "dynamodb") return service;
  // An ARN not known yet (a preview): a stream ARN of a table of the plan.
  return dependenciesOf(r, ctx, TABLE).length ? "dynamodb" : undefined;
}

/** Options only stream sources take, with their ranges. */
const STREAM_ONLY: { input: string; ok(v: any): boolean; what: string }[] = [
  { input: "bisectBatchOnFunctionError", ok: (v) => typeof v === "boolean", what: "true or false" },
  { input: "maximumRetryAttempts", ok: (v) => Number.isInteger(v) && v >= -1 && v <= 10000, what: "-1 (forever) to 10,000" },
  { input: "maximumRecordAgeInSeconds", ok: (v) => Number.isInteger(v) && (v === -1 || (v >= 60 && v <= 604800)), what: "-1 (forever) or 60 to 604,800" },
  { input: "parallelizationFactor", ok: (v) => Number.isInteger(v) && v >= 1 && v <= 10, what: "1 to 10" },
  { input: "tumblingWindowInSeconds", ok: (v) => Number.isInteger(v) && v >= 0 && v <= 900, what: "0 to 900" },
  { input: "destinationConfig", ok: () => true, what: "" },
];

export const EVENT_SOURCE_RULES: AwsRule[] = [
  {
    id: "lambda/event-source-batching",
    types: [MAPPING],
    summary: "Batches are 1 to 10,000 records (queues and streams); a queue's batch over 10 needs a batching window of at least 1 second; the window is 0 to 300 seconds",
    source: `${API} (BatchSize, MaximumBatchingWindowInSeconds)`,
    check(r, ctx) {
      const kind = kindOf(r, ctx);
      if (!kind) return [];
      const out: Finding[] = [];
      const size = r.inputs.batchSize;
      if (typeof size === "number" && (!Number.isInteger(size) || size < 1 || size > 10000)) out.push({ input: "batchSize", message: `a batch is 1 to 10,000 records, not ${size}` });
      const window = r.inputs.maximumBatchingWindowInSeconds;
      if (typeof window === "number" && (window < 0 || window > 300)) out.push({ input: "maximumBatchingWindowInSeconds", message: `a batching window is 0 to 300 seconds, not ${window}` });
      if (kind === "sqs" && typeof size === "number" && size > 10 && !(typeof window === "number" && window >= 1)) {
        out.push({ input: "maximumBatchingWindowInSeconds", message: `a queue's batch of more than 10 messages (${size}) needs a batching window of at least 1 second` });
      }
      return out;
    },
    examples: {
      pass: [{ inputs: { eventSourceArn: "arn:aws:sqs:us-east-1:123456789012:jobs", functionName: "f", batchSize: 100, maximumBatchingWindowInSeconds: 5 } }],
      fail: [{ inputs: { eventSourceArn: "arn:aws:sqs:us-east-1:123456789012:jobs", functionName: "f", batchSize: 100 } }],
    },
  },
  {
    id: "lambda/event-source-starting-position",
    types: [MAPPING],
    summary: "A stream source needs a starting position (TRIM_HORIZON or LATEST; AT_TIMESTAMP for Kinesis only); a queue takes none",
    source: `${API} (StartingPosition: required for Amazon Kinesis and Amazon DynamoDB Streams sources; AT_TIMESTAMP supported only for Amazon Kinesis streams)`,
    check(r, ctx) {
      const kind = kindOf(r, ctx);
      const position = r.inputs.startingPosition;
      if (kind === "sqs") return position !== undefined ? [{ input: "startingPosition", message: "a queue source takes no starting position (streams do)" }] : [];
      if (kind !== "dynamodb" && kind !== "kinesis") return [];
      const allowed = kind === "kinesis" ? ["TRIM_HORIZON", "LATEST", "AT_TIMESTAMP"] : ["TRIM_HORIZON", "LATEST"];
      if (position === undefined) return [{ input: "startingPosition", message: `a ${kind === "dynamodb" ? "DynamoDB" : "Kinesis"} stream source needs a starting position: ${allowed.join(" or ")}` }];
      return allowed.includes(position) ? [] : [{ input: "startingPosition", message: `${JSON.stringify(position)} is not ${allowed.join(", ")}` }];
    },
    examples: {
      pass: [{ inputs: { eventSourceArn: "arn:aws:dynamodb:us-east-1:123456789012:table/orders/stream/2025-01-01T00:00:00.000", functionName: "f", startingPosition: "LATEST" } }],
      fail: [{ inputs: { eventSourceArn: "arn:aws:dynamodb:us-east-1:123456789012:table/orders/stream/2025-01-01T00:00:00.000", functionName: "f" } }],
    },
  },
  {
    id: "lambda/event-source-stream-options",
    types: [MAPPING],
    summary: "Retry attempts, record age, bisecting, parallelization, tumbling windows and on-failure destinations are for stream sources only, each in its range",
    source: `${API} (Kinesis and DynamoDB Streams only: BisectBatchOnFunctionError, MaximumRecordAgeInSeconds, MaximumRetryAttempts, ParallelizationFactor, TumblingWindowInSeconds, DestinationConfig)`,
    check(r, ctx) {
      const kind = kindOf(r, ctx);
      if (!kind) return [];
      return STREAM_ONLY.flatMap(({ input, ok, what }) => {
        const v = r.inputs[input];
        if (v === undefined) return [];
        if (kind === "sqs") return [{ input, message: `${input} is for stream sources; a queue source takes none` }];
        return ok(v) ? [] : [{ input, message: `${input} is ${what}, not ${JSON.stringify(v)}` }];
      });
    },
    examples: {
      pass: [{ inputs: { eventSourceArn: "arn:aws:kinesis:us-east-1:123456789012:stream/clicks", functionName: "f", startingPosition: "LATEST", parallelizationFactor: 2, maximumRetryAttempts: 3 } }],
      fail: [{ inputs: { eventSourceArn: "arn:aws:sqs:us-east-1:123456789012:jobs", functionName: "f", maximumRetryAttempts: 3 } }],
    },
  },
  {
    id: "lambda/event-source-response-types",
    types: [MAPPING],
    summary: "The only function response type is ReportBatchItemFailures (partial batch failures), for queue and stream sources",
    source: `${API} (FunctionResponseTypes: ReportBatchItemFailures; Kinesis, DynamoDB Streams and Amazon SQS)`,
    check(r) {
      const types = r.inputs.functionResponseTypes;
      if (types === undefined) return [];
      const bad = (Array.isArray(types) ? types : [types]).filter((t) => t !== "ReportBatchItemFailures");
      return bad.length ? [{ input: "functionResponseTypes", message: `${bad.map((t) => JSON.stringify(t)).join(", ")} is not ReportBatchItemFailures` }] : [];
    },
    examples: {
      pass: [{ inputs: { eventSourceArn: "arn:aws:sqs:us-east-1:123456789012:jobs", functionName: "f", functionResponseTypes: ["ReportBatchItemFailures"] } }],
      fail: [{ inputs: { eventSourceArn: "arn:aws:sqs:us-east-1:123456789012:jobs", functionName: "f", functionResponseTypes: ["PartialBatch"] } }],
    },
  },
  {
    id: "lambda/event-source-duplicate",
    types: [MAPPING],
    summary: "A function reads a queue or stream through one event source mapping: a second one of the same source and function is refused",
    source: `${API} (ResourceConflictException: "An event source mapping with SQS arn ... and function ... already exists"; as reported in aws/chalice#2146 and getlift/lift#295)`,
    check(r, ctx) {
      const source = r.inputs.eventSourceArn;
      const fn = r.inputs.functionName;
      if (typeof source !== "string" || typeof fn !== "string") return [];
      const other = ctx.resources.find((x) => x !== r && x.type === MAPPING && x.inputs.eventSourceArn === source && x.inputs.functionName === fn);
      return other ? [{ input: "eventSourceArn", message: `${fn} reads ${source} through ${other.name} too; a function has one event source mapping per source` }] : [];
    },
    examples: {
      pass: [{ name: "b", inputs: { eventSourceArn: "arn:aws:sqs:us-east-1:123456789012:jobs", functionName: "g" } }, { type: MAPPING, name: "a", inputs: { eventSourceArn: "arn:aws:sqs:us-east-1:123456789012:jobs", functionName: "f" } }],
      fail: [{ name: "b", inputs: { eventSourceArn: "arn:aws:sqs:us-east-1:123456789012:jobs", functionName: "f" } }, { type: MAPPING, name: "a", inputs: { eventSourceArn: "arn:aws:sqs:us-east-1:123456789012:jobs", functionName: "f" } }],
    },
  },
  {
    id: "lambda/table-stream",
    types: [MAPPING],
    summary: "A function reads a table's changes only when the table has its stream enabled",
    source: "https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Streams.Lambda.html (enable a stream on the table, then map it to the function); https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_StreamSpecification.html",
    check(r, ctx) {
      if (kindOf(r, ctx) !== "dynamodb") return [];
      return dependenciesOf(r, ctx, TABLE).filter((t) => t.inputs.streamEnabled !== true)
        .map((t) => ({ input: "eventSourceArn", message: `table ${t.name} has no stream: set streamEnabled and a streamViewType on it` }));
    },
    examples: {
      pass: [{ inputs: { functionName: "f", startingPosition: "LATEST" }, dependsOn: ["t"] }, { type: TABLE, name: "t", inputs: { streamEnabled: true, streamViewType: "NEW_IMAGE" } }],
      fail: [{ inputs: { functionName: "f", startingPosition: "LATEST" }, dependsOn: ["t"] }, { type: TABLE, name: "t", inputs: {} }],
    },
  },
];
