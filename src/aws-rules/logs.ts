// CloudWatch log groups and subscription filters, Firehose delivery streams,
// EventBridge schedules and targets.
import { isObject, type AwsRule, type Finding } from "./rule";

const GROUP = "aws:cloudwatch/logGroup:LogGroup";
const FILTER = "aws:cloudwatch/logSubscriptionFilter:LogSubscriptionFilter";
const STREAM = "aws:kinesis/firehoseDeliveryStream:FirehoseDeliveryStream";
const RULE = "aws:cloudwatch/eventRule:EventRule";
const TARGET = "aws:cloudwatch/eventTarget:EventTarget";

export const RETENTION_DAYS = [1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1096, 1827, 2192, 2557, 2922, 3288, 3653];

const stream = (http: Record<string, any>) => ({ inputs: { destination: "http_endpoint", httpEndpointConfiguration: { url: "https://logs.example.com/in", roleArn: "arn:aws:iam::123456789012:role/r", bufferingSize: 1, bufferingInterval: 60, retryDuration: 300, s3BackupMode: "FailedDataOnly", ...http } } });

export const LOGS_RULES: AwsRule[] = [
  {
    id: "logs/retention",
    types: [GROUP],
    summary: "A log group keeps entries for one of the day counts CloudWatch Logs offers",
    source: "https://docs.aws.amazon.com/AmazonCloudWatchLogs/latest/APIReference/API_PutRetentionPolicy.html (retentionInDays)",
    check(r) {
      const d = r.inputs.retentionInDays;
      return d === undefined || RETENTION_DAYS.includes(d) ? [] : [{ input: "retentionInDays", message: `${d} days is not a retention CloudWatch Logs offers (${RETENTION_DAYS.join(", ")})` }];
    },
    examples: { pass: [{ inputs: { retentionInDays: 30 } }], fail: [{ inputs: { retentionInDays: 31 } }] },
  },
  {
    id: "logs/subscription-filters",
    types: [FILTER],
    summary: "A log group has at most 2 subscription filters, each with a pattern of at most 1024 characters",
    source: "https://docs.aws.amazon.com/AmazonCloudWatchLogs/latest/APIReference/API_PutSubscriptionFilter.html; https://docs.aws.amazon.com/AmazonCloudWatch/latest/logs/cloudwatch_limits_cwl.html (Subscription filters: 2 per log group)",
    check(r, ctx) {
      const out: Finding[] = [];
      const same = ctx.resources.filter((x) => x.type === FILTER && x.inputs.logGroup === r.inputs.logGroup);
      if (same.length > 2 && same[2] === r) out.push({ input: "logGroup", message: `${same.length} subscription filters on log group ${r.inputs.logGroup}; CloudWatch Logs takes 2` });
      if (typeof r.inputs.filterPattern === "string" && r.inputs.filterPattern.length > 1024) out.push({ input: "filterPattern", message: "a filter pattern is at most 1024 characters" });
      return out;
    },
    examples: {
      pass: [{ inputs: { logGroup: "g", filterPattern: "", destinationArn: "arn:aws:firehose:us-east-1:123456789012:deliverystream/s" } }],
      fail: [{ inputs: { logGroup: "g", filterPattern: "x".repeat(1025), destinationArn: "arn:aws:firehose:us-east-1:123456789012:deliverystream/s" } }],
    },
  },
  {
    id: "firehose/http-endpoint",
    types: [STREAM],
    summary: "An HTTP endpoint destination is an https URL of at most 1000 characters, buffers 1 to 64 MB for 0 to 900 s, retries 0 to 7200 s, with an access key of at most 4096",
    source: "https://docs.aws.amazon.com/firehose/latest/APIReference/API_HttpEndpointDestinationConfiguration.html; API_HttpEndpointBufferingHints.html; terraform-provider-aws internal/service/firehose/delivery_stream.go",
    check(r) {
      const h = r.inputs.httpEndpointConfiguration;
      if (!isObject(h)) return [];
      const out: Finding[] = [];
      if (typeof h.url === "string" && (!/^https:\/\//.test(h.url) || h.url.length > 1000)) out.push({ input: "httpEndpointConfiguration.url", message: "the endpoint is an https:// URL of at most 1000 characters" });
      if (typeof h.bufferingSize === "number" && (h.bufferingSize < 1 || h.bufferingSize > 64)) out.push({ input: "httpEndpointConfiguration.bufferingSize", message: "an HTTP endpoint buffers 1 to 64 MB" });
      if (typeof h.bufferingInterval === "number" && (h.bufferingInterval < 0 || h.bufferingInterval > 900)) out.push({ input: "httpEndpointConfiguration.bufferingInterval", message: "an HTTP endpoint buffers 0 to 900 seconds" });
      if (typeof h.retryDuration === "number" && (h.retryDuration < 0 || h.retryDuration > 7200)) out.push({ input: "httpEndpointConfiguration.retryDuration", message: "retries last 0 to 7200 seconds" });
      if (typeof h.accessKey === "string" && h.accessKey.length > 4096) out.push({ input: "httpEndpointConfiguration.accessKey", message: "an access key is at most 4096 characters" });
      if (typeof h.name === "string" && h.name.length > 256) out.push({ input: "httpEndpointConfiguration.name", message: "an endpoint name is at most 256 characters" });
      if (!["FailedDataOnly", "AllData", undefined].includes(h.s3BackupMode)) out.push({ input: "httpEndpointConfiguration.s3BackupMode", message: "the backup mode is FailedDataOnly or AllData" });
      return out;
    },
    examples: { pass: [stream({})], fail: [stream({ url: "http://logs.example.com/in" })] },
  },
  {
    id: "events/schedule",
    types: [RULE],
    summary: "A schedule is rate(<n> minute[s]|hour[s]|day[s]) or cron with six fields, never more often than once a minute",
    source: "https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-scheduled-rule-pattern.html",
    check(r) {
      const s = r.inputs.scheduleExpression;
      if (typeof s !== "string") return [];
      const rate = /^rate\((\d+) (minute|minutes|hour|hours|day|days)\)$/.exec(s);
      if (rate) return (Number(rate[1]) === 1) === rate[2].endsWith("s") ? [{ input: "scheduleExpression", message: `'${s}': use the singular unit for 1 and the plural otherwise` }] : [];
      const cron = /^cron\((\S+ \S+ \S+ \S+ \S+ \S+)\)$/.exec(s);
      if (cron) {
        const f = cron[1].split(" ");
        return f[2] !== "?" && f[4] !== "?" ? [{ input: "scheduleExpression", message: `'${s}': day-of-month or day-of-week must be ?` }] : [];
      }
      return [{ input: "scheduleExpression", message: `'${s}' is not rate(...) or cron(...) with six fields` }];
    },
    examples: { pass: [{ inputs: { scheduleExpression: "rate(5 minutes)" } }], fail: [{ inputs: { scheduleExpression: "rate(5 minute)" } }] },
  },
  {
    id: "events/target",
    types: [TARGET],
    summary: "A rule's target names the rule and the target's ARN",
    source: "https://docs.aws.amazon.com/eventbridge/latest/APIReference/API_Target.html",
    check(r) {
      const out: Finding[] = [];
      if (typeof r.inputs.rule !== "string" || r.inputs.rule === "") out.push({ input: "rule", message: "the rule is required" });
      if (typeof r.inputs.arn !== "string" || !r.inputs.arn.startsWith("arn:")) out.push({ input: "arn", message: "the target is an ARN" });
      return out;
    },
    examples: { pass: [{ inputs: { rule: "r", arn: "arn:aws:lambda:us-east-1:123456789012:function:f" } }], fail: [{ inputs: { rule: "r", arn: "f" } }] },
  },
];
