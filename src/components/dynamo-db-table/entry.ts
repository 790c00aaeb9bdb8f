// The dynamo-db-table type as the registry lists it: its definition, and the lazy
// loaders of its maker and of its local runner (`require`, not `import()`: cli/on-demand.ts says why).
/* eslint-disable @typescript-eslint/no-require-imports */
import { typeEntry } from "../../shared/component/type-entry";
import { dynamoDbTableDefinition } from "./definition";

export const dynamoDbTableEntry = typeEntry(dynamoDbTableDefinition, {
  stack: () => (require("./stack") as typeof import("./stack")).dynamoDbTableStack,
  dev: () => (require("./dev") as typeof import("./dev")).dynamoDbTableDev,
});
