// A stack file's relational-database as a RelationalDatabase (the program loads this the
// first time the stack has one).
import { checkedProperties, paramOutputs, type StackComponent } from "../../shared/component/stack-component";
import { RelationalDatabase, type RelationalDatabaseArgs } from "./index";
import { relationalDatabaseParams } from "./properties";

export const relationalDatabaseStack: StackComponent = {
  make(name, args, opts) {
    const db = new RelationalDatabase(name, { ...checkedProperties<RelationalDatabaseArgs>(args.properties), transform: args.transform }, opts);
    return { resource: db, outputs: paramOutputs(db, relationalDatabaseParams), connectable: db };
  },
  construct(name, args, opts) {
    const db = new RelationalDatabase(name, checkedProperties<RelationalDatabaseArgs>(args), opts);
    return { resource: db, outputs: paramOutputs(db, relationalDatabaseParams), connectable: db };
  },
};
