// A stack file's sqs-queue as an SqsQueue (the program loads this the first
// time the stack has one). Its dead-letter queue (made first) and the
// functions whose `sqs` events read it are given when it is made: each
// function's ARN and role arrive when the function is made.
import { checkedProperties, paramOutputs, type MadeComponent, type StackComponent, type StackEvent } from "../../shared/component/stack-component";
import { SqsQueue, type SqsQueueArgs, type SqsQueueConsumer } from "./index";
import { sqsQueueParams } from "./properties";

/** The function each event names, once per function (a second event of one function is refused by the rules). */
function consumersOf(events: StackEvent[]): SqsQueueConsumer[] {
  const out = new Map<string, SqsQueueConsumer>();
  for (const e of events) {
    if (out.has(e.handler.lambdaName)) continue;
    const num = (v: unknown) => (typeof v === "number" ? v : undefined);
    out.set(e.handler.lambdaName, {
      name: e.handler.lambdaName,
      functionArn: e.handler.arn,
      roleName: e.handler.roleName,
      batchSize: num(e.properties.batchSize),
      maxBatchWindowSeconds: num(e.properties.maxBatchWindowSeconds),
    });
  }
  return [...out.values()];
}

/** The dead-letter queue `redrivePolicy.targetSqsQueueName` names, made before this one. */
function deadLetterQueue(args: SqsQueueArgs, named: Record<string, MadeComponent> = {}): SqsQueue | undefined {
  const target = args.redrivePolicy?.targetSqsQueueName;
  const made = target === undefined ? undefined : named[target]?.resource;
  return made instanceof SqsQueue ? made : undefined;
}

export const sqsQueueStack: StackComponent = {
  make(name, args, opts) {
    const properties = checkedProperties<SqsQueueArgs>(args.properties);
    const queue = new SqsQueue(name, {
      ...properties,
      deadLetterQueue: deadLetterQueue(properties, args.named.deadLetterQueues),
      consumers: consumersOf(args.events),
      transform: args.transform,
    }, opts);
    return { resource: queue, outputs: paramOutputs(queue, sqsQueueParams), connectable: queue };
  },
  construct(name, args, opts) {
    const queue = new SqsQueue(name, checkedProperties<SqsQueueArgs>(args), opts);
    return { resource: queue, outputs: paramOutputs(queue, sqsQueueParams), connectable: queue };
  },
};
