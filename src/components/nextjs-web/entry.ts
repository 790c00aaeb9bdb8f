// The nextjs-web type as the registry lists it: its definition, and the lazy
// loaders of its maker and of its local runner (`require`, not `import()`: cli/on-demand.ts says why).
/* eslint-disable @typescript-eslint/no-require-imports */
import { typeEntry } from "../../shared/component/type-entry";
import { nextjsWebDefinition } from "./definition";

export const nextjsWebEntry = typeEntry(nextjsWebDefinition, {
  stack: () => (require("./stack") as typeof import("./stack")).nextjsWebStack,
  dev: () => (require("./dev") as typeof import("./dev")).nextjsWebDev,
});
