// Dynamic provider that syncs a build's static files to S3 as ONE resource
// (not one Pulumi resource per file). Uploads only new or changed files, in
// parallel with retries; keeps the `_next/static` files of the last builds
// (pages opened before a deploy still load them), then removes them; deletes
// what it uploaded when deleted.
// Self-contained: clients are built inside each method; files are read from
// `baseDir` (relative to the engine's working directory, never absolute).
import type * as pulumi from "@pulumi/pulumi";

/** Bump when the provider's behaviour changes. */
export const ASSET_SYNC_VERSION = 2;

/** How many earlier builds' files under `keepPrefixes` stay after a deploy. */
export const RETAINED_BUILDS = 3;

export interface AssetSyncInputs {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (tests); AWS when unset. */
  endpoint?: string;
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
    const same = (k: string) => JSON.stringify(olds[k]) === JSON.stringify(news[k]);
    const changes = replaces.length > 0 || !same("files") || !same("copies") || !same("keepPrefixes") || !same("syncVersion") || !same("region");
    return { changes, replaces, deleteBeforeReplace: false };
  },

  async create(inputs: any) {
    const outs = await sync(inputs, [], [], 1);
    return { id: `${inputs.bucket}/assets`, outs };
  },

  async update(_id: string, olds: any, news: any) {
    return { outs: await sync(news, olds.files ?? [], olds.retained ?? [], (olds.generation ?? 1) + 1) };
  },

  async delete(_id: string, props: any) {
    await sync({ ...props, files: [], keepPrefixes: [] }, props.files ?? [], props.retained ?? [], (props.generation ?? 1) + 1);
  },
};

/** Uploads what changed from `oldFiles` to `inputs.files` and deletes what is gone. */
async function sync(inputs: any, oldFiles: any[], oldRetainedRaw: any[], generation: number): Promise<any> {
  const RETAIN: number = inputs.retainBuilds;
  // Earlier versions kept bare keys: they count as dropped by the previous sync.
  const oldRetained: { key: string; since: number }[] = oldRetainedRaw.map((r: any) => (typeof r === "string" ? { key: r, since: generation - 1 } : r));
  const fs = require("fs");
  const path = require("path");
  const { S3Client, PutObjectCommand, DeleteObjectsCommand } = require("@aws-sdk/client-s3");
  const client = new S3Client({
    region: inputs.region,
    ...(inputs.endpoint ? { endpoint: inputs.endpoint, forcePathStyle: true } : {}),
    maxAttempts: 5,
  });
  const { __provider: _p, ...rest } = inputs;
  try {
    const before = new Map<string, any>(oldFiles.map((f: any) => [f.key, f]));
    const wanted = new Set<string>(inputs.files.map((f: any) => f.key));
    const changed = inputs.files.filter((f: any) => {
      const o = before.get(f.key);
      return !o || o.hash !== f.hash || JSON.stringify(o.headers) !== JSON.stringify(f.headers);
    });
    const source = (key: string): string => {
      const copy = inputs.copies.find((c: any) => key.startsWith(c.to + "/"));
      if (!copy) throw new Error(`no source folder for ${key}`);
      return path.join(inputs.baseDir, copy.from, key.slice(copy.to.length + 1));
    };
    const params = (f: any) => {
      const h = f.headers ?? {};
      const metadata: Record<string, string> = {};
      const known: Record<string, string> = {
        "cache-control": "CacheControl", "content-type": "ContentType", "content-encoding": "ContentEncoding",
        "content-disposition": "ContentDisposition", "content-language": "ContentLanguage", expires: "Expires",
      };
      const out: any = { Bucket: inputs.bucket, Key: f.key, Body: fs.readFileSync(source(f.key)) };
      for (const [k, v] of Object.entries(h)) {
        if (k === "expires") out.Expires = new Date(String(v));
        else if (known[k]) out[known[k]] = v;
        // Metadata is written as x-amz-meta-<name>: the SDK adds the prefix.
        else metadata[k.replace(/^x-amz-meta-/, "")] = String(v);
      }
      if (Object.keys(metadata).length) out.Metadata = metadata;
      return out;
    };
    const withRetry = async (what: string, fn: () => Promise<unknown>) => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await fn();
        } catch (err: any) {
          const status = err?.$metadata?.httpStatusCode;
          const retryable = !status || status >= 500 || status === 429;
          if (!retryable || attempt >= 4) throw new Error(`${what} failed after ${attempt} attempt(s): ${err?.message ?? err}`);
          await new Promise((r) => setTimeout(r, 100 * 4 ** (attempt - 1)));
        }
      }
    };
    // Upload in parallel, a bounded number at a time.
    let next = 0;
    const workers = Array.from({ length: Math.min(inputs.concurrency ?? 16, changed.length) }, async () => {
      while (next < changed.length) {
        const f = changed[next++];
        await withRetry(`upload of ${f.key}`, () => client.send(new PutObjectCommand(params(f))));
      }
    });
    await Promise.all(workers);

    // What is gone: kept under keepPrefixes for the next builds (old pages still
    // load them), deleted otherwise and once older than RETAIN builds.
    const keep = (k: string) => inputs.keepPrefixes.some((p: string) => k.startsWith(p));
    const dropped = oldFiles.map((f: any) => f.key).filter((k: string) => !wanted.has(k));
    const retainedBefore = oldRetained.filter((r) => !wanted.has(r.key));
    const expired = retainedBefore.filter((r) => generation - r.since >= RETAIN || !keep(r.key)).map((r) => r.key);
    const retainedMap = new Map<string, number>(retainedBefore.filter((r) => !expired.includes(r.key)).map((r) => [r.key, r.since]));
    for (const k of dropped.filter(keep)) if (!retainedMap.has(k)) retainedMap.set(k, generation);
    const retained = [...retainedMap].map(([key, since]) => ({ key, since })).sort((a, b) => (a.key < b.key ? -1 : 1));
    const remove = [...new Set([...dropped.filter((k: string) => !keep(k)), ...expired])];
    for (let i = 0; i < remove.length; i += 1000) {
      const batch = remove.slice(i, i + 1000);
      await withRetry("delete of old files", () =>
        client.send(new DeleteObjectsCommand({ Bucket: inputs.bucket, Delete: { Objects: batch.map((Key: string) => ({ Key })), Quiet: true } })));
    }
    return { ...rest, generation, retained, uploaded: changed.length, deleted: remove.length };
  } finally {
    client.destroy();
  }
}
