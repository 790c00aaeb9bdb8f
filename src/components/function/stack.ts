// A stack file's function as a Function (the program loads this the first
// time the stack has one). Its events' targets were given their part before
// it is made (a gateway makes each route for the function's ARN, which
// arrives when the function is made); the function makes only the rules of
// its schedules and of its events on the default bus.
import { checkedProperties, paramOutputs, type StackComponent } from "../../shared/component/stack-component";
import { Function, type FunctionArgs } from "./index";
import { functionParams } from "./properties";
import { ownRuleOf } from "../event-bus/own-rules";

export const functionStack: StackComponent = {
  make(name, args, opts) {
    const { events = [], ...properties } = checkedProperties<FunctionArgs>(args.properties);
    const fn = new Function(name, {
      // Only the events no resource of the stack makes (schedules, the default bus's): the function makes their rules.
      ...properties, events: events.filter((e) => ownRuleOf(e) !== undefined), connectTo: args.connectTo, defaultVpcEndpoints: args.defaultVpcEndpoints, alarmTopic: args.alarmTopic, transform: args.transform,
    }, opts);
    return { resource: fn, outputs: paramOutputs(fn, functionParams), connectable: fn, lambda: { function: fn.function, role: fn.role } };
  },
  construct(name, args, opts) {
    const fn = new Function(name, checkedProperties<FunctionArgs>(args), opts);
    return { resource: fn, outputs: paramOutputs(fn, functionParams), connectable: fn, lambda: { function: fn.function, role: fn.role } };
  },
};
