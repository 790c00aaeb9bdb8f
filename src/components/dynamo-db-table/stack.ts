// A stack file's dynamo-db-table as a DynamoDbTable (the program loads this the
// first time the stack has one).
import { checkedProperties, paramOutputs, type StackComponent, type StackEvent } from "../../shared/component/stack-component";
import { DynamoDbTable, type DynamoDbTableArgs } from "./index";
import { dynamoDbTableParams } from "./properties";
import type { TableStreamReader } from "./stream-readers";
import { STREAM_EVENT_INPUTS } from "./stream-events";

/** The function each `dynamo-db-stream` event names, once per function (a second event of one function is refused by the rules). */
function readersOf(events: StackEvent[]): TableStreamReader[] {
  const out = new Map<string, TableStreamReader>();
  for (const e of events) {
    if (out.has(e.handler.lambdaName)) continue;
    const settings = Object.fromEntries(Object.keys(STREAM_EVENT_INPUTS).filter((k) => e.properties[k] !== undefined).map((k) => [k, e.properties[k]]));
    out.set(e.handler.lambdaName, { ...settings, name: e.handler.lambdaName, functionArn: e.handler.arn, roleName: e.handler.roleName });
  }
  return [...out.values()];
}

export const dynamoDbTableStack: StackComponent = {
  make(name, args, opts) {
    const table = new DynamoDbTable(name, { ...checkedProperties<DynamoDbTableArgs>(args.properties), streamReaders: readersOf(args.events), transform: args.transform }, opts);
    return { resource: table, outputs: paramOutputs(table, dynamoDbTableParams), connectable: table };
  },
  construct(name, args, opts) {
    const table = new DynamoDbTable(name, checkedProperties<DynamoDbTableArgs>(args), opts);
    return { resource: table, outputs: paramOutputs(table, dynamoDbTableParams), connectable: table };
  },
};
