// The rules of the `event-bus` and `schedule` events of a function, read from
// the facts the catalog's entries judge planned rules with
// (aws-rules/event-patterns.ts for events/event-pattern,
// aws-rules/schedules.ts for events/rule-schedule): validate reads them
// without loading the catalog. No Pulumi here.
import type { Problem } from "../../shared/messages/problem";
import { eventPatternProblem } from "../../aws-rules/event-patterns";
import { ruleScheduleProblem } from "../../aws-rules/schedules";

const isMap = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** An `event-bus` event: a bus of the stack or the default bus (one of them), and a pattern EventBridge takes. */
export function eventBusEventProblems(p: Record<string, unknown>): Problem[] {
  const out: Problem[] = [];
  const named = p.eventBusName !== undefined;
  if (named && p.useDefaultBus === true) out.push({ path: ["useDefaultBus"], message: "an event-bus event takes its events from one bus: eventBusName (a bus of the stack) or useDefaultBus, not both" });
  if (!named && p.useDefaultBus !== true) out.push({ path: [], message: "an event-bus event names its bus: eventBusName (an event-bus of this stack), or useDefaultBus: true for the account's default bus" });
  if (isMap(p.eventPattern)) {
    const why = eventPatternProblem(p.eventPattern);
    if (why) out.push({ path: ["eventPattern"], message: `${why} (events/event-pattern)` });
  }
  return out;
}

/** A `schedule` event: its expression as EventBridge rules take it. */
export function scheduleEventProblems(p: Record<string, unknown>): Problem[] {
  const why = typeof p.scheduleRate === "string" ? ruleScheduleProblem(p.scheduleRate) : undefined;
  return why ? [{ path: ["scheduleRate"], message: `${why} (events/rule-schedule)` }] : [];
}
