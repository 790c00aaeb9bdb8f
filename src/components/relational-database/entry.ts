// The relational-database type as the registry lists it: its definition, and the lazy
// loaders of its maker and of its local runner (`require`, not `import()`: cli/on-demand.ts says why).
/* eslint-disable @typescript-eslint/no-require-imports */
import { typeEntry } from "../../shared/component/type-entry";
import { relationalDatabaseDefinition } from "./definition";

export const relationalDatabaseEntry = typeEntry(relationalDatabaseDefinition, {
  stack: () => (require("./stack") as typeof import("./stack")).relationalDatabaseStack,
  dev: () => (require("./dev") as typeof import("./dev")).relationalDatabaseDev,
});
