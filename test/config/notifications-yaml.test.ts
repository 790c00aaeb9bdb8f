// A stack file's top-level `notifications`: each bad target refused at its
// line and column (a bad email address, a URL that is not https, an unknown
// type, a slack URL that is not https), good ones accepted; and the plan of a
// file with targets: one topic, a subscription per target with its protocol
// and endpoint (a slack target's forwarding function), every alarm's actions
// on it (the CDN's on the us-east-1 topic).
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { analyzeStackfile, formatProblem } from "../../src/config/stackfile";
import { deployStackfile } from "../../src/config/deploy";
import { run, secretInput, type Run } from "../harness";
import { cli } from "../cli/cli-helpers";
import { EXAMPLE_FUNCTION } from "../function-fixture";

const problems = (text: string) => analyzeStackfile("s.yaml", text).problems.map(formatProblem);
const GATEWAY = `resources:
  api:
    type: http-api-gateway
    properties:
      cdn: { enabled: true }
`;

describe("notifications in YAML: validate", () => {
  it("accepts email, webhook and slack targets (a URL may be a $Secret)", () => {
    assert.deepStrictEqual(problems(`${GATEWAY}notifications:
  - { type: email, address: ops@example.com }
  - { type: webhook, url: "https://hooks.example.com/sns?key=1" }
  - { type: webhook, url: "$Secret('alarmHook')" }
  - { type: slack, webhookUrl: "$Secret('slackHook')" }
  - { type: slack, webhookUrl: "https://hooks.slack.com/services/T0/B0/x" }
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

  it("refuses a slack URL that is not https, a target without its field, and notifications that are not a list", () => {
    assert.deepStrictEqual(problems(`${GATEWAY}notifications:
  - { type: slack, webhookUrl: "hooks.slack.com/services/x" }
  - { type: email }
`), [
      "s.yaml:7:32: a slack URL must start with https:// (the forwarding function posts each notification to it)",
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
  - { type: slack, webhookUrl: "https://hooks.slack.com/services/T0/B0/x" }
`);
    r = await run(() => deployStackfile(file));
  });

  it("makes one topic with a subscription per target: protocol and endpoint", () => {
    const topic = r.one("aws:sns/topic:Topic", "notifications-topic");
    const subs = r.all("aws:sns/topicSubscription:TopicSubscription").filter((s) => s.inputs.topic === topic.state.arn);
    const forwarder = r.byName("notifications-slack-function-3")!;
    assert.deepStrictEqual(subs.map((s) => [s.name, s.inputs.protocol, s.inputs.endpoint]), [
      ["notifications-subscription-1", "email", "ops@example.com"],
      ["notifications-subscription-2", "https", "https://hooks.example.com/sns"],
      ["notifications-subscription-3", "lambda", forwarder.state.arn],
    ]);
  });

  it("a slack target: a forwarding function with the webhook URL (secret) that the topic may invoke", () => {
    const topic = r.one("aws:sns/topic:Topic", "notifications-topic");
    const fn = r.byName("notifications-slack-function-3")!;
    assert.deepStrictEqual([fn.inputs.runtime, fn.inputs.handler, fn.inputs.region], ["nodejs20.x", "index.handler", undefined]);
    assert.strictEqual(secretInput(fn.inputs.environment.variables.WEBHOOK_URL), "https://hooks.slack.com/services/T0/B0/x");
    const permission = r.byName("notifications-slack-permission-3")!;
    assert.deepStrictEqual([permission.inputs.action, permission.inputs.principal, permission.inputs.sourceArn, permission.inputs.function],
      ["lambda:InvokeFunction", "sns.amazonaws.com", topic.state.arn, fn.state.name]);
    // The us-east-1 topic's forwarder is made there (SNS does not deliver from a default Region to an opt-in one).
    const usEast1 = r.byName("notifications-cloud-front-slack-function-3")!;
    assert.strictEqual(usEast1.inputs.region, "us-east-1");
    // Its role may log, no more (Lambda's basic execution policy).
    const role = r.byName("notifications-slack-role")!;
    assert.deepStrictEqual(JSON.parse(role.inputs.assumeRolePolicy).Statement[0].Principal, { Service: "lambda.amazonaws.com" });
    assert.strictEqual(fn.inputs.role, role.state.arn);
    assert.deepStrictEqual(r.all("aws:iam/rolePolicyAttachment:RolePolicyAttachment").filter((x) => x.name.startsWith("notifications-")).map((x) => x.inputs.policyArn),
      ["arn:aws:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole"]);
    assert.strictEqual(r.byName("notifications-cloud-front-slack-permission-3")!.inputs.sourceArn, r.one("aws:sns/topic:Topic", "notifications-cloud-front-topic").state.arn);
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

describe("notifications in YAML: plan with a $Secret URL", () => {
  it("plans with the secret given (--secret), never printing it", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "notifications-secret-"));
    const file = path.join(dir, "stack.yaml");
    fs.writeFileSync(file, `resources:
  worker:
    type: function
    properties:
      entryfilePath: ${JSON.stringify(EXAMPLE_FUNCTION)}
notifications:
  - { type: webhook, url: "$Secret('alarmHook')" }
`);
    const given = await cli("plan", "--json", "--secret", "alarmHook=https://hooks.example.com/private", file);
    assert.strictEqual(given.code, 0, given.err);
    assert.ok(!given.out.includes("hooks.example.com/private"), "the secret URL is not printed");
    const sub = (JSON.parse(given.out).resources as { name: string; type: string }[]).find((r) => r.name === "notifications-subscription-1");
    assert.ok(sub, "the subscription is planned");
  });
});
