// One app directory, one build per program run: a second site with other
// build settings is refused (its build would replace the files the first
// one's deploy names). The claims live on the run's stack resource, not in
// the module: two runs never see each other's.
import * as assert from "assert";
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import { claimAppDirectory } from "../../../src/components/nextjs-web/app-directory-claim";
import { NextjsWeb } from "../../../src/components/nextjs-web";
import { run } from "../../harness";
import { EXAMPLE_APP, exampleBuild } from "../../nextjs-fixture";

const DEFAULTS = { buildCommand: undefined, streaming: false, edge: false };

describe("NextjsWeb: one app directory, one build per program run", function () {
  this.timeout(120000);
  // runInPulumiStack leaves its stack resource as the current one until the next run replaces the mocks.
  after(() => run(() => undefined));

  it("refuses a second site of the run with other build settings, naming the first", () => {
    const stack = {};
    claimAppDirectory("a", "/apps/web", DEFAULTS, stack);
    assert.throws(() => claimAppDirectory("b", "/apps/web/", { ...DEFAULTS, streaming: true }, stack),
      /NextjsWeb 'b': appDirectory \/apps\/web\/ is built by 'a' with other build settings \(buildCommand, streamingEnabled, useEdgeFunction\); one app directory gives one build/);
  });

  it("lets sites with equal settings share the directory (and its one build)", () => {
    const stack = {};
    claimAppDirectory("a", "/apps/web", DEFAULTS, stack);
    claimAppDirectory("b", path.join("/apps", "x", "..", "web"), { ...DEFAULTS }, stack);
  });

  it("holds nothing between runs: another run (another stack resource) may build the directory otherwise", () => {
    claimAppDirectory("a", "/apps/web", DEFAULTS, {});
    claimAppDirectory("a", "/apps/web", { ...DEFAULTS, edge: true }, {});
  });

  it("under a program's stack resource, the second NextjsWeb's constructor throws before it builds", async () => {
    exampleBuild();
    await assert.rejects(run(() => pulumi.runtime.runInPulumiStack(async () => {
      new NextjsWeb("a", { appDirectory: EXAMPLE_APP });
      new NextjsWeb("b", { appDirectory: EXAMPLE_APP, buildCommand: "npx open-next build" });
    })), /NextjsWeb 'b': appDirectory .* is built by 'a' with other build settings/);
  });
});
