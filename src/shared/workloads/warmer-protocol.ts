// The Next.js server warmer's protocol, as OpenNext's warmer function reads it
// (@opennextjs/aws 4.1.12, dist/overrides/warmer/aws-lambda.js): its
// environment variable WARM_PARAMS holds `[{function, concurrency}]`, and each
// run invokes that function `concurrency` times at once with a warmer event
// whose `delay` is 75 ms; the server answers a warmer event after that delay
// (dist/overrides/wrappers/aws-lambda.js, formatWarmerResponse), so the
// invocations overlap and land on that many instances. nextjs-web writes the
// variable; the cost estimate reads it back from the warmer's inputs.

/** The warmer function's environment variable naming what it warms. */
export const WARM_PARAMS_VARIABLE = "WARM_PARAMS";

/** How long each warm invocation of the server lasts (OpenNext's warmer event `delay`). */
export const WARM_DELAY_MS = 75;

export interface WarmTarget {
  /** The warmed function's name. */
  function: string;
  /** Instances kept warm: invocations per run. */
  concurrency: number;
}

/** The targets of a warmer from its environment variables, or [] when it is none (or they cannot be read). */
export function warmTargets(variables: Record<string, unknown> | undefined): WarmTarget[] {
  const text = variables?.[WARM_PARAMS_VARIABLE];
  if (typeof text !== "string") return [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((t): t is WarmTarget => typeof t?.function === "string" && Number.isInteger(t?.concurrency) && t.concurrency > 0);
  } catch {
    return [];
  }
}
