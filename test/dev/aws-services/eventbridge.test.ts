// EventBridge: the same cases with the SDK's EventBridgeClient (and
// SQSClient for the queue targets) against the local EventBridge of
// `stackfile dev` and against moto. The pattern table runs through
// TestEventPattern, so each verdict of our matcher is also moto's.
import * as assert from "assert";
import {
  EventBridgeClient, PutRuleCommand, PutTargetsCommand, PutEventsCommand, TestEventPatternCommand, CreateEventBusCommand, DeleteRuleCommand,
} from "@aws-sdk/client-eventbridge";
import { SQSClient, CreateQueueCommand, GetQueueAttributesCommand, ReceiveMessageCommand } from "@aws-sdk/client-sqs";
import { differential, failure, type Target } from "./differential";
import { startMessaging } from "./messaging";

const clients = (t: Target) => ({
  events: new EventBridgeClient({ region: t.region, endpoint: t.at("events"), credentials: t.credentials }),
  sqs: new SQSClient({ region: t.region, endpoint: t.at("sqs"), credentials: t.credentials }),
});

async function queueTarget(t: Target, c: ReturnType<typeof clients>, base: string) {
  const { QueueUrl } = await c.sqs.send(new CreateQueueCommand({ QueueName: t.unique(base) }));
  const arn = (await c.sqs.send(new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ["QueueArn"] }))).Attributes!.QueueArn!;
  return { url: QueueUrl!, arn };
}

const received = async (sqs: SQSClient, url: string) =>
  ((await sqs.send(new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 10, WaitTimeSeconds: 1 }))).Messages ?? []).map((m) => JSON.parse(m.Body!));

const event = (detail: unknown, extra: Record<string, unknown> = {}) => ({
  version: "0", id: "6a7e8feb-b491-4cf7-a9f1-bf3703467718", "detail-type": "Order Placed", source: "shop.orders", account: "111122223333",
  time: "2026-11-27T12:00:00Z", region: "us-east-1", resources: ["arn:aws:s3:::uploads"], detail, ...extra,
});

/** [pattern, event, whether it matches] from the operators page (eb-create-pattern-operators.html). */
const PATTERNS: [string, Record<string, unknown>, Record<string, unknown>, boolean][] = [
  ["exact string", { source: ["shop.orders"] }, event({}), true],
  ["exact string, other value", { source: ["shop.billing"] }, event({}), false],
  ["nested detail", { detail: { state: ["paid"] } }, event({ state: "paid" }), true],
  ["a list field matches when one element does", { detail: { tags: ["b"] } }, event({ tags: ["a", "b"] }), true],
  ["number", { detail: { n: [5] } }, event({ n: 5 }), true],
  ["number against its string", { detail: { n: [5] } }, event({ n: "5" }), false],
  ["null", { detail: { x: [null] } }, event({ x: null }), true],
  ["prefix", { detail: { path: [{ prefix: "img/" }] } }, event({ path: "img/a.png" }), true],
  ["suffix", { detail: { path: [{ suffix: ".png" }] } }, event({ path: "img/a.jpg" }), false],
  ["prefix ignoring case", { detail: { path: [{ prefix: { "equals-ignore-case": "IMG/" } }] } }, event({ path: "img/a" }), true],
  ["anything-but a value", { detail: { state: [{ "anything-but": "open" }] } }, event({ state: "paid" }), true],
  ["anything-but a list", { detail: { state: [{ "anything-but": ["open", "paid"] }] } }, event({ state: "paid" }), false],
  ["anything-but a prefix", { detail: { state: [{ "anything-but": { prefix: "pa" } }] } }, event({ state: "paid" }), false],
  ["numeric range", { detail: { total: [{ numeric: [">", 0, "<=", 100] }] } }, event({ total: 100 }), true],
  ["numeric range, outside", { detail: { total: [{ numeric: [">", 0, "<", 100] }] } }, event({ total: 100 }), false],
  ["exists true", { detail: { coupon: [{ exists: true }] } }, event({ coupon: "X" }), true],
  ["exists false on a missing field", { detail: { coupon: [{ exists: false }] } }, event({ other: 1 }), true],
  ["exists false on a present field", { detail: { coupon: [{ exists: false }] } }, event({ coupon: "X" }), false],
  ["equals-ignore-case", { "detail-type": [{ "equals-ignore-case": "order placed" }] }, event({}), true],
  ["cidr", { detail: { ip: [{ cidr: "10.0.0.0/24" }] } }, event({ ip: "10.0.0.77" }), true],
  ["cidr, outside", { detail: { ip: [{ cidr: "10.0.0.0/24" }] } }, event({ ip: "10.0.1.77" }), false],
  ["wildcard", { detail: { path: [{ wildcard: "img/*.png" }] } }, event({ path: "img/x/y.png" }), true],
  ["every key must match", { source: ["shop.orders"], detail: { state: ["open"] } }, event({ state: "paid" }), false],
  ["$or", { detail: { $or: [{ state: ["open"] }, { total: [{ numeric: [">", 10] }] }] } }, event({ state: "paid", total: 20 }), true],
  ["a missing field", { detail: { state: ["paid"] } }, event({}), false],
];

differential("EventBridge", async () => startMessaging("events"), [
  {
    name: "TestEventPattern: each pattern of the operators page against an event gives the expected verdict",
    moto: "moto 5.2.5's TestEventPattern is a stub that answers no Result; the same table runs against moto through rules and queue targets below",
    async run(t) {
      const { events } = clients(t);
      for (const [what, pattern, e, want] of PATTERNS) {
        const r = await events.send(new TestEventPatternCommand({ EventPattern: JSON.stringify(pattern), Event: JSON.stringify(e) }));
        assert.strictEqual(r.Result, want, what);
      }
    },
  },
  {
    name: "a rule's queue target gets the events its pattern matches, as the event JSON; events that do not match go nowhere",
    async run(t) {
      const c = clients(t);
      const q = await queueTarget(t, c, "orders-target");
      const rule = t.unique("paid");
      await c.events.send(new PutRuleCommand({ Name: rule, EventPattern: JSON.stringify({ source: ["shop.orders"], detail: { state: ["paid"] } }) }));
      await c.events.send(new PutTargetsCommand({ Rule: rule, Targets: [{ Id: "q", Arn: q.arn }] }));
      const put = await c.events.send(new PutEventsCommand({ Entries: [
        { Source: "shop.orders", DetailType: "Order Placed", Detail: JSON.stringify({ state: "paid", id: 1 }) },
        { Source: "shop.orders", DetailType: "Order Placed", Detail: JSON.stringify({ state: "open", id: 2 }) },
      ] }));
      assert.strictEqual(put.FailedEntryCount, 0);
      const got = await received(c.sqs, q.url);
      assert.deepStrictEqual(got.map((e) => [e.source, e["detail-type"], e.detail]), [["shop.orders", "Order Placed", { state: "paid", id: 1 }]]);
      assert.strictEqual(got[0].id, put.Entries![0].EventId);
      // moto 5.2.5 leaves `account` out of the events it sends to a queue; AWS's event structure has it.
      t.same("event keys", Object.keys(got[0]).filter((k) => k !== "account").sort());
      if (t.name === "local") assert.ok("account" in got[0]);
    },
  },
  {
    name: "a rule on a custom bus sees only that bus's events",
    async run(t) {
      const c = clients(t);
      const bus = t.unique("shop");
      await c.events.send(new CreateEventBusCommand({ Name: bus }));
      const q = await queueTarget(t, c, "bus-target");
      const rule = t.unique("on-bus");
      await c.events.send(new PutRuleCommand({ Name: rule, EventBusName: bus, EventPattern: JSON.stringify({ source: ["shop.orders"] }) }));
      await c.events.send(new PutTargetsCommand({ Rule: rule, EventBusName: bus, Targets: [{ Id: "q", Arn: q.arn }] }));
      await c.events.send(new PutEventsCommand({ Entries: [
        { Source: "shop.orders", DetailType: "on default", Detail: "{}" },
        { Source: "shop.orders", DetailType: "on bus", Detail: "{}", EventBusName: bus },
      ] }));
      assert.deepStrictEqual((await received(c.sqs, q.url)).map((e) => e["detail-type"]), ["on bus"]);
    },
  },
  {
    name: "a target's Input replaces the event",
    moto: "moto 5.2.5 sends the whole event to a queue target, ignoring Input",
    async run(t) {
      const c = clients(t);
      const q = await queueTarget(t, c, "input-target");
      const rule = t.unique("input");
      await c.events.send(new PutRuleCommand({ Name: rule, EventPattern: JSON.stringify({ source: ["shop.input"] }) }));
      await c.events.send(new PutTargetsCommand({ Rule: rule, Targets: [{ Id: "q", Arn: q.arn, Input: JSON.stringify({ fixed: true }) }] }));
      await c.events.send(new PutEventsCommand({ Entries: [{ Source: "shop.input", DetailType: "x", Detail: "{}" }] }));
      assert.deepStrictEqual(await received(c.sqs, q.url), [{ fixed: true }]);
    },
  },
  {
    name: "PutEvents takes 10 entries at most",
    async run(t) {
      const { events } = clients(t);
      const entries = Array.from({ length: 11 }, () => ({ Source: "a", DetailType: "b", Detail: "{}" }));
      const err = await failure(events.send(new PutEventsCommand({ Entries: entries })));
      assert.strictEqual(err.status, 400);
      t.same("11 entries", err);
    },
  },
  {
    name: "a pattern that is not JSON, or whose leaf is not a list, is InvalidEventPatternException",
    async run(t) {
      const { events } = clients(t);
      t.same("pattern not JSON", await failure(events.send(new PutRuleCommand({ Name: t.unique("bad"), EventPattern: "{nope" }))));
      const leaf = await failure(events.send(new PutRuleCommand({ Name: t.unique("bad"), EventPattern: JSON.stringify({ source: "shop" }) })));
      assert.strictEqual(leaf.name, "InvalidEventPatternException");
      t.same("leaf not a list", leaf);
    },
  },
  {
    name: "a schedule expression that is neither rate(...) nor cron(...) is refused",
    async run(t) {
      const { events } = clients(t);
      await events.send(new PutRuleCommand({ Name: t.unique("nightly"), ScheduleExpression: "cron(0 3 * * ? *)" }));
      await events.send(new PutRuleCommand({ Name: t.unique("often"), ScheduleExpression: "rate(5 minutes)" }));
      t.same("bad schedule", await failure(events.send(new PutRuleCommand({ Name: t.unique("bad"), ScheduleExpression: "every day" }))));
    },
  },
  {
    name: "a rule with targets cannot be deleted",
    async run(t) {
      const c = clients(t);
      const q = await queueTarget(t, c, "del-target");
      const rule = t.unique("keep");
      await c.events.send(new PutRuleCommand({ Name: rule, EventPattern: JSON.stringify({ source: ["x"] }) }));
      await c.events.send(new PutTargetsCommand({ Rule: rule, Targets: [{ Id: "q", Arn: q.arn }] }));
      assert.strictEqual((await failure(c.events.send(new DeleteRuleCommand({ Name: rule })))).name, "ValidationException");
    },
  },
]);

// The pattern table through rules: for each pattern a rule with a queue
// target, and the event put on the bus (the fields PutEvents sets: source,
// detail-type, resources, detail); it matches when the queue gets it. moto's
// real matcher answers here (its TestEventPattern is a stub).
differential("EventBridge rules matching the operators page's patterns", async () => startMessaging("events"), PATTERNS.map(([what, pattern, e, want]) => ({
  name: `${what}: ${want ? "delivered" : "not delivered"}`,
  async run(t: Target) {
    const c = clients(t);
    const q = await queueTarget(t, c, "pattern");
    const rule = t.unique("pattern");
    await c.events.send(new PutRuleCommand({ Name: rule, EventPattern: JSON.stringify(pattern) }));
    await c.events.send(new PutTargetsCommand({ Rule: rule, Targets: [{ Id: "q", Arn: q.arn }] }));
    await c.events.send(new PutEventsCommand({ Entries: [{ Source: String(e.source), DetailType: String(e["detail-type"]), Resources: e.resources as string[], Detail: JSON.stringify(e.detail) }] }));
    assert.strictEqual((await received(c.sqs, q.url)).length, want ? 1 : 0);
  },
})));
