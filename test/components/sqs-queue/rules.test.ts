// The rules of sqs-queue: each refusing a bad input and passing a good one,
// at the property it concerns (the limits are the catalog's, aws-rules/sqs.ts).
import * as assert from "assert";
import { sqsEventProblems, sqsQueueCrossProblems, sqsQueueStaticProblems } from "../../../src/components/sqs-queue/rules";
import type { IncomingEvent } from "../../../src/shared/component/resource-definition";

const paths = (ps: { path: (string | number)[] }[]) => ps.map((p) => p.path.join("."));

describe("sqs-queue static rules", () => {
  const cases: { name: string; props: Record<string, unknown>; expect: string[] }[] = [
    { name: "defaults pass", props: {}, expect: [] },
    { name: "every attribute at its bounds passes", props: { visibilityTimeoutSeconds: 43200, messageRetentionPeriodSeconds: 60, delayMessagesSeconds: 900, maxMessageSizeBytes: 1048576, longPollingSeconds: 20 }, expect: [] },
    { name: "visibility timeout over 12 hours fails", props: { visibilityTimeoutSeconds: 43201 }, expect: ["visibilityTimeoutSeconds"] },
    { name: "retention under a minute fails", props: { messageRetentionPeriodSeconds: 59 }, expect: ["messageRetentionPeriodSeconds"] },
    { name: "retention over 14 days fails", props: { messageRetentionPeriodSeconds: 1209601 }, expect: ["messageRetentionPeriodSeconds"] },
    { name: "delay over 15 minutes fails", props: { delayMessagesSeconds: 901 }, expect: ["delayMessagesSeconds"] },
    { name: "message size under 1 KiB and long polling over 20 s fail together", props: { maxMessageSizeBytes: 1023, longPollingSeconds: 21 }, expect: ["maxMessageSizeBytes", "longPollingSeconds"] },
    { name: "message size over 1 MiB fails", props: { maxMessageSizeBytes: 1048577 }, expect: ["maxMessageSizeBytes"] },
    { name: "content-based deduplication on a FIFO queue passes", props: { fifoEnabled: true, contentBasedDeduplication: true }, expect: [] },
    { name: "content-based deduplication on a standard queue fails", props: { contentBasedDeduplication: true }, expect: ["contentBasedDeduplication"] },
    { name: "a receive count of 1,000 passes", props: { redrivePolicy: { targetSqsQueueName: "dlq", maxReceiveCount: 1000 } }, expect: [] },
    { name: "a receive count of 0 fails", props: { fifoEnabled: true, redrivePolicy: { targetSqsQueueName: "dlq", maxReceiveCount: 0 } }, expect: ["redrivePolicy.maxReceiveCount"] },
    { name: "a value not known yet is not judged", props: { visibilityTimeoutSeconds: { unknown: true }, fifoEnabled: null }, expect: [] },
  ];
  for (const c of cases) it(c.name, () => assert.deepStrictEqual(paths(sqsQueueStaticProblems(c.props)), c.expect));

  it("says the limit and the value, and how to fix a FIFO-only setting", () => {
    assert.deepStrictEqual(sqsQueueStaticProblems({ delayMessagesSeconds: 1000, contentBasedDeduplication: true }), [
      { path: ["delayMessagesSeconds"], message: "a delay is 0 to 900 seconds, not 1000" },
      { path: ["contentBasedDeduplication"], message: "contentBasedDeduplication applies to FIFO queues only; this queue is standard", hint: "set fifoEnabled: true, or remove it" },
    ]);
  });
});

describe("sqs-queue dead-letter queues (across the stack's queues)", () => {
  const q = (name: string, props: Record<string, unknown>) => ({ name, props });
  it("a FIFO queue's dead-letter queue must be FIFO, a standard queue's standard", () => {
    const queues = [
      q("jobs", { fifoEnabled: true, redrivePolicy: { targetSqsQueueName: "plain", maxReceiveCount: 3 } }),
      q("orders", { fifoEnabled: true, redrivePolicy: { targetSqsQueueName: "ordered", maxReceiveCount: 3 } }),
      q("mail", { redrivePolicy: { targetSqsQueueName: "ordered", maxReceiveCount: 3 } }),
      q("plain", {}),
      q("ordered", { fifoEnabled: true }),
    ];
    const found = sqsQueueCrossProblems(queues);
    assert.deepStrictEqual(found.map((f) => `${f.resource} ${f.problem.path.join(".")}`), ["jobs redrivePolicy.targetSqsQueueName", "mail redrivePolicy.targetSqsQueueName"]);
    assert.strictEqual(found[0].problem.message, "the dead-letter queue of a FIFO queue must be a FIFO queue: 'plain' is standard");
    assert.strictEqual(found[0].problem.hint, "name a FIFO queue, or set fifoEnabled: true on 'plain'");
  });
  it("a name that is not a queue of the stack is left to the reference check", () => {
    assert.deepStrictEqual(sqsQueueCrossProblems([q("jobs", { fifoEnabled: true, redrivePolicy: { targetSqsQueueName: "nope", maxReceiveCount: 3 } })]), []);
  });
});

describe("sqs events (a function reading a queue)", () => {
  const ev = (source: string, index: number, properties: Record<string, unknown>, timeout = 10): IncomingEvent =>
    ({ source, target: "jobs", at: ["events", index, "properties"], properties: { sqsQueueName: "jobs", ...properties }, workload: { timeout } });
  const judge = (queue: Record<string, unknown>, events: IncomingEvent[]) => sqsEventProblems({ name: "jobs", props: queue }, events);

  it("a queue hiding messages at least as long as the function runs passes; a shorter one fails at the event", () => {
    assert.deepStrictEqual(judge({ visibilityTimeoutSeconds: 60 }, [ev("worker", 0, {}, 60)]), []);
    const found = judge({}, [ev("worker", 0, {}, 60)]);
    assert.deepStrictEqual(found.map((f) => [f.resource, f.problem.path.join(".")]), [["worker", "events.0.properties.sqsQueueName"]]);
    assert.match(found[0].problem.message, /^queue jobs hides a message for 30 s, less than function worker's timeout of 60 s; Lambda refuses/);
    assert.strictEqual(found[0].problem.hint, "raise visibilityTimeoutSeconds of 'jobs' to at least 60, or lower the function's timeout");
  });

  it("a visibility timeout not known yet (a directive) is not judged as the default 30 s", () => {
    assert.deepStrictEqual(judge({ visibilityTimeoutSeconds: { unknown: true } }, [ev("worker", 0, {}, 60)]), []);
  });

  it("batches: over 10 needs a window; a FIFO queue takes 10 at most and no window", () => {
    assert.deepStrictEqual(judge({}, [ev("a", 0, { batchSize: 100, maxBatchWindowSeconds: 5 })]), []);
    assert.deepStrictEqual(paths(judge({}, [ev("a", 0, { batchSize: 100 })]).map((f) => f.problem)), ["events.0.properties.maxBatchWindowSeconds"]);
    assert.deepStrictEqual(paths(judge({}, [ev("a", 0, { batchSize: 10001, maxBatchWindowSeconds: 301 })]).map((f) => f.problem)), ["events.0.properties.batchSize", "events.0.properties.maxBatchWindowSeconds"]);
    assert.deepStrictEqual(judge({}, [ev("a", 0, { batchSize: 100, maxBatchWindowSeconds: { unknown: true } })]), [], "a window not known yet is not judged");
    assert.deepStrictEqual(judge({ fifoEnabled: true }, [ev("a", 0, { batchSize: 10 })]), []);
    assert.deepStrictEqual(paths(judge({ fifoEnabled: true }, [ev("a", 0, { batchSize: 11, maxBatchWindowSeconds: 1 })]).map((f) => f.problem)), ["events.0.properties.batchSize", "events.0.properties.maxBatchWindowSeconds"]);
  });

  it("a function reads a queue through one event: a second is refused at the second, two functions may share a queue", () => {
    assert.deepStrictEqual(judge({}, [ev("a", 0, {}), ev("b", 0, {})]), []);
    const found = judge({}, [ev("a", 0, {}), ev("a", 2, {})]);
    assert.deepStrictEqual(found.map((f) => [f.resource, f.problem.path.join("."), f.problem.message]), [
      ["a", "events.2.properties.sqsQueueName", "function 'a' already reads queue 'jobs' through another sqs event; Lambda refuses a second event source mapping of the same queue and function"],
    ]);
  });
});
