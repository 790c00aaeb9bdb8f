// A type's default alarms, made as CloudWatch metric alarms (children of the
// component, one child id each). A type lists its alarms as data (name,
// metric, statistic, default threshold and period); the stack file's `alarms`
// map changes a threshold or period, or switches one off with `false`.
// PutMetricAlarm's inputs:
// https://docs.aws.amazon.com/AmazonCloudWatch/latest/APIReference/API_PutMetricAlarm.html
// (metric math alarms: Metrics with one expression returning data;
// https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/Create-alarm-on-metric-math-expression.html).
import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import type { ChildFactory } from "../component/child-factory";
import type { AlarmSetting } from "./alarm-setting";

/** A metric of one namespace: its name and the statistic the alarm reads (a percentile such as `p99` is an extended statistic). */
export interface AlarmMetric {
  metricName: string;
  statistic: "Sum" | "Average" | "Maximum" | `p${number}`;
}

/** A percentile (`p99`) goes to PutMetricAlarm's ExtendedStatistic, the others to Statistic. */
const isPercentile = (statistic: string) => /^p\d+(\.\d+)?$/.test(statistic);

/** One default alarm of a type. */
export interface AlarmDefault {
  /** The child id it is made under (`<name>-<child-id>`). */
  childId: string;
  /** What it watches, in words (the alarm's description, and the docs'). */
  description: string;
  namespace: string;
  /** Where the metric is published, when not in the stack's region (CloudFront's: us-east-1); undefined: the stack's. */
  region?: pulumi.Input<string | undefined>;
  /** Dimensions of the metric beside the watched resource's (CloudFront's `Region: Global`). */
  dimensions?: Record<string, string>;
  metric: AlarmMetric;
  /** Watch `metric` as a percentage of this one (a rate: errors per invocation), by metric math. */
  percentOf?: AlarmMetric;
  comparison: "GreaterThanOrEqualToThreshold" | "GreaterThanThreshold";
  threshold: pulumi.Input<number>;
  periodSeconds: number;
  evaluationPeriods: number;
}

const COMPARED = { GreaterThanOrEqualToThreshold: ">=", GreaterThanThreshold: ">" } as const;

/** The metric an alarm watches, in words: `AWS/Lambda Errors (Sum)`, or `100 * Errors (Sum) / Invocations (Sum)` of a namespace. */
function watched(d: AlarmDefault): string {
  const one = (m: AlarmMetric) => `${m.metricName} (${m.statistic})`;
  return d.percentOf ? `${d.namespace} 100 * ${one(d.metric)} / ${one(d.percentOf)}` : `${d.namespace} ${one(d.metric)}`;
}

/** One alarm's settings as a component takes them (the numbers may be Outputs). */
type AlarmSettingInput = { [K in keyof AlarmSetting]?: pulumi.Input<NonNullable<AlarmSetting[K]>> };

/** Its alarms' settings as a stack file gives them: by alarm name, a setting or `false` (literal-only: it decides what is made). */
export type AlarmSettings = Record<string, AlarmSettingInput | pulumi.Input<false> | undefined>;

/**
 * The alarms of `defaults` that are not switched off, each with the settings
 * given over its defaults, made as children of `children`'s component with
 * `dimensions` (the watched resource's).
 */
export function makeAlarms(
  children: ChildFactory,
  defaults: Record<string, AlarmDefault>,
  settings: AlarmSettings | undefined,
  dimensions: Record<string, pulumi.Input<string>>,
): Record<string, aws.cloudwatch.MetricAlarm> {
  const made: Record<string, aws.cloudwatch.MetricAlarm> = {};
  for (const [name, d] of Object.entries(defaults)) {
    const given = settings?.[name];
    if (given === false) continue;
    const setting = given as AlarmSettingInput | undefined;
    const period = setting?.periodSeconds ?? d.periodSeconds;
    const dims = { ...dimensions, ...d.dimensions };
    const threshold = setting?.threshold ?? d.threshold;
    const evaluationPeriods = setting?.evaluationPeriods ?? d.evaluationPeriods;
    const common = {
      ...(d.region ? { region: d.region } : {}),
      // What it watches, its threshold and period first (what `plan` shows of a metric-math alarm too), then in words.
      alarmDescription: pulumi.interpolate`${watched(d)} ${COMPARED[d.comparison]} ${threshold}, ${evaluationPeriods} period(s) of ${period} s: ${children.name}, ${d.description}`,
      comparisonOperator: d.comparison,
      threshold,
      evaluationPeriods,
      // No datapoint is no trouble: an idle function has no errors.
      treatMissingData: "notBreaching",
    };
    const metric = (m: AlarmMetric) => ({ namespace: d.namespace, metricName: m.metricName, dimensions: dims, period, stat: m.statistic });
    const statistic = isPercentile(d.metric.statistic) ? { extendedStatistic: d.metric.statistic } : { statistic: d.metric.statistic };
    made[name] = children.make(d.childId, aws.cloudwatch.MetricAlarm, d.percentOf
      ? {
          ...common,
          metricQueries: [
            { id: "part", metric: metric(d.metric), returnData: false },
            { id: "whole", metric: metric(d.percentOf), returnData: false },
            { id: "percent", expression: "100 * part / whole", label: `${d.metric.metricName} per ${d.percentOf.metricName} (%)`, returnData: true },
          ],
        }
      : { ...common, namespace: d.namespace, metricName: d.metric.metricName, dimensions: dims, period, ...statistic });
  }
  return made;
}
