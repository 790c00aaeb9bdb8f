// EventBridge buses, rules and targets, and EventBridge Scheduler schedules.
import { arnParts, dependenciesOf, isObject, type AwsRule, type Finding } from "./rule";
import { atProblem, cronProblem, rateProblem, ruleScheduleProblem } from "./schedules";
import { eventPatternProblem } from "./event-patterns";

const BUS = "aws:cloudwatch/eventBus:EventBus";
const RULE = "aws:cloudwatch/eventRule:EventRule";
const TARGET = "aws:cloudwatch/eventTarget:EventTarget";
const SCHEDULE = "aws:scheduler/schedule:Schedule";
const QUEUE = "aws:sqs/queue:Queue";

const isFifoQueueArn = (arn: unknown) => arnParts(arn)?.service === "sqs" && String(arn).endsWith(".fifo");

export const EVENTS_RULES: AwsRule[] = [
  {
    id: "events/partner-bus-name",
    types: [BUS],
    summary: "A partner event bus is named exactly as the partner event source it receives from",
    source: "https://docs.aws.amazon.com/eventbridge/latest/APIReference/API_CreateEventBus.html (Name: for a partner event bus, the name must exactly match the name of the partner event source)",
    check(r) {
      const source = r.inputs.eventSourceName;
      return typeof source === "string" && r.inputs.name !== undefined && r.inputs.name !== source
        ? [{ input: "name", message: `a partner event bus is named as its event source, ${source}` }] : [];
    },
    examples: { pass: [{ inputs: { name: "aws.partner/example.com/123/orders", eventSourceName: "aws.partner/example.com/123/orders" } }], fail: [{ inputs: { name: "orders", eventSourceName: "aws.partner/example.com/123/orders" } }] },
  },
  {
    id: "events/rule-schedule",
    types: [RULE],
    summary: "A rule has an event pattern or a schedule; a schedule is rate(1 minute|N minutes|...) or cron with 6 fields and one ?",
    source: "https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-scheduled-rule-pattern.html (rate units singular for 1 and plural otherwise; cron's six fields; day-of-month and day-of-week not both); https://docs.aws.amazon.com/eventbridge/latest/APIReference/API_PutRule.html (EventPattern or ScheduleExpression)",
    check(r) {
      const expr = r.inputs.scheduleExpression;
      if (expr === undefined || expr === "") {
        return r.inputs.eventPattern === undefined || r.inputs.eventPattern === "" ? [{ input: "eventPattern", message: "a rule needs an event pattern or a schedule expression" }] : [];
      }
      const why = ruleScheduleProblem(String(expr));
      return why ? [{ input: "scheduleExpression", message: why }] : [];
    },
    examples: { pass: [{ inputs: { scheduleExpression: "cron(0 3 ? * MON-FRI *)" } }], fail: [{ inputs: { scheduleExpression: "rate(5 minute)" } }] },
  },
  {
    id: "events/event-pattern",
    types: [RULE],
    summary: "A rule's event pattern is a JSON object of at most 4,096 characters",
    source: "terraform-provider-aws internal/service/events/rule.go (event_pattern: validateEventPatternValue, JSON); https://docs.aws.amazon.com/eventbridge/latest/APIReference/API_Rule.html (EventPattern: at most 4096)",
    check(r) {
      const pattern = r.inputs.eventPattern;
      if (pattern === undefined || pattern === "") return [];
      const why = eventPatternProblem(pattern);
      return why ? [{ input: "eventPattern", message: why }] : [];
    },
    examples: { pass: [{ inputs: { eventPattern: "{\"source\":[\"orders\"]}" } }], fail: [{ inputs: { eventPattern: "source=orders" } }] },
  },
  {
    id: "events/targets-per-rule",
    types: [TARGET],
    summary: "A rule has at most 5 targets",
    source: "https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-quota.html (Targets per rule: 5)",
    quota: { default: 5, adjustable: false },
    check(r, ctx, limit) {
      const same = ctx.resources.filter((x) => x.type === TARGET && x.inputs.rule === r.inputs.rule && (x.inputs.eventBusName ?? "default") === (r.inputs.eventBusName ?? "default"));
      return same.length > limit && same[0] === r ? [{ input: "rule", message: `rule ${r.inputs.rule} has ${same.length} targets; EventBridge takes ${limit}` }] : [];
    },
    examples: {
      pass: [{ inputs: { rule: "r", arn: "arn:aws:lambda:us-east-1:123456789012:function:f" } }],
      fail: Array.from({ length: 6 }, (_, i) => ({ inputs: { rule: "r", arn: `arn:aws:lambda:us-east-1:123456789012:function:f${i}` } })),
    },
  },
  {
    id: "events/fifo-queue-target",
    types: [TARGET],
    summary: "A FIFO queue target needs a message group id, and the queue content-based deduplication (EventBridge sends no deduplication id)",
    source: "https://docs.aws.amazon.com/eventbridge/latest/APIReference/API_SqsParameters.html (MessageGroupId for FIFO queues); https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-targets.html (a FIFO queue target needs content-based deduplication)",
    check(r, ctx) {
      if (!isFifoQueueArn(r.inputs.arn)) return [];
      const out: Finding[] = [];
      if (!isObject(r.inputs.sqsTarget) || !r.inputs.sqsTarget.messageGroupId) out.push({ input: "sqsTarget.messageGroupId", message: "a FIFO queue target needs a message group id" });
      for (const q of dependenciesOf(r, ctx, QUEUE)) {
        if (q.inputs.fifoQueue === true && q.inputs.contentBasedDeduplication !== true) out.push({ input: "arn", message: `queue ${q.name} needs contentBasedDeduplication: EventBridge sends no deduplication id` });
      }
      return out;
    },
    examples: {
      pass: [{ inputs: { rule: "r", arn: "arn:aws:sqs:us-east-1:123456789012:jobs.fifo", sqsTarget: { messageGroupId: "orders" } }, dependsOn: ["q"] }, { type: QUEUE, name: "q", inputs: { fifoQueue: true, contentBasedDeduplication: true } }],
      fail: [{ inputs: { rule: "r", arn: "arn:aws:sqs:us-east-1:123456789012:jobs.fifo" }, dependsOn: ["q"] }, { type: QUEUE, name: "q", inputs: { fifoQueue: true } }],
    },
  },
  {
    id: "scheduler/schedule",
    types: [SCHEDULE],
    summary: "A schedule is rate(N unit), cron with 6 fields and one ?, or at(yyyy-mm-ddThh:mm:ss); a flexible window is 1 to 1,440 minutes; a FIFO queue target needs a message group id and the queue content-based deduplication",
    source: "https://docs.aws.amazon.com/scheduler/latest/UserGuide/schedule-types.html; terraform-provider-aws internal/service/scheduler/schedule.go (maximum_window_in_minutes 1 to 1440, message_group_id 1 to 128); https://docs.aws.amazon.com/scheduler/latest/APIReference/API_SqsParameters.html (MessageGroupId for FIFO queues; a FIFO queue target must have content-based deduplication enabled)",
    check(r, ctx) {
      const out: Finding[] = [];
      const expr = String(r.inputs.scheduleExpression ?? "");
      const why = expr.startsWith("rate(") ? rateProblem(expr, false) : expr.startsWith("cron(") ? cronProblem(expr) : expr.startsWith("at(") ? atProblem(expr) : "a schedule expression is rate(...), cron(...) or at(...)";
      if (why) out.push({ input: "scheduleExpression", message: why });
      const window = isObject(r.inputs.flexibleTimeWindow) ? r.inputs.flexibleTimeWindow : {};
      if (window.mode === "FLEXIBLE" && !(Number.isInteger(window.maximumWindowInMinutes) && window.maximumWindowInMinutes >= 1 && window.maximumWindowInMinutes <= 1440)) {
        out.push({ input: "flexibleTimeWindow.maximumWindowInMinutes", message: "a flexible window is 1 to 1,440 minutes" });
      }
      const target = isObject(r.inputs.target) ? r.inputs.target : {};
      if (isFifoQueueArn(target.arn) && !(isObject(target.sqsParameters) && target.sqsParameters.messageGroupId)) {
        out.push({ input: "target.sqsParameters.messageGroupId", message: "a FIFO queue target needs a message group id" });
      }
      if (isFifoQueueArn(target.arn)) {
        for (const q of dependenciesOf(r, ctx, QUEUE)) {
          if (q.inputs.fifoQueue === true && q.inputs.contentBasedDeduplication !== true) out.push({ input: "target.arn", message: `queue ${q.name} needs contentBasedDeduplication: Scheduler sends no deduplication id` });
        }
      }
      return out;
    },
    examples: {
      pass: [{ inputs: { scheduleExpression: "rate(1 day)", flexibleTimeWindow: { mode: "OFF" }, target: { arn: "arn:aws:lambda:us-east-1:123456789012:function:f", roleArn: "arn:aws:iam::123456789012:role/r" } } }],
      fail: [{ inputs: { scheduleExpression: "cron(0 3 * * * *)", flexibleTimeWindow: { mode: "FLEXIBLE" }, target: { arn: "arn:aws:sqs:us-east-1:123456789012:jobs.fifo", roleArn: "arn:aws:iam::123456789012:role/r" } } }],
    },
  },
];
