// The sqs-queue resource type as data: what the YAML adapter, `dev` and the
// component read (schema name, parameters, child ids, literal-only fields,
// rules, what connectTo gives, the dead-letter queue it names, the `sqs`
// events of the functions that read it).
import { componentDefinition } from "../../shared/component/component-definition";
import { connectionTable } from "../../shared/workloads/connection-variables";
import { sqsQueueParams } from "./properties";
import { SQS_QUEUE_CHILD_IDS, SQS_QUEUE_CHILDREN } from "./child-ids";
import { describeSqsEvent, sqsEventProblems, sqsQueueCrossProblems, sqsQueueStaticProblems } from "./rules";

/** connectTo's variables (the spec's Message queue row). */
export const SQS_QUEUE_CONNECTION_VARIABLES = connectionTable(sqsQueueParams, { ARN: ["arn"], NAME: ["name"], URL: ["url"] });

/**
 * In `dev`, a connected workload's AWS SDK reaches the local SQS: its
 * service-specific endpoint (https://docs.aws.amazon.com/sdkref/latest/guide/feature-ss-endpoints.html),
 * the local region and credentials (dev.ts sets these local outputs).
 */
export const SQS_LOCAL_VARIABLES = {
  AWS_ENDPOINT_URL_SQS: "localEndpoint", AWS_REGION: "localRegion", AWS_ACCESS_KEY_ID: "localAccessKeyId", AWS_SECRET_ACCESS_KEY: "localSecretAccessKey",
} as const;

/** The event kind of the functions that read a queue: `sqs`, naming it in `sqsQueueName`. */
export const SQS_EVENT = { eventType: "sqs", nameField: "sqsQueueName" } as const;

export const sqsQueueDefinition = componentDefinition({
  type: "sqs-queue",
  definition: "SqsQueueProperties",
  propertiesFile: "src/components/sqs-queue/properties.ts",
  token: "stackfile:index:SqsQueue",
  propertiesOptional: true,
  params: sqsQueueParams,
  availableParams: () => Object.keys(sqsQueueParams),
  // FIFO or not decides the queue's name, its dead-letter queue's kind and its readers' batches.
  literalOnly: [["fifoEnabled"], ["redrivePolicy", "targetSqsQueueName"]],
  // The dead-letter queue is made first; its ARN goes into the redrive policy.
  resourceNames: [{ path: ["redrivePolicy", "targetSqsQueueName"], type: "sqs-queue", arg: "deadLetterQueues" }],
  // The SQS API is a public endpoint: from the default VPC (no NAT, no interface endpoint) it is not reached.
  connectable: { vpcOnly: false, variables: SQS_QUEUE_CONNECTION_VARIABLES, localVariables: SQS_LOCAL_VARIABLES },
  // A function's `sqs` event is an event source mapping the queue makes, with the function's permission to read it.
  eventTarget: { ...SQS_EVENT, eventProblems: sqsEventProblems, describe: describeSqsEvent },
  childIds: SQS_QUEUE_CHILD_IDS,
  children: SQS_QUEUE_CHILDREN,
  staticRules: sqsQueueStaticProblems,
  crossRules: sqsQueueCrossProblems,
});
