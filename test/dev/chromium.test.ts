// The browser checks cannot pass by skipping under CI.
import * as assert from "assert";
import { chromiumPresent } from "./chromium";

describe("the browser checks' Chromium", () => {
  it("missing: pending on a laptop, a failure under CI=true that says how CI installs it", () => {
    assert.strictEqual(chromiumPresent("/nonexistent/chromium", {}), false);
    assert.throws(() => chromiumPresent("/nonexistent/chromium", { CI: "true" }), /Chromium is missing \(\/nonexistent\/chromium\): \.ci\/run installs Debian's chromium/);
  });

  it("present: runs, under CI or not", () => {
    assert.strictEqual(chromiumPresent(process.execPath, { CI: "true" }), true);
  });
});
