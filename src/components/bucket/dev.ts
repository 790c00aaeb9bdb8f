// A bucket, locally: a bucket of the session's one s3rver
// (src/dev/aws-services/s3.ts, on 127.0.0.1, shared by the stack's buckets: a
// workload's SDK client has one S3 endpoint), its objects under the session's
// cache folder, kept between sessions. Its name is the resource's name as S3
// takes it (lower case; other characters become `-`). Connected workloads get
// the server's endpoint, the local region and key (definition.ts,
// BUCKET_LOCAL_VARIABLES). Its s3 events and the copy of its
// `directoryUpload` (dev-sync.ts) are its own.
import * as fs from "fs";
import * as path from "path";
import { ApplyError, type DevContext, type DevType, type LocalOutputs } from "../../shared/component/local-runner";
import { LOCAL_CREDENTIALS, LOCAL_REGION, startS3, type LocalS3Service, localSdkOutputs } from "../../dev/aws-services";
import { directoryProblem } from "./directory-upload";
import { syncDirectoryLocally, type LocalDirectorySync } from "./dev-sync";
import type { bucketParams } from "./properties";
import { BUCKET_LOCAL_VARIABLES, bucketDefinition } from "./definition";

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

/** The cache's `s3` folder: the directory-upload manifests, the earlier sessions' folders of one bucket each. */
const s3Folder = (ctx: DevContext) => path.join(ctx.cacheDir, "s3");
/** The shared server's directory, a folder per bucket (`_` is in no bucket name, so no bucket's earlier folder is this one). */
const objectsFolder = (ctx: DevContext) => path.join(s3Folder(ctx), "_buckets");

/**
 * Moves the objects an earlier session (one server per bucket, its directory
 * `s3/<bucket>`, the bucket's folder in it) left into the shared server's
 * directory, once: a bucket's folder there already wins.
 */
function adoptEarlierObjects(s3: string, objects: string, bucket: string): boolean {
  const earlier = path.join(s3, bucket, bucket);
  const now = path.join(objects, bucket);
  if (!fs.existsSync(earlier) || fs.existsSync(now)) return false;
  fs.mkdirSync(objects, { recursive: true, mode: 0o700 });
  fs.renameSync(earlier, now);
  // The earlier server's directory held only that bucket.
  fs.rmSync(path.join(s3, bucket), { recursive: true, force: true });
  return true;
}

/** The session's local S3 (every bucket of the session); it listens on a free port, printed beside each bucket. */
export const localS3 = (ctx: DevContext) => ctx.shared("s3", () => startS3({ directory: objectsFolder(ctx), log: ctx.logger("s3") }));

/** What a bucket of the session has of its own: its event subscriptions and the copy of its directory. */
interface BucketState { unsubscribe: (() => void)[]; sync?: { directory: string; copy: LocalDirectorySync } }

export const bucketDev: DevType = {
  runner(ctx) {
    const server = localS3(ctx);
    const buckets = new Map<string, BucketState>();
    return {
      async apply({ name, props }) {
        const bucket = localBucketName(name);
        const written = props.directoryUpload?.directoryPath as string | undefined;
        const directory = written === undefined ? undefined : path.resolve(ctx.baseDir, written);
        const problem = directory === undefined ? undefined : directoryProblem(directory, written!);
        if (problem) throw new ApplyError([{ resource: name, path: ["directoryUpload", "directoryPath"], message: problem }]);
        const fingerprint = JSON.stringify({ bucket });
        // Held under its bucket (one name, one bucket): the server runs while any bucket holds it.
        const holder = `${name} ${fingerprint}`;
        const s3 = await server.hold(holder);
        const log = ctx.logger(name);
        if (ctx.running(name)?.fingerprint !== fingerprint) {
          await ctx.stop(name);
          if (adoptEarlierObjects(s3Folder(ctx), objectsFolder(ctx), bucket)) log(`the objects of an earlier session moved to ${path.join(objectsFolder(ctx), bucket)}`);
          await s3.createBucket(bucket);
          const mine: BucketState = { unsubscribe: [] };
          buckets.set(name, mine);
          // Its CDN is not run here (cdnUrl is the local S3 server's), so nothing of it stands in front.
          if (typeof props.useFirewall === "string") log(`useFirewall ${props.useFirewall} is not applied: dev serves the bucket without its CDN`);
          ctx.run(name, {
            type: bucketDefinition.type, fingerprint, address: `${s3.endpoint}/${bucket}`,
            stop: async () => {
              mine.sync?.copy.stop();
              mine.unsubscribe.splice(0).forEach((off) => off());
              buckets.delete(name);
              // Its objects stay in the server's directory for the next session.
              await server.release(holder);
            },
          });
        }
        // The functions' s3 events, as the stack has them now: each change that matches goes to its function when it runs here.
        const mine = buckets.get(name)!;
        await syncDirectory(mine, s3, directory, bucket, log, path.join(s3Folder(ctx), `${bucket}.directory-upload.json`));
        mine.unsubscribe.splice(0).forEach((off) => off());
        ctx.eventsOf(name).forEach((e, i) => {
          const p = e.properties as { s3EventType?: string; filterRule?: { prefix?: string; suffix?: string } };
          mine.unsubscribe.push(s3.notify({
            id: `${e.source}-${i}`, bucket, events: [String(p.s3EventType)], prefix: p.filterRule?.prefix, suffix: p.filterRule?.suffix,
            deliver: (event) => void ctx.invoker(e.source)?.(event),
          }));
        });
        const cdn = props.cdn?.enabled === true;
        // Beside the parameters, what a connected workload's SDK reaches the local S3 with (definition.ts, BUCKET_LOCAL_VARIABLES).
        const sdk: Record<(typeof BUCKET_LOCAL_VARIABLES)[keyof typeof BUCKET_LOCAL_VARIABLES], string> = localSdkOutputs(s3.endpoint, LOCAL_REGION);
        ctx.setOutputs(name, { ...bucketLocalOutputs(bucket, s3.endpoint, cdn), ...sdk });
      },
    };
  },
};

/** Starts (or restarts, for another directory) the copy of `directoryUpload` into the local bucket; waits for its first copy. */
async function syncDirectory(
  mine: BucketState, s3: LocalS3Service, directory: string | undefined, bucket: string,
  log: (line: string) => void, manifest: string,
): Promise<void> {
  if (mine.sync?.directory === directory) return;
  mine.sync?.copy.stop();
  mine.sync = undefined;
  if (directory === undefined) return;
  const copy = syncDirectoryLocally({ directory, bucket, endpoint: s3.endpoint, credentials: LOCAL_CREDENTIALS, region: LOCAL_REGION, manifest, log });
  mine.sync = { directory, copy };
  await copy.ready;
}
