// A site's server function alarms, read from what it registers: a function's
// alarms (errors rate, throttles, duration near the timeout) on the server's
// name, with its metric, dimensions, threshold and period; `alarms` changes
// them, and `false` removes exactly that alarm.
import * as assert from "assert";
import { NextjsWeb, type NextjsWebArgs } from "../../../src/components/nextjs-web";
import { run, type Run } from "../../harness";
import { EXAMPLE_APP, exampleBuild } from "../../nextjs-fixture";

const ALARM = "aws:cloudwatch/metricAlarm:MetricAlarm";
const make = (args: Partial<NextjsWebArgs> = {}) => run(() => new NextjsWeb("web", { appDirectory: EXAMPLE_APP, ...args }));
const alarms = (r: Run<unknown>) => Object.fromEntries(r.all(ALARM).map((a) => [a.name, a.inputs]));
const pick = (a: any) => [a.namespace, a.metricName, a.statistic, a.dimensions, a.comparisonOperator, a.threshold, a.period, a.evaluationPeriods];

describe("NextjsWeb server alarms", function () {
  this.timeout(300000);
  let plain: Run<unknown>;
  let changed: Run<unknown>;
  before(async () => {
    exampleBuild();
    plain = await make({ serverFunction: { timeout: 20 } });
    changed = await make({ serverFunction: { timeout: 20 }, alarms: { errors: { threshold: 2, periodSeconds: 60, evaluationPeriods: 2 }, duration: false } });
  });

  it("by default: the server's errors as a percentage of invocations, throttles, and the longest invocation near the timeout", () => {
    const server = plain.byName("web-server-function")!.state.name;
    assert.ok(server);
    const byName = alarms(plain);
    assert.deepStrictEqual(Object.keys(byName).sort(), ["web-server-duration-alarm", "web-server-errors-alarm", "web-server-throttles-alarm"]);
    const errors = byName["web-server-errors-alarm"];
    assert.deepStrictEqual([errors.comparisonOperator, errors.threshold, errors.evaluationPeriods, errors.treatMissingData], ["GreaterThanOrEqualToThreshold", 5, 1, "notBreaching"]);
    assert.deepStrictEqual(errors.metricQueries.map((q: any) => q.expression ?? [q.metric.namespace, q.metric.metricName, q.metric.stat, q.metric.period, q.metric.dimensions]), [
      ["AWS/Lambda", "Errors", "Sum", 300, { FunctionName: server }],
      ["AWS/Lambda", "Invocations", "Sum", 300, { FunctionName: server }],
      "100 * part / whole",
    ]);
    assert.deepStrictEqual(pick(byName["web-server-throttles-alarm"]), ["AWS/Lambda", "Throttles", "Sum", { FunctionName: server }, "GreaterThanOrEqualToThreshold", 1, 300, 1]);
    // 90% of the server's 20 s timeout, in milliseconds.
    assert.deepStrictEqual(pick(byName["web-server-duration-alarm"]), ["AWS/Lambda", "Duration", "Maximum", { FunctionName: server }, "GreaterThanOrEqualToThreshold", 18000, 300, 1]);
    assert.match(byName["web-server-duration-alarm"].alarmDescription, /^AWS\/Lambda Duration \(Maximum\) >= 18000, 1 period\(s\) of 300 s: web, /);
  });

  it("alarms: new settings replace the defaults; false removes exactly that alarm and nothing else", () => {
    const names = (r: Run<unknown>) => r.all(ALARM).map((a) => a.name).sort();
    assert.deepStrictEqual(names(changed), names(plain).filter((n) => n !== "web-server-duration-alarm"));
    const errors = alarms(changed)["web-server-errors-alarm"];
    assert.deepStrictEqual([errors.threshold, errors.evaluationPeriods, errors.metricQueries[0].metric.period, errors.metricQueries[1].metric.period], [2, 2, 60, 60]);
    // (In name order: the site registers some children after its build's outputs resolve.)
    const rest = (r: Run<unknown>) => r.resources.filter((x) => x.type !== ALARM).map((x) => `${x.name} ${x.type}`).sort();
    assert.deepStrictEqual(rest(changed), rest(plain));
  });
});
