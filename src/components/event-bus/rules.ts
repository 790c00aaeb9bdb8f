// Rules of event-bus as pure functions: plain values in, Problem[] out, for
// YAML validation and the component constructor. What EventBridge refuses is
// the catalog's: a partner bus is named as its event source
// (aws-rules/events.ts, events/partner-bus-name: the component does so), so
// the source's name must be a bus name (aws-rules/naming.ts). A value that
// is not plain (a directive, an Output) is "not known yet".
import type { Problem } from "../../shared/messages/problem";
import { nameProblem } from "../../aws-rules/naming";

const BUS = "aws:cloudwatch/eventBus:EventBus";

/** Rules that hold for any single configuration. */
export function eventBusStaticProblems(p: Record<string, unknown>): Problem[] {
  const out: Problem[] = [];
  if (typeof p.eventSourceName === "string") {
    const why = nameProblem(BUS, p.eventSourceName);
    if (why) out.push({ path: ["eventSourceName"], message: `${why}: a partner event bus is named as its event source (events/partner-bus-name)` });
  }
  return out;
}
