// A function's `sns`, `event-bus` and `schedule` events in a stack file:
// validate's refusals at their lines, and what the plan makes for each (the
// topic's subscription and permission, the bus's rule, target and
// permission, the function's own rules for schedules and the default bus).
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { analyzeStackfile, formatProblem } from "../../src/config/stackfile";
import { cli, tmpFile } from "../cli/cli-helpers";

const problems = (text: string) => analyzeStackfile("s.yaml", text).problems.map(formatProblem);

type Planned = { type: string; name: string; parent: string; inputs: Record<string, any>; dependsOn?: string[] };

const STACK = `resources:
  alerts:
    type: sns-topic
  orders:
    type: event-bus
  worker:
    type: function
    properties:
      entryfilePath: ./fn.ts
      events:
        - type: sns
          properties: { snsTopicName: alerts, filterPolicy: { severity: [high] } }
        - type: event-bus
          properties: { eventBusName: orders, eventPattern: { source: [shop] } }
        - type: event-bus
          properties: { useDefaultBus: true, eventPattern: { source: [aws.s3] } }
        - type: schedule
          properties: { scheduleRate: rate(5 minutes) }
`;

describe("sns, event-bus and schedule events in YAML: validate", () => {
  it("accepts each kind", () => {
    assert.deepStrictEqual(problems(STACK), []);
  });

  it("refuses, at their lines: a FIFO topic, a name of another type, a bad schedule, a bus and the default bus together, no bus at all", () => {
    assert.deepStrictEqual(problems(`resources:
  fifo:
    type: sns-topic
    properties: { fifoEnabled: true }
  orders:
    type: event-bus
  worker:
    type: function
    properties:
      entryfilePath: ./fn.ts
      events:
        - { type: sns, properties: { snsTopicName: fifo } }
        - { type: sns, properties: { snsTopicName: orders } }
        - { type: schedule, properties: { scheduleRate: rate(1 minutes) } }
        - { type: schedule, properties: { scheduleRate: "cron(0 3 * * * *)" } }
        - { type: event-bus, properties: { eventBusName: orders, useDefaultBus: true, eventPattern: { source: [a] } } }
        - { type: event-bus, properties: { eventPattern: { source: [a] } } }
        - { type: event-bus, properties: { eventBusName: fifo, eventPattern: { source: [a] } } }
`), [
      "s.yaml:12:52: 'fifo' is a FIFO topic: a FIFO topic delivers to SQS queues only, not over \"lambda\" (sns/fifo-topic-subscribers); subscribe the function to a standard topic",
      "s.yaml:13:52: snsTopicName names 'orders', a event-bus; it must name a sns-topic (fifo)",
      "s.yaml:14:57: the unit is singular for a value of 1 and plural otherwise: rate(1 minute) (events/rule-schedule)",
      "s.yaml:15:57: one of day-of-month and day-of-week must be ? (and only one): you cannot give both (events/rule-schedule)",
      "s.yaml:16:81: an event-bus event takes its events from one bus: eventBusName (a bus of the stack) or useDefaultBus, not both",
      "s.yaml:17:42: an event-bus event names its bus: eventBusName (an event-bus of this stack), or useDefaultBus: true for the account's default bus",
      "s.yaml:18:58: eventBusName names 'fifo', a sns-topic; it must name an event-bus (orders)",
    ]);
  });
});

describe("sns, event-bus and schedule events in YAML: plan", function () {
  this.timeout(120000);
  let plan: { resources: Planned[]; outputs: Record<string, Record<string, string>> };
  const of = (type: string) => plan.resources.filter((x) => x.type === type);
  const fnArn = () => plan.outputs.worker.arn;

  before(async () => {
    const file = tmpFile(STACK);
    fs.writeFileSync(path.join(path.dirname(file), "fn.ts"), "export async function handler() {}\n");
    const r = await cli("plan", file, "--json");
    assert.strictEqual(r.code, 0, r.err);
    plan = JSON.parse(r.out);
  });

  it("sns: the topic subscribes the function with its filter policy, and lets SNS invoke it from that topic only", () => {
    const subs = of("aws:sns/topicSubscription:TopicSubscription");
    assert.deepStrictEqual(subs.map((s) => [s.name, s.parent, s.inputs.topic, s.inputs.protocol, s.inputs.endpoint, JSON.parse(s.inputs.filterPolicy)]), [
      ["alerts-event-subscription-worker", "alerts", plan.outputs.alerts.arn, "lambda", fnArn(), { severity: ["high"] }],
    ]);
    const permission = plan.resources.find((x) => x.name === "alerts-event-permission-worker")!;
    assert.deepStrictEqual([permission.inputs.principal, permission.inputs.action, permission.inputs.sourceArn, permission.inputs.function], ["sns.amazonaws.com", "lambda:InvokeFunction", plan.outputs.alerts.arn, fnArn()]);
  });

  it("event-bus: the bus's rule has the event's pattern, its target is the function, EventBridge may invoke it from that rule only", () => {
    const rules = of("aws:cloudwatch/eventRule:EventRule");
    const onBus = rules.find((r) => r.parent === "orders")!;
    assert.strictEqual(onBus.name, "orders-event-rule-worker");
    assert.strictEqual(onBus.inputs.eventBusName, plan.outputs.orders.name);
    assert.deepStrictEqual(JSON.parse(onBus.inputs.eventPattern), { source: ["shop"] });
    const target = of("aws:cloudwatch/eventTarget:EventTarget").find((t) => t.parent === "orders")!;
    assert.match(target.inputs.rule, /^orders-event-rule-worker-[0-9a-f]{7}$/);
    assert.deepStrictEqual([target.inputs.eventBusName, target.inputs.arn], [plan.outputs.orders.name, fnArn()]);
    const permission = plan.resources.find((x) => x.name === "orders-event-permission-worker")!;
    assert.strictEqual(permission.inputs.principal, "events.amazonaws.com");
    assert.match(permission.inputs.sourceArn, new RegExp(`^arn:aws:events:us-east-1:123456789012:rule/${plan.outputs.orders.name}/${target.inputs.rule}$`));
  });

  it("the default bus and the schedule: the function's own rules (on the default bus), targets and permissions, numbered in the order of those events", () => {
    const own = of("aws:cloudwatch/eventRule:EventRule").filter((r) => r.parent === "worker").map((r) => [r.name, r.inputs.eventBusName, r.inputs.eventPattern && JSON.parse(r.inputs.eventPattern), r.inputs.scheduleExpression]);
    assert.deepStrictEqual(own, [
      ["worker-event-rule-0", undefined, { source: ["aws.s3"] }, undefined],
      ["worker-event-rule-1", undefined, undefined, "rate(5 minutes)"],
    ]);
    const targets = of("aws:cloudwatch/eventTarget:EventTarget").filter((t) => t.parent === "worker");
    assert.deepStrictEqual(targets.map((t) => [t.name, t.inputs.arn]), [["worker-event-target-0", fnArn()], ["worker-event-target-1", fnArn()]]);
    const permissions = plan.resources.filter((x) => x.parent === "worker" && x.type === "aws:lambda/permission:Permission");
    assert.deepStrictEqual(permissions.map((p) => [p.name, p.inputs.principal]), [["worker-event-permission-0", "events.amazonaws.com"], ["worker-event-permission-1", "events.amazonaws.com"]]);
    assert.ok(permissions.every((p) => /^arn:aws:events:us-east-1:123456789012:rule\/worker-event-rule-[01]-[0-9a-f]{7}$/.test(p.inputs.sourceArn)), JSON.stringify(permissions.map((p) => p.inputs.sourceArn)));
  });
});
