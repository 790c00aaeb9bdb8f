// A gateway's default alarms, read from what it registers: each alarm's
// metric, dimensions, threshold and period (the CDN's in us-east-1);
// `alarms` changes them, and `false` removes exactly that alarm.
import * as assert from "assert";
import { HttpApiGateway, type HttpApiGatewayArgs } from "../../../src/components/http-api-gateway";
import { run, type Run } from "../../harness";

const ALARM = "aws:cloudwatch/metricAlarm:MetricAlarm";
const make = (args: HttpApiGatewayArgs) => run(() => new HttpApiGateway("api", args));
const alarms = (r: Run<unknown>) => Object.fromEntries(r.all(ALARM).map((a) => [a.name, a.inputs]));
const pick = (a: any) => [a.region, a.namespace, a.metricName, a.statistic ?? a.extendedStatistic, a.dimensions, a.comparisonOperator, a.threshold, a.period, a.evaluationPeriods];

describe("HttpApiGateway alarms", () => {
  let plain: Run<HttpApiGateway>;
  let withCdn: Run<HttpApiGateway>;
  let changed: Run<HttpApiGateway>;
  before(async () => {
    plain = await make({});
    withCdn = await make({ cdn: { enabled: true } });
    changed = await make({ cdn: { enabled: true }, alarms: { serverErrors: { threshold: 1, periodSeconds: 60, evaluationPeriods: 5 }, latency: false, cdnServerErrors: { threshold: 10 } } });
  });

  it("by default: 5xx answers as a percentage of requests (metric math) and the p99 latency, on the API's id", () => {
    const apiId = plain.one("aws:apigatewayv2/api:Api").id;
    assert.ok(apiId);
    const byName = alarms(plain);
    assert.deepStrictEqual(Object.keys(byName).sort(), ["api-latency-alarm", "api-server-errors-alarm"]);
    const errors = byName["api-server-errors-alarm"];
    assert.deepStrictEqual([errors.comparisonOperator, errors.threshold, errors.evaluationPeriods, errors.treatMissingData], ["GreaterThanOrEqualToThreshold", 5, 1, "notBreaching"]);
    assert.deepStrictEqual(errors.metricQueries.map((q: any) => q.expression ?? [q.metric.namespace, q.metric.metricName, q.metric.stat, q.metric.period, q.metric.dimensions]), [
      ["AWS/ApiGateway", "5xx", "Sum", 300, { ApiId: apiId }],
      ["AWS/ApiGateway", "Count", "Sum", 300, { ApiId: apiId }],
      "100 * part / whole",
    ]);
    // A percentile is an extended statistic (PutMetricAlarm takes one or the other).
    assert.deepStrictEqual(pick(byName["api-latency-alarm"]), [undefined, "AWS/ApiGateway", "Latency", "p99", { ApiId: apiId }, "GreaterThanOrEqualToThreshold", 5000, 300, 1]);
    assert.strictEqual(byName["api-latency-alarm"].statistic, undefined);
  });

  it("with a CDN: the distribution's 5xx error rate, in us-east-1 where CloudFront publishes it", () => {
    const distributionId = withCdn.one("aws:cloudfront/distribution:Distribution").id;
    assert.ok(distributionId);
    const byName = alarms(withCdn);
    assert.deepStrictEqual(Object.keys(byName).sort(), ["api-cdn-server-errors-alarm", "api-latency-alarm", "api-server-errors-alarm"]);
    assert.deepStrictEqual(pick(byName["api-cdn-server-errors-alarm"]), [
      "us-east-1", "AWS/CloudFront", "5xxErrorRate", "Average", { DistributionId: distributionId, Region: "Global" }, "GreaterThanOrEqualToThreshold", 5, 300, 1,
    ]);
  });

  it("alarms: new settings replace the defaults; false removes exactly that alarm and nothing else", () => {
    const names = (r: Run<unknown>) => r.all(ALARM).map((a) => a.name).sort();
    assert.deepStrictEqual(names(changed), names(withCdn).filter((n) => n !== "api-latency-alarm"));
    const byName = alarms(changed);
    const errors = byName["api-server-errors-alarm"];
    assert.deepStrictEqual([errors.threshold, errors.evaluationPeriods, errors.metricQueries[0].metric.period, errors.metricQueries[1].metric.period], [1, 5, 60, 60]);
    assert.deepStrictEqual([byName["api-cdn-server-errors-alarm"].threshold, byName["api-cdn-server-errors-alarm"].period], [10, 300]);
    const rest = (r: Run<unknown>) => r.resources.filter((x) => x.type !== ALARM).map((x) => [x.name, x.type]);
    assert.deepStrictEqual(rest(changed), rest(withCdn));
  });
});
