// `stackfile dev` with an sns-topic and an event-bus: a function connected to
// them publishes through the AWS SDK with nothing but the environment dev gave
// it (AWS_ENDPOINT_URL_SNS, AWS_ENDPOINT_URL_EVENTBRIDGE, the region and local
// credentials, STP_<NAME>_ARN); the function whose `sns` event names the topic
// is invoked with the event Lambda receives from SNS, only for the messages
// its filter policy accepts; a queue the publisher subscribes gets every
// message in the local SQS; the function whose `event-bus` pattern matches an
// event put on the bus is invoked with the EventBridge event, and the one
// whose pattern does not match is not.
// The shapes: "Invoking Lambda functions with Amazon SNS notifications"
// (https://docs.aws.amazon.com/lambda/latest/dg/with-sns.html), "Amazon
// EventBridge events" (https://docs.aws.amazon.com/eventbridge/latest/ref/overiew-event-structure.html),
// "Amazon SNS message and JSON formats" (https://docs.aws.amazon.com/sns/latest/dg/sns-message-and-json-formats.html).
import * as assert from "assert";
import { exec } from "child_process";
import { promisify } from "util";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { ReceiveMessageCommand, SendMessageCommand, SQSClient } from "@aws-sdk/client-sqs";
import { runDev } from "../../src/cli/dev-command";
import type { DevSession } from "../../src/cli/dev-session";
import { basePort } from "./dev-process";

// Kicked by a message on `kick`: subscribes `inbox` to the topic, publishes a
// low then a high severity message, puts an OrderPlaced then a RefundIssued event.
const PUBLISHER = `import { appendFileSync } from "fs";
import { SNSClient, PublishCommand, SubscribeCommand } from "@aws-sdk/client-sns";
import { EventBridgeClient, PutEventsCommand } from "@aws-sdk/client-eventbridge";
export async function handler() {
  const sns = new SNSClient({});
  const events = new EventBridgeClient({});
  const TopicArn = process.env.STP_ALERTS_ARN;
  await sns.send(new SubscribeCommand({ TopicArn, Protocol: "sqs", Endpoint: process.env.STP_INBOX_ARN }));
  const severity = (v) => ({ severity: { DataType: "String", StringValue: v } });
  const low = await sns.send(new PublishCommand({ TopicArn, Message: "disk at 70%", MessageAttributes: severity("low") }));
  const high = await sns.send(new PublishCommand({ TopicArn, Message: "disk at 99%", Subject: "disk", MessageAttributes: severity("high") }));
  const put = (DetailType, Detail) => events.send(new PutEventsCommand({ Entries: [{ EventBusName: process.env.STP_ORDERS_ARN, Source: "shop", DetailType, Detail: JSON.stringify(Detail) }] }));
  const order = await put("OrderPlaced", { id: 7 });
  const refund = await put("RefundIssued", { id: 8 });
  const env = { sns: process.env.AWS_ENDPOINT_URL_SNS, events: process.env.AWS_ENDPOINT_URL_EVENTBRIDGE, region: process.env.AWS_REGION };
  appendFileSync(process.env.OUT, JSON.stringify({ low: low.MessageId, high: high.MessageId, order: order.Entries, refund: refund.Entries, env }) + "\\n");
}
`;

const RECORDER = `import { appendFileSync } from "fs";
export async function handler(event) {
  appendFileSync(process.env.OUT, JSON.stringify(event) + "\\n");
}
`;

describe("stackfile dev: sns-topic and event-bus", function () {
  // Hang guard for two busy cores (four bundles, one with the AWS SDK), not a timing.
  this.timeout(180_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "messaging-dev-"));
  const file = (name: string) => path.join(dir, `${name}.jsonl`);
  let stop!: () => void;
  let code: Promise<number>;
  let session: DevSession | undefined;
  const lines: string[] = [];
  const sqs = () => new SQSClient({ endpoint: new URL(String(session!.output("inbox", "url"))).origin, region: "us-east-1", credentials: { accessKeyId: "x", secretAccessKey: "x" } });
  /** The lines `name` wrote, once it wrote `count` (a hang guard bounds the wait, then shows dev's log). */
  const written = async (name: string, count = 1) => {
    for (let polls = 0; ; polls++) {
      if (polls > 600) assert.fail(`${name} wrote fewer than ${count} line(s); dev said:\n${lines.join("\n")}`);
      const got = fs.existsSync(file(name)) ? fs.readFileSync(file(name), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l)) : [];
      if (got.length >= count) return got;
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const recorder = (name: string, event: string) => `  ${name}:
    type: function
    properties:
      entryfilePath: ./recorder.mjs
      environment:
        - { name: OUT, value: ${JSON.stringify(file(name))} }
      events:
${event}`;

  before(async () => {
    // The publisher's bundle takes the AWS SDK from the repository's packages, as an application's would from its own.
    fs.symlinkSync(path.resolve("node_modules"), path.join(dir, "node_modules"));
    fs.writeFileSync(path.join(dir, "publisher.mjs"), PUBLISHER);
    fs.writeFileSync(path.join(dir, "recorder.mjs"), RECORDER);
    fs.writeFileSync(path.join(dir, "stack.yaml"), `resources:
  kick:
    type: sqs-queue
  inbox:
    type: sqs-queue
  alerts:
    type: sns-topic
  orders:
    type: event-bus
  publisher:
    type: function
    properties:
      entryfilePath: ./publisher.mjs
      connectTo: [alerts, orders, inbox]
      environment:
        - { name: OUT, value: ${JSON.stringify(file("publisher"))} }
      events:
        - type: sqs
          properties: { sqsQueueName: kick }
${recorder("onAlert", `        - type: sns
          properties: { snsTopicName: alerts, filterPolicy: { severity: [high] } }`)}
${recorder("onOrder", `        - type: event-bus
          properties: { eventBusName: orders, eventPattern: { source: [shop], detail-type: [OrderPlaced] } }`)}
${recorder("onRefund", `        - type: event-bus
          properties: { eventBusName: orders, eventPattern: { source: [shop], detail-type: [RefundIssued] } }`)}
${recorder("ticker", `        - type: schedule
          properties: { scheduleRate: "cron(0 12 * * ? *)" }`)}
`);
    const stopped = new Promise<void>((r) => (stop = r));
    let started!: () => void;
    const ready = new Promise<void>((r) => (started = r));
    code = runDev([path.join(dir, "stack.yaml"), "--port", String(basePort() + 6)], { out: (t) => lines.push(t), err: (t) => lines.push(t) }, stopped, { started: (s) => { session = s; started(); } });
    await Promise.race([ready, code.then((c) => assert.fail(`dev exited ${c}: ${lines.join("\n")}`))]);
    const client = sqs();
    await client.send(new SendMessageCommand({ QueueUrl: String(session!.output("kick", "url")), MessageBody: "go" }));
    client.destroy();
  });

  after(async () => {
    stop?.();
    assert.strictEqual(await code, 0, lines.join("\n"));
  });

  it("the publisher's SDK clients reach the local SNS and EventBridge with the endpoints, region and ARNs dev gave it", async () => {
    const [p] = await written("publisher");
    assert.deepStrictEqual(p.env, {
      sns: session!.output("alerts", "localEndpoint"), events: session!.output("orders", "localEndpoint"), region: session!.output("alerts", "localRegion"),
    });
    assert.match(p.env.sns, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.notStrictEqual(p.env.sns, p.env.events);
    assert.match(p.high, /^[0-9a-f-]{36}$/);
    assert.strictEqual(p.order.length, 1);
    assert.match(p.order[0].EventId, /^[0-9a-f-]{36}$/);
  });

  it("the function of the topic's sns event gets the SNS event, only for the message its filter policy accepts", async () => {
    const [p] = await written("publisher");
    const [event] = await written("onAlert");
    const topicArn = String(session!.output("alerts", "arn"));
    assert.strictEqual(event.Records.length, 1);
    const [r] = event.Records;
    assert.strictEqual(r.EventSource, "aws:sns");
    assert.strictEqual(r.EventVersion, "1.0");
    assert.ok(r.EventSubscriptionArn.startsWith(`${topicArn}:`), r.EventSubscriptionArn);
    assert.deepStrictEqual(
      { Type: r.Sns.Type, MessageId: r.Sns.MessageId, TopicArn: r.Sns.TopicArn, Subject: r.Sns.Subject, Message: r.Sns.Message, MessageAttributes: r.Sns.MessageAttributes },
      { Type: "Notification", MessageId: p.high, TopicArn: topicArn, Subject: "disk", Message: "disk at 99%", MessageAttributes: { severity: { Type: "String", Value: "high" } } },
    );
    assert.ok(!Number.isNaN(Date.parse(r.Sns.Timestamp)));
    for (const field of ["SignatureVersion", "Signature", "SigningCertUrl", "UnsubscribeUrl"]) assert.strictEqual(typeof r.Sns[field], "string", field);
    // The low message was published first: had the filter let it through, it would be the first line.
    assert.strictEqual((await written("onAlert")).length, 1);
  });

  it("a queue the publisher subscribed gets both messages in the local SQS, as SNS's notification JSON", async () => {
    const [p] = await written("publisher");
    const client = sqs();
    const bodies: { MessageId: string; TopicArn: string; Message: string; Type: string }[] = [];
    while (bodies.length < 2) {
      const got = await client.send(new ReceiveMessageCommand({ QueueUrl: String(session!.output("inbox", "url")), MaxNumberOfMessages: 10, WaitTimeSeconds: 1 }));
      for (const m of got.Messages ?? []) bodies.push(JSON.parse(m.Body!));
    }
    client.destroy();
    assert.deepStrictEqual(
      bodies.map((b) => [b.Type, b.MessageId, b.TopicArn, b.Message]).sort((a, b) => a[3].localeCompare(b[3])),
      [["Notification", p.low, session!.output("alerts", "arn"), "disk at 70%"], ["Notification", p.high, session!.output("alerts", "arn"), "disk at 99%"]],
    );
  });

  it("an event put on the bus invokes the function whose pattern matches it with the EventBridge event; the other pattern's function gets only its own", async () => {
    const [p] = await written("publisher");
    const [order] = await written("onOrder");
    assert.deepStrictEqual({ ...order, time: undefined }, {
      version: "0", id: p.order[0].EventId, "detail-type": "OrderPlaced", source: "shop", account: order.account, time: undefined,
      region: session!.output("orders", "localRegion"), resources: [], detail: { id: 7 },
    });
    assert.match(order.account, /^\d{12}$/);
    assert.match(order.time, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    // OrderPlaced was put first: had onRefund's pattern matched it, it would be onRefund's first line.
    const refunds = await written("onRefund");
    assert.deepStrictEqual(refunds.map((e) => [e.id, e["detail-type"]]), [[p.refund[0].EventId, "RefundIssued"]]);
    assert.strictEqual((await written("onOrder")).length, 1);
  });

  it("a schedule: dev says when a cron schedule runs next (it is timed) and how to run it now, and the printed command invokes the function with the Scheduled Event", async () => {
    const said = lines.find((l) => l.includes("[ticker] schedule cron(0 12 * * ? *)"));
    assert.ok(said, lines.join("\n"));
    const next = /runs here at its times \(UTC; next (\S+)\)/.exec(said)?.[1];
    // The next 12:00 UTC: later than dev's start, at most a day after it.
    assert.match(next ?? "", /T12:00:00\.000Z$/, said);
    assert.ok(Date.parse(next!) > Date.now() - 60_000 && Date.parse(next!) <= Date.now() + 86_400_000, said);
    const command = said.split("run it now: ")[1];
    assert.match(command, /^curl -X POST http:\/\/127\.0\.0\.1:\d+\/stackfile\/schedules\/ticker-eventRule-0\/run$/);
    // Run as a shell runs it (not synchronously: the local EventBridge answers from this process).
    assert.strictEqual((await promisify(exec)(command)).stdout, "schedule ticker-eventRule-0 ran\n");
    const [event] = await written("ticker");
    assert.deepStrictEqual([event.source, event["detail-type"], event.detail], ["aws.events", "Scheduled Event", {}]);
    assert.match(event.resources[0], /^arn:aws:events:[^:]+:\d{12}:rule\/ticker-eventRule-0$/);
  });
});
