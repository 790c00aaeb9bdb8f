// Schedule expressions as EventBridge rules and EventBridge Scheduler take them.

const RATE = /^rate\((\d+) (minute|minutes|hour|hours|day|days)\)$/;

/** Characters each cron field takes (minutes, hours, day of month, month, day of week, year). */
const CRON_FIELDS: { name: string; chars: RegExp }[] = [
  { name: "minutes", chars: /^[0-9,\-*/]+$/ },
  { name: "hours", chars: /^[0-9,\-*/]+$/ },
  { name: "day-of-month", chars: /^[0-9,\-*?/LW]+$/ },
  { name: "month", chars: /^[0-9A-Za-z,\-*/]+$/ },
  { name: "day-of-week", chars: /^[0-9A-Za-z,\-*?L#/]+$/ },
  { name: "year", chars: /^[0-9,\-*/]+$/ },
];

/**
 * Why a `rate(...)` expression is refused: a positive whole value and a unit
 * of minutes, hours or days; with `singularPlural`, the unit is singular for
 * 1 and plural otherwise (EventBridge: "rate(1 hours) and rate(5 hour) aren't valid").
 */
export function rateProblem(expr: string, singularPlural: boolean): string | undefined {
  const m = RATE.exec(expr);
  if (!m) return "a rate expression is rate(<value> <unit>), the unit minute(s), hour(s) or day(s)";
  const value = Number(m[1]);
  if (value < 1) return "a rate's value is a positive whole number";
  if (singularPlural && (value === 1) !== !m[2].endsWith("s")) return `the unit is singular for a value of 1 and plural otherwise: rate(${value} ${value === 1 ? m[2].replace(/s$/, "") : m[2].replace(/s?$/, "s")})`;
  return undefined;
}

/** Why a `cron(...)` expression is refused: six fields, and exactly one of day-of-month and day-of-week is `?`. */
export function cronProblem(expr: string): string | undefined {
  const m = /^cron\((.*)\)$/.exec(expr);
  if (!m) return "a cron expression is cron(<minutes> <hours> <day-of-month> <month> <day-of-week> <year>)";
  const fields = m[1].trim().split(/\s+/);
  if (fields.length !== 6) return `a cron expression has 6 fields (minutes hours day-of-month month day-of-week year), not ${fields.length}`;
  const bad = CRON_FIELDS.findIndex((f, i) => !f.chars.test(fields[i]));
  if (bad >= 0) return `the ${CRON_FIELDS[bad].name} field ${JSON.stringify(fields[bad])} is not a cron value`;
  if ((fields[2] === "?") === (fields[4] === "?")) return "one of day-of-month and day-of-week must be ? (and only one): you cannot give both";
  return undefined;
}

/** Why an `at(...)` expression (Scheduler's one-time schedules) is refused. */
export function atProblem(expr: string): string | undefined {
  return /^at\(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\)$/.test(expr) ? undefined : "a one-time schedule is at(yyyy-mm-ddThh:mm:ss)";
}

/**
 * Why an EventBridge rule's schedule expression is refused: rate(...) with
 * the unit singular for 1 and plural otherwise, or cron(...) with six fields
 * (https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-scheduled-rule-pattern.html).
 */
export function ruleScheduleProblem(expr: string): string | undefined {
  if (expr.startsWith("rate(")) return rateProblem(expr, true);
  if (expr.startsWith("cron(")) return cronProblem(expr);
  return "a schedule expression is rate(...) or cron(...)";
}
