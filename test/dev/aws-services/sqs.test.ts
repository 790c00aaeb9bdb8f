// SQS: the same cases with the SDK's SQSClient against the local SQS of
// `stackfile dev` and against moto's server.
import * as assert from "assert";
import {
  SQSClient, CreateQueueCommand, GetQueueUrlCommand, GetQueueAttributesCommand, SendMessageCommand, SendMessageBatchCommand,
  ReceiveMessageCommand, DeleteMessageCommand, ChangeMessageVisibilityCommand, PurgeQueueCommand, type Message,
} from "@aws-sdk/client-sqs";
import { startSqs } from "../../../src/dev/aws-services/sqs";
import { differential, failure, type Target } from "./differential";

const client = (t: Target) => new SQSClient({ region: t.region, endpoint: t.endpoint, credentials: t.credentials });

async function queue(t: Target, base: string, Attributes: Record<string, string> = {}): Promise<{ sqs: SQSClient; url: string; name: string }> {
  const sqs = client(t);
  const name = t.unique(base) + (Attributes.FifoQueue === "true" ? ".fifo" : "");
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: name, Attributes }));
  return { sqs, url: QueueUrl!, name };
}

const receive = async (sqs: SQSClient, url: string, extra: Partial<ConstructorParameters<typeof ReceiveMessageCommand>[0]> = {}): Promise<Message[]> =>
  (await sqs.send(new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 10, MessageSystemAttributeNames: ["All"], MessageAttributeNames: ["All"], ...extra }))).Messages ?? [];

differential("SQS", () => startSqs(), [
  {
    name: "a new queue has SQS's defaults; GetQueueUrl finds it; creating it again with the same attributes returns it, with others fails",
    async run(t) {
      const { sqs, url, name } = await queue(t, "defaults");
      assert.strictEqual((await sqs.send(new GetQueueUrlCommand({ QueueName: name }))).QueueUrl, url);
      const a = (await sqs.send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ["All"] }))).Attributes as Record<string, string>;
      const picked = Object.fromEntries(["VisibilityTimeout", "MaximumMessageSize", "MessageRetentionPeriod", "DelaySeconds", "ReceiveMessageWaitTimeSeconds", "ApproximateNumberOfMessages"].map((k) => [k, a[k]]));
      assert.deepStrictEqual(picked, { VisibilityTimeout: "30", MaximumMessageSize: "1048576", MessageRetentionPeriod: "345600", DelaySeconds: "0", ReceiveMessageWaitTimeSeconds: "0", ApproximateNumberOfMessages: "0" });
      assert.match(a.QueueArn, new RegExp(`^arn:aws:sqs:us-east-1:\\d{12}:${name}$`));
      assert.strictEqual((await sqs.send(new CreateQueueCommand({ QueueName: name }))).QueueUrl, url);
      t.same("queue exists with other attributes", await failure(sqs.send(new CreateQueueCommand({ QueueName: name, Attributes: { VisibilityTimeout: "60" } }))));
    },
  },
  {
    name: "an unknown queue is QueueDoesNotExist",
    async run(t) {
      const sqs = client(t);
      const err = await failure(sqs.send(new GetQueueUrlCommand({ QueueName: t.unique("missing") })));
      assert.strictEqual(err.name, "QueueDoesNotExist");
      t.same("unknown queue", err);
    },
  },
  {
    name: "a message is received with its body, the MD5 digests of body and attributes, and its system attributes",
    async run(t) {
      const { sqs, url } = await queue(t, "send");
      const MessageAttributes = { kind: { DataType: "String", StringValue: "upload" }, size: { DataType: "Number", StringValue: "42" }, blob: { DataType: "Binary", BinaryValue: Buffer.from([1, 2, 3]) } };
      const sent = await sqs.send(new SendMessageCommand({ QueueUrl: url, MessageBody: "hello ünïcode", MessageAttributes }));
      t.same("MD5 of body and attributes", [sent.MD5OfMessageBody, sent.MD5OfMessageAttributes]);
      const [m] = await receive(sqs, url);
      assert.strictEqual(m.MessageId, sent.MessageId);
      assert.strictEqual(m.Body, "hello ünïcode");
      assert.strictEqual(m.MD5OfMessageAttributes, sent.MD5OfMessageAttributes);
      assert.deepStrictEqual(m.MessageAttributes!.kind, { DataType: "String", StringValue: "upload" });
      assert.strictEqual(m.Attributes!.ApproximateReceiveCount, "1");
      assert.match(m.Attributes!.SentTimestamp!, /^\d{13}$/);
    },
  },
  {
    name: "a received message is invisible for the visibility timeout, then received again with its receive count one higher; deleted, it is gone",
    async run(t) {
      const { sqs, url } = await queue(t, "visibility", { VisibilityTimeout: "1" });
      await sqs.send(new SendMessageCommand({ QueueUrl: url, MessageBody: "again" }));
      const [first] = await receive(sqs, url);
      assert.strictEqual((await receive(sqs, url)).length, 0, "in flight");
      const [second] = await receive(sqs, url, { WaitTimeSeconds: 5 });
      assert.strictEqual(second.MessageId, first.MessageId);
      assert.strictEqual(second.Attributes!.ApproximateReceiveCount, "2");
      assert.notStrictEqual(second.ReceiptHandle, first.ReceiptHandle);
      await sqs.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: second.ReceiptHandle }));
      assert.strictEqual((await receive(sqs, url, { WaitTimeSeconds: 2 })).length, 0);
    },
  },
  {
    name: "ChangeMessageVisibility to 0 makes a message receivable at once",
    async run(t) {
      const { sqs, url } = await queue(t, "change");
      await sqs.send(new SendMessageCommand({ QueueUrl: url, MessageBody: "x" }));
      const [m] = await receive(sqs, url);
      await sqs.send(new ChangeMessageVisibilityCommand({ QueueUrl: url, ReceiptHandle: m.ReceiptHandle, VisibilityTimeout: 0 }));
      assert.strictEqual((await receive(sqs, url)).length, 1);
    },
  },
  {
    name: "after maxReceiveCount receives, the next receive moves the message to the dead-letter queue with its id and body",
    async run(t) {
      const dlq = await queue(t, "dlq");
      const dlqArn = (await dlq.sqs.send(new GetQueueAttributesCommand({ QueueUrl: dlq.url, AttributeNames: ["QueueArn"] }))).Attributes!.QueueArn!;
      const { sqs, url } = await queue(t, "source", { VisibilityTimeout: "1", RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlqArn, maxReceiveCount: 2 }) });
      const sent = await sqs.send(new SendMessageCommand({ QueueUrl: url, MessageBody: "poison" }));
      assert.strictEqual((await receive(sqs, url)).length, 1);
      assert.strictEqual((await receive(sqs, url, { WaitTimeSeconds: 5 })).length, 1, "the second receive");
      // Visible again after 1 s: this receive moves it instead of handing it out a third time.
      await new Promise((r) => setTimeout(r, 1500));
      assert.strictEqual((await receive(sqs, url)).length, 0);
      const moved = await receive(dlq.sqs, dlq.url, { WaitTimeSeconds: 2 });
      assert.deepStrictEqual(moved.map((m) => [m.MessageId, m.Body]), [[sent.MessageId, "poison"]]);
    },
  },
  {
    name: "a message delayed by DelaySeconds is received only after the delay",
    async run(t) {
      const { sqs, url } = await queue(t, "delay");
      await sqs.send(new SendMessageCommand({ QueueUrl: url, MessageBody: "later", DelaySeconds: 1 }));
      assert.strictEqual((await receive(sqs, url)).length, 0);
      assert.strictEqual((await receive(sqs, url, { WaitTimeSeconds: 5 })).length, 1);
    },
  },
  {
    name: "batches: 10 entries at most, distinct ids, not empty; a batch's results are per entry",
    async run(t) {
      const { sqs, url } = await queue(t, "batch");
      const entries = (n: number) => Array.from({ length: n }, (_, i) => ({ Id: `m${i}`, MessageBody: `body ${i}` }));
      const ok = await sqs.send(new SendMessageBatchCommand({ QueueUrl: url, Entries: entries(10) }));
      assert.strictEqual(ok.Successful!.length, 10);
      t.same("11 entries", await failure(sqs.send(new SendMessageBatchCommand({ QueueUrl: url, Entries: entries(11) }))));
      t.same("same ids", await failure(sqs.send(new SendMessageBatchCommand({ QueueUrl: url, Entries: [{ Id: "a", MessageBody: "1" }, { Id: "a", MessageBody: "2" }] }))));
      t.same("empty batch", await failure(sqs.send(new SendMessageBatchCommand({ QueueUrl: url, Entries: [] }))));
      const got = [...await receive(sqs, url), ...await receive(sqs, url)];
      assert.ok(got.length >= 1 && got.length <= 10);
    },
  },
  {
    name: "ReceiveMessage refuses MaxNumberOfMessages above 10",
    async run(t) {
      const { sqs, url } = await queue(t, "max");
      const err = await failure(sqs.send(new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 11 })));
      assert.strictEqual(err.status, 400);
      t.same("MaxNumberOfMessages 11", err);
    },
  },
  {
    name: "a message larger than the queue's MaximumMessageSize is refused",
    async run(t) {
      const { sqs, url } = await queue(t, "size", { MaximumMessageSize: "1024" });
      await sqs.send(new SendMessageCommand({ QueueUrl: url, MessageBody: "x".repeat(1024) }));
      const err = await failure(sqs.send(new SendMessageCommand({ QueueUrl: url, MessageBody: "x".repeat(1025) })));
      assert.strictEqual(err.status, 400);
      t.same("too large", err);
    },
  },
  {
    name: "a body with a character SQS does not allow is InvalidMessageContents",
    moto: "moto 5.2.5 accepts any character",
    async run(t) {
      const { sqs, url } = await queue(t, "chars");
      const err = await failure(sqs.send(new SendMessageCommand({ QueueUrl: url, MessageBody: "bad \u0001 char" })));
      assert.strictEqual(err.name, "InvalidMessageContents");
    },
  },
  {
    name: "FIFO: a group's messages come in order, and none of a group while one of it is in flight; other groups go on",
    async run(t) {
      const { sqs, url } = await queue(t, "order", { FifoQueue: "true", ContentBasedDeduplication: "true" });
      for (const [g, b] of [["a", "a1"], ["a", "a2"], ["b", "b1"]]) await sqs.send(new SendMessageCommand({ QueueUrl: url, MessageBody: b, MessageGroupId: g }));
      const [a1] = await receive(sqs, url, { MaxNumberOfMessages: 1 });
      assert.strictEqual(a1.Body, "a1");
      assert.deepStrictEqual((await receive(sqs, url)).map((m) => m.Body), ["b1"], "a2 waits for a1");
      await sqs.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: a1.ReceiptHandle }));
      assert.deepStrictEqual((await receive(sqs, url)).map((m) => m.Body), ["a2"]);
    },
  },
  {
    name: "FIFO: a message with the body of one sent in the last 5 minutes (content-based deduplication) is accepted and not delivered again",
    async run(t) {
      const { sqs, url } = await queue(t, "dedup", { FifoQueue: "true", ContentBasedDeduplication: "true" });
      await sqs.send(new SendMessageCommand({ QueueUrl: url, MessageBody: "same", MessageGroupId: "g" }));
      const two = await sqs.send(new SendMessageCommand({ QueueUrl: url, MessageBody: "same", MessageGroupId: "g" }));
      assert.ok(two.MessageId);
      const got = await receive(sqs, url);
      assert.deepStrictEqual(got.map((m) => m.Body), ["same"]);
      assert.strictEqual(got[0].Attributes!.MessageGroupId, "g");
    },
  },
  {
    name: "FIFO: SendMessage answers the message's SequenceNumber, larger for each message",
    moto: "moto 5.2.5 answers no SequenceNumber",
    async run(t) {
      const { sqs, url } = await queue(t, "sequence", { FifoQueue: "true", ContentBasedDeduplication: "true" });
      const one = await sqs.send(new SendMessageCommand({ QueueUrl: url, MessageBody: "1", MessageGroupId: "g" }));
      const two = await sqs.send(new SendMessageCommand({ QueueUrl: url, MessageBody: "2", MessageGroupId: "g" }));
      assert.ok(BigInt(two.SequenceNumber!) > BigInt(one.SequenceNumber!));
    },
  },
  {
    name: "FIFO needs a MessageGroupId, and a deduplication id without content-based deduplication",
    async run(t) {
      const { sqs, url } = await queue(t, "needs", { FifoQueue: "true" });
      t.same("no group id", await failure(sqs.send(new SendMessageCommand({ QueueUrl: url, MessageBody: "x", MessageDeduplicationId: "d" }))));
      t.same("no dedup id", await failure(sqs.send(new SendMessageCommand({ QueueUrl: url, MessageBody: "x", MessageGroupId: "g" }))));
    },
  },
  {
    name: "PurgeQueue empties the queue; a second purge within 60 seconds is PurgeQueueInProgress",
    async run(t) {
      const { sqs, url } = await queue(t, "purge");
      await sqs.send(new SendMessageCommand({ QueueUrl: url, MessageBody: "x" }));
      await sqs.send(new PurgeQueueCommand({ QueueUrl: url }));
      assert.strictEqual((await receive(sqs, url)).length, 0);
      assert.strictEqual((await failure(sqs.send(new PurgeQueueCommand({ QueueUrl: url })))).name, "PurgeQueueInProgress");
    },
  },
]);
