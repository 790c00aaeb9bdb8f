// A stack file's dynamo-db-table as a DynamoDbTable (the program loads this the
// first time the stack has one).
import { checkedProperties, paramOutputs, type StackComponent } from "../../shared/component/stack-component";
import { DynamoDbTable, type DynamoDbTableArgs } from "./index";
import { dynamoDbTableParams } from "./properties";

export const dynamoDbTableStack: StackComponent = {
  make(name, args, opts) {
    const table = new DynamoDbTable(name, { ...checkedProperties<DynamoDbTableArgs>(args.properties), transform: args.transform }, opts);
    return { resource: table, outputs: paramOutputs(table, dynamoDbTableParams), connectable: table };
  },
  construct(name, args, opts) {
    const table = new DynamoDbTable(name, checkedProperties<DynamoDbTableArgs>(args), opts);
    return { resource: table, outputs: paramOutputs(table, dynamoDbTableParams), connectable: table };
  },
};
