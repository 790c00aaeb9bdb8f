// Schedule expressions as EventBridge rules and Scheduler take them, and what
// they may send to a FIFO queue.
import * as assert from "assert";
import { CATALOG, checkCatalog } from "../../src/aws-rules";
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

  it("a schedule or rule sending to a FIFO queue needs a message group id, and the queue content-based deduplication", () => {
    const arn = "arn:aws:sqs:us-east-1:123456789012:jobs.fifo";
    const queue = (dedup: boolean) => ({ type: "aws:sqs/queue:Queue", name: "jobs", parent: null, region: "us-east-1", dependsOn: [], inputs: { fifoQueue: true, contentBasedDeduplication: dedup } });
    const judged = (type: string, inputs: Record<string, unknown>) => ({ type, name: "judged", parent: null, region: "us-east-1", dependsOn: ["jobs"], inputs });
    const rules = CATALOG.filter((r) => r.id === "scheduler/schedule" || r.id === "events/fifo-queue-target");
    const messages = (dedup: boolean, resource: ReturnType<typeof judged>) => checkCatalog([resource, queue(dedup)], { region: "us-east-1" }, rules).map((f) => f.message);
    const schedule = judged("aws:scheduler/schedule:Schedule", { scheduleExpression: "rate(1 day)", flexibleTimeWindow: { mode: "OFF" }, target: { arn, roleArn: "arn:aws:iam::123456789012:role/r", sqsParameters: { messageGroupId: "g" } } });
    assert.deepStrictEqual(messages(true, schedule), []);
    assert.deepStrictEqual(messages(false, schedule), ["queue jobs needs contentBasedDeduplication: Scheduler sends no deduplication id"]);
    const target = judged("aws:cloudwatch/eventTarget:EventTarget", { rule: "r", arn, sqsTarget: { messageGroupId: "g" } });
    assert.deepStrictEqual(messages(true, target), []);
    assert.deepStrictEqual(messages(false, target), ["queue jobs needs contentBasedDeduplication: EventBridge sends no deduplication id"]);
  });
});
