// Lambda functions: requests and duration by use, and the invocations a
// schedule makes whatever the traffic (a scheduled rule's runs; a warmer's
// runs times the instances it keeps warm) as fixed costs.
import { HOURS_PER_MONTH } from "./price-table";
import { count, list, num, obj, str, type Charges, type FixedCharge, type MeterContext, type PricedResource, type UsageMeter } from "./meter-types";
import { WARM_DELAY_MS, warmTargets } from "../../shared/workloads/warmer-protocol";

const FUNCTION = "aws:lambda/function:Function";
const RULE = "aws:cloudwatch/eventRule:EventRule";
const TARGET = "aws:cloudwatch/eventTarget:EventTarget";

/** Lambda's default memory (MB) when none is set. */
const DEFAULT_MEMORY_MB = 128;

const arch = (fn: PricedResource) => str(list(fn.inputs.architectures)[0]) ?? "x86_64";
const memoryGb = (fn: PricedResource) => num(fn.inputs.memorySize, DEFAULT_MEMORY_MB) / 1024;

/**
 * Runs a month of an EventBridge schedule `rate(N unit)`; undefined for a
 * `cron(...)` or anything else (EventBridge's schedule expressions:
 * https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-scheduled-rule-pattern.html).
 */
export function runsPerMonth(expression: string | undefined): number | undefined {
  const m = /^rate\((\d+) (minute|minutes|hour|hours|day|days)\)$/.exec(expression ?? "");
  if (!m) return undefined;
  const hours = { minute: 1 / 60, hour: 1, day: 24 }[m[2].replace(/s$/, "") as "minute" | "hour" | "day"] * Number(m[1]);
  return HOURS_PER_MONTH / hours;
}

/** The scheduled rules whose targets invoke `fn`, with their runs a month (undefined: not a rate). */
function schedulesOf(fn: PricedResource, ctx: MeterContext): { rule: PricedResource; runs: number | undefined }[] {
  const arn = fn.state.arn;
  if (typeof arn !== "string") return [];
  const rules = ctx.resources.filter((r) => r.type === RULE && str(r.inputs.scheduleExpression) !== undefined);
  return ctx.resources
    .filter((t) => t.type === TARGET && t.inputs.arn === arn)
    .flatMap((t) => rules.filter((r) => r.state.name === t.inputs.rule || r.name === t.inputs.rule))
    .map((rule) => ({ rule, runs: runsPerMonth(str(rule.inputs.scheduleExpression)) }));
}

/** Fixed invocations: `fn`'s own scheduled runs, and the warm invocations of warmers whose runs name it. */
function fixedInvocations(fn: PricedResource, ctx: MeterContext): { fixed: FixedCharge[]; unpriced: string[] } {
  const fixed: FixedCharge[] = [];
  const unpriced: string[] = [];
  const invoked = (what: string, invocations: number, durationMs: number | undefined) => {
    fixed.push({ what: `${what}: requests`, price: "lambda.requests", quantity: invocations / 1e6 });
    if (durationMs !== undefined) {
      fixed.push({ what: `${what}: ${durationMs} ms each at ${num(fn.inputs.memorySize, DEFAULT_MEMORY_MB)} MB`, price: `lambda.duration.${arch(fn)}`, quantity: invocations * (durationMs / 1000) * memoryGb(fn) });
    }
  };
  const warms = warmTargets(obj(obj(fn.inputs.environment).variables));
  for (const { rule, runs } of schedulesOf(fn, ctx)) {
    if (runs === undefined) unpriced.push(`the runs of ${rule.name} (${str(rule.inputs.scheduleExpression)}) are not counted: only rate(...) schedules are`);
    // A warmer waits for the warm invocations it makes: at least their delay.
    else invoked(`${Math.round(runs)} scheduled runs (${str(rule.inputs.scheduleExpression)})`, runs, warms.length ? WARM_DELAY_MS : undefined);
  }
  const name = fn.state.name;
  for (const warmer of ctx.resources.filter((r) => r.type === FUNCTION && r !== fn)) {
    const target = warmTargets(obj(obj(warmer.inputs.environment).variables)).find((t) => t.function === name);
    if (!target) continue;
    for (const { runs } of schedulesOf(warmer, ctx)) {
      if (runs !== undefined) invoked(`${count(target.concurrency, "warm instance")} × ${Math.round(runs)} runs of ${warmer.name}`, target.concurrency * runs, WARM_DELAY_MS);
    }
  }
  return { fixed, unpriced };
}

/** A Lambda function: fixed invocations from schedules and warmers; requests and duration by use. */
export function lambdaFunction(fn: PricedResource, ctx: MeterContext): Charges {
  const usage: UsageMeter[] = [
    { what: "requests", price: "lambda.requests", keys: ["invocations"], quantity: (u) => u.invocations / 1e6 },
    {
      what: `duration at ${num(fn.inputs.memorySize, DEFAULT_MEMORY_MB)} MB (${arch(fn)})`, price: `lambda.duration.${arch(fn)}`, keys: ["invocations", "averageDurationMs"],
      quantity: (u) => u.invocations * (u.averageDurationMs / 1000) * memoryGb(fn),
    },
  ];
  return { ...fixedInvocations(fn, ctx), usage };
}
