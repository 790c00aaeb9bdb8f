// A relational-database, locally: not run yet. `dev` says so at the resource
// (docs/relational-database.md, "In dev") instead of starting workloads that
// would reach no database.
import { ApplyError, type DevType } from "../../shared/component/local-runner";

export const relationalDatabaseDev: DevType = {
  runner() {
    return {
      async apply({ name }) {
        throw new ApplyError([{
          resource: name, path: ["engine", "type"],
          message: "stackfile dev does not run relational-database resources locally yet: run the stack with plan and deploy, or leave the database out of the dev stack file",
        }]);
      },
    };
  },
};
