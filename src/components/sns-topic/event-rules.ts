// The rules of a function's `sns` events: its filter policy as SNS takes it
// (the catalog's sns/filter-policy), and, over the events that name a topic,
// what the topic takes (a FIFO topic delivers to SQS queues only:
// sns/fifo-topic-subscribers; one subscription per function and topic).
// No Pulumi: validate reads it.
import type { Problem } from "../../shared/messages/problem";
import type { IncomingEvent } from "../../shared/component/resource-definition";
import { isUnknown } from "../../shared/component/unknown";
import { filterPolicyProblem, fifoTopicProtocolProblem } from "../../aws-rules/sns-facts";

const isMap = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** An `sns` event's own rules. */
export function snsEventProblems(p: Record<string, unknown>): Problem[] {
  if (p.filterPolicy === undefined || isUnknown(p.filterPolicy)) return [];
  const why = filterPolicyProblem(p.filterPolicy);
  return why ? [{ path: ["filterPolicy"], message: `${why} (sns/filter-policy)` }] : [];
}

/** The events that name one topic: a FIFO topic takes none; a function subscribes once. */
export function snsTopicEventProblems(target: { name: string; props: Record<string, unknown> }, events: IncomingEvent[]): { resource: string; problem: Problem }[] {
  const out: { resource: string; problem: Problem }[] = [];
  const seen = new Set<string>();
  for (const e of events) {
    if (target.props.fifoEnabled === true) {
      out.push({ resource: e.source, problem: { path: [...e.at, "snsTopicName"], message: `'${target.name}' is a FIFO topic: ${fifoTopicProtocolProblem("lambda")} (sns/fifo-topic-subscribers); subscribe the function to a standard topic` } });
    } else if (seen.has(e.source)) {
      out.push({ resource: e.source, problem: { path: [...e.at, "snsTopicName"], message: `function '${e.source}' already subscribes to '${target.name}': a topic has one subscription per endpoint; merge the two events (one filter policy)` } });
    }
    seen.add(e.source);
  }
  return out;
}

/** An `sns` event as `diff` lists it. */
export const describeSnsEvent = (p: Record<string, unknown>) => `messages of topic ${String(p.snsTopicName)}${isMap(p.filterPolicy) ? " (filtered)" : ""}`;

export const SNS_EVENT = { eventType: "sns", nameField: "snsTopicName" } as const;
