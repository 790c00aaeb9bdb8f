// A Lambda function's default alarms, for stackfile's functions and the Next.js
// server (decisions.md, "Alarms and cost"; `alarms`
// in their properties). Lambda's metrics, namespace AWS/Lambda, dimension
// FunctionName: Errors, Invocations and Throttles are counts (Sum), Duration
// is milliseconds
// (https://docs.aws.amazon.com/lambda/latest/dg/monitoring-metrics-types.html).
import * as pulumi from "@pulumi/pulumi";
import type { AlarmDefault } from "./metric-alarms";

/** An invocation this close to the timeout (a share of it) fires the duration alarm. */
const NEAR_TIMEOUT = 0.9;

/** The duration alarm's default threshold: milliseconds near the timeout. */
export const nearTimeoutMs = (timeoutSeconds: number) => Math.round(timeoutSeconds * 1000 * NEAR_TIMEOUT);

/** A child id of an alarm: `errorsAlarm`, or after a prefix `serverErrorsAlarm` (a site's server function). */
const childIdOf = (prefix: string, alarm: string) => (prefix ? `${prefix}${alarm[0].toUpperCase()}${alarm.slice(1)}Alarm` : `${alarm}Alarm`);

/** The function's alarms by name, for a timeout of `timeoutSeconds`; their child ids after `childPrefix` when given. */
export function functionAlarms(timeoutSeconds: pulumi.Input<number>, childPrefix = ""): Record<"errors" | "throttles" | "duration", AlarmDefault> {
  const [errors, throttles, duration] = ["errors", "throttles", "duration"].map((a) => childIdOf(childPrefix, a));
  return {
    errors: {
      childId: errors, description: "errors as a percentage of invocations (%)", namespace: "AWS/Lambda",
      metric: { metricName: "Errors", statistic: "Sum" }, percentOf: { metricName: "Invocations", statistic: "Sum" },
      comparison: "GreaterThanOrEqualToThreshold", threshold: 5, periodSeconds: 300, evaluationPeriods: 1,
    },
    throttles: {
      childId: throttles, description: "throttled invocations (count)", namespace: "AWS/Lambda",
      metric: { metricName: "Throttles", statistic: "Sum" },
      comparison: "GreaterThanOrEqualToThreshold", threshold: 1, periodSeconds: 300, evaluationPeriods: 1,
    },
    duration: {
      childId: duration, description: `the longest invocation near the timeout (ms; ${NEAR_TIMEOUT * 100}% of it by default)`, namespace: "AWS/Lambda",
      metric: { metricName: "Duration", statistic: "Maximum" },
      comparison: "GreaterThanOrEqualToThreshold", threshold: pulumi.output(timeoutSeconds).apply(nearTimeoutMs), periodSeconds: 300, evaluationPeriods: 1,
    },
  };
}

/**
 * The thresholds and periods of a function's errors and duration alarms, for
 * `dev` to say when a local invocation would have fired one: the defaults,
 * with a stack file's `alarms` over them; an alarm switched off is absent.
 */
export function localFunctionAlarms(timeoutSeconds: number, settings: Record<string, unknown> | undefined): {
  errors?: { threshold: number; periodSeconds: number };
  duration?: { threshold: number; periodSeconds: number };
} {
  const defaults = functionAlarms(timeoutSeconds);
  const one = (name: "errors" | "duration", threshold: number) => {
    const given = settings?.[name];
    if (given === false) return undefined;
    const s = (typeof given === "object" && given !== null ? given : {}) as { threshold?: number; periodSeconds?: number };
    return { threshold: s.threshold ?? threshold, periodSeconds: s.periodSeconds ?? defaults[name].periodSeconds };
  };
  const errors = one("errors", defaults.errors.threshold as number);
  const duration = one("duration", nearTimeoutMs(timeoutSeconds));
  return { ...(errors ? { errors } : {}), ...(duration ? { duration } : {}) };
}
