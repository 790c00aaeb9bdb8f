// A stack file's user-auth-pool as a UserAuthPool (the program loads this the
// first time the stack has one).
import { checkedProperties, paramOutputs, type StackComponent } from "../../shared/component/stack-component";
import { UserAuthPool, type UserAuthPoolArgs } from "./index";
import { userAuthPoolParams } from "./properties";

export const userAuthPoolStack: StackComponent = {
  make(name, args, opts) {
    const pool = new UserAuthPool(name, { ...checkedProperties<UserAuthPoolArgs>(args.properties), transform: args.transform }, opts);
    return { resource: pool, outputs: paramOutputs(pool, userAuthPoolParams), connectable: pool };
  },
  construct(name, args, opts) {
    const pool = new UserAuthPool(name, checkedProperties<UserAuthPoolArgs>(args), opts);
    return { resource: pool, outputs: paramOutputs(pool, userAuthPoolParams), connectable: pool };
  },
};
