// What EventBridge takes as a rule's event pattern, as a small pure function:
// the catalog's entry (events.ts, events/event-pattern) judges planned rules
// with it, and validate's rules of `event-bus` events read it without
// loading the catalog.

/** The longest event pattern EventBridge takes (https://docs.aws.amazon.com/eventbridge/latest/APIReference/API_Rule.html, EventPattern: at most 4096). */
export const MAX_EVENT_PATTERN = 4096;

/**
 * Why an event pattern is refused: a JSON object (terraform-provider-aws
 * internal/service/events/rule.go, event_pattern: validateEventPatternValue)
 * of at most 4,096 characters.
 */
export function eventPatternProblem(pattern: unknown): string | undefined {
  let value: unknown = pattern;
  if (typeof pattern === "string") {
    try {
      value = JSON.parse(pattern);
    } catch {
      value = undefined;
    }
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "an event pattern is a JSON object";
  const length = typeof pattern === "string" ? pattern.length : JSON.stringify(pattern).length;
  return length > MAX_EVENT_PATTERN ? `the event pattern has ${length} characters; EventBridge takes 4,096` : undefined;
}
