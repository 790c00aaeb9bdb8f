// What the CLI loads only when a command needs it, in one place, and why.
// A `validate` is mostly Node's own start-up (test/cli/start-up.test.ts holds
// it there): loading Pulumi with @pulumi/aws, the components and the AWS rule
// catalog (about a second) or the positioned YAML parser when the command
// needs none of them would cost several times its own work. So each command's
// modules are required here when it runs, and only here; the modules
// themselves import what they use as usual. (`require`, not `import()`: the
// tests run the sources through tsx's require hook, which `import()` of a
// path without its extension does not pass through. Heavy libraries that
// shared code reads late, the positioned parser among them, load through
// shared/process/lazy.ts.)
/* eslint-disable @typescript-eslint/no-require-imports */

/** @pulumi/aws read per service (aws-on-demand.ts), before any component loads; `validate` never reads it. */
const installAwsOnDemand = () => (require("./aws-on-demand") as typeof import("./aws-on-demand")).installAwsOnDemand();

export const onDemand = {
  /** `plan`'s options (they check `--region` against the catalog's region list). */
  planArgs: () => require("./plan-args") as typeof import("./plan-args"),
  /** `plan`: the mock engine, the program, every component, the catalog (@pulumi/aws read per service first: aws-on-demand.ts). */
  plan: () => {
    installAwsOnDemand();
    return require("./plan-command") as typeof import("./plan-command");
  },
  /** `diff`: two plans and the comparison. */
  diff: () => {
    installAwsOnDemand();
    return require("./diff-command") as typeof import("./diff-command");
  },
  /** The command line's `plan` and `diff`: provider code as a placeholder, the SDK's closure serializer never loaded (provider-code.ts). */
  providerCodeAsPlaceholder: () => (require("./provider-code") as typeof import("./provider-code")).providerCodeAsPlaceholder(),
  /** The stage of a file that reads it (`$Stage()`...): the project's stacks and their configuration. */
  stages: () => require("./stage-context") as typeof import("./stage-context"),
  schema: () => require("../shared/schema/schema") as typeof import("../shared/schema/schema"),
  init: () => require("./init") as typeof import("./init"),
  /** `dev`: its servers and process handling. */
  dev: () => require("./dev-command") as typeof import("./dev-command"),
};
