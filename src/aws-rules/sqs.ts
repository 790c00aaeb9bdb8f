// SQS queues, their dead-letter queues, and the Lambda event sources that read them.
import { arnParts, isObject, parseJson, type AwsRule, type Finding, type PlannedResource } from "./rule";

const QUEUE = "aws:sqs/queue:Queue";
const REDRIVE = "aws:sqs/redrivePolicy:RedrivePolicy";
const POLICY = "aws:sqs/queuePolicy:QueuePolicy";
const MAPPING = "aws:lambda/eventSourceMapping:EventSourceMapping";
const FUNCTION = "aws:lambda/function:Function";

/** A queue attribute AWS takes in a range (https://docs.aws.amazon.com/AWSSimpleQueueService/latest/APIReference/API_SetQueueAttributes.html). */
const RANGES: { input: string; min: number; max: number; what: string }[] = [
  { input: "delaySeconds", min: 0, max: 900, what: "a delay is 0 to 900 seconds" },
  // Raised from 262,144 (256 KiB) to 1,048,576 (1 MiB) in 2025; @pulumi/aws 7 documents the new maximum.
  { input: "maxMessageSize", min: 1024, max: 1048576, what: "a maximum message size is 1,024 to 1,048,576 bytes (1 KiB to 1 MiB)" },
  { input: "messageRetentionSeconds", min: 60, max: 1209600, what: "retention is 60 seconds to 1,209,600 (14 days)" },
  { input: "receiveWaitTimeSeconds", min: 0, max: 20, what: "long polling waits 0 to 20 seconds" },
  { input: "visibilityTimeoutSeconds", min: 0, max: 43200, what: "a visibility timeout is 0 to 43,200 seconds (12 hours)" },
];

/** Whether a queue (by its ARN, URL or name) is FIFO: its name ends with .fifo (https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/FIFO-queues.html). */
export const isFifoQueueRef = (v: unknown) => typeof v === "string" && v.endsWith(".fifo");

/** The redrive policy's findings for a queue that is FIFO or not. */
function redriveFindings(policy: unknown, input: string, queueFifo: boolean | undefined, region: string): Finding[] {
  if (policy === undefined || policy === "") return [];
  const parsed = parseJson(policy);
  if (!parsed.ok || !isObject(parsed.value)) return [{ input, message: "a redrive policy is a JSON object with deadLetterTargetArn and maxReceiveCount" }];
  const p = parsed.value;
  const out: Finding[] = [];
  const count = Number(p.maxReceiveCount);
  if (!Number.isInteger(count) || count < 1 || count > 1000) out.push({ input, message: `maxReceiveCount is 1 to 1,000, not ${JSON.stringify(p.maxReceiveCount)}` });
  const dlq = arnParts(p.deadLetterTargetArn);
  if (!dlq || dlq.service !== "sqs") {
    out.push({ input, message: "deadLetterTargetArn is the ARN of an SQS queue" });
    return out;
  }
  if (dlq.region && dlq.region !== region) out.push({ input, message: `the dead-letter queue is in ${dlq.region}; it must be in the queue's region, ${region}` });
  if (queueFifo !== undefined && queueFifo !== isFifoQueueRef(p.deadLetterTargetArn)) {
    out.push({ input, message: queueFifo ? "the dead-letter queue of a FIFO queue must be a FIFO queue" : "the dead-letter queue of a standard queue must be a standard queue" });
  }
  return out;
}

/** Whether the planned queue is FIFO (its input, or its given name). */
const queueIsFifo = (q: PlannedResource) => q.inputs.fifoQueue === true || isFifoQueueRef(q.inputs.name);

export const SQS_RULES: AwsRule[] = [
  {
    id: "sqs/name-prefix",
    types: [QUEUE],
    summary: "A queue's name prefix gets 26 unique characters (and .fifo) from the provider; the whole name is at most 80 letters, digits, _ and -",
    source: "terraform-provider-aws internal/service/sqs/queue.go (create.NameWithSuffix, resourceQueueCustomizeDiff); terraform-plugin-sdk helper/id (UniqueIDSuffixLength = 26)",
    check(r) {
      const p = r.inputs.namePrefix;
      if (typeof p !== "string") return [];
      const fifo = r.inputs.fifoQueue === true;
      const max = fifo ? 75 : 80;
      if (!/^[A-Za-z0-9_-]*$/.test(p)) return [{ input: "namePrefix", message: "a queue name prefix may hold only letters, digits, _ and -" }];
      return p.length + 26 > max ? [{ input: "namePrefix", message: `a name prefix of ${p.length} characters makes a ${p.length + 26}-character name${fifo ? " before .fifo" : ""}; SQS takes ${max}, so the prefix is at most ${max - 26}` }] : [];
    },
    examples: { pass: [{ inputs: { namePrefix: "web-revalidation-", fifoQueue: true } }], fail: [{ inputs: { namePrefix: `${"w".repeat(40)}-revalidation-`, fifoQueue: true } }] },
  },
  {
    id: "sqs/queue-attributes",
    types: [QUEUE],
    summary: "A queue's delay is 0-900 s, maximum message size 1 KiB-1 MiB, retention 60 s-14 days, long polling 0-20 s, visibility timeout 0-12 hours",
    source: "https://docs.aws.amazon.com/AWSSimpleQueueService/latest/APIReference/API_SetQueueAttributes.html; @pulumi/aws 7 sqs.Queue maxMessageSize (1,024 to 1,048,576 bytes)",
    check(r) {
      return RANGES.flatMap(({ input, min, max, what }) => {
        const v = r.inputs[input];
        return typeof v === "number" && (!Number.isInteger(v) || v < min || v > max) ? [{ input, message: `${what}, not ${v}` }] : [];
      });
    },
    examples: { pass: [{ inputs: { visibilityTimeoutSeconds: 180, maxMessageSize: 1048576, receiveWaitTimeSeconds: 20 } }], fail: [{ inputs: { receiveWaitTimeSeconds: 30, maxMessageSize: 2097152 } }] },
  },
  {
    id: "sqs/fifo-only-attributes",
    types: [QUEUE],
    summary: "Content-based deduplication, deduplication scope and FIFO throughput limit are set on FIFO queues only",
    source: "terraform-provider-aws internal/service/sqs/queue.go (resourceQueueCustomizeDiff: content-based deduplication can only be set for FIFO queue); https://docs.aws.amazon.com/AWSSimpleQueueService/latest/APIReference/API_SetQueueAttributes.html (apply only to FIFO queues)",
    check(r) {
      if (queueIsFifo(r)) return [];
      return ["contentBasedDeduplication", "deduplicationScope", "fifoThroughputLimit"]
        .filter((k) => r.inputs[k] !== undefined && r.inputs[k] !== false)
        .map((k) => ({ input: k, message: `${k} applies to FIFO queues only; this queue is standard` }));
    },
    examples: { pass: [{ inputs: { fifoQueue: true, contentBasedDeduplication: true } }], fail: [{ inputs: { contentBasedDeduplication: true } }] },
  },
  {
    id: "sqs/redrive-policy",
    types: [QUEUE, REDRIVE],
    summary: "A redrive policy names an SQS queue in the same region, of the same kind (FIFO or standard), with maxReceiveCount 1 to 1,000",
    source: "https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/sqs-dead-letter-queues.html (the dead-letter queue of a FIFO queue must also be a FIFO queue, of a standard queue a standard queue; same account and region); https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/sqs-configure-dead-letter-queue.html (maximum receives 1 to 1,000)",
    check(r, ctx) {
      if (r.type === QUEUE) return redriveFindings(r.inputs.redrivePolicy, "redrivePolicy", queueIsFifo(r), r.region);
      const url = r.inputs.queueUrl;
      return redriveFindings(r.inputs.redrivePolicy, "redrivePolicy", typeof url === "string" ? isFifoQueueRef(url) : undefined, r.region ?? ctx.region);
    },
    examples: {
      pass: [{ inputs: { fifoQueue: true, redrivePolicy: "{\"deadLetterTargetArn\":\"arn:aws:sqs:us-east-1:123456789012:jobs-dlq.fifo\",\"maxReceiveCount\":5}" } }],
      fail: [{ inputs: { fifoQueue: true, redrivePolicy: "{\"deadLetterTargetArn\":\"arn:aws:sqs:us-east-1:123456789012:jobs-dlq\",\"maxReceiveCount\":0}" } }],
    },
  },
  {
    id: "sqs/event-source-visibility",
    types: [MAPPING],
    summary: "A queue read by a Lambda function must keep messages invisible at least as long as the function may run",
    source: "https://docs.aws.amazon.com/lambda/latest/dg/services-sqs-configure.html; the API's 'Queue visibility timeout: 30 seconds is less than Function timeout: 60 seconds' (terraform-provider-aws#18099)",
    check(r, ctx) {
      const queue = ctx.resources.find((x) => x.type === QUEUE && r.dependsOn.includes(x.name));
      const fn = ctx.resources.find((x) => x.type === FUNCTION && r.dependsOn.includes(x.name));
      if (!queue || !fn) return [];
      const visibility = queue.inputs.visibilityTimeoutSeconds ?? 30;
      const timeout = fn.inputs.timeout ?? 3;
      return visibility < timeout ? [{ input: "eventSourceArn", message: `queue ${queue.name} hides a message for ${visibility} s, less than function ${fn.name}'s timeout of ${timeout} s` }] : [];
    },
    examples: {
      pass: [{ inputs: {}, dependsOn: ["q", "f"] }, { type: QUEUE, name: "q", inputs: { visibilityTimeoutSeconds: 60 } }, { type: FUNCTION, name: "f", inputs: { timeout: 60 } }],
      fail: [{ inputs: {}, dependsOn: ["q", "f"] }, { type: QUEUE, name: "q", inputs: {} }, { type: FUNCTION, name: "f", inputs: { timeout: 60 } }],
    },
  },
  {
    id: "sqs/fifo-batch-size",
    types: [MAPPING],
    summary: "A Lambda event source on a FIFO queue takes batches of 1 to 10 and no batching window",
    source: "https://docs.aws.amazon.com/lambda/latest/dg/services-sqs-parameters.html",
    check(r, ctx) {
      const queue = ctx.resources.find((x) => x.type === QUEUE && r.dependsOn.includes(x.name));
      const fifo = queue ? queueIsFifo(queue) : isFifoQueueRef(r.inputs.eventSourceArn);
      if (!fifo) return [];
      const out = [];
      const size = r.inputs.batchSize ?? 10;
      if (size < 1 || size > 10) out.push({ input: "batchSize", message: `a FIFO queue's batches are 1 to 10 messages, not ${size}` });
      if (r.inputs.maximumBatchingWindowInSeconds) out.push({ input: "maximumBatchingWindowInSeconds", message: "a FIFO queue takes no batching window" });
      return out;
    },
    examples: {
      pass: [{ inputs: { batchSize: 5 }, dependsOn: ["q"] }, { type: QUEUE, name: "q", inputs: { fifoQueue: true } }],
      fail: [{ inputs: { batchSize: 50 }, dependsOn: ["q"] }, { type: QUEUE, name: "q", inputs: { fifoQueue: true } }],
    },
  },
  {
    id: "sqs/queue-policy",
    types: [POLICY],
    summary: "A queue's policy is a JSON document with Statement: at most 8,192 bytes and 20 statements",
    source: "https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/quotas-policies.html (bytes 8,192; statements 20)",
    check(r) {
      const text = typeof r.inputs.policy === "string" ? r.inputs.policy : JSON.stringify(r.inputs.policy);
      if (text === undefined) return [];
      const parsed = parseJson(text);
      const statements = parsed.ok && isObject(parsed.value) ? parsed.value.Statement : undefined;
      if (!Array.isArray(statements)) return [{ input: "policy", message: "the policy is not a JSON document with Statement" }];
      const out: Finding[] = [];
      const bytes = Buffer.byteLength(text);
      if (bytes > 8192) out.push({ input: "policy", message: `the policy is ${bytes} bytes; SQS takes 8,192` });
      if (statements.length > 20) out.push({ input: "policy", message: `the policy has ${statements.length} statements; SQS takes 20` });
      return out;
    },
    examples: {
      pass: [{ inputs: { queueUrl: "https://sqs.us-east-1.amazonaws.com/123456789012/q", policy: "{\"Version\":\"2012-10-17\",\"Statement\":[]}" } }],
      fail: [{ inputs: { queueUrl: "https://sqs.us-east-1.amazonaws.com/123456789012/q", policy: JSON.stringify({ Version: "2012-10-17", Statement: Array.from({ length: 21 }, () => ({ Effect: "Deny", Principal: "*", Action: "sqs:*", Resource: "*" })) }) } }],
    },
  },
];
