import * as assert from "assert";
import { dependencyOrder } from "../../src/config/graph";

describe("dependency graph", () => {
  it("orders every resource after those it references, file order otherwise", () => {
    const r = dependencyOrder(["web", "api", "cache", "other"], { web: ["api", "cache"], api: ["cache"] });
    assert.deepStrictEqual(r.order, ["cache", "api", "web", "other"]);
    assert.deepStrictEqual(r.cycles, []);
  });

  it("reports a cycle with its whole path, once", () => {
    const r = dependencyOrder(["a", "b", "c"], { a: ["b"], b: ["c"], c: ["a"] });
    assert.deepStrictEqual(r.cycles, [["a", "b", "c", "a"]]);
  });

  it("reports a self-reference as a cycle", () => {
    assert.deepStrictEqual(dependencyOrder(["a"], { a: ["a"] }).cycles, [["a", "a"]]);
  });
});
