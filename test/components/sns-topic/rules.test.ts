import * as assert from "assert";
import { snsTopicStaticProblems } from "../../../src/components/sns-topic/rules";

const found = (props: Record<string, unknown>) => snsTopicStaticProblems(props).map((p) => `${p.path.join(".")}: ${p.message}`);

describe("sns-topic static rules", () => {
  it("a standard topic with an email and an HTTPS subscription passes; so does a FIFO topic with content-based deduplication", () => {
    assert.deepStrictEqual(found({ subscriptions: [{ protocol: "email", endpoint: "ops@example.com" }, { protocol: "https", endpoint: "https://hooks.example.com/a" }] }), []);
    assert.deepStrictEqual(found({ fifoEnabled: true, contentBasedDeduplication: true }), []);
  });

  it("refuses content-based deduplication on a standard topic (sns/fifo-only-attributes)", () => {
    assert.deepStrictEqual(found({ contentBasedDeduplication: true }), [
      "contentBasedDeduplication: content-based deduplication applies to FIFO topics only; this topic is standard (sns/fifo-only-attributes)",
    ]);
  });

  it("refuses email and HTTPS subscriptions on a FIFO topic: it delivers to SQS queues only (sns/fifo-topic-subscribers)", () => {
    assert.deepStrictEqual(found({ fifoEnabled: true, subscriptions: [{ protocol: "email", endpoint: "ops@example.com" }] }), [
      "subscriptions.0.protocol: a FIFO topic delivers to SQS queues only, not over \"email\" (sns/fifo-topic-subscribers)",
    ]);
  });

  it("refuses an endpoint that is not its protocol's shape, each at its entry (sns/subscription-endpoint)", () => {
    assert.deepStrictEqual(found({ subscriptions: [{ protocol: "email", endpoint: "https://x.example.com" }, { protocol: "https", endpoint: "ops@example.com" }] }), [
      "subscriptions.0.endpoint: an email subscription's endpoint is an email address (sns/subscription-endpoint)",
      "subscriptions.1.endpoint: a https subscription's endpoint is a URL beginning with https:// (sns/subscription-endpoint)",
    ]);
  });

  it("refuses the same endpoint twice (a topic has one subscription per protocol and endpoint)", () => {
    assert.deepStrictEqual(found({ subscriptions: [{ protocol: "email", endpoint: "a@example.com" }, { protocol: "email", endpoint: "a@example.com" }] }), [
      "subscriptions.1: the same email endpoint as subscriptions[0]: a topic has one subscription per endpoint; remove one",
    ]);
  });

  it("does not judge values not known yet", () => {
    assert.deepStrictEqual(found({ subscriptions: [{ protocol: "email", endpoint: { __stackfileUnknown: true } }] }), []);
  });
});
