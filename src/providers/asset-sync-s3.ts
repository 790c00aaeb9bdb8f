// The S3 operations of the asset sync, each bounded and retried: uploads that
// check each file against the plan's hash as they read it, deletes that
// retry the keys DeleteObjects reports as failed (or fail naming them), the
// sync's journal (keys an update writes or deletes, until Pulumi's state
// records that update), and a listing of what the bucket holds. Plain function declarations: serialized by value with the provider.

/** The journal's key in the site's bucket (outside every prefix CloudFront serves). */
const JOURNAL = "_stackfile/asset-sync-pending.json";
export const ASSET_SYNC_JOURNAL = JOURNAL;

/** Rounds of DeleteObjects for keys it reports as failed. */
const DELETE_ROUNDS = 4;

/** A failure that a retry cannot fix. */
function fatal(message: string): Error {
  return Object.assign(new Error(message), { fatal: true });
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** 200 ms, 800 ms, 3.2 s, with up to a quarter more at random (retries of many workers spread). */
function backoff(attempt: number): number {
  const base = 200 * 4 ** (attempt - 1);
  return base + Math.floor(Math.random() * base * 0.25);
}

/** The S3 error code of a failure (the SDK's, or one wrapped by `withRetry`). */
export function s3ErrorCode(err: any): string | undefined {
  for (let e = err; e; e = e.cause) {
    const code = e.Code ?? e.code ?? e.name;
    if (typeof code === "string" && code !== "Error") return code;
  }
  return undefined;
}

/**
 * `fn` with up to `attempts` tries (after the SDK's own) for failures worth
 * another try: no answer, a timeout, 5xx, 429. The error names `what`.
 */
export async function withRetry<T>(what: string, fn: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err: any) {
      const status = err?.$metadata?.httpStatusCode;
      const retryable = !err?.fatal && (!status || status >= 500 || status === 429);
      if (!retryable || attempt >= attempts) {
        if (err?.fatal) throw err;
        throw Object.assign(new Error(`${what} failed after ${attempt} attempt(s): ${err?.message ?? err}`), { cause: err, fatal: !retryable });
      }
      await sleep(backoff(attempt));
    }
  }
}

/** PutObject parameters of a manifest entry: its headers as S3 takes them. */
function putParams(bucket: string, file: any, body: Buffer): Record<string, any> {
  const known: Record<string, string> = {
    "cache-control": "CacheControl", "content-type": "ContentType", "content-encoding": "ContentEncoding",
    "content-disposition": "ContentDisposition", "content-language": "ContentLanguage", expires: "Expires",
  };
  const out: Record<string, any> = { Bucket: bucket, Key: file.key, Body: body };
  const metadata: Record<string, string> = {};
  for (const [k, v] of Object.entries(file.headers ?? {})) {
    if (k === "expires") out.Expires = new Date(String(v));
    else if (known[k]) out[known[k]] = v;
    // Metadata is written as x-amz-meta-<name>: the SDK adds the prefix.
    else metadata[k.replace(/^x-amz-meta-/, "")] = String(v);
  }
  if (Object.keys(metadata).length) out.Metadata = metadata;
  return out;
}

/**
 * Reads a file, checks it is the content the plan hashed (the manifest's
 * sha256), and uploads exactly those bytes. `source` is the file's path as
 * the manifest names it (relative to the engine's working directory).
 */
export async function uploadFile(client: any, S3: any, bucket: string, file: any, source: string): Promise<void> {
  const fs = require("fs");
  const { createHash } = require("crypto");
  let body: Buffer;
  try {
    body = fs.readFileSync(source);
  } catch (err: any) {
    throw fatal(`${file.key}: ${source} is gone since the plan (${err?.code ?? err}); run again`);
  }
  const hash = createHash("sha256").update(body).digest("hex");
  if (hash !== file.hash) throw fatal(`${file.key}: ${source} changed since the plan (sha256 ${hash.slice(0, 12)}..., the plan has ${String(file.hash).slice(0, 12)}...); run again`);
  await withRetry(`upload of ${file.key}`, () => client.send(new S3.PutObjectCommand(putParams(bucket, file, body))));
}

/**
 * Deletes keys, 1,000 a request. Keys DeleteObjects reports as failed (it
 * answers 200 with per-key `Errors`) are sent again with backoff; the ones
 * still failing after DELETE_ROUNDS fail the call, named.
 */
export async function deleteKeys(client: any, S3: any, bucket: string, keys: string[]): Promise<void> {
  let pending = [...new Set(keys)];
  for (let round = 1; pending.length > 0; round++) {
    const failed: { Key?: string; Code?: string; Message?: string }[] = [];
    for (let i = 0; i < pending.length; i += 1000) {
      const batch = pending.slice(i, i + 1000);
      const r: any = await withRetry(`delete of ${batch.length} file(s)`, () =>
        client.send(new S3.DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } })));
      for (const e of r?.Errors ?? []) if (e.Code !== "NoSuchKey") failed.push(e);
    }
    if (failed.length === 0) return;
    if (round >= DELETE_ROUNDS) {
      const named = failed.slice(0, 10).map((e) => `${e.Key} (${e.Code}: ${e.Message})`).join(", ");
      throw fatal(`S3 did not delete ${failed.length} file(s) of bucket ${bucket} after ${round} tries: ${named}${failed.length > 10 ? ", ..." : ""}`);
    }
    pending = failed.map((e) => String(e.Key));
    await sleep(backoff(round));
  }
}

/**
 * The sync's journal: every key an update was about to write or delete, and
 * the generation that update would record. The state records generation N
 * once that update returned; a journal of a later generation than the state's
 * is the trace of an update no state records (it failed, or was killed).
 */
export interface Journal {
  keys: string[];
  /** Absent in journals of earlier versions: such a journal is always pending. */
  generation?: number;
}

/**
 * The journal (undefined when there is none). Without s3:ListBucket on the
 * bucket, S3 answers a missing key with AccessDenied, not NoSuchKey: that
 * fails, naming the permission. A journal that is not JSON names every key.
 */
export async function readJournal(client: any, S3: any, bucket: string, attempts = 3): Promise<Journal | undefined> {
  let text: string;
  try {
    const r: any = await withRetry("read of the sync's journal", () => client.send(new S3.GetObjectCommand({ Bucket: bucket, Key: JOURNAL })), attempts);
    text = await r.Body.transformToString();
  } catch (err) {
    const code = s3ErrorCode(err);
    if (code === "NoSuchKey") return undefined;
    if (code === "AccessDenied" || code === "Forbidden") {
      throw fatal(`asset sync: reading s3://${bucket}/${JOURNAL}: AccessDenied; the deploying identity needs s3:ListBucket on the bucket ` +
        "(without it S3 answers AccessDenied instead of NoSuchKey for a journal that does not exist) and s3:GetObject, s3:PutObject, s3:DeleteObject on its objects");
    }
    throw err;
  }
  try {
    const parsed = JSON.parse(text);
    const keys = Array.isArray(parsed?.keys) ? parsed.keys.filter((k: unknown) => typeof k === "string") : [];
    return typeof parsed?.generation === "number" ? { keys, generation: parsed.generation } : { keys };
  } catch {
    // A journal that is not JSON names nothing: every file is uploaded again (see planSync).
    return { keys: ["*"] };
  }
}

/** Whether a journal is the trace of an update the state `olds` does not record (undefined olds: no state yet). */
export function journalPending(journal: Journal | undefined, olds: any | undefined): boolean {
  if (!journal) return false;
  if (typeof journal.generation !== "number" || !olds) return true;
  return journal.generation > (typeof olds.generation === "number" ? olds.generation : 0);
}

export async function writeJournal(client: any, S3: any, bucket: string, keys: string[], generation: number): Promise<void> {
  const body = JSON.stringify({ generation, keys: [...new Set(keys)].sort() });
  await withRetry("write of the sync's journal", () =>
    client.send(new S3.PutObjectCommand({ Bucket: bucket, Key: JOURNAL, Body: body, ContentType: "application/json" })));
}

export async function deleteJournal(client: any, S3: any, bucket: string): Promise<void> {
  await deleteKeys(client, S3, bucket, [JOURNAL]);
}

/** The keys of `keys` that the bucket does not hold (listed under each of `prefixes`, 1,000 a request). */
export async function missingKeys(client: any, S3: any, bucket: string, keys: string[], prefixes: string[], attempts = 3): Promise<string[]> {
  if (keys.length === 0) return [];
  const present = new Set<string>();
  for (const prefix of [...new Set(prefixes)]) {
    let token: string | undefined;
    do {
      const page: any = await withRetry("listing of the bucket", () =>
        client.send(new S3.ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token })), attempts);
      for (const o of page?.Contents ?? []) present.add(o.Key);
      token = page?.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
  return keys.filter((k) => !present.has(k));
}

/**
 * Runs `work` on each item, `concurrency` at a time. The first failure stops
 * new work; the call returns once every started item has ended, with the
 * items done and the failures.
 */
export async function eachBounded<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<{ done: T[]; failures: { item: T; error: any }[] }> {
  let next = 0;
  const done: T[] = [];
  const failures: { item: T; error: any }[] = [];
  const worker = async () => {
    while (next < items.length && failures.length === 0) {
      const item = items[next++];
      try {
        await work(item);
        done.push(item);
      } catch (error) {
        failures.push({ item, error });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
  return { done, failures };
}
