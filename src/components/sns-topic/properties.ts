/**
 * An endpoint outside the stack that receives the topic's messages. Queues
 * and functions of the stack subscribe through their own `events`.
 */
export interface SnsTopicSubscription {
  /**
   * `email`: the address receives each message as a mail (the owner confirms
   * the subscription from the first mail). `https`: SNS posts each message
   * to the URL (the endpoint confirms through the SubscribeURL it receives).
   * @example "email"
   */
  protocol: "email" | "https";
  /**
   * The address (`email`) or the URL beginning with `https://` (`https`).
   * @example "ops@example.com"
   */
  endpoint: string;
}

/**
 * A notification topic (Amazon SNS): standard or FIFO, encrypted at rest with
 * the AWS-managed key and reachable over TLS only.
 */
export interface SnsTopicProperties {
  /**
   * A FIFO topic (its name ends with `.fifo`): strict order within a message
   * group, exactly-once delivery, to SQS queues only. Changing it replaces the
   * topic, and its subscriptions with it.
   * @default false
   * @example true
   */
  fifoEnabled?: boolean;
  /**
   * FIFO topics only: the SHA-256 of the message body is its deduplication id,
   * so publishers need not send one.
   * @default false
   * @example true
   */
  contentBasedDeduplication?: boolean;
  /**
   * Email addresses and HTTPS endpoints subscribed to the topic (standard topics only).
   * @default []
   * @example [{ "protocol": "email", "endpoint": "ops@example.com" }]
   */
  subscriptions?: SnsTopicSubscription[];
}

/** Parameters other resources can read with `$ResourceParam(name, param)`. */
export const snsTopicParams = {
  /** The topic's ARN. */
  arn: { type: "string" },
  /** The topic's name (with `.fifo` for a FIFO topic). */
  name: { type: "string" },
} as const;
