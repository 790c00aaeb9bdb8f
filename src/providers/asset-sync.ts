// Dynamic provider that syncs a build's static files to S3 as ONE resource
// (not one Pulumi resource per file). Uploads only new or changed files, in
// parallel, each request bounded by timeouts and retried with backoff; keeps
// the `_next/static` files of the last builds (pages opened before a deploy
// still load them), then removes them; deletes what it uploaded when deleted.
// Uses the stack's AWS provider settings (`aws`: credentials, role, endpoints).
// Keys an update uploads before its state is saved are listed in a journal in
// the bucket, so a failed or killed update's files are removed (or recorded)
// by the next run. Self-contained: clients are built inside each method;
// files are read from `baseDir` (relative to the engine's working directory).
import type * as pulumi from "@pulumi/pulumi";
import { awsClientConfig, sdkModule, type AwsSettings, type AwsTimeouts } from "./aws-clients";
import { deleteJournal, deleteKeys, eachBounded, readJournal, s3ErrorCode, uploadFile, writeJournal } from "./asset-sync-s3";

// Function values, so Pulumi serializes them with the provider (a module
// reference would be written as a require of a path).
const clientConfig = awsClientConfig;
const loadSdk = sdkModule;
const s3 = { deleteJournal, deleteKeys, eachBounded, readJournal, s3ErrorCode, uploadFile, writeJournal };

/** Bump when the provider's behaviour changes. */
export const ASSET_SYNC_VERSION = 3;

/** How many earlier builds' files under `keepPrefixes` stay after a deploy. */
export const RETAINED_BUILDS = 3;

export interface AssetSyncInputs {
  bucket: string;
  region: string;
  /** The AWS provider's settings (credentials, assumed roles, endpoints). */
  aws?: AwsSettings;
  /** Bounds on each request (defaults: 10 s to connect, 60 s idle, 10 min a request, 4 attempts). */
  timeouts?: AwsTimeouts;
  /** Folder the `copies` are relative to: the app directory. */
  baseDir: string;
  copies: { from: string; to: string }[];
  files: { key: string; hash: string; size: number; headers: Record<string, string> }[];
  /** Keys under these prefixes are kept when a later deploy drops them. */
  keepPrefixes: string[];
  /** Parallel uploads. */
  concurrency?: number;
  /** How many earlier builds' files under `keepPrefixes` stay (RETAINED_BUILDS). */
  retainBuilds: number;
  syncVersion: number;
}

export interface AssetSyncOutputs extends AssetSyncInputs {
  /** Which sync this is (1 at create, one more at each update that ran). */
  generation: number;
  /** Keys of earlier builds kept under `keepPrefixes`, with the generation that dropped them. */
  retained: { key: string; since: number }[];
  /** Files uploaded by the last create or update. */
  uploaded: number;
  deleted: number;
}

export const assetSyncProvider: pulumi.dynamic.ResourceProvider = {
  async diff(_id: string, olds: any, news: any) {
    const replaces = olds.bucket !== news.bucket ? ["bucket"] : [];
    // Key order of settings read from config is not meaningful.
    const stable = (v: any): string => JSON.stringify(v ?? null, (_k, x) =>
      x && typeof x === "object" && !Array.isArray(x) ? Object.fromEntries(Object.keys(x).sort().map((k) => [k, x[k]])) : x);
    const same = (k: string) => stable(olds[k]) === stable(news[k]);
    const sameAws = stable(olds.aws ?? {}) === stable(news.aws ?? {});
    const changes = replaces.length > 0 || !sameAws ||
      ["files", "copies", "keepPrefixes", "syncVersion", "region", "timeouts"].some((k) => !same(k));
    return { changes, replaces, deleteBeforeReplace: false };
  },

  async create(inputs: any) {
    const outs = await sync(inputs, [], [], 1, false);
    return { id: `${inputs.bucket}/assets`, outs };
  },

  async update(_id: string, olds: any, news: any) {
    return { outs: await sync(news, olds.files ?? [], olds.retained ?? [], (olds.generation ?? 1) + 1, false) };
  },

  async delete(_id: string, props: any) {
    await sync({ ...props, files: [], keepPrefixes: [] }, props.files ?? [], props.retained ?? [], (props.generation ?? 1) + 1, true);
  },
};

/**
 * Uploads what changed from `oldFiles` to `inputs.files` and deletes what is
 * gone. `deleting`: the resource's delete, where a bucket already gone is success.
 */
async function sync(inputs: any, oldFiles: any[], oldRetainedRaw: any[], generation: number, deleting: boolean): Promise<any> {
  const RETAIN: number = inputs.retainBuilds;
  const bucket: string = inputs.bucket;
  // Earlier versions kept bare keys: they count as dropped by the previous sync.
  const oldRetained: { key: string; since: number }[] = oldRetainedRaw.map((r: any) => (typeof r === "string" ? { key: r, since: generation - 1 } : r));
  const path = require("path");
  const S3 = loadSdk("@aws-sdk/client-s3");
  const client = new S3.S3Client(clientConfig(inputs.aws, "s3", inputs.region, inputs.timeouts));
  const { __provider: _p, ...rest } = inputs;
  try {
    const before = new Map<string, any>(oldFiles.map((f: any) => [f.key, f]));
    const wanted = new Set<string>(inputs.files.map((f: any) => f.key));
    const recorded = new Set<string>([...before.keys(), ...oldRetained.map((r) => r.key)]);
    const changed = inputs.files.filter((f: any) => {
      const o = before.get(f.key);
      return !o || o.hash !== f.hash || JSON.stringify(o.headers) !== JSON.stringify(f.headers);
    });
    const source = (key: string): string => {
      const copy = inputs.copies.find((c: any) => key.startsWith(c.to + "/"));
      if (!copy) throw new Error(`no source folder for ${key}`);
      return path.join(inputs.baseDir, copy.from, key.slice(copy.to.length + 1));
    };

    // Keys an earlier update uploaded and no state records: wanted ones are
    // uploaded again below, the others removed.
    const journal = await s3.readJournal(client, S3, bucket);
    const orphans = (journal ?? []).filter((k) => !recorded.has(k) && !wanted.has(k));
    const fresh = changed.map((f: any) => f.key).filter((k: string) => !recorded.has(k));
    if (fresh.length) await s3.writeJournal(client, S3, bucket, [...(journal ?? []), ...fresh]);

    const { done, failures } = await s3.eachBounded(changed, inputs.concurrency ?? 16, (f: any) => s3.uploadFile(client, S3, bucket, f, source(f.key)));
    if (failures.length) {
      // Remove what this attempt added (the journal lists it if this fails too).
      const added = done.map((f: any) => f.key).filter((k: string) => !recorded.has(k));
      const cleaned = await s3.deleteKeys(client, S3, bucket, added).then(() => true, () => false);
      const first = failures[0].error?.message ?? String(failures[0].error);
      const more = failures.length > 1 ? ` (and ${failures.length - 1} more)` : "";
      const after = added.length === 0 ? "" : cleaned
        ? `; the ${added.length} new file(s) it had uploaded were removed`
        : `; the ${added.length} new file(s) it had uploaded are listed in s3://${bucket}/_stackfile/ and removed by the next deploy`;
      throw new Error(`asset sync to ${bucket}: ${first}${more}${after}`);
    }

    // What is gone: kept under keepPrefixes for the next builds (old pages still
    // load them), deleted otherwise and once older than RETAIN builds.
    const keep = (k: string) => inputs.keepPrefixes.some((p: string) => k.startsWith(p));
    const dropped = oldFiles.map((f: any) => f.key).filter((k: string) => !wanted.has(k));
    const retainedBefore = oldRetained.filter((r) => !wanted.has(r.key));
    const expired = retainedBefore.filter((r) => generation - r.since >= RETAIN || !keep(r.key)).map((r) => r.key);
    const retainedMap = new Map<string, number>(retainedBefore.filter((r) => !expired.includes(r.key)).map((r) => [r.key, r.since]));
    for (const k of dropped.filter(keep)) if (!retainedMap.has(k)) retainedMap.set(k, generation);
    const retained = [...retainedMap].map(([key, since]) => ({ key, since })).sort((a, b) => (a.key < b.key ? -1 : 1));
    const remove = [...new Set([...dropped.filter((k: string) => !keep(k)), ...expired, ...orphans])];
    await s3.deleteKeys(client, S3, bucket, remove);
    if (journal || fresh.length) await s3.deleteJournal(client, S3, bucket);
    return { ...rest, generation, retained, uploaded: changed.length, deleted: remove.length };
  } catch (err) {
    // Deleting from a bucket already gone: nothing is left to delete.
    if (deleting && s3.s3ErrorCode(err) === "NoSuchBucket") return undefined;
    if (s3.s3ErrorCode(err) === "NoSuchBucket") throw new Error(`asset sync: bucket ${bucket} does not exist (in the account and region of the stack's AWS provider, ${inputs.region})`);
    throw err;
  } finally {
    client.destroy();
  }
}
