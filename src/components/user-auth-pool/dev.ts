// A user-auth-pool in `stackfile dev`: not run locally yet. The stack's other
// resources run; the pool is refused with the reason, at the resource, rather
// than given values that would not work.
import type { DevType } from "../../shared/component/local-runner";
import { ApplyError } from "../../shared/component/local-runner";

export const userAuthPoolDev: DevType = {
  runner() {
    return {
      async apply({ name }) {
        throw new ApplyError([{
          resource: name,
          path: [],
          message: "a user-auth-pool does not run in `stackfile dev` yet (no local Cognito); deploy the stack to use it, or run dev with a stack file without it",
        }]);
      },
    };
  },
};
