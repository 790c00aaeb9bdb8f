// A function, locally: bundled by the step `plan` uses (bundle.ts), run in a
// worker process of its own (src/dev/functions.ts) with the environment it
// has when deployed (connectTo's variables pointing at the local resources,
// its own, source maps on), and offered to the session so that the targets of
// its events (a gateway's routes) and authorizers naming it can call it.
import * as path from "path";
import type { DevType, LocalOutputs } from "../../shared/component/local-runner";
import { ApplyError } from "../../shared/component/local-runner";
import { DevFunction, type FunctionSpec, type LocalBundler } from "../../dev/functions";
import { environmentMap } from "../../dev/environment";
import type { functionParams } from "./properties";
import { functionDefinition } from "./definition";
import { bundleFunction } from "./bundle";
import { ownRulesDev } from "./own-rules-dev";
import { localFunctionAlarms } from "../../shared/alarms/lambda-alarms";

/** A function's outputs, locally. */
export function functionLocalOutputs(name: string): LocalOutputs<typeof functionParams> {
  const arn = `arn:aws:lambda:local:000000000000:function:${name}`;
  return { arn, name, logGroupArn: `arn:aws:logs:local:000000000000:log-group:/aws/lambda/${name}` };
}

/** The bundle step `plan` and `pulumi up` run (a problem of the file is a BundleProblem naming its property). */
const bundler: LocalBundler = (spec, say) =>
  bundleFunction(spec.entry, { runtime: spec.runtime, handlerFunction: spec.handlerFunction, label: spec.name, say });

export const functionDev: DevType = {
  runner(ctx) {
    const ownRules = ownRulesDev(ctx, (name) => String(functionLocalOutputs(name).arn));
    return {
      async apply({ name, props: p }) {
        ctx.setOutputs(name, functionLocalOutputs(name));
        const spec: FunctionSpec = {
          name,
          entry: path.resolve(ctx.baseDir, String(p.entryfilePath)),
          handlerFunction: String(p.handlerFunction ?? "handler"),
          runtime: String(p.runtime ?? "nodejs22.x"),
          memory: Number(p.memory ?? 1024),
          timeout: Number(p.timeout ?? 10),
          // As deployed (index.ts): connectTo's variables, the function's own, source maps on.
          environment: { ...ctx.connectionVariables(p.connectTo), ...environmentMap(p.environment), NODE_OPTIONS: "--enable-source-maps" },
          // What its alarms would say of its local invocations.
          alarms: localFunctionAlarms(Number(p.timeout ?? 10), p.alarms as Record<string, unknown> | undefined),
        };
        const fingerprint = JSON.stringify(spec);
        const routes = ctx.eventKeysOf(name);
        const address = routes.length ? `routes: ${routes.join(", ")}` : "no routes";
        const running = ctx.running(name);
        if (running?.fingerprint === fingerprint) {
          // Still running as it was; its routes may have changed (the printed table follows them).
          running.address = address;
          await ownRules.apply(name, p.events);
          return;
        }
        const fn = new DevFunction(spec, ctx.cacheDir, ctx.logger(name), ctx.baseEnv(), bundler);
        try {
          fn.build();
        } catch (err) {
          await fn.close();
          const property = (err as { property?: string }).property;
          if (!property) throw err;
          throw new ApplyError([{ resource: name, path: [property], message: (err as Error).message }]);
        }
        await ctx.stop(name);
        fn.startWorker();
        ctx.offer(name, (event) => fn.invoke(event as Record<string, unknown>));
        ctx.run(name, {
          type: functionDefinition.type, fingerprint, address,
          stop: async () => {
            ctx.offer(name, undefined);
            await ownRules.drop(name);
            await fn.close();
          },
        });
        // Its schedules and default-bus events: rules of the local EventBridge (own-rules-dev.ts).
        await ownRules.apply(name, p.events);
      },
    };
  },
};
