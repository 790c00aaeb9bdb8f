// The event sources of the local services: an SQS queue polled for a
// function (batches, partial batch failures, retries, then the dead-letter
// queue), and asynchronous invocation with its retries. moto cannot run
// these (its Lambda needs Docker to invoke), so they run locally only.
import * as assert from "assert";
import { SQSClient, SendMessageCommand, SendMessageBatchCommand } from "@aws-sdk/client-sqs";
import { startSqs, type LocalSqs } from "../../../src/dev/aws-services/sqs";
import { asyncInvoker, startSqsSource } from "../../../src/dev/aws-services/sources";
import { failedItems, type LambdaEvent } from "../../../src/dev/aws-services/lambda-events";

type Records = { Records: { messageId: string; body: string; attributes: Record<string, string>; eventSource: string; eventSourceARN: string }[] };

describe("local event sources", function () {
  this.timeout(60000);
  let local: LocalSqs;
  let sqs: SQSClient;
  const logs: string[] = [];
  before(async () => {
    local = await startSqs();
    sqs = new SQSClient({ region: "us-east-1", endpoint: local.endpoint, credentials: { accessKeyId: "local", secretAccessKey: "local" } });
  });
  after(async () => {
    sqs.destroy();
    await local.close();
  });

  /** Resolves when `check` holds (hang guard: 20 s). */
  const until = async (check: () => boolean, what: string) => {
    for (let waited = 0; !check(); waited += 50) {
      assert.ok(waited < 20000, `never: ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  it("SQS: sent messages reach the function as one SQS event (aws:sqs records with the queue's ARN) and are deleted after it succeeds", async () => {
    const q = local.service.createQueue("orders");
    const events: Records[] = [];
    const source = startSqsSource({ sqs: local.service, queueName: "orders", batchSize: 10, maxBatchWindowSeconds: 1, invoke: async (e) => void events.push(e as Records), log: (l) => logs.push(l) });
    try {
      await sqs.send(new SendMessageBatchCommand({ QueueUrl: q.url, Entries: [{ Id: "a", MessageBody: "one" }, { Id: "b", MessageBody: "two" }] }));
      await until(() => events.flatMap((e) => e.Records).length === 2, "both messages delivered");
      const records = events.flatMap((e) => e.Records);
      assert.deepStrictEqual(records.map((r) => r.body).sort(), ["one", "two"]);
      assert.deepStrictEqual([...new Set(records.map((r) => [r.eventSource, r.eventSourceARN].join(" ")))], [`aws:sqs ${q.arn}`]);
      assert.strictEqual(records[0].attributes.ApproximateReceiveCount, "1");
      await until(() => q.messages.length === 0, "deleted");
    } finally {
      await source.stop();
    }
  });

  it("SQS: with ReportBatchItemFailures only the listed messages come back (after the visibility timeout), with their receive count one higher", async () => {
    const q = local.service.createQueue("partial", { VisibilityTimeout: "1" });
    const seen: [string, string][] = [];
    const source = startSqsSource({
      sqs: local.service, queueName: "partial", reportBatchItemFailures: true, maxBatchWindowSeconds: 1, log: (l) => logs.push(l),
      invoke: async (e) => {
        const records = (e as Records).Records;
        for (const r of records) seen.push([r.body, r.attributes.ApproximateReceiveCount]);
        return { batchItemFailures: records.filter((r) => r.body === "bad" && r.attributes.ApproximateReceiveCount === "1").map((r) => ({ itemIdentifier: r.messageId })) };
      },
    });
    try {
      await sqs.send(new SendMessageBatchCommand({ QueueUrl: q.url, Entries: [{ Id: "a", MessageBody: "good" }, { Id: "b", MessageBody: "bad" }] }));
      await until(() => seen.some(([b, n]) => b === "bad" && n === "2"), "the failed message retried");
      assert.deepStrictEqual(seen.filter(([b]) => b === "good"), [["good", "1"]], `the good one was deleted after its first delivery: ${JSON.stringify(seen)}`);
      await until(() => q.messages.length === 0, "the retried message deleted");
    } finally {
      await source.stop();
    }
  });

  it("SQS: a function that keeps failing gets the message maxReceiveCount times, then the message is in the dead-letter queue", async () => {
    const dlq = local.service.createQueue("jobs-dlq");
    local.service.createQueue("jobs", { VisibilityTimeout: "1", RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlq.arn, maxReceiveCount: 2 }) });
    let calls = 0;
    const source = startSqsSource({ sqs: local.service, queueName: "jobs", invoke: async () => { calls++; throw new Error("boom"); }, log: (l) => logs.push(l) });
    try {
      await sqs.send(new SendMessageCommand({ QueueUrl: local.service.queueByName("jobs").url, MessageBody: "poison" }));
      await until(() => dlq.messages.length === 1, "moved to the dead-letter queue");
      assert.strictEqual(calls, 2);
      assert.strictEqual(dlq.messages[0].body, "poison");
      assert.ok(logs.some((l) => /jobs: the function failed \(boom\)/.test(l)));
    } finally {
      await source.stop();
    }
  });

  it("SQS: an answer whose batchItemFailures names no message of the batch fails the whole batch", () => {
    assert.deepStrictEqual(failedItems({ batchItemFailures: [{ itemIdentifier: "x" }] }, ["a", "b"]), { all: true });
    assert.deepStrictEqual(failedItems({ batchItemFailures: [{ itemIdentifier: "" }] }, ["a"]), { all: true });
    assert.deepStrictEqual(failedItems({ batchItemFailures: "a" }, ["a"]), { all: true });
    assert.deepStrictEqual(failedItems({ batchItemFailures: [] }, ["a"]), { all: false, failed: [] });
    assert.deepStrictEqual(failedItems(undefined, ["a"]), { all: false, failed: [] });
    assert.deepStrictEqual(failedItems({ batchItemFailures: [{ itemIdentifier: "b" }] }, ["a", "b"]), { all: false, failed: ["b"] });
  });

  it("asynchronous invocation: a failing function is tried twice more, then the event is dropped with a log line; a success ends it", async () => {
    let calls = 0;
    const lines: string[] = [];
    const inv = asyncInvoker({ invoke: async () => { calls++; throw new Error("nope"); }, log: (l) => lines.push(l), retryDelaysMs: [10, 20] });
    assert.strictEqual(await inv.invoke({} as LambdaEvent, "bucket uploads"), false);
    assert.strictEqual(calls, 3);
    assert.match(lines[lines.length - 1], /bucket uploads: the function failed 3 time\(s\) \(nope\); the event is dropped/);
    let tries = 0;
    const ok = asyncInvoker({ invoke: async () => { if (++tries < 2) throw new Error("once"); }, log: () => undefined, retryDelaysMs: [10, 20] });
    assert.strictEqual(await ok.invoke({}, "x"), true);
    assert.strictEqual(tries, 2);
  });
});
