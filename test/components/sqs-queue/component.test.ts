// The AWS resources an SqsQueue makes, with the inputs that matter.
import * as assert from "assert";
import { SqsQueue, type SqsQueueArgs } from "../../../src/components/sqs-queue";
import { ComponentArgumentsError } from "../../../src/shared/component/component-error";
import { run, outputValue } from "../../harness";

const Q = {
  queue: "aws:sqs/queue:Queue",
  policy: "aws:sqs/queuePolicy:QueuePolicy",
  mapping: "aws:lambda/eventSourceMapping:EventSourceMapping",
  rolePolicy: "aws:iam/rolePolicy:RolePolicy",
};
const make = (args: SqsQueueArgs = {}, opts = {}) => run(() => new SqsQueue("jobs", args), opts);

describe("SqsQueue", () => {
  it("with no properties: a standard queue with SQS's defaults, SSE-SQS on, and a policy denying requests without TLS", async () => {
    const r = await make();
    assert.deepStrictEqual(r.resources.filter((x) => x.parent === "jobs").map((x) => x.name).sort(), ["jobs-queue", "jobs-queue-policy"]);
    const q = r.one(Q.queue).inputs;
    assert.deepStrictEqual(
      { fifo: q.fifoQueue, sse: q.sqsManagedSseEnabled, visibility: q.visibilityTimeoutSeconds, retention: q.messageRetentionSeconds, delay: q.delaySeconds, size: q.maxMessageSize, wait: q.receiveWaitTimeSeconds, dedup: q.contentBasedDeduplication, redrive: q.redrivePolicy },
      { fifo: false, sse: true, visibility: 30, retention: 345600, delay: 0, size: 262144, wait: 0, dedup: undefined, redrive: undefined },
    );
    assert.match(r.one(Q.queue).state.name, /^jobs-queue-[0-9a-f]{7}$/);
    const policy = r.one(Q.policy).inputs;
    assert.strictEqual(policy.queueUrl, r.one(Q.queue).state.url);
    assert.deepStrictEqual(JSON.parse(policy.policy).Statement, [{
      Sid: "DenyInsecureTransport", Effect: "Deny", Principal: "*", Action: "sqs:*", Resource: r.one(Q.queue).state.arn,
      Condition: { Bool: { "aws:SecureTransport": "false" } },
    }]);
  });

  it("maps each property to its queue input; a FIFO queue's name ends with .fifo", async () => {
    let queue: SqsQueue | undefined;
    const r = await run(() => {
      queue = new SqsQueue("jobs", { fifoEnabled: true, contentBasedDeduplication: true, visibilityTimeoutSeconds: 120, messageRetentionPeriodSeconds: 86400, delayMessagesSeconds: 5, maxMessageSizeBytes: 1048576, longPollingSeconds: 20 });
    });
    const q = r.one(Q.queue).inputs;
    assert.deepStrictEqual(
      [q.fifoQueue, q.contentBasedDeduplication, q.visibilityTimeoutSeconds, q.messageRetentionSeconds, q.delaySeconds, q.maxMessageSize, q.receiveWaitTimeSeconds],
      [true, true, 120, 86400, 5, 1048576, 20],
    );
    const name = r.one(Q.queue).state.name as string;
    assert.match(name, /^jobs-queue-[0-9a-f]{7}\.fifo$/);
    assert.strictEqual(await outputValue(queue!.name), name);
    assert.strictEqual(await outputValue(queue!.arn), `arn:aws:sqs:us-east-1:123456789012:${name}`);
    assert.strictEqual(await outputValue(queue!.url), `https://sqs.us-east-1.amazonaws.com/123456789012/${name}`);
  });

  it("sends its failures to the dead-letter queue given, by ARN, after maxReceiveCount receives", async () => {
    const r = await run(() => {
      const dlq = new SqsQueue("dead", {});
      new SqsQueue("jobs", { redrivePolicy: { maxReceiveCount: 4 }, deadLetterQueue: dlq });
    });
    const dlq = r.resources.find((x) => x.name === "dead-queue")!;
    const jobs = r.resources.find((x) => x.name === "jobs-queue")!;
    assert.deepStrictEqual(JSON.parse(jobs.inputs.redrivePolicy), { deadLetterTargetArn: dlq.state.arn, maxReceiveCount: 4 });
  });

  it("refuses a dead-letter queue of the other kind, and a redrive policy without one, with every problem at once", async () => {
    await assert.rejects(run(() => {
      const dlq = new SqsQueue("dead", {});
      new SqsQueue("jobs", { fifoEnabled: true, visibilityTimeoutSeconds: 50000, redrivePolicy: { maxReceiveCount: 4 }, deadLetterQueue: dlq });
    }), (e: Error) => e instanceof ComponentArgumentsError && /visibilityTimeoutSeconds/.test(e.message) && /the dead-letter queue of a FIFO queue must be a FIFO queue: 'dead' is standard/.test(e.message));
    await assert.rejects(make({ redrivePolicy: { maxReceiveCount: 4 } }), /redrivePolicy needs the dead-letter queue/);
  });

  it("each consumer: a role policy to receive, delete and read attributes of this queue, then its event source mapping", async () => {
    const r = await make({ consumers: [{ name: "worker-function", functionArn: "arn:aws:lambda:us-east-1:123456789012:function:worker", roleName: "worker-role", batchSize: 50, maxBatchWindowSeconds: 2 }] });
    const arn = r.one(Q.queue).state.arn;
    const policy = r.one(Q.rolePolicy);
    assert.strictEqual(policy.name, "jobs-consumer-policy-worker-function");
    assert.strictEqual(policy.inputs.role, "worker-role");
    assert.deepStrictEqual(JSON.parse(policy.inputs.policy).Statement, [{ Effect: "Allow", Action: ["sqs:ReceiveMessage", "sqs:DeleteMessage", "sqs:GetQueueAttributes"], Resource: arn }]);
    const mapping = r.one(Q.mapping);
    assert.strictEqual(mapping.name, "jobs-event-source-mapping-worker-function");
    assert.deepStrictEqual(
      { source: mapping.inputs.eventSourceArn, fn: mapping.inputs.functionName, batch: mapping.inputs.batchSize, window: mapping.inputs.maximumBatchingWindowInSeconds },
      { source: arn, fn: "arn:aws:lambda:us-east-1:123456789012:function:worker", batch: 50, window: 2 },
    );
    assert.ok(mapping.dependsOn.includes(policy.name), "the mapping waits for the role's permission");
  });

  it("connectTo: the spec's row on the queue's ARN (and the reads an SDK client makes), ARN, NAME and URL, not from inside the VPC", async () => {
    let queue: SqsQueue | undefined;
    await run(() => { queue = new SqsQueue("jobs", {}); });
    const c = queue!.connection();
    assert.deepStrictEqual(Object.keys(c.variables), ["ARN", "NAME", "URL"]);
    assert.strictEqual(c.internetOnly, true);
    assert.deepStrictEqual(c.statements.map((s) => s.Action), [[
      "sqs:SendMessage", "sqs:ReceiveMessage", "sqs:DeleteMessage", "sqs:ChangeMessageVisibility", "sqs:PurgeQueue", "sqs:GetQueueAttributes", "sqs:GetQueueUrl",
    ]]);
  });
});

describe("SqsQueue options", () => {
  it("protect and retainOnDelete go to the queue (it holds the messages), not to its policy", async () => {
    const r = await make({}, {});
    assert.strictEqual(r.one(Q.queue).retainOnDelete, false);
    const kept = await run(() => new SqsQueue("jobs", {}, { protect: true, retainOnDelete: true }));
    assert.deepStrictEqual([kept.one(Q.queue).protect, kept.one(Q.queue).retainOnDelete], [true, true]);
    assert.deepStrictEqual([kept.one(Q.policy).protect, kept.one(Q.policy).retainOnDelete], [false, false]);
  });
});
