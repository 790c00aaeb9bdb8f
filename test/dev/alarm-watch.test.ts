// `dev` says when a local function's invocations would have fired one of its
// alarms once deployed: errors as a percentage of the invocations of the
// alarm's period, and an invocation as long as the duration threshold; once
// when it would go into ALARM, again only after it would be OK again.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { AlarmWatch } from "../../src/dev/alarm-watch";
import { DevFunction } from "../../src/dev/functions";
import { localFunctionAlarms } from "../../src/shared/alarms/lambda-alarms";

describe("dev: what a local function's alarms would say", function () {
  this.timeout(60_000);

  it("the errors alarm: fires at the threshold's share of the period's invocations, once, and again after it was OK", () => {
    let clock = 0;
    const lines: string[] = [];
    const watch = new AlarmWatch({ errors: { threshold: 50, periodSeconds: 300 } }, (l) => lines.push(l), () => clock);
    watch.record(true, 10);
    watch.record(true, 10);
    assert.deepStrictEqual(lines, []);
    watch.record(false, 10); // 1 of 3: 33.3%
    assert.deepStrictEqual(lines, []);
    watch.record(false, 10); // 2 of 4: 50%
    assert.deepStrictEqual(lines, ["alarm errors would fire: 2 of 4 invocations in the last 300 s failed (50%, threshold 50%)"]);
    watch.record(false, 10); // still in ALARM: nothing more
    assert.strictEqual(lines.length, 1);
    clock += 301_000; // the failures are out of the period: OK again
    watch.record(true, 10);
    watch.record(false, 10);
    assert.deepStrictEqual(lines.slice(1), ["alarm errors would fire: 1 of 2 invocations in the last 300 s failed (50%, threshold 50%)"]);
  });

  it("the duration alarm: an invocation at the threshold fires it; a switched-off alarm says nothing", () => {
    const lines: string[] = [];
    const watch = new AlarmWatch({ duration: { threshold: 9000, periodSeconds: 300 } }, (l) => lines.push(l), () => 0);
    watch.record(false, 8999);
    watch.record(true, 9000);
    assert.deepStrictEqual(lines, ["alarm duration would fire: an invocation ran 9000 ms (threshold 9000 ms)"]);
    assert.deepStrictEqual(localFunctionAlarms(10, { errors: false }), { duration: { threshold: 9000, periodSeconds: 300 } });
    assert.deepStrictEqual(localFunctionAlarms(20, { duration: { threshold: 100 }, errors: { periodSeconds: 60 } }), {
      errors: { threshold: 5, periodSeconds: 60 }, duration: { threshold: 100, periodSeconds: 300 },
    });
  });

  it("a local function's failed invocation is said in its log, with the function's own thresholds", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dev-alarms-"));
    fs.writeFileSync(path.join(dir, "index.cjs"), "exports.handler = async (e) => { if (e.fail) throw new Error('boom'); return { statusCode: 200, body: 'ok' }; };\n");
    const lines: string[] = [];
    const major = process.versions.node.split(".")[0];
    const fn = new DevFunction({
      name: "hello", entry: path.join(dir, "index.cjs"), handlerFunction: "handler", runtime: `nodejs${major}.x`, memory: 128, timeout: 3, environment: {},
      alarms: localFunctionAlarms(3, { errors: { threshold: 50 } }),
    }, dir, (l) => lines.push(l), { PATH: process.env.PATH ?? "" });
    try {
      fn.usePrebuilt(path.join(dir, "index.cjs"), "handler");
      fn.startWorker();
      assert.ok((await fn.invoke({})).ok);
      assert.deepStrictEqual(lines.filter((l) => l.startsWith("alarm ")), []);
      assert.strictEqual((await fn.invoke({ fail: true })).ok, false);
      assert.deepStrictEqual(lines.filter((l) => l.startsWith("alarm ")), ["alarm errors would fire: 1 of 2 invocations in the last 300 s failed (50%, threshold 50%)"]);
    } finally {
      await fn.close();
    }
  });
});
