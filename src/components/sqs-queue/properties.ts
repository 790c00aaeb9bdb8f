/** Where messages go that consumers failed to process `maxReceiveCount` times. */
export interface SqsQueueRedrivePolicy {
  /**
   * Name of another `sqs-queue` of this stack, the dead-letter queue. It is of
   * the same kind as this one: a FIFO queue's dead-letter queue is FIFO, a
   * standard queue's is standard.
   * @example "jobsDeadLetters"
   */
  targetSqsQueueName: string;
  /**
   * Receives of a message (1 to 1,000) after which SQS moves it to the dead-letter queue.
   * @example 5
   */
  maxReceiveCount: number;
}

/**
 * An Amazon SQS queue, standard or FIFO. Encrypted at rest with SQS-managed
 * keys, and a queue policy that refuses any request not made over TLS.
 */
export interface SqsQueueProperties {
  /**
   * A FIFO queue: messages of a group are delivered once, in the order sent.
   * Can be set only when the queue is first created: changing it replaces the
   * queue and loses its messages.
   * @default false
   */
  fifoEnabled?: boolean;
  /**
   * FIFO queues only: a message's deduplication id is the SHA-256 of its body
   * when the sender gives none.
   * @default false
   */
  contentBasedDeduplication?: boolean;
  /**
   * Seconds (0 to 43,200) a received message stays hidden from other
   * consumers. A function reading the queue through an `sqs` event needs at
   * least its own timeout.
   * @default 30
   * @multipleOf 1
   */
  visibilityTimeoutSeconds?: number;
  /**
   * Seconds (60 to 1,209,600, 14 days) SQS keeps a message that is not deleted.
   * @default 345600
   * @multipleOf 1
   */
  messageRetentionPeriodSeconds?: number;
  /**
   * Seconds (0 to 900) every new message waits before it can be received.
   * @default 0
   * @multipleOf 1
   */
  delayMessagesSeconds?: number;
  /**
   * Largest message SQS accepts, in bytes (1,024 to 1,048,576).
   * @default 262144
   * @multipleOf 1
   */
  maxMessageSizeBytes?: number;
  /**
   * Seconds (0 to 20) a receive waits for a message when the queue is empty
   * (long polling); 0 answers at once.
   * @default 0
   * @multipleOf 1
   */
  longPollingSeconds?: number;
  /** A dead-letter queue of this stack for messages that keep failing. */
  redrivePolicy?: SqsQueueRedrivePolicy;
}

/** Parameters other resources can read with `$ResourceParam(name, param)`. */
export const sqsQueueParams = {
  /** The queue's ARN. */
  arn: { type: "string" },
  /** The queue's name (with `.fifo` for a FIFO queue). */
  name: { type: "string" },
  /** The queue's URL, what the SDK's calls take. */
  url: { type: "string" },
} as const;
