// The local EventBridge's schedule rules: a `rate(...)` rule fires at its rate
// while it is enabled (a given clock stands in for the interval), a `cron(...)`
// rule at the times its expression gives (cron.test.ts has the times), and any
// schedule rule fires now on dev's own request, POST /stackfile/schedules/<rule>/run,
// with the Scheduled Event ("Creating an Amazon EventBridge rule that runs on
// a schedule": https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-run-lambda-schedule.html).
import * as assert from "assert";
import { EventBridgeService, ratePeriodMs, startEventBridge } from "../../../src/dev/aws-services/eventbridge";

const FN = "arn:aws:lambda:local:000000000000:function:ticker";

describe("local EventBridge: schedules", () => {
  it("a rate expression's period: minutes, hours and days, singular or plural; a cron expression has none", () => {
    assert.strictEqual(ratePeriodMs("rate(5 minutes)"), 300_000);
    assert.strictEqual(ratePeriodMs("rate(1 hour)"), 3_600_000);
    assert.strictEqual(ratePeriodMs("rate(2 days)"), 172_800_000);
    assert.strictEqual(ratePeriodMs("cron(0 12 * * ? *)"), undefined);
  });

  it("a rate rule fires at its rate while it is the rule and enabled; a new version of the rule stops the old timer", () => {
    const timers: { ms: number; fire: () => void; stopped: boolean }[] = [];
    const invoked: [string, Record<string, unknown>][] = [];
    const service = new EventBridgeService({
      onLambda: (arn, event) => invoked.push([arn, event]),
      every: (ms, fire) => {
        const t = { ms, fire, stopped: false };
        timers.push(t);
        return () => void (t.stopped = true);
      },
    });
    const rule = service.putRule({ Name: "ticker-eventRule-0", ScheduleExpression: "rate(5 minutes)" });
    service.operations().PutTargets({ Rule: rule.name, Targets: [{ Id: "ticker", Arn: FN }] });
    assert.deepStrictEqual(timers.map((t) => t.ms), [300_000]);
    timers[0].fire();
    assert.strictEqual(invoked.length, 1);
    assert.deepStrictEqual({ ...invoked[0][1], id: undefined, time: undefined }, {
      version: "0", id: undefined, "detail-type": "Scheduled Event", source: "aws.events", account: invoked[0][1].account, time: undefined,
      region: service.region, resources: [rule.arn], detail: {},
    });
    service.operations().DisableRule({ Name: rule.name });
    timers[0].fire();
    assert.strictEqual(invoked.length, 1);
    service.putRule({ Name: rule.name, ScheduleExpression: "rate(1 hour)" });
    assert.deepStrictEqual(timers.map((t) => [t.ms, t.stopped]), [[300_000, true], [3_600_000, false]]);
    service.stopSchedules();
    assert.strictEqual(timers[1].stopped, true);
  });

  it("a cron rule is timed at its next time, then the one after; disabled it does not fire; a new version of the rule stops the old timer", () => {
    const timers: { when: string; fire: () => void; stopped: boolean }[] = [];
    const invoked: string[] = [];
    const service = new EventBridgeService({
      now: () => new Date("2026-11-28T06:00:00Z"),
      onLambda: (_arn, event) => invoked.push(String(event.time)),
      every: () => assert.fail("a cron schedule got an interval"),
      at: (when, fire) => {
        const t = { when: when.toISOString(), fire, stopped: false };
        timers.push(t);
        return () => void (t.stopped = true);
      },
    });
    const rule = service.putRule({ Name: "ticker-eventRule-0", ScheduleExpression: "cron(0 12 * * ? *)" });
    service.operations().PutTargets({ Rule: rule.name, Targets: [{ Id: "ticker", Arn: FN }] });
    assert.deepStrictEqual(timers.map((t) => t.when), ["2026-11-28T12:00:00.000Z"]);
    timers[0].fire();
    assert.strictEqual(invoked.length, 1);
    assert.deepStrictEqual(timers.map((t) => t.when), ["2026-11-28T12:00:00.000Z", "2026-11-29T12:00:00.000Z"]);
    service.operations().DisableRule({ Name: rule.name });
    timers[1].fire();
    assert.strictEqual(invoked.length, 1);
    assert.strictEqual(timers.length, 3);
    service.putRule({ Name: rule.name, ScheduleExpression: "cron(30 6 ? * MON *)" });
    assert.deepStrictEqual(timers.map((t) => [t.when, t.stopped]).slice(2), [["2026-11-30T12:00:00.000Z", true], ["2026-11-30T06:30:00.000Z", false]]);
  });

  it("POST /stackfile/schedules/<rule>/run fires a cron rule now, and names a rule that is not there", async () => {
    const invoked: [string, Record<string, unknown>][] = [];
    const at = () => () => undefined;
    const local = await startEventBridge({ onLambda: (arn, event) => invoked.push([arn, event]), at });
    try {
      const rule = local.service.putRule({ Name: "ticker-eventRule-0", ScheduleExpression: "cron(0 12 * * ? *)" });
      local.service.operations().PutTargets({ Rule: rule.name, Targets: [{ Id: "ticker", Arn: FN }] });
      const ran = await fetch(`${local.endpoint}/stackfile/schedules/${rule.name}/run`, { method: "POST" });
      assert.deepStrictEqual([ran.status, await ran.text()], [200, "schedule ticker-eventRule-0 ran\n"]);
      assert.deepStrictEqual(invoked.map(([arn, e]) => [arn, e["detail-type"], e.resources]), [[FN, "Scheduled Event", [rule.arn]]]);
      const missing = await fetch(`${local.endpoint}/stackfile/schedules/nothing/run`, { method: "POST" });
      assert.deepStrictEqual([missing.status, await missing.text()], [404, "Rule nothing does not exist on EventBus default.\n"]);
    } finally {
      await local.close();
    }
  });
});
