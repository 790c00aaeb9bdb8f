// Small things a new user meets: `stackfile up` points to `pulumi up`; a
// property named after its unit (`memorySize`) gets "did you mean `memory`";
// counts agree with their nouns; an empty input shows as "".
import * as assert from "assert";
import { cli, tmpFile } from "./cli-helpers";
import { closest } from "../../src/shared/messages/suggest";

describe("small messages", function () {
  this.timeout(120_000);

  for (const command of ["up", "preview", "deploy", "destroy", "refresh"]) {
    it(`stackfile ${command} says that pulumi deploys, and the command to run`, async () => {
      const r = await cli(command);
      assert.strictEqual(r.code, 2);
      assert.match(r.err.split("\n")[0], new RegExp(`^stackfile: '${command}' is not a stackfile command: stackfile does not deploy; run pulumi ${command === "deploy" ? "up" : command} in the project's folder \\(docs/deploy\\.md\\)$`));
    });
  }

  it("a key that adds a word to a known one gets that one as the suggestion (memorySize -> memory)", async () => {
    assert.strictEqual(closest("memorySize", ["memory", "timeout"]), "memory");
    assert.strictEqual(closest("timeoutSeconds", ["memory", "timeout"]), "timeout");
    assert.strictEqual(closest("memoryless", ["memory"]), undefined, "only at a word boundary");
    const f = tmpFile(`resources:
  fn:
    type: function
    properties:
      entryfilePath: ./fn.ts
      memorySize: 512
`);
    const r = await cli("validate", f);
    assert.strictEqual(r.code, 1);
    assert.match(r.err, /:6:7: unknown property 'memorySize'; did you mean 'memory'\?/);
  });

  it("plan says 1 component, not 1 components; an empty input shows as \"\"", async () => {
    const f = tmpFile(`resources:
  cache:
    type: redis-cluster
    properties:
      instanceSize: cache.t4g.micro
      defaultUserPassword: $Secret('pw')
`);
    const r = await cli("plan", f, "--secret", "pw=Correct-Horse-Battery-1");
    assert.strictEqual(r.code, 0, r.err);
    assert.match(r.out, /^Plan for .*: \d+ resources \(1 component\), nothing deployed\.$/m);
    assert.doesNotMatch(r.out, /: $/m, "no line ends with an empty value");
    assert.match(r.out, /passwordProblem: ""$/m);
  });
});
