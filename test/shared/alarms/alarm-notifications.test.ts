// The stack's notification topic: one SNS topic with a subscription per
// target, and every alarm of a component given it notifying it when it fires
// and when it is OK again; the CloudFront alarm (made in us-east-1) notifies a
// second topic made there, with the same subscriptions.
import * as assert from "assert";
import { AlarmNotifications } from "../../../src/shared/alarms/alarm-notifications";
import { HttpApiGateway } from "../../../src/components/http-api-gateway";
import { run, type Run } from "../../harness";

const ALARM = "aws:cloudwatch/metricAlarm:MetricAlarm";
const TOPIC = "aws:sns/topic:Topic";
const SUBSCRIPTION = "aws:sns/topicSubscription:TopicSubscription";
const TARGETS = [{ type: "email" as const, address: "ops@example.com" }, { type: "webhook" as const, url: "https://hooks.example.com/sns" }];

describe("AlarmNotifications", () => {
  let notified: Run<unknown>;
  let silent: Run<unknown>;
  before(async () => {
    notified = await run(() => {
      const notify = new AlarmNotifications("notifications", { targets: TARGETS });
      return new HttpApiGateway("api", { cdn: { enabled: true }, alarmTopic: notify });
    });
    silent = await run(() => new HttpApiGateway("api", { cdn: { enabled: true } }));
  });

  it("makes one topic in the stack's region with a subscription per target (protocol and endpoint), and one in us-east-1 for the CDN's alarm", () => {
    const topics = Object.fromEntries(notified.all(TOPIC).map((t) => [t.name, t.inputs.region]));
    assert.deepStrictEqual(topics, { "notifications-topic": undefined, "notifications-cloud-front-topic": "us-east-1" });
    const subs = notified.all(SUBSCRIPTION).map((s) => [s.name, s.inputs.region, s.inputs.protocol, s.inputs.endpoint]).sort();
    assert.deepStrictEqual(subs, [
      ["notifications-cloud-front-subscription-1", "us-east-1", "email", "ops@example.com"],
      ["notifications-cloud-front-subscription-2", "us-east-1", "https", "https://hooks.example.com/sns"],
      ["notifications-subscription-1", undefined, "email", "ops@example.com"],
      ["notifications-subscription-2", undefined, "https", "https://hooks.example.com/sns"],
    ]);
    const topicArn = notified.byName("notifications-topic")!.state.arn;
    assert.ok(topicArn);
    assert.ok(notified.all(SUBSCRIPTION).filter((s) => !s.inputs.region).every((s) => s.inputs.topic === topicArn));
  });

  it("points each alarm's alarmActions and okActions at the topic of its region", () => {
    const here = notified.byName("notifications-topic")!.state.arn;
    const usEast1 = notified.byName("notifications-cloud-front-topic")!.state.arn;
    assert.notStrictEqual(here, usEast1);
    const actions = Object.fromEntries(notified.all(ALARM).map((a) => [a.name, [a.inputs.region, a.inputs.alarmActions, a.inputs.okActions]]));
    assert.deepStrictEqual(actions, {
      "api-server-errors-alarm": [undefined, [here], [here]],
      "api-latency-alarm": [undefined, [here], [here]],
      "api-cdn-server-errors-alarm": ["us-east-1", [usEast1], [usEast1]],
    });
  });

  it("without a topic the alarms have no actions, and nothing else differs", () => {
    assert.strictEqual(silent.all(ALARM).length, 3);
    assert.ok(silent.all(ALARM).every((a) => a.inputs.alarmActions === undefined && a.inputs.okActions === undefined));
    const rest = (r: Run<unknown>) => r.resources.filter((x) => ![TOPIC, SUBSCRIPTION, "stackfile:index:AlarmNotifications"].includes(x.type)).map((x) => `${x.name} ${x.type}`).sort();
    assert.deepStrictEqual(rest(notified), rest(silent));
  });

  it("refuses an empty list of targets", () => {
    assert.throws(() => new AlarmNotifications("n", { targets: [] }), /at least one target/);
  });
});
