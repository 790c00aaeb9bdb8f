// SQS queues and their policies.
import { arn, dnsSuffix, MOCK_ACCOUNT, type Answer } from "./model";

/**
 * A queue's URL, which is also the provider's id: `https://sqs.<region>.<dns suffix>/<account>/<name>`
 * (https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/sqs-queue-message-identifiers.html).
 */
export const queueUrl = (region: string, name: string) => `https://sqs.${region}.${dnsSuffix(region)}/${MOCK_ACCOUNT}/${name}`;

/** A policy of a queue has the queue's URL as id (terraform-provider-aws internal/service/sqs/queue_policy.go, queue_redrive_policy.go). */
const ofQueue: Answer = (r) => ({ id: String(r.inputs.queueUrl), state: { ...r.inputs } });

export const SQS: Record<string, Answer> = {
  // arn:${Partition}:sqs:${Region}:${Account}:${QueueName}
  // (https://docs.aws.amazon.com/service-authorization/latest/reference/list_amazonsqs.html).
  "aws:sqs/queue:Queue": (r) => {
    const url = queueUrl(r.region, r.physical);
    return { id: url, state: { ...r.inputs, name: r.physical, url, arn: arn(r.region, "sqs", r.physical) } };
  },
  "aws:sqs/queuePolicy:QueuePolicy": ofQueue,
  "aws:sqs/redrivePolicy:RedrivePolicy": ofQueue,
  "aws:sqs/redriveAllowPolicy:RedriveAllowPolicy": ofQueue,
};
