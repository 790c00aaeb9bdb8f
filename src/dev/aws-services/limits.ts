// The bounds the local services keep, AWS's where AWS has one (each with its
// page), and local ones where AWS has none (a queue's backlog, the number of
// queues), so a hostile or runaway client cannot grow a dev session's memory
// without end.

/** The account and region of every local ARN and URL. */
export const LOCAL_ACCOUNT = "000000000000";
export const LOCAL_REGION = "us-east-1";
/**
 * The credentials local workloads sign with: s3rver's own key pair (it knows
 * no other), not a secret; the other local services accept any.
 */
export const LOCAL_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

/** What a connected workload's SDK reaches a local service with: its endpoint, region and dev's key (each type's local variables name them). */
export function localSdkOutputs(endpoint: string, region: string): { localEndpoint: string; localRegion: string; localAccessKeyId: string; localSecretAccessKey: string } {
  return { localEndpoint: endpoint, localRegion: region, localAccessKeyId: LOCAL_CREDENTIALS.accessKeyId, localSecretAccessKey: LOCAL_CREDENTIALS.secretAccessKey };
}

export const SQS_LIMITS = {
  // "Amazon SQS message quotas": https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/quotas-messages.html
  /** Messages (entries) in one batch request. */
  batchEntries: 10,
  /** A batch entry's Id: up to 80 characters, alphanumeric, `-` and `_`. */
  batchIdPattern: /^[A-Za-z0-9_-]{1,80}$/,
  /** Message attributes of one message. */
  messageAttributes: 10,
  /** MessageGroupId / MessageDeduplicationId: up to 128 characters. */
  idLength: 128,
  // SetQueueAttributes: https://docs.aws.amazon.com/AWSSimpleQueueService/latest/APIReference/API_SetQueueAttributes.html
  /**
   * MaximumMessageSize: 1,024 bytes to 1,048,576 bytes (1 MiB), and 1 MiB for a
   * queue that sets none, since SQS raised its message size to 1 MiB (2025).
   * moto 5.2.5 agrees; pulumi-aws's docs still give the earlier 262,144.
   */
  maxMessageSize: { min: 1024, max: 1_048_576, default: 1_048_576 },
  /** The whole payload of a batch request (1 MiB, the largest message). */
  batchBytes: 1_048_576,
  /** MessageRetentionPeriod: 60 s to 1,209,600 s (14 days); default 345,600 (4 days). */
  retention: { min: 60, max: 1_209_600, default: 345_600 },
  /** DelaySeconds: 0 to 900. */
  delay: { min: 0, max: 900 },
  /** VisibilityTimeout: 0 to 43,200 s (12 hours); default 30 ("Amazon SQS visibility timeout"). */
  visibility: { min: 0, max: 43_200, default: 30 },
  /** ReceiveMessageWaitTimeSeconds / WaitTimeSeconds: 0 to 20. */
  wait: { min: 0, max: 20 },
  /** RedrivePolicy maxReceiveCount: 1 to 1,000 ("Using dead-letter queues in Amazon SQS"). */
  maxReceiveCount: { min: 1, max: 1000 },
  /** FIFO deduplication interval: 5 minutes ("Amazon SQS message deduplication ID"). */
  dedupMs: 5 * 60 * 1000,
  /** A queue name: 1 to 80 characters, alphanumeric, `-` and `_` (a FIFO queue's ends with `.fifo`) (CreateQueue). */
  namePattern: /^[A-Za-z0-9_-]{1,80}$/,
  /** PurgeQueue: one purge per queue every 60 s (API_PurgeQueue.html). */
  purgeIntervalMs: 60_000,
  // Local bounds (AWS has no backlog limit): dev refuses past them, naming the bound.
  /** Bytes of message payload held by all queues together. */
  localStoredBytes: 64 * 1024 * 1024,
  /** Queues. */
  localQueues: 1000,
};

export const SNS_LIMITS = {
  // Publish: https://docs.aws.amazon.com/sns/latest/api/API_Publish.html
  /** A message, with its attributes: up to 262,144 bytes (256 KiB). */
  messageBytes: 262_144,
  /** Message attributes of one message ("Amazon SNS message attributes"): 10. */
  messageAttributes: 10,
  /** PublishBatch: up to 10 entries, 256 KiB together (API_PublishBatch.html). */
  batchEntries: 10,
  /** A topic name: 1 to 256 characters, alphanumeric, `-` and `_` (`.fifo` ends a FIFO topic's) (CreateTopic). */
  namePattern: /^[A-Za-z0-9_-]{1,256}$/,
  /** A filter policy: 150 value combinations at most, and 5 keys ("Amazon SNS subscription filter policy constraints"). */
  filterPolicyCombinations: 150,
  filterPolicyKeys: 5,
  /** A filter policy's JSON: 256 KiB at most. */
  filterPolicyBytes: 262_144,
  // Local bounds.
  localTopics: 1000,
  localSubscriptions: 10_000,
};

export const EVENTS_LIMITS = {
  // PutEvents: https://docs.aws.amazon.com/eventbridge/latest/APIReference/API_PutEvents.html
  /** Entries of one PutEvents request. */
  putEntries: 10,
  /** An entry's size (Time 14 bytes, Source, DetailType, Detail, Resources in UTF-8): under 256 KB ("Calculating PutEvents event entry size"). */
  entryBytes: 256 * 1024,
  /** Targets of one rule: 5 ("Amazon EventBridge quotas"). */
  targetsPerRule: 5,
  /** A rule's event pattern: 4,096 characters at most (PutRule). */
  patternLength: 4096,
  /** A rule or bus name: 1 to 64 characters (`[\.\-_A-Za-z0-9]+`) (PutRule, CreateEventBus). */
  namePattern: /^[.\-_A-Za-z0-9]{1,64}$/,
  // Local bounds.
  localBuses: 100,
  localRules: 1000,
};

export const LAMBDA_ASYNC = {
  // "Configuring error handling for asynchronous invocation":
  // https://docs.aws.amazon.com/lambda/latest/dg/invocation-async-error-handling.html
  // On a function error Lambda retries twice: one minute, then two minutes later.
  retries: 2,
  retryDelaysMs: [60_000, 120_000],
};

/** A request body bound for the JSON and query services: the largest batch plus room for its JSON. */
export const MAX_REQUEST_BYTES = 2 * 1024 * 1024;

/** Bytes of a UTF-8 string. */
export const utf8Bytes = (s: string) => Buffer.byteLength(s, "utf8");
