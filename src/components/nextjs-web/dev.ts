// A nextjs-web, locally: `next dev` in its app directory (src/dev/nextjs.ts)
// with its environment (connectTo's variables pointing at the local
// resources, its own), or with `dev --prod` the OpenNext build served as its
// CloudFront distribution routes it (dev-prod.ts). Restarted only when its
// app, environment or mode change.
import * as path from "path";
import type { DevType, LocalOutputs } from "../../shared/component/local-runner";
import { ApplyError } from "../../shared/component/local-runner";
import { environmentMap } from "../../dev/environment";
import { startNextDev } from "../../dev/nextjs";
import type { nextjsWebParams } from "./properties";
import { nextjsWebDefinition } from "./definition";
import { startNextProd } from "./dev-prod";

/** A site's outputs, locally. */
export function siteLocalOutputs(port: number): LocalOutputs<typeof nextjsWebParams> {
  return { url: `http://127.0.0.1:${port}` };
}

export const nextjsWebDev: DevType = {
  runner(ctx) {
    return {
      async apply({ name, props: p }) {
        const { port, note } = await ctx.httpPort(name);
        ctx.setOutputs(name, siteLocalOutputs(port));
        const environment = { ...ctx.connectionVariables(p.connectTo), ...environmentMap(p.environment) };
        const appDirectory = path.resolve(ctx.baseDir, String(p.appDirectory));
        const fingerprint = JSON.stringify({ appDirectory, environment, prod: ctx.prod, streaming: p.streamingEnabled, edge: p.useEdgeFunction });
        if (ctx.running(name)?.fingerprint === fingerprint) return;
        const old = ctx.running(name);
        if (old) await old.stop();
        for (const property of ["streamingEnabled", "useEdgeFunction"]) {
          if (ctx.prod && p[property] === true) {
            throw new ApplyError([{ resource: name, path: [property], message: `dev --prod runs the regional, buffered OpenNext server only; ${property} is not run locally (run without --prod for next dev)` }]);
          }
        }
        let stop: () => Promise<void>;
        try {
          if (ctx.prod) {
            const firewall = typeof p.useFirewall === "string" ? p.useFirewall : undefined;
            const filter = firewall === undefined ? undefined : () => ctx.requestFilter(firewall);
            if (firewall !== undefined && !filter!()) ctx.logger(name)(`useFirewall ${firewall} is a web ACL made outside this stack: dev does not apply it`);
            const site = await startNextProd({ name, appDirectory, port, environment, filter }, ctx.cacheDir, ctx.baseEnv(), ctx.logger(name));
            stop = site.stop;
          } else {
            // next dev is its own server: nothing stands in front of it.
            if (typeof p.useFirewall === "string") ctx.logger(name)(`useFirewall ${p.useFirewall} is not applied to next dev; dev --prod applies it in front of the site`);
            const child = startNextDev({ name, appDirectory, port, environment }, ctx.baseEnv(), ctx.logger(name));
            stop = () => child.stop();
          }
        } catch (err) {
          throw new ApplyError([{ resource: name, path: ["appDirectory"], message: (err as Error).message }]);
        }
        ctx.run(name, {
          type: nextjsWebDefinition.type, fingerprint,
          address: `http://127.0.0.1:${port}${ctx.prod ? " (OpenNext build, as CloudFront routes it)" : ""}`, note: note ?? old?.note, stop,
        });
      },
    };
  },
};
