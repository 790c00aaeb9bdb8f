/**
 * Child resources of an SqsQueue, by id. The child named `<name>-<id>` is
 * what `overrides.<id>` (YAML) and `transform.<id>` (TypeScript) adjust.
 * - `queue`: aws.sqs.Queue, the queue itself (holds the messages)
 * - `queuePolicy`: aws.sqs.QueuePolicy refusing every request not made over TLS
 * - per function reading it through an `sqs` event (suffixed with the function's name):
 *   `eventSourceMapping` (aws.lambda.EventSourceMapping) and `consumerPolicy`
 *   (aws.iam.RolePolicy on the function's role: receive, delete, get attributes)
 */
export const SQS_QUEUE_CHILDREN = {
  queue: "aws:sqs/queue:Queue",
  queuePolicy: "aws:sqs/queuePolicy:QueuePolicy",
  eventSourceMapping: "aws:lambda/eventSourceMapping:EventSourceMapping",
  consumerPolicy: "aws:iam/rolePolicy:RolePolicy",
} as const;

export const SQS_QUEUE_CHILD_IDS = Object.keys(SQS_QUEUE_CHILDREN) as SqsQueueChildId[];

export type SqsQueueChildId = keyof typeof SQS_QUEUE_CHILDREN;
