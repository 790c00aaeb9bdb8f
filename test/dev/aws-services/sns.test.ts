// SNS: the same cases with the SDK's SNSClient (and SQSClient for the queues
// it fans out to) against the local SNS of `stackfile dev` and against moto.
import * as assert from "assert";
import { SNSClient, CreateTopicCommand, SubscribeCommand, PublishCommand, PublishBatchCommand, SetSubscriptionAttributesCommand, ListSubscriptionsByTopicCommand } from "@aws-sdk/client-sns";
import { SQSClient, CreateQueueCommand, GetQueueAttributesCommand, ReceiveMessageCommand } from "@aws-sdk/client-sqs";
import { differential, failure, type Target } from "./differential";
import { startMessaging } from "./messaging";

const clients = (t: Target) => ({
  sns: new SNSClient({ region: t.region, endpoint: t.at("sns"), credentials: t.credentials }),
  sqs: new SQSClient({ region: t.region, endpoint: t.at("sqs"), credentials: t.credentials }),
});

async function topic(t: Target, base: string, Attributes?: Record<string, string>) {
  const c = clients(t);
  const name = t.unique(base) + (Attributes?.FifoTopic === "true" ? ".fifo" : "");
  const { TopicArn } = await c.sns.send(new CreateTopicCommand({ Name: name, Attributes }));
  return { ...c, arn: TopicArn!, name };
}

/** A queue subscribed to the topic (with subscription attributes): its URL and the subscription's ARN. */
async function subscribedQueue(t: Target, c: Awaited<ReturnType<typeof topic>>, base: string, attributes: Record<string, string> = {}) {
  const { QueueUrl } = await c.sqs.send(new CreateQueueCommand({ QueueName: t.unique(base) }));
  const arn = (await c.sqs.send(new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ["QueueArn"] }))).Attributes!.QueueArn!;
  const { SubscriptionArn } = await c.sns.send(new SubscribeCommand({ TopicArn: c.arn, Protocol: "sqs", Endpoint: arn, ReturnSubscriptionArn: true }));
  for (const [AttributeName, AttributeValue] of Object.entries(attributes)) await c.sns.send(new SetSubscriptionAttributesCommand({ SubscriptionArn, AttributeName, AttributeValue }));
  return { url: QueueUrl!, subscription: SubscriptionArn! };
}

const bodies = async (sqs: SQSClient, url: string) =>
  ((await sqs.send(new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 10, WaitTimeSeconds: 1, MessageAttributeNames: ["All"] }))).Messages ?? []);

differential("SNS", async () => startMessaging("sns"), [
  {
    name: "a topic's ARN; creating it again returns the same topic",
    async run(t) {
      const c = await topic(t, "orders");
      assert.match(c.arn, new RegExp(`^arn:aws:sns:us-east-1:\\d{12}:${c.name}$`));
      assert.strictEqual((await c.sns.send(new CreateTopicCommand({ Name: c.name }))).TopicArn, c.arn);
    },
  },
  {
    name: "a message published reaches a subscribed queue as the notification JSON (Type, MessageId, TopicArn, Subject, Message, MessageAttributes)",
    async run(t) {
      const c = await topic(t, "fanout");
      const q = await subscribedQueue(t, c, "fanout-q");
      const sent = await c.sns.send(new PublishCommand({ TopicArn: c.arn, Message: "hello", Subject: "greeting", MessageAttributes: { kind: { DataType: "String", StringValue: "hi" } } }));
      const [m] = await bodies(c.sqs, q.url);
      const n = JSON.parse(m.Body!);
      assert.deepStrictEqual([n.Type, n.MessageId, n.TopicArn, n.Subject, n.Message], ["Notification", sent.MessageId, c.arn, "greeting", "hello"]);
      assert.deepStrictEqual(n.MessageAttributes, { kind: { Type: "String", Value: "hi" } });
      t.same("notification keys", Object.keys(n).filter((k) => !["UnsubscribeURL", "SigningCertURL", "Signature"].includes(k)).sort());
    },
  },
  {
    name: "with RawMessageDelivery the queue gets the bare message, its attributes as message attributes",
    async run(t) {
      const c = await topic(t, "raw");
      const q = await subscribedQueue(t, c, "raw-q", { RawMessageDelivery: "true" });
      await c.sns.send(new PublishCommand({ TopicArn: c.arn, Message: "bare", MessageAttributes: { kind: { DataType: "String", StringValue: "x" } } }));
      const [m] = await bodies(c.sqs, q.url);
      assert.strictEqual(m.Body, "bare");
      assert.deepStrictEqual(m.MessageAttributes?.kind?.StringValue, "x");
    },
  },
  {
    name: "filter policies on attributes: exact, numeric range, prefix, anything-but, exists; a subscriber gets only what its policy matches",
    async run(t) {
      const c = await topic(t, "filters");
      const policies: Record<string, unknown> = {
        exact: { kind: ["upload"] },
        range: { size: [{ numeric: [">", 100, "<=", 1000] }] },
        prefix: { path: [{ prefix: "img/" }] },
        but: { kind: [{ "anything-but": ["upload", "delete"] }] },
        absent: { trace: [{ exists: false }] },
      };
      const queues: Record<string, string> = {};
      for (const [k, p] of Object.entries(policies)) queues[k] = (await subscribedQueue(t, c, `f-${k}`, { FilterPolicy: JSON.stringify(p) })).url;
      const messages: [string, Record<string, [string, string]>][] = [
        ["m1", { kind: ["String", "upload"], size: ["Number", "500"], path: ["String", "img/a.png"] }],
        ["m2", { kind: ["String", "rename"], size: ["Number", "50"], trace: ["String", "t"] }],
        ["m3", { kind: ["String", "delete"], path: ["String", "doc/b"] }],
      ];
      for (const [body, attrs] of messages) {
        await c.sns.send(new PublishCommand({ TopicArn: c.arn, Message: body, MessageAttributes: Object.fromEntries(Object.entries(attrs).map(([k, [DataType, StringValue]]) => [k, { DataType, StringValue }])) }));
      }
      const got: Record<string, string[]> = {};
      for (const [k, url] of Object.entries(queues)) got[k] = (await bodies(c.sqs, url)).map((m) => JSON.parse(m.Body!).Message).sort();
      assert.deepStrictEqual(got, { exact: ["m1"], range: ["m1"], prefix: ["m1"], but: ["m2"], absent: ["m1", "m3"] });
    },
  },
  {
    name: "a filter policy on the message body (FilterPolicyScope MessageBody) matches nested fields",
    async run(t) {
      const c = await topic(t, "body");
      const q = await subscribedQueue(t, c, "body-q", { FilterPolicyScope: "MessageBody", FilterPolicy: JSON.stringify({ order: { status: ["paid"], total: [{ numeric: [">=", 10] }] } }) });
      for (const m of [{ order: { status: "paid", total: 12 } }, { order: { status: "paid", total: 5 } }, { order: { status: "open", total: 50 } }]) {
        await c.sns.send(new PublishCommand({ TopicArn: c.arn, Message: JSON.stringify(m) }));
      }
      assert.deepStrictEqual((await bodies(c.sqs, q.url)).map((m) => JSON.parse(JSON.parse(m.Body!).Message)), [{ order: { status: "paid", total: 12 } }]);
    },
  },
  {
    name: "a filter policy that is not JSON is refused (InvalidParameter)",
    moto: "moto 5.2.5 fails with a 500 on a policy that is not JSON",
    async run(t) {
      const c = await topic(t, "badpolicy");
      const q = await subscribedQueue(t, c, "bp-q");
      const err = await failure(c.sns.send(new SetSubscriptionAttributesCommand({ SubscriptionArn: q.subscription, AttributeName: "FilterPolicy", AttributeValue: "{not json" })));
      assert.deepStrictEqual(err, { name: "InvalidParameterException", status: 400 });
    },
  },
  {
    name: "a filter policy with more than 150 combinations is refused (InvalidParameter)",
    async run(t) {
      const c = await topic(t, "complex");
      const q = await subscribedQueue(t, c, "cx-q");
      const many = { a: Array.from({ length: 13 }, (_, i) => `a${i}`), b: Array.from({ length: 12 }, (_, i) => `b${i}`) };
      const err = await failure(c.sns.send(new SetSubscriptionAttributesCommand({ SubscriptionArn: q.subscription, AttributeName: "FilterPolicy", AttributeValue: JSON.stringify(many) })));
      assert.strictEqual(err.name, "InvalidParameterException");
      t.same("151+ combinations", err);
    },
  },
  {
    name: "publishing to a topic that does not exist is NotFound; a batch of 11 is TooManyEntriesInBatchRequest",
    async run(t) {
      const c = await topic(t, "errors");
      const missing = await failure(c.sns.send(new PublishCommand({ TopicArn: c.arn.replace(/[^:]+$/, t.unique("none")), Message: "x" })));
      assert.strictEqual(missing.name, "NotFoundException");
      t.same("unknown topic", missing);
      const entries = Array.from({ length: 11 }, (_, i) => ({ Id: `e${i}`, Message: "x" }));
      t.same("batch of 11", await failure(c.sns.send(new PublishBatchCommand({ TopicArn: c.arn, PublishBatchRequestEntries: entries }))));
    },
  },
  {
    name: "a message over 256 KiB is refused",
    async run(t) {
      const c = await topic(t, "big");
      const err = await failure(c.sns.send(new PublishCommand({ TopicArn: c.arn, Message: "x".repeat(262_145) })));
      assert.strictEqual(err.status, 400);
      t.same("too long", err);
    },
  },
  {
    name: "a FIFO topic needs a MessageGroupId",
    async run(t) {
      const c = await topic(t, "ordered", { FifoTopic: "true", ContentBasedDeduplication: "true" });
      const err = await failure(c.sns.send(new PublishCommand({ TopicArn: c.arn, Message: "x" })));
      // moto 5.2.5 answers Publish with SQS's MissingParameter, its PublishBatch with InvalidParameter: only the status is compared.
      t.same("fifo without group: status", err.status);
      if (t.name === "local") assert.strictEqual(err.name, "InvalidParameterException");
      const ok = await c.sns.send(new PublishCommand({ TopicArn: c.arn, Message: "x", MessageGroupId: "g" }));
      assert.ok(ok.MessageId);
    },
  },
  {
    name: "subscriptions of a topic are listed with protocol and endpoint",
    async run(t) {
      const c = await topic(t, "listed");
      await subscribedQueue(t, c, "listed-q");
      const subs = (await c.sns.send(new ListSubscriptionsByTopicCommand({ TopicArn: c.arn }))).Subscriptions!;
      assert.deepStrictEqual(subs.map((s) => [s.Protocol, s.TopicArn]), [["sqs", c.arn]]);
    },
  },
]);
