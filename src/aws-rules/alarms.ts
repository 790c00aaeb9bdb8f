// CloudWatch metric alarms.
import { asArray, type AwsRule, type Finding } from "./rule";

const ALARM = "aws:cloudwatch/metricAlarm:MetricAlarm";
const API = "https://docs.aws.amazon.com/AmazonCloudWatch/latest/APIReference/API_PutMetricAlarm.html";

export const ALARM_RULES: AwsRule[] = [
  {
    id: "cloudwatch/alarm-period",
    types: [ALARM],
    summary: "An alarm's period is 10, 20, 30 or a multiple of 60 seconds; its evaluation spans at most 1 day when the period is under an hour, at most 7 days otherwise; it alarms on at most as many datapoints as it evaluates",
    source: `${API} (Period: 10, 20, 30 or any multiple of 60; EvaluationPeriods: times Period no more than 86,400 seconds for periods under one hour, 604,800 otherwise; DatapointsToAlarm)`,
    check(r) {
      const out: Finding[] = [];
      const period = r.inputs.period;
      const n = r.inputs.evaluationPeriods;
      if (typeof period === "number" && !([10, 20, 30].includes(period) || (period > 0 && period % 60 === 0))) out.push({ input: "period", message: `a period is 10, 20, 30 or a multiple of 60 seconds, not ${period}` });
      if (typeof period === "number" && typeof n === "number") {
        const span = period * n;
        const max = period < 3600 ? 86400 : 604800;
        if (span > max) out.push({ input: "evaluationPeriods", message: `${n} periods of ${period} s span ${span} s; CloudWatch takes ${max === 86400 ? "1 day (86,400 s) for periods under an hour" : "7 days (604,800 s)"}` });
      }
      if (typeof n === "number" && typeof r.inputs.datapointsToAlarm === "number" && r.inputs.datapointsToAlarm > n) out.push({ input: "datapointsToAlarm", message: `alarming on ${r.inputs.datapointsToAlarm} datapoints of ${n} evaluated is impossible` });
      return out;
    },
    examples: { pass: [{ inputs: { period: 300, evaluationPeriods: 288, comparisonOperator: "GreaterThanThreshold", threshold: 1 } }], fail: [{ inputs: { period: 300, evaluationPeriods: 289, comparisonOperator: "GreaterThanThreshold", threshold: 1 } }] },
  },
  {
    id: "cloudwatch/alarm-actions",
    types: [ALARM],
    summary: "An alarm has at most 5 actions for each state",
    source: `${API} (AlarmActions, OKActions, InsufficientDataActions: at most 5 items each)`,
    check(r) {
      return ["alarmActions", "okActions", "insufficientDataActions"].flatMap((k) => {
        const n = asArray(r.inputs[k]).length;
        return n > 5 ? [{ input: k, message: `${n} ${k}; CloudWatch takes 5` }] : [];
      });
    },
    examples: {
      pass: [{ inputs: { period: 60, evaluationPeriods: 1, alarmActions: ["arn:aws:sns:us-east-1:123456789012:alerts"] } }],
      fail: [{ inputs: { period: 60, evaluationPeriods: 1, alarmActions: Array.from({ length: 6 }, (_, i) => `arn:aws:sns:us-east-1:123456789012:alerts-${i}`) } }],
    },
  },
];
