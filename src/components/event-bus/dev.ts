// An event-bus, locally: a bus of dev's local EventBridge
// (src/dev/aws-services/eventbridge.ts), one server per session shared by the
// stack's buses (a workload's SDK client has one EventBridge endpoint). Its
// ARN and name are the local ones; an archive is not kept locally (dev keeps
// no events to replay). Recreated only when its name changes.
import type { DevType, LocalOutputs } from "../../shared/component/local-runner";
import { LOCAL_CREDENTIALS, startEventBridge, type LocalEventBridge } from "../../dev/aws-services";
import type { eventBusParams } from "./properties";
import { eventBusDefinition } from "./definition";

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
    let server: Promise<LocalEventBridge> | undefined;
    const buses = new Set<string>();
    const events = () => (server ??= startEventBridge({ log: ctx.logger("events") }));
    return {
      async apply({ name, props: p }) {
        const busName = localBusName(name, p.eventSourceName);
        const fingerprint = JSON.stringify({ busName });
        const local = await events();
        if (ctx.running(name)?.fingerprint !== fingerprint) {
          await ctx.stop(name);
          const bus = local.service.createBus(busName, typeof p.eventSourceName === "string" ? p.eventSourceName : undefined);
          buses.add(name);
          ctx.run(name, {
            type: eventBusDefinition.type, fingerprint, address: `${local.endpoint} (${bus.arn})`,
            stop: async () => {
              for (const [key, rule] of local.service.rules) if (rule.bus === bus.name) local.service.rules.delete(key);
              local.service.buses.delete(bus.name);
              buses.delete(name);
              if (!buses.size && server) {
                server = undefined;
                await local.close();
              }
            },
          });
        }
        // Beside the parameters, what a connected workload's SDK reaches the local EventBridge with (definition.ts, EVENT_BUS_LOCAL_VARIABLES).
        const sdk = { localEndpoint: local.endpoint, localRegion: local.service.region, localAccessKeyId: LOCAL_CREDENTIALS.accessKeyId, localSecretAccessKey: LOCAL_CREDENTIALS.secretAccessKey };
        ctx.setOutputs(name, { ...eventBusLocalOutputs(local.service.bus(busName).arn, busName), ...sdk });
      },
    };
  },
};
