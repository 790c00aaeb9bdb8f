// Dynamic provider that syncs a build's static files to S3 as ONE resource
// (not one Pulumi resource per file). Uploads only new or changed files, in
// parallel, each request bounded by timeouts and retried with backoff; keeps
// the `_next/static` files of the last builds (pages opened before a deploy
// still load them), then removes them; deletes what it uploaded when deleted.
// Uses the stack's AWS provider settings (`aws`: credentials, role, endpoints).
//
// Nothing is lost across failed deploys: before an update writes or deletes
// anything, it lists every key it will write or delete in a journal in the
// bucket, with the generation it will record. The journal stays until a later
// run finds it settled (the state records that generation or a later one).
// While a journal is pending (an update failed or was killed after touching
// the bucket, so the state still records the previous files), `diff` reports
// a change and the next update converges every listed key to its own inputs:
// uploads the ones it wants (a revert gets its deleted files back), deletes
// the rest. A recorded file that is gone from the bucket (deleted outside the
// sync) is noticed the same way: `read` (pulumi refresh) marks it, and `diff`
// and the update list the bucket. Self-contained: clients are built inside
// each method; files are read from `baseDir`, relative to the Pulumi
// project's folder: the nearest one holding Pulumi.yaml at or above the
// working directory (the engine starts the provider in the folder it runs the
// program from, which is that folder or one below it: `main`'s), else the
// working directory itself.
import type * as pulumi from "@pulumi/pulumi";
import { awsClientConfig, sdkModule, type AwsSettings, type AwsTimeouts } from "./aws-clients";
import { deleteJournal, deleteKeys, eachBounded, journalPending, missingKeys, readJournal, s3ErrorCode, uploadFile, writeJournal } from "./asset-sync-s3";
import { planSync } from "./asset-sync-plan";
import { pulumiProjectAbove } from "../shared/files/project-folder";

// Function values, so Pulumi serializes them with the provider (a module
// reference would be written as a require of a path).
const clientConfig = awsClientConfig;
const loadSdk = sdkModule;
const s3 = { deleteJournal, deleteKeys, eachBounded, journalPending, missingKeys, readJournal, s3ErrorCode, uploadFile, writeJournal };
const plans = { planSync };
const folders = { pulumiProjectAbove };

/** Bump when the provider's behaviour changes. */
export const ASSET_SYNC_VERSION = 5;

/** How many earlier builds' files under `keepPrefixes` stay after a deploy. */
export const RETAINED_BUILDS = 3;

/** Bounds on the journal read of a preview's diff: it never waits long. */
const DIFF_TIMEOUTS: AwsTimeouts = { connectMs: 5_000, idleMs: 10_000, requestMs: 15_000, attempts: 2 };
const DIFF_DEADLINE_MS = 30_000;

export interface AssetSyncInputs {
  bucket: string;
  region: string;
  /** The AWS provider's settings (credentials, assumed roles, endpoints). */
  aws?: AwsSettings;
  /** Bounds on each request (defaults: 10 s to connect, 60 s idle, 10 min a request, 4 attempts). */
  timeouts?: AwsTimeouts;
  /** Folder the `copies` are relative to: the app directory (a bucket's: the directory itself), relative to the Pulumi project's folder (or absolute). */
  baseDir: string;
  /** Folders copied to key prefixes; `to: ""` copies to the bucket's root. */
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
  /** How many builds were deployed (a new set of files under keepPrefixes counts one; other updates do not). */
  builds: number;
  /** Keys of earlier builds kept under `keepPrefixes`, with the build count that dropped them. */
  retained: { key: string; since: number }[];
  /** Files uploaded by the last create or update. */
  uploaded: number;
  deleted: number;
}

const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** Keys the state records as in the bucket (its files and the earlier builds' files it keeps). */
function recordedKeys(state: any): string[] {
  return [...(state?.files ?? []).map((f: any) => f.key), ...(state?.retained ?? []).map((r: any) => (typeof r === "string" ? r : r.key))];
}

/** The key prefix of a copy's files: `_assets/`, or none for a copy to the bucket's root (`to: ""`). */
function keyPrefix(copy: { to: string }): string {
  return copy.to ? `${copy.to}/` : "";
}

/** The folders the sync writes under (`_assets/`; the whole bucket for a copy to its root), where a listing finds its files. */
function syncPrefixes(state: any): string[] {
  return (state?.copies ?? []).map(keyPrefix);
}

/**
 * Whether the bucket differs from what the state `olds` records: a pending
 * journal (an update no state records touched it), or a recorded file gone.
 * Within DIFF_DEADLINE_MS; true also when that cannot be told (the update
 * then reads it and says why it cannot).
 */
async function bucketDrifted(olds: any, news: any): Promise<boolean> {
  const usable = (v: any) => v !== undefined && !JSON.stringify(v ?? null).includes(UNKNOWN);
  const pick = (k: string) => (usable(news[k]) ? news[k] : olds[k]);
  const S3 = loadSdk("@aws-sdk/client-s3");
  // The diff's bounds, or the resource's own where they are tighter.
  const own: any = usable(news.timeouts) ? news.timeouts ?? {} : {};
  const bounds: any = Object.fromEntries(Object.entries(DIFF_TIMEOUTS).map(([k, v]) => [k, Math.min(v as number, typeof own[k] === "number" ? own[k] : Infinity)]));
  const client = new S3.S3Client(clientConfig(pick("aws"), "s3", pick("region"), bounds));
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const deadline = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), DIFF_DEADLINE_MS)));
    const look = async () => {
      if (s3.journalPending(await s3.readJournal(client, S3, olds.bucket, 1), olds)) return true;
      return (await s3.missingKeys(client, S3, olds.bucket, recordedKeys(olds), syncPrefixes(olds), 1)).length > 0;
    };
    return (await Promise.race([look().catch(() => true), deadline])) !== false;
  } finally {
    clearTimeout(timer);
    client.destroy();
  }
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
    // The same inputs: still a change while the bucket differs from the state (a failed update's journal, a file gone).
    return { changes: changes || await bucketDrifted(olds, news), replaces, deleteBeforeReplace: false };
  },

  /** `pulumi refresh`: recorded files the bucket no longer holds, or that a pending journal names, get no hash (the next update uploads them). */
  async read(id: string, props: any) {
    const S3 = loadSdk("@aws-sdk/client-s3");
    const client = new S3.S3Client(clientConfig(props.aws, "s3", props.region, props.timeouts));
    try {
      const journal = await s3.readJournal(client, S3, props.bucket);
      const unsure = new Set<string>(s3.journalPending(journal, props) ? journal!.keys : []);
      for (const k of await s3.missingKeys(client, S3, props.bucket, recordedKeys(props), syncPrefixes(props))) unsure.add(k);
      if (unsure.size === 0) return { id, props };
      const all = unsure.has("*");
      const files = (props.files ?? []).map((f: any) => (all || unsure.has(f.key) ? { ...f, hash: "" } : f));
      return { id, props: { ...props, files } };
    } catch (err) {
      if (s3.s3ErrorCode(err) === "NoSuchBucket") return { id, props: { ...props, files: (props.files ?? []).map((f: any) => ({ ...f, hash: "" })) } };
      throw err;
    } finally {
      client.destroy();
    }
  },

  async create(inputs: any) {
    const outs = await sync(inputs, undefined, false);
    return { id: `${inputs.bucket}/assets`, outs };
  },

  async update(_id: string, olds: any, news: any) {
    return { outs: await sync(news, olds, false) };
  },

  async delete(_id: string, props: any) {
    await sync({ ...props, files: [], keepPrefixes: [] }, props, true);
  },
};

/**
 * Uploads what changed from the state `olds` (undefined at create) to
 * `inputs.files`, what a pending journal lists and what is missing from the
 * bucket, and deletes what is gone. `deleting`: the resource's delete, where
 * a bucket already gone is success.
 */
async function sync(inputs: any, olds: any | undefined, deleting: boolean): Promise<any> {
  const bucket: string = inputs.bucket;
  const path = require("path");
  const S3 = loadSdk("@aws-sdk/client-s3");
  const client = new S3.S3Client(clientConfig(inputs.aws, "s3", inputs.region, inputs.timeouts));
  const { __provider: _p, ...rest } = inputs;
  try {
    // `baseDir` is relative to the project's folder; the provider runs where the program ran (its `main`'s folder, at or below it).
    const root: string = folders.pulumiProjectAbove(process.cwd()) ?? process.cwd();
    const source = (key: string): string => {
      const copy = inputs.copies.find((c: any) => key.startsWith(keyPrefix(c)));
      if (!copy) throw new Error(`no source folder for ${key}`);
      return path.resolve(root, inputs.baseDir, copy.from, key.slice(keyPrefix(copy).length));
    };
    const generation = (olds?.generation ?? 0) + 1;
    const journal = await s3.readJournal(client, S3, bucket);
    const pending: string[] = s3.journalPending(journal, olds) ? journal!.keys : [];
    // Recorded files gone from the bucket (deleted outside the sync) are uploaded again like journaled ones.
    const missing: string[] = olds && !deleting ? await s3.missingKeys(client, S3, bucket, recordedKeys(olds), syncPrefixes(olds)) : [];
    const plan = plans.planSync(olds, inputs, [...pending, ...missing], inputs.retainBuilds);
    // Listed before any is written or deleted: a failure or a kill at any point leaves them named, and the
    // state, which still records the previous generation, marks the journal pending.
    const touched = [...plan.upload.map((f: any) => f.key), ...plan.remove];
    if (touched.length) await s3.writeJournal(client, S3, bucket, [...pending, ...touched], generation);

    const { done, failures } = await s3.eachBounded(plan.upload, inputs.concurrency ?? 16, (f: any) => s3.uploadFile(client, S3, bucket, f, source(f.key)));
    if (failures.length) {
      // Remove what this attempt added; what it overwrote stays listed in the journal for the next run.
      const added = done.map((f: any) => f.key).filter((k: string) => plan.unrecorded.has(k));
      const overwritten = done.length - added.length;
      const cleaned = await s3.deleteKeys(client, S3, bucket, added).then(() => true, () => false);
      const first = failures[0].error?.message ?? String(failures[0].error);
      const more = failures.length > 1 ? ` (and ${failures.length - 1} more)` : "";
      const after = added.length === 0 ? "" : cleaned
        ? `; the ${added.length} new file(s) it had uploaded were removed`
        : `; the ${added.length} new file(s) it had uploaded are listed in s3://${bucket}/_stackfile/ and removed by the next deploy`;
      const restored = overwritten === 0 ? "" : `; the ${overwritten} deployed file(s) it overwrote are listed in s3://${bucket}/_stackfile/, and the next deploy uploads the deployed version again (even with no change)`;
      throw new Error(`asset sync to ${bucket}: ${first}${more}${after}${restored}`);
    }

    await s3.deleteKeys(client, S3, bucket, plan.remove);
    // The journal stays: the state records `generation` once this returns, which settles it. A
    // resource being deleted leaves no state to settle it: its journal goes with it.
    if (deleting && (journal || touched.length)) await s3.deleteJournal(client, S3, bucket);
    return { ...rest, generation, builds: plan.builds, retained: plan.retained, uploaded: plan.upload.length, deleted: plan.remove.length };
  } catch (err) {
    // Deleting from a bucket already gone: nothing is left to delete.
    if (deleting && s3.s3ErrorCode(err) === "NoSuchBucket") return undefined;
    if (s3.s3ErrorCode(err) === "NoSuchBucket") throw new Error(`asset sync: bucket ${bucket} does not exist (in the account and region of the stack's AWS provider, ${inputs.region})`);
    throw err;
  } finally {
    client.destroy();
  }
}
