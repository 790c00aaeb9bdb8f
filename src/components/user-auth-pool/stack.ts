// A stack file's user-auth-pool as a UserAuthPool (the program loads this the
// first time the stack has one).
import { checkedProperties, paramOutputs, type MadeComponent, type StackComponent } from "../../shared/component/stack-component";
import type { HookFunction } from "./hooks";
import { UserAuthPool, type UserAuthPoolArgs } from "./index";
import { userAuthPoolParams } from "./properties";

/** The functions hooks name, as the pool takes them. */
function hookFunctions(named: Record<string, MadeComponent> = {}): Record<string, HookFunction> {
  return Object.fromEntries(Object.entries(named).flatMap(([n, m]) => (m.lambda ? [[n, { function: m.lambda.function }]] : [])));
}

export const userAuthPoolStack: StackComponent = {
  make(name, args, opts) {
    const pool = new UserAuthPool(name, { ...checkedProperties<UserAuthPoolArgs>(args.properties), hookFunctions: hookFunctions(args.named.hookFunctions), transform: args.transform }, opts);
    return { resource: pool, outputs: paramOutputs(pool, userAuthPoolParams), connectable: pool };
  },
  construct(name, args, opts) {
    const pool = new UserAuthPool(name, checkedProperties<UserAuthPoolArgs>(args), opts);
    return { resource: pool, outputs: paramOutputs(pool, userAuthPoolParams), connectable: pool };
  },
};
