// A function's default alarms, read from what it registers: each alarm's
// metric, dimensions, threshold and period; `alarms` changes them, and
// `false` removes exactly that alarm.
import * as assert from "assert";
import { Function, type FunctionArgs } from "../../../src/components/function";
import { run } from "../../harness";
import { EXAMPLE_FUNCTION } from "../../function-fixture";

const ALARM = "aws:cloudwatch/metricAlarm:MetricAlarm";
const make = (args: Partial<FunctionArgs> = {}) => run(() => new Function("items", { entryfilePath: EXAMPLE_FUNCTION, ...args }));

describe("Function alarms", () => {
  it("by default: errors as a percentage of invocations, throttles, and the longest invocation near the timeout, on the function's name", async () => {
    const r = await make({ timeout: 20 });
    const fnName = r.one("aws:lambda/function:Function").state.name;
    const byName = Object.fromEntries(r.all(ALARM).map((a) => [a.name, a.inputs]));
    assert.deepStrictEqual(Object.keys(byName).sort(), ["items-duration-alarm", "items-errors-alarm", "items-throttles-alarm"]);
    const errors = byName["items-errors-alarm"];
    assert.deepStrictEqual([errors.comparisonOperator, errors.threshold, errors.evaluationPeriods, errors.treatMissingData], ["GreaterThanOrEqualToThreshold", 5, 1, "notBreaching"]);
    assert.deepStrictEqual(errors.metricQueries.map((q: any) => q.expression ?? [q.metric.namespace, q.metric.metricName, q.metric.stat, q.metric.period, q.metric.dimensions]), [
      ["AWS/Lambda", "Errors", "Sum", 300, { FunctionName: fnName }],
      ["AWS/Lambda", "Invocations", "Sum", 300, { FunctionName: fnName }],
      "100 * part / whole",
    ]);
    const pick = (a: any) => [a.namespace, a.metricName, a.statistic, a.dimensions, a.threshold, a.period, a.evaluationPeriods];
    assert.deepStrictEqual(pick(byName["items-throttles-alarm"]), ["AWS/Lambda", "Throttles", "Sum", { FunctionName: fnName }, 1, 300, 1]);
    // 90% of a 20 s timeout, in milliseconds (Lambda's Duration).
    assert.deepStrictEqual(pick(byName["items-duration-alarm"]), ["AWS/Lambda", "Duration", "Maximum", { FunctionName: fnName }, 18000, 300, 1]);
  });

  it("alarms: a new threshold, period and evaluation periods replace the defaults; false removes exactly that alarm", async () => {
    const base = await make();
    const changed = await make({ alarms: { errors: { threshold: 1, periodSeconds: 60, evaluationPeriods: 3 }, throttles: false } });
    const names = (r: typeof base) => r.all(ALARM).map((a) => a.name).sort();
    assert.deepStrictEqual(names(changed), names(base).filter((n) => n !== "items-throttles-alarm"));
    const errors = changed.all(ALARM).find((a) => a.name === "items-errors-alarm")!.inputs;
    assert.deepStrictEqual([errors.threshold, errors.evaluationPeriods, errors.metricQueries[0].metric.period, errors.metricQueries[1].metric.period], [1, 3, 60, 60]);
    // Everything else is as it was.
    const rest = (r: typeof base) => r.resources.filter((x) => x.type !== ALARM).map((x) => [x.name, x.type]);
    assert.deepStrictEqual(rest(changed), rest(base));
  });
});
