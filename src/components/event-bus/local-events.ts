// The session's local EventBridge (src/dev/aws-services/eventbridge.ts), one
// for the stack's buses and the functions' own rules (their schedules, their
// events on the default bus): a workload's SDK client has one EventBridge
// endpoint. Its rules' function targets are the session's functions, invoked
// asynchronously as Lambda is.
import type { DevContext } from "../../shared/component/local-runner";
import { startEventBridge } from "../../dev/aws-services";
import { functionDelivery } from "../../dev/function-delivery";

export const localEventBridge = (ctx: DevContext) => ctx.shared("events", async () => {
  const delivery = functionDelivery(ctx, ctx.logger("events"));
  const server = await startEventBridge({
    onLambda: (arn, event, rule) => delivery.deliver(arn, event, `rule ${rule}: event to ${arn}`),
    log: ctx.logger("events"),
  });
  return { ...server, close: () => (delivery.stop(), server.close()) };
});
