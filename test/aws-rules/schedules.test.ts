// Schedule expressions as EventBridge rules and Scheduler take them.
import * as assert from "assert";
import { atProblem, cronProblem, rateProblem } from "../../src/aws-rules/schedules";

describe("schedule expressions", () => {
  it("rate: a positive whole value, minutes, hours or days; EventBridge rules want the singular for 1 and the plural otherwise", () => {
    for (const ok of ["rate(1 minute)", "rate(5 minutes)", "rate(1 hour)", "rate(12 hours)", "rate(1 day)", "rate(7 days)"]) assert.strictEqual(rateProblem(ok, true), undefined, ok);
    for (const bad of ["rate(1 minutes)", "rate(5 minute)", "rate(1 hours)", "rate(5 hour)"]) assert.match(rateProblem(bad, true)!, /singular for a value of 1 and plural otherwise/, bad);
    for (const bad of ["rate(0 minutes)", "rate(-1 minutes)", "rate(1.5 hours)", "rate(5 weeks)", "rate(5minutes)", "rate 5 minutes"]) assert.ok(rateProblem(bad, true), bad);
    // Scheduler: the unit's number is not judged.
    assert.strictEqual(rateProblem("rate(5 minute)", false), undefined);
  });

  it("cron: six fields, and exactly one of day-of-month and day-of-week is ?", () => {
    for (const ok of ["cron(0 3 * * ? *)", "cron(0/15 * ? * MON-FRI *)", "cron(0 12 L * ? 2030)", "cron(0 8 ? * 6#3 *)", "cron(30 0 1 JAN,JUL ? *)"]) assert.strictEqual(cronProblem(ok), undefined, ok);
    assert.match(cronProblem("cron(0 3 * * *)")!, /6 fields/);
    assert.match(cronProblem("cron(0 3 * * * *)")!, /one of day-of-month and day-of-week must be \?/);
    assert.match(cronProblem("cron(0 3 ? * ? *)")!, /one of day-of-month and day-of-week must be \?/);
    assert.match(cronProblem("cron(0 25h * * ? *)")!, /hours field/);
  });

  it("at: one date and time, yyyy-mm-ddThh:mm:ss", () => {
    assert.strictEqual(atProblem("at(2030-01-31T09:30:00)"), undefined);
    assert.ok(atProblem("at(2030-01-31 09:30)"));
  });
});
