// A bucket, locally: s3rver (src/dev/aws-services/s3.ts) on 127.0.0.1, its
// objects under the session's cache folder (kept between sessions), one
// server per bucket, restarted only when its port changes. Its name is the
// resource's name as S3 takes it (lower case; other characters become `-`).
// Its `directoryUpload` is copied in at start and on each change (dev-sync.ts).
import * as path from "path";
import { ApplyError, type DevType, type LocalOutputs } from "../../shared/component/local-runner";
import { LOCAL_CREDENTIALS, LOCAL_REGION, startS3, type LocalS3Service } from "../../dev/aws-services";
import { directoryProblem } from "./directory-upload";
import { syncDirectoryLocally, type LocalDirectorySync } from "./dev-sync";
import type { bucketParams } from "./properties";
import { bucketDefinition } from "./definition";

/** The local bucket name of a resource: lower case, `a-z0-9.-` only, 3 to 63 characters. */
export function localBucketName(resource: string): string {
  const n = resource.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase().replace(/[^a-z0-9.-]+/g, "-").replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, "");
  return n.padEnd(3, "0").slice(0, 63);
}

/**
 * A bucket's outputs, locally (S3 ARNs have no region or account). Its CDN's
 * (with `endpoint`, the local server's): the local server stands for the
 * distribution, and the bucket's URL on it for the CDN's URL.
 */
export function bucketLocalOutputs(name: string, endpoint?: string, cdn = false): LocalOutputs<typeof bucketParams> {
  const local = cdn && endpoint !== undefined;
  return { name, arn: `arn:aws:s3:::${name}`, cdnDomain: local ? new URL(endpoint).host : undefined, cdnUrl: local ? `${endpoint}/${name}` : undefined };
}

export const bucketDev: DevType = {
  runner(ctx) {
    const servers = new Map<string, { server: LocalS3Service; unsubscribe: (() => void)[]; sync?: { directory: string; copy: LocalDirectorySync } }>();
    return {
      async apply({ name, props }) {
        const bucket = localBucketName(name);
        const written = props.directoryUpload?.directoryPath as string | undefined;
        const directory = written === undefined ? undefined : path.resolve(ctx.baseDir, written);
        const problem = directory === undefined ? undefined : directoryProblem(directory, written!);
        if (problem) throw new ApplyError([{ resource: name, path: ["directoryUpload", "directoryPath"], message: problem }]);
        const { port, note } = await ctx.httpPort(name);
        const fingerprint = JSON.stringify({ port, bucket });
        if (ctx.running(name)?.fingerprint !== fingerprint || !servers.has(name)) {
          await ctx.stop(name);
          const log = ctx.logger(name);
          const server = await startS3({ directory: path.join(ctx.cacheDir, "s3", bucket), buckets: [bucket], port, log });
          servers.set(name, { server, unsubscribe: [] });
          // Its CDN is not run here (cdnUrl is the local S3 server's), so nothing of it stands in front.
          if (typeof props.useFirewall === "string") log(`useFirewall ${props.useFirewall} is not applied: dev serves the bucket without its CDN`);
          ctx.run(name, {
            type: bucketDefinition.type, fingerprint, address: `${server.endpoint}/${bucket}`, note,
            stop: () => {
              servers.get(name)?.sync?.copy.stop();
              servers.delete(name);
              return server.close();
            },
          });
        }
        // The functions' s3 events, as the stack has them now: each change that matches goes to its function when it runs here.
        const mine = servers.get(name)!;
        await syncDirectory(mine, directory, bucket, ctx.logger(name), path.join(ctx.cacheDir, "s3", `${bucket}.directory-upload.json`));
        mine.unsubscribe.splice(0).forEach((off) => off());
        ctx.eventsOf(name).forEach((e, i) => {
          const p = e.properties as { s3EventType?: string; filterRule?: { prefix?: string; suffix?: string } };
          mine.unsubscribe.push(mine.server.notify({
            id: `${e.source}-${i}`, bucket, events: [String(p.s3EventType)], prefix: p.filterRule?.prefix, suffix: p.filterRule?.suffix,
            deliver: (event) => void ctx.invoker(e.source)?.(event),
          }));
        });
        const cdn = props.cdn?.enabled === true;
        ctx.setOutputs(name, bucketLocalOutputs(bucket, mine.server.endpoint, cdn));
      },
    };
  },
};

/** Starts (or restarts, for another directory) the copy of `directoryUpload` into the local bucket; waits for its first copy. */
async function syncDirectory(
  mine: { server: LocalS3Service; sync?: { directory: string; copy: LocalDirectorySync } }, directory: string | undefined, bucket: string,
  log: (line: string) => void, manifest: string,
): Promise<void> {
  if (mine.sync?.directory === directory) return;
  mine.sync?.copy.stop();
  mine.sync = undefined;
  if (directory === undefined) return;
  const copy = syncDirectoryLocally({ directory, bucket, endpoint: mine.server.endpoint, credentials: LOCAL_CREDENTIALS, region: LOCAL_REGION, manifest, log });
  mine.sync = { directory, copy };
  await copy.ready;
}
