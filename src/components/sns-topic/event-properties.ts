/** Where an `sns` event comes from: a topic of this stack, and which of its messages. */
export interface FunctionSnsEventProperties {
  /**
   * Name of the `sns-topic` resource of this stack the function subscribes to
   * (a standard topic: a FIFO topic delivers to SQS queues only).
   * @example "alerts"
   */
  snsTopicName: string;
  /**
   * Only the messages whose attributes match reach the function (an SNS
   * filter policy, https://docs.aws.amazon.com/sns/latest/dg/sns-message-filtering.html).
   * Absent: every message.
   * @example { "severity": ["high", "critical"] }
   */
  filterPolicy?: Record<string, unknown>;
}

/** Messages published to a topic of the stack invoke the function (a subscription and an invoke permission, made by the topic). */
export interface FunctionSnsEvent {
  type: "sns";
  properties: FunctionSnsEventProperties;
}
