// A stack file's sns-topic as an SnsTopic (the program loads this the first
// time the stack has one).
import { checkedProperties, paramOutputs, type StackComponent, type StackEvent } from "../../shared/component/stack-component";
import { SnsTopic, type SnsTopicArgs, type SnsTopicFunctionSubscription } from "./index";
import { snsTopicParams } from "./properties";

/** The stack's `sns` events that name the topic, each a function's subscription (one per function: event-rules.ts). */
function functionSubscriptions(events: StackEvent[]): SnsTopicFunctionSubscription[] {
  return events.map((e) => ({
    name: e.source,
    functionArn: e.handler.arn,
    filterPolicy: e.properties.filterPolicy as Record<string, unknown> | undefined,
  }));
}

export const snsTopicStack: StackComponent = {
  make(name, args, opts) {
    const topic = new SnsTopic(name, {
      ...checkedProperties<SnsTopicArgs>(args.properties), functionSubscriptions: functionSubscriptions(args.events), transform: args.transform,
    }, opts);
    return { resource: topic, outputs: paramOutputs(topic, snsTopicParams), connectable: topic };
  },
  construct(name, args, opts) {
    const topic = new SnsTopic(name, checkedProperties<SnsTopicArgs>(args), opts);
    return { resource: topic, outputs: paramOutputs(topic, snsTopicParams), connectable: topic };
  },
};
