// CloudWatch Logs groups and subscription filters, Firehose streams, and CloudWatch metric alarms.
import { arn, type Answer } from "./model";

export const CLOUDWATCH: Record<string, Answer> = {
  "aws:cloudwatch/logGroup:LogGroup": (r) => ({ id: r.physical, state: { ...r.inputs, name: r.physical, arn: arn(r.region, "logs", `log-group:${r.physical}`) } }),
  "aws:kinesis/firehoseDeliveryStream:FirehoseDeliveryStream": (r) => {
    const streamArn = arn(r.region, "firehose", `deliverystream/${r.physical}`);
    return { id: streamArn, state: { ...r.inputs, name: r.physical, arn: streamArn } };
  },
  // An alarm's id is its name; arn:${Partition}:cloudwatch:${Region}:${Account}:alarm:${AlarmName}
  // (https://docs.aws.amazon.com/service-authorization/latest/reference/list_amazoncloudwatch.html;
  // terraform-provider-aws internal/service/cloudwatch/metric_alarm.go: d.SetId(name)).
  "aws:cloudwatch/metricAlarm:MetricAlarm": (r) => ({ id: r.physical, state: { ...r.inputs, name: r.physical, arn: arn(r.region, "cloudwatch", `alarm:${r.physical}`) } }),
};
