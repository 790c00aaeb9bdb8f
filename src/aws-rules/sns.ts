// SNS topics and their subscriptions.
import { arnParts, type AwsRule, type Finding } from "./rule";
import { CONTENT_DEDUP_STANDARD, filterPolicyProblem, fifoTopicProtocolProblem, isEmailEndpoint, isUrlEndpoint } from "./sns-facts";

const TOPIC = "aws:sns/topic:Topic";
const SUBSCRIPTION = "aws:sns/topicSubscription:TopicSubscription";

/** Whether a topic (by ARN or name) is FIFO: its name ends with .fifo (https://docs.aws.amazon.com/sns/latest/dg/fifo-topic-code-examples.html). */
const isFifoTopicRef = (v: unknown) => typeof v === "string" && v.endsWith(".fifo");

/**
 * What each protocol's endpoint is (https://docs.aws.amazon.com/sns/latest/api/API_Subscribe.html, Endpoint):
 * a URL beginning http:// or https://, an email address, an E.164 phone number, or the ARN of a
 * queue, function, Firehose stream or mobile application endpoint.
 */
const ENDPOINTS: Record<string, { test(e: string): boolean; what: string }> = {
  http: { test: (e) => isUrlEndpoint("http", e), what: "a URL beginning with http://" },
  https: { test: (e) => isUrlEndpoint("https", e), what: "a URL beginning with https://" },
  email: { test: isEmailEndpoint, what: "an email address" },
  "email-json": { test: isEmailEndpoint, what: "an email address" },
  sms: { test: (e) => /^\+?[1-9]\d{1,14}$/.test(e), what: "a phone number (E.164)" },
  sqs: { test: (e) => arnParts(e)?.service === "sqs", what: "the ARN of an SQS queue" },
  lambda: { test: (e) => arnParts(e)?.service === "lambda", what: "the ARN of a Lambda function" },
  firehose: { test: (e) => arnParts(e)?.service === "firehose", what: "the ARN of a Firehose delivery stream" },
  application: { test: (e) => arnParts(e)?.service === "sns", what: "the ARN of a mobile application endpoint" },
};

/** Protocols whose subscriptions take raw message delivery (https://docs.aws.amazon.com/sns/latest/dg/sns-large-payload-raw-message-delivery.html). */
const RAW_DELIVERY = ["sqs", "http", "https", "firehose"];

export const SNS_RULES: AwsRule[] = [
  {
    id: "sns/fifo-only-attributes",
    types: [TOPIC],
    summary: "Content-based deduplication and an archive policy are set on FIFO topics only",
    source: "terraform-provider-aws internal/service/sns/topic.go (resourceTopicCustomizeDiff: content-based deduplication / message archive policy can only be set for FIFO topics)",
    check(r) {
      if (r.inputs.fifoTopic === true) return [];
      const out: Finding[] = [];
      if (r.inputs.contentBasedDeduplication === true) out.push({ input: "contentBasedDeduplication", message: CONTENT_DEDUP_STANDARD });
      if (r.inputs.archivePolicy) out.push({ input: "archivePolicy", message: "a message archive policy applies to FIFO topics only; this topic is standard" });
      return out;
    },
    examples: { pass: [{ inputs: { fifoTopic: true, contentBasedDeduplication: true } }], fail: [{ inputs: { contentBasedDeduplication: true } }] },
  },
  {
    id: "sns/fifo-topic-subscribers",
    types: [SUBSCRIPTION],
    summary: "A FIFO topic delivers to SQS queues only: no Lambda, HTTP(S), email, SMS, Firehose or mobile subscriptions",
    source: "https://docs.aws.amazon.com/sns/latest/dg/fifo-message-delivery.html (FIFO topics deliver messages to SQS queues)",
    check(r, ctx) {
      const topic = ctx.resources.find((x) => x.type === TOPIC && r.dependsOn.includes(x.name));
      const fifo = topic ? topic.inputs.fifoTopic === true : isFifoTopicRef(r.inputs.topic);
      const why = fifo ? fifoTopicProtocolProblem(r.inputs.protocol) : undefined;
      return why ? [{ input: "protocol", message: why }] : [];
    },
    examples: {
      pass: [{ inputs: { topic: "arn:aws:sns:us-east-1:123456789012:orders.fifo", protocol: "sqs", endpoint: "arn:aws:sqs:us-east-1:123456789012:jobs.fifo" } }],
      fail: [{ inputs: { topic: "arn:aws:sns:us-east-1:123456789012:orders.fifo", protocol: "lambda", endpoint: "arn:aws:lambda:us-east-1:123456789012:function:worker" } }],
    },
  },
  {
    id: "sns/subscription-endpoint",
    types: [SUBSCRIPTION],
    summary: "A subscription's endpoint has its protocol's shape (URL, email address, phone number or ARN); Firehose needs a subscription role; raw delivery is for SQS, HTTP(S) and Firehose",
    source: "https://docs.aws.amazon.com/sns/latest/api/API_Subscribe.html (Protocol, Endpoint; SubscriptionRoleArn for Firehose); https://docs.aws.amazon.com/sns/latest/dg/sns-large-payload-raw-message-delivery.html",
    check(r) {
      const protocol = String(r.inputs.protocol ?? "");
      const shape = ENDPOINTS[protocol];
      if (!shape) return [{ input: "protocol", message: `${JSON.stringify(r.inputs.protocol)} is not an SNS protocol (${Object.keys(ENDPOINTS).join(", ")})` }];
      const out: Finding[] = [];
      const endpoint = r.inputs.endpoint;
      if (typeof endpoint === "string" && !shape.test(endpoint)) out.push({ input: "endpoint", message: `a ${protocol} subscription's endpoint is ${shape.what}` });
      if (protocol === "firehose" && !r.inputs.subscriptionRoleArn) out.push({ input: "subscriptionRoleArn", message: "a Firehose subscription needs a role SNS assumes to write to the stream" });
      if (r.inputs.rawMessageDelivery === true && !RAW_DELIVERY.includes(protocol)) out.push({ input: "rawMessageDelivery", message: `raw message delivery is for ${RAW_DELIVERY.join(", ")} subscriptions, not ${protocol}` });
      return out;
    },
    examples: {
      pass: [{ inputs: { topic: "arn:aws:sns:us-east-1:123456789012:alerts", protocol: "https", endpoint: "https://hooks.example.com/alerts" } }],
      fail: [{ inputs: { topic: "arn:aws:sns:us-east-1:123456789012:alerts", protocol: "email", endpoint: "https://hooks.example.com/alerts" } }],
    },
  },
  {
    id: "sns/filter-policy",
    types: [SUBSCRIPTION],
    summary: "A subscription's filter policy is a JSON object; its scope is MessageAttributes or MessageBody",
    source: "terraform-provider-aws internal/service/sns/topic_subscription.go (filter_policy: StringIsJSON); https://docs.aws.amazon.com/sns/latest/dg/sns-message-filtering.html (FilterPolicyScope)",
    check(r) {
      const out: Finding[] = [];
      if (r.inputs.filterPolicy !== undefined && r.inputs.filterPolicy !== "") {
        const why = filterPolicyProblem(r.inputs.filterPolicy);
        if (why) out.push({ input: "filterPolicy", message: why });
      }
      const scope = r.inputs.filterPolicyScope;
      if (scope !== undefined && scope !== "MessageAttributes" && scope !== "MessageBody") out.push({ input: "filterPolicyScope", message: `${JSON.stringify(scope)} is not MessageAttributes or MessageBody` });
      return out;
    },
    examples: {
      pass: [{ inputs: { protocol: "sqs", filterPolicy: "{\"kind\":[\"order\"]}", filterPolicyScope: "MessageBody" } }],
      fail: [{ inputs: { protocol: "sqs", filterPolicy: "kind=order" } }],
    },
  },
];
