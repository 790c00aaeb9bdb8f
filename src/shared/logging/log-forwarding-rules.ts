// Pure checks of log forwarding settings.
import type { Problem } from "../messages/problem";

/** Forwarding needs the logs it forwards: not with `disabled: true`. */
export function forwardingNeedsLogs(logging: unknown, path: (string | number)[]): Problem[] {
  const l = typeof logging === "object" && logging !== null ? (logging as Record<string, unknown>) : undefined;
  if (l?.disabled === true && l.logForwarding !== undefined) {
    return [{ path: [...path, "logForwarding"], atKey: true, message: "logForwarding needs the logs it forwards, but logging.disabled is true", hint: "remove disabled or logForwarding" }];
  }
  return [];
}
