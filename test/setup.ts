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
