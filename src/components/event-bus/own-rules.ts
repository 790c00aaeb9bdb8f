// The events a function makes its own EventBridge rule for, there being no
// resource of the stack to make it: a `schedule` (a rule on the default bus
// with the schedule expression: EventBridge takes schedules on the default
// bus only, https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-create-rule-schedule.html)
// and an `event-bus` event on the account's default bus (`useDefaultBus`).
// No Pulumi here: the function's maker and `dev` read it.
import type { FunctionEventBusEvent, FunctionScheduleEvent } from "./event-properties";

/** What the function's own rule is triggered by. */
export type OwnRule = { kind: "schedule"; scheduleExpression: string } | { kind: "default-bus"; eventPattern: unknown };

/** The rule a function makes itself for event `e`, or undefined when a resource of the stack makes it (or it is no rule). */
export function ownRuleOf(e: { type?: unknown; properties?: unknown }): OwnRule | undefined {
  const p = (typeof e.properties === "object" && e.properties !== null ? e.properties : {}) as Partial<FunctionScheduleEvent["properties"] & FunctionEventBusEvent["properties"]>;
  if (e.type === "schedule" && typeof p.scheduleRate === "string") return { kind: "schedule", scheduleExpression: p.scheduleRate };
  if (e.type === "event-bus" && p.useDefaultBus === true && p.eventBusName === undefined) return { kind: "default-bus", eventPattern: p.eventPattern };
  return undefined;
}
