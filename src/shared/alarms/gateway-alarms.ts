// An HTTP API's default alarms (decisions.md, "Alarms and cost"; `alarms` in
// the gateway's properties). HTTP APIs publish `5xx`, `Count` (requests) and
// `Latency` (milliseconds, from receiving a request to answering it) in the
// namespace AWS/ApiGateway with the dimension ApiId
// (https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-metrics.html).
import type { AlarmDefault } from "./metric-alarms";

/** The gateway's alarms by name. */
export function gatewayAlarms(): Record<"serverErrors" | "latency", AlarmDefault> {
  return {
    serverErrors: {
      childId: "serverErrorsAlarm", description: "5xx answers as a percentage of requests (%)", namespace: "AWS/ApiGateway",
      metric: { metricName: "5xx", statistic: "Sum" }, percentOf: { metricName: "Count", statistic: "Sum" },
      comparison: "GreaterThanOrEqualToThreshold", threshold: 5, periodSeconds: 300, evaluationPeriods: 1,
    },
    latency: {
      childId: "latencyAlarm", description: "the 99th percentile of the time to answer (ms)", namespace: "AWS/ApiGateway",
      metric: { metricName: "Latency", statistic: "p99" },
      comparison: "GreaterThanOrEqualToThreshold", threshold: 5000, periodSeconds: 300, evaluationPeriods: 1,
    },
  };
}
