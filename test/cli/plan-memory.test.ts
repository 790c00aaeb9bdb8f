// A stack larger than node's heap can plan is refused with a message at the
// resource plan reached, not a "JavaScript heap out of memory" crash with a
// native stack trace.
import * as assert from "assert";
import * as path from "path";
import { spawnSync } from "child_process";
import { tmpFile } from "./cli-helpers";
import { loadStackfile } from "../../src/config/stackfile";
import { plan, PlanRunError } from "../../src/cli/plan";
import { planRunErrorLines } from "../../src/cli/plan-errors";

const ROOT = path.resolve(__dirname, "..", "..");
const gateways = (n: number) => "resources:\n" + Array.from({ length: n }, (_, i) => `  g${i}: {type: http-api-gateway}\n`).join("");

describe("plan past what memory holds", function () {
  this.timeout(180000);

  it("stops at the resource it reached, placed at that resource, once the heap in use passes its share of the limit", async () => {
    const file = tmpFile(gateways(3));
    const r = loadStackfile(file);
    const err = await plan(r, { json: true, secrets: {}, heapLimit: 1 }).then(() => undefined, (e: unknown) => e);
    assert.ok(err instanceof PlanRunError, String(err));
    assert.strictEqual(err.resource, "g0");
    assert.match(err.message, /^plan stopped after making 'g0' \(1 of 3 resources\): it holds \d+ MB of the 0 MB node may use; split the stack/);
    assert.deepStrictEqual(planRunErrorLines(err, r).map((l) => l.split(": ")[0]), [`${file}:2:3`]);
  });

  it("a stack of 2,000 gateways under a 100 MB heap ends with that refusal, exit 1, no heap crash and no stack trace", () => {
    const file = tmpFile(gateways(2000));
    const r = spawnSync(process.execPath, ["--max-old-space-size=100", path.join(ROOT, "bin", "stackfile.js"), "plan", file, "--json"], { encoding: "utf8", maxBuffer: 1 << 28 });
    assert.strictEqual(r.status, 1, r.stderr.slice(-2000));
    assert.match(r.stderr, /stack\.yaml:\d+:3: plan stopped after making 'g\d+' \(\d+ of 2000 resources\): it holds \d+ MB of the \d+ MB node may use/);
    assert.doesNotMatch(r.stderr, /heap out of memory|\n\s+at /);
    assert.strictEqual(r.stdout, "");
  });
});
