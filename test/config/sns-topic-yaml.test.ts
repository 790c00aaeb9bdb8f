// The sns-topic type in a stack file: validate's messages at their lines, and
// the plan (the topic, its TLS-only policy and encryption, its subscriptions,
// a workload connected to it: the spec's row and its variables).
import * as assert from "assert";
import { analyzeStackfile, formatProblem } from "../../src/config/stackfile";
import { cli, tmpFile } from "../cli/cli-helpers";

const problems = (text: string) => analyzeStackfile("s.yaml", text).problems.map(formatProblem);

type Planned = { type: string; name: string; parent: string; inputs: Record<string, any> };

const STACK = `resources:
  alerts:
    type: sns-topic
    properties:
      subscriptions:
        - { protocol: email, endpoint: ops@example.com }
        - { protocol: https, endpoint: "https://hooks.example.com/alerts" }
  orders:
    type: sns-topic
    properties: { fifoEnabled: true, contentBasedDeduplication: true }
  worker:
    type: function
    properties:
      entryfilePath: ./fn.ts
      connectTo: [alerts]
`;

describe("sns-topic in YAML: validate", () => {
  it("accepts topics; other resources read arn and name", () => {
    assert.deepStrictEqual(problems(`${STACK}      environment:\n        - { name: T, value: "$ResourceParam('alerts', 'name')" }\n`), []);
  });

  it("says each problem at its line: deduplication on a standard topic, an email subscription on a FIFO topic, a bad endpoint", () => {
    assert.deepStrictEqual(problems(`resources:
  a:
    type: sns-topic
    properties: { contentBasedDeduplication: true }
  b:
    type: sns-topic
    properties:
      fifoEnabled: true
      subscriptions: [{ protocol: email, endpoint: ops@example.com }]
  c:
    type: sns-topic
    properties:
      subscriptions: [{ protocol: https, endpoint: "http://hooks.example.com" }]
`), [
      "s.yaml:4:46: content-based deduplication applies to FIFO topics only; this topic is standard (sns/fifo-only-attributes)",
      "s.yaml:9:35: a FIFO topic delivers to SQS queues only, not over \"email\" (sns/fifo-topic-subscribers)",
      "s.yaml:13:52: a https subscription's endpoint is a URL beginning with https:// (sns/subscription-endpoint)",
    ]);
  });

  it("a param a topic lacks is refused with the ones it has", () => {
    assert.deepStrictEqual(problems(`${STACK}      environment:\n        - { name: T, value: "$ResourceParam('alerts', 'url')" }\n`), [
      "s.yaml:17:29: sns-topic has no parameter 'url'; did you mean 'arn'?; available: arn, name",
    ]);
  });
});

describe("sns-topic in YAML: plan", function () {
  this.timeout(120000);
  let plan: { resources: Planned[]; outputs: Record<string, Record<string, string>> };
  const of = (type: string) => plan.resources.filter((x) => x.type === type);

  before(async () => {
    const file = tmpFile(STACK);
    require("fs").writeFileSync(require("path").join(require("path").dirname(file), "fn.ts"), "export async function handler() {}\n");
    const r = await cli("plan", file, "--json");
    assert.strictEqual(r.code, 0, r.err);
    plan = JSON.parse(r.out);
  });

  it("each topic is encrypted with the AWS-managed key; the FIFO one is FIFO with content-based deduplication, its name ending .fifo", () => {
    const topics = Object.fromEntries(of("aws:sns/topic:Topic").map((t) => [t.parent, t.inputs]));
    assert.strictEqual(topics.alerts.kmsMasterKeyId, "alias/aws/sns");
    assert.strictEqual(topics.alerts.fifoTopic, false);
    assert.strictEqual(topics.alerts.contentBasedDeduplication, undefined);
    assert.strictEqual(topics.orders.kmsMasterKeyId, "alias/aws/sns");
    assert.strictEqual(topics.orders.fifoTopic, true);
    assert.strictEqual(topics.orders.contentBasedDeduplication, true);
    assert.match(plan.outputs.orders.name, /^orders-topic-[0-9a-f]{7}\.fifo$/);
    assert.match(plan.outputs.alerts.arn, /^arn:aws:sns:us-east-1:123456789012:alerts-topic-[0-9a-f]{7}$/);
  });

  it("each topic's policy denies publishing without TLS, on its own ARN", () => {
    for (const p of of("aws:sns/topicPolicy:TopicPolicy")) {
      const arn = plan.outputs[p.parent].arn;
      assert.strictEqual(p.inputs.arn, arn);
      assert.deepStrictEqual(JSON.parse(p.inputs.policy).Statement, [{
        Sid: "AllowPublishThroughSSLOnly", Effect: "Deny", Principal: "*", Action: "sns:Publish", Resource: arn,
        Condition: { Bool: { "aws:SecureTransport": "false" } },
      }]);
    }
    assert.strictEqual(of("aws:sns/topicPolicy:TopicPolicy").length, 2);
  });

  it("subscribes the email and HTTPS endpoints to their topic, named by protocol and endpoint", () => {
    const subs = of("aws:sns/topicSubscription:TopicSubscription").map((s) => [s.name, s.inputs.topic === plan.outputs.alerts.arn, s.inputs.protocol, s.inputs.endpoint]);
    assert.deepStrictEqual(subs, [
      ["alerts-subscription-email-ops-example-com", true, "email", "ops@example.com"],
      ["alerts-subscription-https-hooks-example-com-alerts", true, "https", "https://hooks.example.com/alerts"],
    ]);
  });

  it("a connected function gets STP_ALERTS_ARN and STP_ALERTS_NAME, and the spec's row on the topic's ARN (unsubscribe on its subscriptions)", () => {
    const { arn, name } = plan.outputs.alerts;
    const fn = plan.resources.find((x) => x.name === "worker-function")!;
    assert.strictEqual(fn.inputs.environment.variables.STP_ALERTS_ARN, arn);
    assert.strictEqual(fn.inputs.environment.variables.STP_ALERTS_NAME, name);
    const policy = JSON.parse(plan.resources.find((x) => x.name === "worker-policy")!.inputs.policy);
    const sns = policy.Statement.filter((st: { Action: string[] }) => st.Action.some((a) => a.startsWith("sns:")));
    assert.deepStrictEqual(sns, [
      { Effect: "Allow", Action: ["sns:ConfirmSubscription", "sns:ListSubscriptionsByTopic", "sns:Publish", "sns:Subscribe"], Resource: [arn] },
      { Effect: "Allow", Action: ["sns:Unsubscribe"], Resource: [`${arn}:*`] },
    ]);
  });
});
