// When a `cron(...)` schedule fires next, as EventBridge reads the expression:
// six fields (minutes hours day-of-month month day-of-week year), in UTC, one
// of the two day fields `?`; `,` `-` `*` `/` in every field, `L` and `W` in
// day-of-month, `L` and `#` in day-of-week (SUN=1 ... SAT=7)
// ("Cron expressions reference": https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-cron-expressions.html).
import * as assert from "assert";
import { nextCronTime } from "../../../src/dev/aws-services/cron";

const at = (iso: string) => new Date(iso);
/** The next `n` times after `from`, as ISO strings. */
function times(expr: string, from: string, n = 3): string[] {
  const out: string[] = [];
  let t: Date | undefined = at(from);
  for (let i = 0; i < n && t; i++) {
    t = nextCronTime(expr, t);
    if (t) out.push(t.toISOString().replace(".000Z", "Z"));
  }
  return out;
}

describe("cron schedules: the next time each fires (UTC)", () => {
  it("every day at 10:15; strictly after the given time, so a time that is one is not given again", () => {
    assert.deepStrictEqual(times("cron(15 10 * * ? *)", "2026-11-28T06:00:00Z"), ["2026-11-28T10:15:00Z", "2026-11-29T10:15:00Z", "2026-11-30T10:15:00Z"]);
    assert.deepStrictEqual(times("cron(15 10 * * ? *)", "2026-11-28T10:15:00Z", 1), ["2026-11-29T10:15:00Z"]);
  });

  it("increments start at the value before the slash: 0/15 every quarter hour, 1/10 the 1st, 11th, 21st... minute", () => {
    assert.deepStrictEqual(times("cron(0/15 * * * ? *)", "2026-11-28T06:07:30Z"), ["2026-11-28T06:15:00Z", "2026-11-28T06:30:00Z", "2026-11-28T06:45:00Z"]);
    assert.deepStrictEqual(times("cron(1/10 * * * ? *)", "2026-11-28T06:52:00Z"), ["2026-11-28T07:01:00Z", "2026-11-28T07:11:00Z", "2026-11-28T07:21:00Z"]);
  });

  it("weekdays by name with ? in day-of-month: every 5 minutes from 8:00 to 17:55, Monday to Friday", () => {
    // 2026-11-27 is a Friday: after 17:55 the next is Monday 8:00.
    assert.deepStrictEqual(times("cron(0/5 8-17 ? * MON-FRI *)", "2026-11-27T17:52:00Z"), ["2026-11-27T17:55:00Z", "2026-11-30T08:00:00Z", "2026-11-30T08:05:00Z"]);
    // Numbers: SUN=1, so 2-6 is Monday to Friday too.
    assert.deepStrictEqual(times("cron(0 18 ? * 2-6 *)", "2026-11-27T19:00:00Z", 1), ["2026-11-30T18:00:00Z"]);
  });

  it("months by name and number, and a year: the first day of the month at 8:00; January 1st 2027 once, then never", () => {
    assert.deepStrictEqual(times("cron(0 8 1 * ? *)", "2026-11-28T00:00:00Z"), ["2026-12-01T08:00:00Z", "2027-01-01T08:00:00Z", "2027-02-01T08:00:00Z"]);
    assert.deepStrictEqual(times("cron(0 0 1 JAN,JUL ? *)", "2026-11-28T00:00:00Z", 2), ["2027-01-01T00:00:00Z", "2027-07-01T00:00:00Z"]);
    assert.deepStrictEqual(times("cron(0 0 1 1 ? 2027)", "2026-11-28T00:00:00Z", 3), ["2027-01-01T00:00:00Z"]);
  });

  it("L: the last day of the month (February of a leap year too); LW: its last weekday; 15W: the weekday nearest the 15th", () => {
    assert.deepStrictEqual(times("cron(0 23 L * ? *)", "2028-01-31T23:30:00Z", 2), ["2028-02-29T23:00:00Z", "2028-03-31T23:00:00Z"]);
    // 2026-10-31 is a Saturday: its last weekday is Friday the 30th.
    assert.deepStrictEqual(times("cron(0 12 LW * ? *)", "2026-10-01T00:00:00Z", 1), ["2026-10-30T12:00:00Z"]);
    // 2026-11-15 is a Sunday: Monday the 16th; 2026-08-15 a Saturday: Friday the 14th.
    assert.deepStrictEqual(times("cron(0 12 15W * ? *)", "2026-11-01T00:00:00Z", 1), ["2026-11-16T12:00:00Z"]);
    assert.deepStrictEqual(times("cron(0 12 15W * ? *)", "2026-08-01T00:00:00Z", 1), ["2026-08-14T12:00:00Z"]);
    // 1W on a Saturday does not leave the month: Monday the 3rd (2026-08-01 is a Saturday).
    assert.deepStrictEqual(times("cron(0 12 1W * ? *)", "2026-07-31T13:00:00Z", 1), ["2026-08-03T12:00:00Z"]);
  });

  it("#: the second Tuesday of the month (3#2); 6L: the last Friday of the month", () => {
    assert.deepStrictEqual(times("cron(0 9 ? * 3#2 *)", "2026-11-01T00:00:00Z", 2), ["2026-11-10T09:00:00Z", "2026-12-08T09:00:00Z"]);
    assert.deepStrictEqual(times("cron(15 10 ? * 6L *)", "2026-11-01T00:00:00Z", 2), ["2026-11-27T10:15:00Z", "2026-12-25T10:15:00Z"]);
  });

  it("an expression EventBridge refuses has no next time: both day fields given, neither ?, five fields, a value out of range", () => {
    for (const bad of ["cron(0 12 * * * *)", "cron(0 12 ? * ? *)", "cron(0 12 * * ?)", "cron(60 12 * * ? *)", "cron(0 12 32 * ? *)", "rate(5 minutes)"]) {
      assert.strictEqual(nextCronTime(bad, at("2026-11-28T00:00:00Z")), undefined, bad);
    }
  });
});
