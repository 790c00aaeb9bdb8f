// A dynamo-db-table in `stackfile dev`: not run locally yet. Refused with the
// reason at the table (never a table that seems to work and does not).
import { ApplyError, type DevType } from "../../shared/component/local-runner";

export const dynamoDbTableDev: DevType = {
  runner() {
    return {
      async apply({ name }) {
        throw new ApplyError([{ resource: name, path: [], message: "dynamo-db-table does not run in `stackfile dev` yet; deploy it (plan, pulumi up) or leave it out of the stack you run locally" }]);
      },
    };
  },
};
