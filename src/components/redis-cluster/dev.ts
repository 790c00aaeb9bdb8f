// A redis-cluster, locally: Debian's redis-server (src/dev/redis.ts) on
// 127.0.0.1 with TLS only (the session's certificates, as ElastiCache serves
// TLS) and its password; cluster mode when sharded. Restarted only when its
// port, password or mode change.
import type { DevType, LocalOutputs } from "../../shared/component/local-runner";
import { checkRedisServer, startRedis } from "../../dev/redis";
import type { redisClusterParams } from "./properties";
import { redisClusterDefinition } from "./definition";

const HOST = "127.0.0.1";

/** A cluster's outputs, locally (readers only when not sharded, as in AWS). */
export function redisLocalOutputs(port: number, password: string, sharded: boolean): LocalOutputs<typeof redisClusterParams> {
  const connectionString = `rediss://default:${encodeURIComponent(password)}@${HOST}:${port}`;
  return {
    host: HOST, port, connectionString, sharding: sharded ? "enabled" : "disabled",
    readerHost: sharded ? undefined : HOST, readerPort: sharded ? undefined : port, readerConnectionString: sharded ? undefined : connectionString,
  };
}

export const redisClusterDev: DevType = {
  runner(ctx) {
    let checked = false;
    return {
      prepare(names) {
        // Before anything starts: workloads trust the session's CA from their first start.
        if (checked || !names.length) return;
        checkRedisServer();
        ctx.tls();
        checked = true;
      },
      /** Allocates the cache's port and starts its server; the start is awaited with the others' (redis-server's cluster mode takes 2 s to serve). */
      async apply({ name, props: p }) {
        const password = String(p.defaultUserPassword ?? "");
        const sharded = p.enableSharding === true;
        const wanted = Number(p.port ?? 6379);
        const fingerprint = JSON.stringify({ wanted, password, sharded });
        if (ctx.running(name)?.fingerprint !== fingerprint) {
          await ctx.stop(name);
          const { port, note } = await ctx.port(name, wanted);
          const start = startRedis({ name, port, password, sharded }, ctx.tls(), ctx.cacheDir, ctx.logger(name));
          ctx.run(name, {
            type: redisClusterDefinition.type, fingerprint, address: `rediss://${HOST}:${port}${sharded ? " (cluster mode)" : ""}`, note,
            stop: () => start.then((child) => child.stop(), () => undefined),
          });
          ctx.starting(start.then(() => [], async (err) => {
            await ctx.stop(name).catch(() => undefined);
            return [{ resource: name, path: [], message: (err as Error).message }];
          }));
        }
        const { port } = await ctx.port(name, wanted);
        ctx.setOutputs(name, redisLocalOutputs(port, password, sharded));
      },
    };
  },
};
