// A function's own EventBridge rules in dev (its `schedule` events and its
// `event-bus` events on the default bus: event-bus/own-rules.ts), on the
// session's local EventBridge's default bus with the function as target, as
// the function makes them in AWS (index.ts). A `rate(...)` schedule fires at
// its rate, a `cron(...)` one at its times (UTC); any schedule fires now on `POST <endpoint>/stackfile/schedules/<rule>/run`,
// which dev prints. Made again when the events change.
import type { DevContext } from "../../shared/component/local-runner";
import { ApplyError } from "../../shared/component/local-runner";
import { ServiceError } from "../../dev/aws-services/protocol";
import { nextCronTime } from "../../dev/aws-services/cron";
import { ownRuleOf } from "../event-bus/own-rules";
import { localEventBridge } from "../event-bus/local-events";

export function ownRulesDev(ctx: DevContext, functionArn: (name: string) => string) {
  const server = localEventBridge(ctx);
  const made = new Map<string, { holder: string; rules: string[] }>();
  const drop = async (name: string) => {
    const had = made.get(name);
    made.delete(name);
    if (!had) return;
    const events = server.current?.service;
    for (const rule of had.rules) events?.rules.delete(`default/${rule}`);
    await server.release(had.holder);
  };
  return {
    /** The rules of the function's events now (nothing is done when they are as they were). */
    async apply(name: string, events: unknown): Promise<void> {
      const own = (Array.isArray(events) ? events : []).map((e) => ownRuleOf(e)).filter((r) => r !== undefined);
      const holder = `${name} ${JSON.stringify(own)}`;
      if (made.get(name)?.holder === holder) return;
      if (!own.length) return drop(name);
      const local = await server.hold(holder);
      await drop(name);
      const rules: string[] = [];
      try {
        own.forEach((r, n) => {
          // Named as the function's child in AWS: `<name>-eventRule-<n>` (child-ids.ts).
          const rule = `${name}-eventRule-${n}`;
          local.service.putRule(r.kind === "schedule" ? { Name: rule, ScheduleExpression: r.scheduleExpression } : { Name: rule, EventPattern: JSON.stringify(r.eventPattern) });
          rules.push(rule);
          local.service.operations().PutTargets({ Rule: rule, Targets: [{ Id: name, Arn: functionArn(name) }] });
          if (r.kind === "schedule") {
            const next = nextCronTime(r.scheduleExpression, new Date());
            const when = r.scheduleExpression.startsWith("rate(") ? "runs at that rate here" : `runs here at its times (UTC; next ${next?.toISOString() ?? "never"})`;
            ctx.logger(name)(`schedule ${r.scheduleExpression} ${when}; run it now: curl -X POST ${local.endpoint}/stackfile/schedules/${rule}/run`);
          }
        });
      } catch (err) {
        made.set(name, { holder, rules });
        await drop(name);
        if (err instanceof ServiceError) throw new ApplyError([{ resource: name, path: ["events"], message: `the local EventBridge refused a rule of the function's events: ${err.message}` }]);
        throw err;
      }
      made.set(name, { holder, rules });
    },
    drop,
  };
}
