// A stack file's function as a Function (the program loads this the first
// time the stack has one). Its events' targets were given their part before
// it is made (a gateway makes each route for the function's ARN, which
// arrives when the function is made): the function attaches none itself.
import { checkedProperties, paramOutputs, type StackComponent } from "../../shared/component/stack-component";
import { Function, type FunctionArgs } from "./index";
import { functionParams } from "./properties";

export const functionStack: StackComponent = {
  make(name, args, opts) {
    const { events: _madeByTheirTargets, ...properties } = checkedProperties<FunctionArgs>(args.properties);
    const fn = new Function(name, {
      ...properties, connectTo: args.connectTo, defaultVpcEndpoints: args.defaultVpcEndpoints, transform: args.transform,
    }, opts);
    return { resource: fn, outputs: paramOutputs(fn, functionParams), connectable: fn, lambda: { function: fn.function, role: fn.role } };
  },
  construct(name, args, opts) {
    const fn = new Function(name, checkedProperties<FunctionArgs>(args), opts);
    return { resource: fn, outputs: paramOutputs(fn, functionParams), connectable: fn, lambda: { function: fn.function, role: fn.role } };
  },
};
