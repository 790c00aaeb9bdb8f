// An event-bus, locally: a bus of dev's local EventBridge
// (src/dev/aws-services/eventbridge.ts), one server per session shared by the
// stack's buses (a workload's SDK client has one EventBridge endpoint). Its
// ARN and name are the local ones. Each function's `event-bus` event naming
// it is a rule on the bus with its event pattern and the function as target,
// as in AWS (stack.ts): an event put on the bus (PutEvents) that matches
// invokes the function asynchronously with the event, as Lambda is. An
// archive is not kept locally (dev keeps no events to replay). Made again
// when its name or the events naming it change.
import type { DevType, LocalOutputs } from "../../shared/component/local-runner";
import { ApplyError } from "../../shared/component/local-runner";
import { localSdkOutputs } from "../../dev/aws-services";
import { ServiceError } from "../../dev/aws-services/protocol";
import { functionLocalOutputs } from "../function/dev";
import type { eventBusParams } from "./properties";
import { eventBusDefinition } from "./definition";
import { localEventBridge } from "./local-events";

/** A bus's local outputs. */
export function eventBusLocalOutputs(busArn: string, name: string): LocalOutputs<typeof eventBusParams> {
  return { arn: busArn, name };
}

/** The bus's name locally: its partner source's, else the resource's. */
export function localBusName(resource: string, eventSourceName: unknown): string {
  return typeof eventSourceName === "string" ? eventSourceName : resource.replace(/[^A-Za-z0-9._-]/g, "-");
}

export const eventBusDev: DevType = {
  runner(ctx) {
    const server = localEventBridge(ctx);
    return {
      async apply({ name, props: p }) {
        const busName = localBusName(name, p.eventSourceName);
        const events = ctx.eventsOf(name);
        const fingerprint = JSON.stringify({ busName, events });
        // Held under its settings: a bus made again holds the server before the old one lets go, so the endpoint stays.
        const holder = `${name} ${fingerprint}`;
        const local = await server.hold(holder);
        if (ctx.running(name)?.fingerprint !== fingerprint) {
          await ctx.stop(name);
          const remove = async () => {
            for (const [key, rule] of local.service.rules) if (rule.bus === busName) local.service.rules.delete(key);
            local.service.buses.delete(busName);
            await server.release(holder);
          };
          try {
            local.service.createBus(busName, typeof p.eventSourceName === "string" ? p.eventSourceName : undefined);
            // The functions' `event-bus` events: a rule with the pattern and the function as its target, named as the function's event.
            const ops = local.service.operations();
            events.forEach((e, i) => {
              const rule = `${e.source}-event-${i}`;
              local.service.putRule({ Name: rule, EventBusName: busName, EventPattern: JSON.stringify(e.properties.eventPattern) });
              ops.PutTargets({ Rule: rule, EventBusName: busName, Targets: [{ Id: e.source, Arn: String(functionLocalOutputs(e.source).arn) }] });
            });
          } catch (err) {
            await remove();
            if (err instanceof ServiceError) throw new ApplyError([{ resource: name, path: [], message: `the local EventBridge refused bus ${busName} or a rule on it: ${err.message}` }]);
            throw err;
          }
          ctx.run(name, { type: eventBusDefinition.type, fingerprint, address: `${local.endpoint} (${local.service.bus(busName).arn})`, stop: remove });
        }
        // Beside the parameters, what a connected workload's SDK reaches the local EventBridge with (definition.ts, EVENT_BUS_LOCAL_VARIABLES).
        const sdk = localSdkOutputs(local.endpoint, local.service.region);
        ctx.setOutputs(name, { ...eventBusLocalOutputs(local.service.bus(busName).arn, busName), ...sdk });
      },
    };
  },
};
