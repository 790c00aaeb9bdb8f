// What the CLI loads only when a command needs it, in one place, and why.
// A `validate` is mostly Node's own start-up (test/cli/start-up.test.ts holds
// it there): loading Pulumi with @pulumi/aws, the components and the AWS rule
// catalog (about a second) or the positioned YAML parser when the command
// needs none of them would cost several times its own work. So each command's
// modules are imported here, by an ordinary `import()`, when it runs; the
// modules themselves import what they use as usual. (Heavy libraries that
// shared code reads late, the positioned parser among them, load through
// shared/process/lazy.ts.)
import { installAwsOnDemand } from "./aws-on-demand";

export const onDemand = {
  /** `plan`'s options (they check `--region` against the catalog's region list). */
  planArgs: () => import("./plan-args"),
  /** `plan`: the mock engine, the program, every component, the catalog. */
  plan: async () => {
    installAwsOnDemand();
    return import("./plan-command");
  },
  /** `diff`: two plans and the comparison. */
  diff: async () => {
    installAwsOnDemand();
    return import("./diff-command");
  },
  schema: () => import("../shared/schema/schema"),
  init: () => import("./init"),
  /** `dev`: its servers and process handling. */
  dev: () => import("../dev/command"),
};
