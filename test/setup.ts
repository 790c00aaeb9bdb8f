// Loaded by mocha before any test file: install the mock engine before any
// module that creates resources is loaded (each run installs a fresh one).
import * as pulumi from "@pulumi/pulumi";

void pulumi.runtime.setMocks(
  {
    newResource: () => {
      throw new Error("a resource was registered outside test/harness.ts run()");
    },
    call: () => {
      throw new Error("a data source was called outside test/harness.ts run()");
    },
  },
  "stackfile",
  "test",
);

// Every build in the tests uses one build secret, as deploys should: `plan`
// (which would use the public placeholder without one) and the components
// (random keys without one) then share one build of the example app instead
// of rebuilding it whenever they alternate. Tests of the other cases set or
// clear it themselves.
process.env.STACKFILE_BUILD_SECRET ??= "test-suite-build-secret-0123456789abcdef";
