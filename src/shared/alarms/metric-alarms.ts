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
import type { AlarmTopicArns } from "./alarm-notifications";

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
  /** What one watched resource is called, when an alarm watches the highest of several (`node`). */
  each?: string;
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

/** The dimensions of one watched resource. */
export type Dimensions = Record<string, pulumi.Input<string>>;

/** At most this many metrics in one alarm (PutMetricAlarm's Metrics: up to 10 that retrieve a metric). */
export const MAX_ALARM_METRICS = 10;

/** The alarm's actions: the topic of its region (the us-east-1 one for an alarm made there, none when there is no such topic). */
function actions(topics: AlarmTopicArns, region: AlarmDefault["region"]): { alarmActions: pulumi.Input<pulumi.Input<string>[]>; okActions: pulumi.Input<pulumi.Input<string>[]> } {
  if (!region) return { alarmActions: [topics.arn], okActions: [topics.arn] };
  // Read before the apply: the us-east-1 topic may be made on first use.
  const elsewhere = topics.cloudFrontArn;
  const arns = pulumi.all([region, elsewhere, topics.arn]).apply(([r, cf, here]) => (r ? (cf ? [cf] : []) : [here]));
  return { alarmActions: arns, okActions: arns };
}

/** One alarm's settings as a component takes them (the numbers may be Outputs). */
type AlarmSettingInput = { [K in keyof AlarmSetting]?: pulumi.Input<NonNullable<AlarmSetting[K]>> };

/** Its alarms' settings as a stack file gives them: by alarm name, a setting or `false` (literal-only: it decides what is made). */
export type AlarmSettings = Record<string, AlarmSettingInput | pulumi.Input<false> | undefined>;

/**
 * The alarms of `defaults` that are not switched off, each with the settings
 * given over its defaults, made as children of `children`'s component with
 * `dimensions` (the watched resource's). With a list of several resources'
 * dimensions (the nodes of a cache shard), each alarm watches the highest of
 * their metrics at each period, by metric math (`MAX([...])`). With `topics`,
 * each alarm notifies the topic of its region when it fires and when it is OK
 * again (an alarm's actions are in its region: alarm-notifications.ts).
 */
export function makeAlarms(
  children: ChildFactory,
  defaults: Record<string, AlarmDefault>,
  settings: AlarmSettings | undefined,
  dimensions: Dimensions | Dimensions[],
  topics?: AlarmTopicArns,
): Record<string, aws.cloudwatch.MetricAlarm> {
  const watchedResources = Array.isArray(dimensions) ? dimensions : [dimensions];
  if (watchedResources.length === 0 || watchedResources.length > MAX_ALARM_METRICS) {
    throw new Error(`internal: an alarm watches 1 to ${MAX_ALARM_METRICS} resources' metrics, not ${watchedResources.length}`);
  }
  const made: Record<string, aws.cloudwatch.MetricAlarm> = {};
  for (const [name, d] of Object.entries(defaults)) {
    const given = settings?.[name];
    if (given === false) continue;
    const setting = given as AlarmSettingInput | undefined;
    const period = setting?.periodSeconds ?? d.periodSeconds;
    const dims = watchedResources.map((w) => ({ ...w, ...d.dimensions }));
    if (d.percentOf && dims.length > 1) throw new Error(`internal: ${d.childId} is a percentage of one resource's metrics`);
    const threshold = setting?.threshold ?? d.threshold;
    const evaluationPeriods = setting?.evaluationPeriods ?? d.evaluationPeriods;
    const common = {
      ...(d.region ? { region: d.region } : {}),
      // What it watches, its threshold and period first (what `plan` shows of a metric-math alarm too), then in words.
      alarmDescription: pulumi.interpolate`${watched(d)} ${COMPARED[d.comparison]} ${threshold}, ${evaluationPeriods} period(s) of ${period} s: ${children.name}, ${dims.length > 1 ? `the highest of ${dims.length} ${d.each ?? "resource"}s: ` : ""}${d.description}`,
      comparisonOperator: d.comparison,
      threshold,
      evaluationPeriods,
      // No datapoint is no trouble: an idle function has no errors.
      treatMissingData: "notBreaching",
      ...(topics ? actions(topics, d.region) : {}),
    };
    const metric = (m: AlarmMetric, of = dims[0]) => ({ namespace: d.namespace, metricName: m.metricName, dimensions: of, period, stat: m.statistic });
    const statistic = isPercentile(d.metric.statistic) ? { extendedStatistic: d.metric.statistic } : { statistic: d.metric.statistic };
    const ids = dims.map((_, i) => `m${i + 1}`);
    made[name] = children.make(d.childId, aws.cloudwatch.MetricAlarm, d.percentOf
      ? {
          ...common,
          metricQueries: [
            { id: "part", metric: metric(d.metric), returnData: false },
            { id: "whole", metric: metric(d.percentOf), returnData: false },
            { id: "percent", expression: "100 * part / whole", label: `${d.metric.metricName} per ${d.percentOf.metricName} (%)`, returnData: true },
          ],
        }
      : dims.length > 1
        ? {
            ...common,
            metricQueries: [
              ...dims.map((of, i) => ({ id: ids[i], metric: metric(d.metric, of), returnData: false })),
              { id: "highest", expression: `MAX([${ids.join(", ")}])`, label: `${d.metric.metricName} (${d.metric.statistic}), the highest of ${dims.length}`, returnData: true },
            ],
          }
        : { ...common, namespace: d.namespace, metricName: d.metric.metricName, dimensions: dims[0], period, ...statistic });
  }
  return made;
}
