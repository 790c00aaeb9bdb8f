// `options: {protect, retainOnDelete}` beside `properties`: literal booleans,
// every problem at its place, "did you mean" for a misspelled one.
import * as assert from "assert";
import { analyzeStackfile, formatProblem } from "../../src/config/stackfile";

const stack = (options: string) => `resources:
  cache:
    type: redis-cluster
    properties:
      instanceSize: cache.t4g.micro
      defaultUserPassword: $Secret(pw)
${options}`;

const problems = (text: string) => analyzeStackfile("stack.yaml", text).problems.map(formatProblem);

describe("resource options in YAML", () => {
  it("takes protect and retainOnDelete beside properties, into the model", () => {
    const r = analyzeStackfile("stack.yaml", stack("    options:\n      protect: true\n      retainOnDelete: false\n"));
    assert.deepStrictEqual(r.problems, []);
    assert.deepStrictEqual(r.model.resources[0].options, { protect: true, retainOnDelete: false });
  });

  it("refuses an unknown option at its key, with did you mean", () => {
    assert.deepStrictEqual(problems(stack("    options:\n      retainOnDelet: true\n      protekt: true\n")), [
      "stack.yaml:8:7: unknown option 'retainOnDelet'; did you mean 'retainOnDelete'?",
      "stack.yaml:9:7: unknown option 'protekt'; did you mean 'protect'?",
    ]);
  });

  it("refuses a value that is not a boolean, a directive too", () => {
    assert.deepStrictEqual(problems(stack("    options:\n      protect: \"yes\"\n      retainOnDelete: $Secret(x)\n")), [
      "stack.yaml:8:16: options.protect must be true or false, not the string \"yes\"",
      "stack.yaml:9:23: options.retainOnDelete must be true or false, not the string \"$Secret(x)\" (options take no directives)",
    ]);
  });

  it("refuses options that are not a map, and suggests 'options' for 'option'", () => {
    assert.deepStrictEqual(problems(stack("    options: [protect]\n")), ["stack.yaml:7:14: options must be a map with protect and/or retainOnDelete, not a list"]);
    assert.deepStrictEqual(problems(stack("    option:\n      protect: true\n")), ["stack.yaml:7:5: unknown key 'option' in resource 'cache'; did you mean 'options'?"]);
  });
});
