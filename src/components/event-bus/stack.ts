// A stack file's event-bus as an EventBus (the program loads this the first
// time the stack has one).
import { checkedProperties, paramOutputs, type StackComponent, type StackEvent } from "../../shared/component/stack-component";
import { EventBus, type EventBusArgs, type EventBusFunctionRule } from "./index";
import { eventBusParams } from "./properties";

/** The stack's `event-bus` events that name the bus, each a rule to its function (named by the function and its n-th event on this bus). */
function functionRules(events: StackEvent[]): EventBusFunctionRule[] {
  const count = new Map<string, number>();
  return events.map((e) => {
    const n = count.get(e.source) ?? 0;
    count.set(e.source, n + 1);
    return { name: n ? `${e.source}-${n}` : e.source, functionArn: e.handler.arn, eventPattern: e.properties.eventPattern as Record<string, unknown> };
  });
}

export const eventBusStack: StackComponent = {
  make(name, args, opts) {
    const bus = new EventBus(name, {
      ...checkedProperties<EventBusArgs>(args.properties), functionRules: functionRules(args.events), transform: args.transform,
    }, opts);
    return { resource: bus, outputs: paramOutputs(bus, eventBusParams), connectable: bus };
  },
  construct(name, args, opts) {
    const bus = new EventBus(name, checkedProperties<EventBusArgs>(args), opts);
    return { resource: bus, outputs: paramOutputs(bus, eventBusParams), connectable: bus };
  },
};
