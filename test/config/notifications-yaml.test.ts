// A stack file's top-level `notifications`: each bad target refused at its
// line and column (a bad email address, a URL that is not https, an unknown
// type, slack not built yet), good ones accepted; and the plan of a file with
// targets: one topic, a subscription per target with its protocol and
// endpoint, every alarm's actions on it (the CDN's on the us-east-1 topic).
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { analyzeStackfile, formatProblem } from "../../src/config/stackfile";
import { deployStackfile } from "../../src/config/deploy";
import { run, type Run } from "../harness";
import { EXAMPLE_FUNCTION } from "../function-fixture";

const problems = (text: string) => analyzeStackfile("s.yaml", text).problems.map(formatProblem);
const GATEWAY = `resources:
  api:
    type: http-api-gateway
    properties:
      cdn: { enabled: true }
`;

describe("notifications in YAML: validate", () => {
  it("accepts email and webhook targets (a webhook URL may be a $Secret)", () => {
    assert.deepStrictEqual(problems(`${GATEWAY}notifications:
  - { type: email, address: ops@example.com }
  - { type: webhook, url: "https://hooks.example.com/sns?key=1" }
  - { type: webhook, url: "$Secret('alarmHook')" }
`), []);
  });

  it("refuses a bad email address, a URL that is not https, an unknown type and an unknown key, each at its line and column", () => {
    assert.deepStrictEqual(problems(`${GATEWAY}notifications:
  - type: email
    address: ops.example.com
  - type: webhook
    url: http://hooks.example.com/sns
  - type: emial
    address: ops@example.com
  - type: webhook
    url: https://hooks.example.com
    address: ops@example.com
`), [
      "s.yaml:8:14: not an email address; give one such as ops@example.com",
      "s.yaml:10:10: a webhook URL must start with https:// (SNS posts each notification to it over HTTPS)",
      "s.yaml:11:11: unknown notification type 'emial'; did you mean 'email'? types: email, webhook, slack",
      "s.yaml:15:5: unknown key 'address' of a webhook target; it takes 'url'",
    ]);
  });

  it("refuses slack as not built yet, a target without its field, and notifications that are not a list", () => {
    assert.deepStrictEqual(problems(`${GATEWAY}notifications:
  - { type: slack, webhookUrl: "https://hooks.slack.com/services/x" }
  - { type: email }
`), [
      "s.yaml:7:13: notification type 'slack' is not built yet (a Slack webhook cannot confirm an SNS subscription; it needs a forwarding function); use 'webhook' with an endpoint that confirms SNS subscriptions, or 'email'",
      "s.yaml:8:5: an email target needs 'address': an email address (SNS mails it a confirmation link first)",
    ]);
    assert.deepStrictEqual(problems(`${GATEWAY}notifications: { type: email, address: ops@example.com }\n`), [
      "s.yaml:6:16: notifications must be a list of targets such as [{type: email, address: ops@example.com}, {type: webhook, url: https://...}]",
    ]);
  });

  it("suggests 'notifications' for a misspelt top-level key", () => {
    assert.deepStrictEqual(problems(`${GATEWAY}notification: []\n`), ["s.yaml:6:1: unknown top-level key 'notification'; did you mean 'notifications'?"]);
  });
});

describe("notifications in YAML: plan", () => {
  const ALARM = "aws:cloudwatch/metricAlarm:MetricAlarm";
  let r: Run<unknown>;
  before(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "notifications-yaml-"));
    const file = path.join(dir, "stack.yaml");
    fs.writeFileSync(file, `${GATEWAY}  worker:
    type: function
    properties:
      entryfilePath: ${JSON.stringify(EXAMPLE_FUNCTION)}
notifications:
  - { type: email, address: ops@example.com }
  - { type: webhook, url: "https://hooks.example.com/sns" }
`);
    r = await run(() => deployStackfile(file));
  });

  it("makes one topic with a subscription per target: protocol and endpoint", () => {
    const topic = r.one("aws:sns/topic:Topic", "notifications-topic");
    const subs = r.all("aws:sns/topicSubscription:TopicSubscription").filter((s) => s.inputs.topic === topic.state.arn);
    assert.deepStrictEqual(subs.map((s) => [s.name, s.inputs.protocol, s.inputs.endpoint]), [
      ["notifications-subscription-1", "email", "ops@example.com"],
      ["notifications-subscription-2", "https", "https://hooks.example.com/sns"],
    ]);
  });

  it("points every alarm of every resource at the topic of its region", () => {
    const here = r.one("aws:sns/topic:Topic", "notifications-topic").state.arn;
    const usEast1 = r.one("aws:sns/topic:Topic", "notifications-cloud-front-topic").state.arn;
    const alarms = r.all(ALARM);
    assert.deepStrictEqual(alarms.map((a) => a.name).sort(), [
      "api-cdn-server-errors-alarm", "api-latency-alarm", "api-server-errors-alarm", "worker-duration-alarm", "worker-errors-alarm", "worker-throttles-alarm",
    ]);
    for (const a of alarms) {
      const topic = a.inputs.region === "us-east-1" ? usEast1 : here;
      assert.deepStrictEqual([a.name, a.inputs.alarmActions, a.inputs.okActions], [a.name, [topic], [topic]]);
    }
  });
});
