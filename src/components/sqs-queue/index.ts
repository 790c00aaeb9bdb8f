import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import type { SqsQueueProperties } from "./properties";
import { sqsQueueParams } from "./properties";
import type { SQS_QUEUE_CHILDREN } from "./child-ids";
import { SQS_QUEUE_CONNECTION_VARIABLES, sqsQueueDefinition } from "./definition";
import { QUEUE_ATTRIBUTE_INPUTS } from "./queue-inputs";
import { sqsQueueCrossProblems } from "./rules";
import { paramOutputs } from "../../shared/component/stack-component";
import { Component, literal } from "../../shared/component/component";
import type { ChildTransforms } from "../../shared/component/children";
import type { Problem } from "../../shared/messages/problem";
import { connectionVariablesOf, type Connectable, type Connection } from "../../shared/workloads/connect-to";

/** Each field may be a Pulumi Input (of a value, never of undefined). */
type Inputs<T> = { [K in keyof T]: pulumi.Input<Exclude<T[K], undefined>> };

/** A Lambda function that reads the queue (a YAML function's `sqs` event). */
export interface SqsQueueConsumer {
  /** Names its children: `<queue>-event-source-mapping-<name>`, `<queue>-consumer-policy-<name>` (YAML: the function's Lambda child's name). */
  name: string;
  /** The function's ARN. */
  functionArn: pulumi.Input<string>;
  /** Its execution role's name: it gets receive, delete and get-attributes on the queue. */
  roleName: pulumi.Input<string>;
  /** Most messages per invocation (Lambda's default: 10). */
  batchSize?: pulumi.Input<number>;
  /** Seconds Lambda gathers messages before invoking with less than a full batch. */
  maxBatchWindowSeconds?: pulumi.Input<number>;
}

/**
 * Arguments of {@link SqsQueue}: the YAML properties, where any value may be a
 * Pulumi Input except `fifoEnabled` (it decides the queue's name and kind).
 */
export interface SqsQueueArgs extends Inputs<Omit<SqsQueueProperties, "fifoEnabled" | "redrivePolicy">> {
  fifoEnabled?: boolean;
  /** With `deadLetterQueue`: after `maxReceiveCount` receives a message moves there (`targetSqsQueueName` is the YAML name of that queue). */
  redrivePolicy?: { maxReceiveCount: pulumi.Input<number>; targetSqsQueueName?: string };
  /** The dead-letter queue of `redrivePolicy` (YAML: the queue `targetSqsQueueName` names). */
  deadLetterQueue?: SqsQueue;
  /** Functions that read the queue: an event source mapping and a role policy each. */
  consumers?: SqsQueueConsumer[];
  /** Adjusts a child's arguments before it is created, by child id (see the class docs). */
  transform?: ChildTransforms<typeof SQS_QUEUE_CHILDREN>;
}

/** What a function's execution role needs to read a queue (https://docs.aws.amazon.com/lambda/latest/dg/services-sqs-configure.html, execution role permissions). */
export const CONSUMER_ACTIONS = ["sqs:ReceiveMessage", "sqs:DeleteMessage", "sqs:GetQueueAttributes"];

/**
 * connectTo's actions (the spec's Message queue row: send, receive, delete,
 * change visibility, purge), with the reads an SDK client makes before them
 * (GetQueueUrl from a name, GetQueueAttributes).
 */
export const CONNECT_ACTIONS = [
  "sqs:SendMessage", "sqs:ReceiveMessage", "sqs:DeleteMessage", "sqs:ChangeMessageVisibility", "sqs:PurgeQueue",
  "sqs:GetQueueAttributes", "sqs:GetQueueUrl",
];

/** The dead-letter queue's kind against the queue's: the rule across a stack's queues, for the two given. */
function deadLetterProblems(view: Record<string, unknown>, dlq: SqsQueue | undefined): Problem[] {
  if (view.redrivePolicy === undefined) return [];
  if (!dlq) return [{ path: ["redrivePolicy"], message: "redrivePolicy needs the dead-letter queue", hint: "pass it as deadLetterQueue (an SqsQueue)" }];
  const target = typeof (view.redrivePolicy as { targetSqsQueueName?: unknown }).targetSqsQueueName === "string"
    ? String((view.redrivePolicy as { targetSqsQueueName: string }).targetSqsQueueName) : dlq.queueName;
  const self = { name: "queue", props: { ...view, redrivePolicy: { ...(view.redrivePolicy as object), targetSqsQueueName: target } } };
  return sqsQueueCrossProblems([self, { name: target, props: { fifoEnabled: dlq.fifo } }]).map((x) => x.problem);
}

/**
 * An SQS queue, standard or FIFO, encrypted at rest with SQS-managed keys
 * (SSE-SQS), with a queue policy that denies every request not made over TLS;
 * optionally a dead-letter queue, and functions that read it.
 *
 * Children (ids for `transform` / YAML `overrides`, names `<name>-<child-id>`):
 * `queue`, `queuePolicy`; per consumer `eventSourceMapping` and `consumerPolicy`.
 *
 * @example
 * const deadLetters = new SqsQueue("deadLetters", {});
 * const jobs = new SqsQueue("jobs", {
 *   visibilityTimeoutSeconds: 60,
 *   redrivePolicy: { maxReceiveCount: 5 },
 *   deadLetterQueue: deadLetters,
 * });
 * export const jobsUrl = jobs.url;
 */
export class SqsQueue extends Component<typeof sqsQueueDefinition, Omit<SqsQueueArgs, "transform" | "deadLetterQueue" | "consumers">> implements Connectable {
  public readonly arn: pulumi.Output<string>;
  /** The queue's name (with `.fifo` for a FIFO queue). */
  public readonly name: pulumi.Output<string>;
  public readonly url: pulumi.Output<string>;
  /** Whether it is a FIFO queue. */
  public readonly fifo: boolean;
  public readonly queue: aws.sqs.Queue;
  /** The component's own name (its dead-letter messages name it). */
  public readonly queueName: string;

  constructor(name: string, args: SqsQueueArgs, opts?: pulumi.ComponentResourceOptions) {
    const { transform, deadLetterQueue, consumers, ...given } = args;
    // In TypeScript the dead-letter queue is given itself: its name stands for the stack file's.
    const redrive = given.redrivePolicy && { ...given.redrivePolicy, targetSqsQueueName: given.redrivePolicy.targetSqsQueueName ?? deadLetterQueue?.queueName };
    const properties = redrive ? { ...given, redrivePolicy: redrive } : given;
    super(sqsQueueDefinition, name, { properties, transform, problems: (view) => deadLetterProblems(view, deadLetterQueue) }, opts);
    this.queueName = name;
    this.fifo = literal(this.properties.fifoEnabled) === true;
    const queue = this.queue = this.makeQueue(deadLetterQueue);
    this.tlsOnly(queue);
    for (const consumer of consumers ?? []) this.consumer(queue, consumer);
    this.arn = queue.arn;
    this.name = queue.name;
    this.url = queue.url;
    this.registerOutputs({ arn: this.arn, name: this.name, url: this.url });
  }

  /** The queue: its attributes, SSE-SQS, and the redrive policy to its dead-letter queue. */
  private makeQueue(deadLetterQueue: SqsQueue | undefined): aws.sqs.Queue {
    const p = this.properties;
    const attributes = Object.fromEntries(Object.entries(QUEUE_ATTRIBUTE_INPUTS).map(([prop, input]) => [input, p[prop as keyof typeof QUEUE_ATTRIBUTE_INPUTS]]));
    const redrive = p.redrivePolicy;
    return this.children.make("queue", aws.sqs.Queue, {
      fifoQueue: this.fifo,
      // FIFO only: the provider refuses it on a standard queue (aws-rules/sqs.ts, sqs/fifo-only-attributes).
      contentBasedDeduplication: this.fifo ? p.contentBasedDeduplication : undefined,
      ...attributes,
      // Encryption at rest with keys SQS manages (https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/sqs-server-side-encryption.html).
      sqsManagedSseEnabled: true,
      redrivePolicy: redrive && deadLetterQueue
        ? pulumi.jsonStringify({ deadLetterTargetArn: deadLetterQueue.arn, maxReceiveCount: redrive.maxReceiveCount })
        : undefined,
    });
  }

  /**
   * Denies any request not made over TLS ("Enforce encryption of data in
   * transit", https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/sqs-security-best-practices.html).
   */
  private tlsOnly(queue: aws.sqs.Queue): aws.sqs.QueuePolicy {
    return this.children.make("queuePolicy", aws.sqs.QueuePolicy, {
      queueUrl: queue.url,
      policy: pulumi.jsonStringify({
        Version: "2012-10-17",
        Statement: [{
          Sid: "DenyInsecureTransport", Effect: "Deny", Principal: "*", Action: "sqs:*", Resource: queue.arn,
          Condition: { Bool: { "aws:SecureTransport": "false" } },
        }],
      }),
    });
  }

  /**
   * A function reading the queue: its role may receive, delete and read the
   * queue's attributes, then the event source mapping (Lambda checks the
   * role's permissions when the mapping is created, so it waits for them).
   */
  private consumer(queue: aws.sqs.Queue, c: SqsQueueConsumer): void {
    const children = this.children.suffixed(`-${c.name}`);
    const policy = children.make("consumerPolicy", aws.iam.RolePolicy, {
      role: c.roleName,
      policy: pulumi.jsonStringify({ Version: "2012-10-17", Statement: [{ Effect: "Allow", Action: CONSUMER_ACTIONS, Resource: queue.arn }] }),
    });
    children.make("eventSourceMapping", aws.lambda.EventSourceMapping, {
      eventSourceArn: queue.arn,
      functionName: c.functionArn,
      batchSize: c.batchSize,
      maximumBatchingWindowInSeconds: c.maxBatchWindowSeconds,
    }, { dependsOn: [policy] });
  }

  /** connectTo: the spec's Message queue row on the queue's ARN; STP_<NAME>_ARN, _NAME, _URL; over the public SQS endpoint (not from the default VPC). */
  public connection(): Connection {
    return {
      variables: connectionVariablesOf(SQS_QUEUE_CONNECTION_VARIABLES, paramOutputs(this, sqsQueueParams)),
      statements: [{ Action: CONNECT_ACTIONS, Resource: [this.arn] }],
      internetOnly: true,
    };
  }
}
