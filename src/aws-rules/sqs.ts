// SQS queues and the Lambda event sources that read them.
import type { AwsRule } from "./rule";

const QUEUE = "aws:sqs/queue:Queue";
const MAPPING = "aws:lambda/eventSourceMapping:EventSourceMapping";
const FUNCTION = "aws:lambda/function:Function";

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
      if (queue?.inputs.fifoQueue !== true) return [];
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
];
