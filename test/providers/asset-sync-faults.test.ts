// The asset sync against the local S3 server behind a fault proxy: stalled
// uploads, DeleteObjects' per-key errors, a provider process killed in the
// middle of an update, a failed update that overwrote deployed files, a
// journal that cannot be read, an endpoint that never takes the connection, a
// bucket deleted before the resource, a file changed after the plan. Every case ends (no update or delete waits forever) and a
// run after the fault leaves exactly the wanted files. The same cases run
// against s3rver and against moto's server (an independent model of S3).
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { spawn } from "child_process";
import * as pulumi from "@pulumi/pulumi";
import { S3Client, ListObjectsV2Command, DeleteObjectsCommand, DeleteBucketCommand, GetObjectCommand } from "@aws-sdk/client-s3";
import { assetSyncProvider, ASSET_SYNC_VERSION, RETAINED_BUILDS } from "../../src/providers/asset-sync";
import { ASSET_SYNC_JOURNAL } from "../../src/providers/asset-sync-s3";
import { assetManifest } from "../../src/components/nextjs-web/assets";
import type { OpenNextOutput } from "../../src/components/nextjs-web/build";
import { S3_SERVERS, type LocalS3 } from "../s3-server";
import { startBlackhole } from "../blackhole";

const OUTPUT = { origins: { s3: { type: "s3", originPath: "_assets", copy: [{ from: "assets", to: "_assets", cached: true }] } }, behaviors: [] } as unknown as OpenNextOutput;

function app(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "faults-app-"));
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, "assets", rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, "assets", rel), text);
  }
  return dir;
}

/** Short bounds, so a stall shows within seconds. */
const TIMEOUTS = { connectMs: 1000, idleMs: 400, requestMs: 1500, attempts: 2 };
/** For the case with 1,100 files and no stall: the short idle bound failed its uploads on a loaded 2-core machine. */
/** A hang guard, not a timing: each case's bound ends a stall in seconds; unbounded, a stall never ends. */
const HANG_GUARD_MS = 60_000;
const RELAXED = { timeouts: { connectMs: 10000, idleMs: 20000, requestMs: 60000, attempts: 2 } };

for (const server of S3_SERVERS) describe(`asset sync under faults (${server.name} behind a fault proxy)`, function () {
  this.timeout(HANG_GUARD_MS);
  let s3: LocalS3;
  let client: S3Client;
  before(async function () {
    s3 = await server.start(this, ["faults", "gone"]);
    client = new S3Client({ region: "us-east-1", endpoint: s3.endpoint, forcePathStyle: true });
  });
  after(async () => {
    client?.destroy();
    await s3?.stop();
  });
  afterEach(() => s3?.proxy.clear());

  /** Every key of the bucket, the sync's journal included. */
  const allKeys = async (bucket = "faults") => {
    const out: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
      out.push(...(page.Contents ?? []).map((o) => o.Key!));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out.sort();
  };
  /** The site's files (the journal stays in the bucket after a sync: see asset-sync.ts). */
  const keys = async (bucket = "faults") => (await allKeys(bucket)).filter((k) => k !== ASSET_SYNC_JOURNAL);
  const inputs = (dir: string, bucket = "faults", extra: Record<string, unknown> = {}) => ({
    bucket, region: "us-east-1", aws: { endpoints: [{ s3: s3.endpoint }], s3UsePathStyle: true }, timeouts: TIMEOUTS,
    baseDir: dir, keepPrefixes: ["_assets/_next/static/"], retainBuilds: RETAINED_BUILDS, syncVersion: ASSET_SYNC_VERSION,
    ...assetManifest(dir, OUTPUT), ...extra,
  });
  const body = async (key: string) => (await client.send(new GetObjectCommand({ Bucket: "faults", Key: key }))).Body!.transformToString();
  const emptyBucket = async (bucket = "faults") => {
    const all = await allKeys(bucket);
    for (let i = 0; i < all.length; i += 1000) await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: all.slice(i, i + 1000).map((Key) => ({ Key })) } }));
  };
  beforeEach(() => emptyBucket());

  it("an upload that is never answered is sent again after the idle timeout, and the sync completes", async () => {
    const dir = app({ "a.txt": "a", "b.txt": "b" });
    s3.proxy.add({ method: "PUT", url: /\/faults\/_assets\/b\.txt/, action: "stall" });
    const r = await assetSyncProvider.create(inputs(dir));
    // The stalled upload was ended by the idle bound (a stall is never answered) and sent again.
    assert.deepStrictEqual(s3.proxy.stalled, ["PUT /faults/_assets/b.txt"]);
    assert.strictEqual(r.outs.uploaded, 2);
    assert.deepStrictEqual(await keys(), ["_assets/a.txt", "_assets/b.txt"]);
    s3.proxy.stalled.length = 0;
  });

  it("an upload never answered at all fails the update within a bounded time, naming the file, and leaves no new file; the next run converges", async () => {
    const dir = app({ "a.txt": "a", "b.txt": "b", "c.txt": "c" });
    s3.proxy.add({ method: "PUT", url: /\/faults\/_assets\/b\.txt/, times: Infinity, action: "stall" });
    await assert.rejects(assetSyncProvider.create({ ...inputs(dir), concurrency: 1 }), (err: Error) => {
      assert.match(err.message, /upload of _assets\/b\.txt failed after 3 attempt\(s\).*timed out|upload of _assets\/b\.txt failed after 3 attempt\(s\).*requestTimeout/);
      assert.match(err.message, /the 1 new file\(s\) it had uploaded were removed/);
      return true;
    });
    // 3 tries of ours x 2 of the SDK's, each ended by the 400 ms idle bound.
    assert.strictEqual(s3.proxy.stalled.length, 6, s3.proxy.stalled.join(", "));
    assert.deepStrictEqual(await allKeys(), [ASSET_SYNC_JOURNAL], "a.txt was removed; the journal still lists what the attempt uploaded");
    s3.proxy.clear();
    s3.proxy.stalled.length = 0;
    const r = await assetSyncProvider.create(inputs(dir));
    assert.strictEqual(r.outs.uploaded, 3);
    assert.deepStrictEqual(await keys(), ["_assets/a.txt", "_assets/b.txt", "_assets/c.txt"]);
  });

  it("keys DeleteObjects reports as failed (a 200 with per-key Errors) are deleted again", async () => {
    const dir = app({ "old1.txt": "1", "old2.txt": "2", "keep.txt": "k" });
    const first = await assetSyncProvider.create(inputs(dir));
    fs.rmSync(path.join(dir, "assets", "old1.txt"));
    fs.rmSync(path.join(dir, "assets", "old2.txt"));
    const requests: string[][] = [];
    // The first DeleteObjects: nothing is deleted, every key reported as failed.
    s3.proxy.add({
      method: "POST", url: /\/faults\/?\?delete/, action: async ({ body }) => {
        const ks = [...body.toString().matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => m[1]);
        requests.push(ks);
        const errors = ks.map((k) => `<Error><Key>${k}</Key><Code>InternalError</Code><Message>We encountered an internal error.</Message></Error>`).join("");
        return { status: 200, headers: { "content-type": "application/xml" }, body: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><DeleteResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${errors}</DeleteResult>`) };
      },
    });
    const second = await assetSyncProvider.update!("id", first.outs, inputs(dir));
    assert.deepStrictEqual(requests, [["_assets/old1.txt", "_assets/old2.txt"]]);
    assert.strictEqual(second.outs.deleted, 2);
    assert.deepStrictEqual(await keys(), ["_assets/keep.txt"]);
  });

  it("a key DeleteObjects keeps reporting as failed fails the update, named", async () => {
    const dir = app({ "old.txt": "1", "keep.txt": "k" });
    const first = await assetSyncProvider.create(inputs(dir));
    fs.rmSync(path.join(dir, "assets", "old.txt"));
    s3.proxy.add({
      method: "POST", url: /\/faults\/?\?delete/, times: Infinity, action: async ({ forward }) => {
        const a = await forward();
        const error = "<Error><Key>_assets/old.txt</Key><Code>AccessDenied</Code><Message>Access Denied</Message></Error>";
        return { ...a, status: 200, body: Buffer.from(a.body.toString().replace(/<\/DeleteResult>|<DeleteResult([^>]*)\/>/, (m, attrs) => (m.endsWith("/>") ? `<DeleteResult${attrs}>${error}</DeleteResult>` : `${error}</DeleteResult>`))) };
      },
    });
    await assert.rejects(assetSyncProvider.update!("id", first.outs, inputs(dir)), /S3 did not delete 1 file\(s\) of bucket faults after 4 tries: _assets\/old\.txt \(AccessDenied: Access Denied\)/);
  });

  it("a provider process killed in the middle of an update, then a retry with other files, leaves exactly the wanted files", async () => {
    const dir = app({ "a.txt": "a" });
    const v1 = (await assetSyncProvider.create(inputs(dir))).outs;
    for (let i = 0; i < 20; i++) fs.writeFileSync(path.join(dir, "assets", `n${String(i).padStart(2, "0")}.txt`), `n${i}`);
    // The first 4 new files are stored, then uploads hang until the process is killed.
    let forwarded = 0;
    s3.proxy.add({
      method: "PUT", url: /\/faults\/_assets\/n\d+\.txt/, times: Infinity,
      action: ({ forward }) => (forwarded++ < 4 ? forward() : new Promise(() => undefined)),
    });
    const sf = await pulumi.runtime.serializeFunction(() => assetSyncProvider);
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "killed-"));
    fs.writeFileSync(path.join(tmp, "provider.js"), sf.text);
    fs.writeFileSync(path.join(tmp, "run.js"), `
      const p = require("./provider.js").${sf.exportName}();
      p.update("id", ${JSON.stringify(v1)}, ${JSON.stringify({ ...inputs(dir), concurrency: 2, timeouts: { ...TIMEOUTS, idleMs: 60000, requestMs: 120000 } })});`);
    const child = spawn(process.execPath, [path.join(tmp, "run.js")], { cwd: process.cwd(), stdio: "ignore", env: { ...process.env, NODE_PATH: path.join(process.cwd(), "node_modules") } });
    const exited = new Promise((r) => child.once("exit", r));
    for (let waited = 0; forwarded < 6; waited += 50) {
      assert.ok(waited < 30000, "the update never reached its uploads");
      await new Promise((r) => setTimeout(r, 50));
    }
    child.kill("SIGKILL");
    await exited;
    s3.proxy.clear();
    const left = (await keys()).filter((k) => /\/n\d+\.txt$/.test(k));
    assert.strictEqual(left.length, 4, "the killed update left files no state records");
    assert.ok((await allKeys()).includes(ASSET_SYNC_JOURNAL), "and listed them in the journal");

    // The retry: the app changed meanwhile (only n10..n19 remain new).
    for (let i = 0; i < 10; i++) fs.rmSync(path.join(dir, "assets", `n${String(i).padStart(2, "0")}.txt`));
    const retried = await assetSyncProvider.update!("id", v1, inputs(dir));
    const wanted = ["_assets/a.txt", ...Array.from({ length: 10 }, (_, i) => `_assets/n${i + 10}.txt`)].sort();
    assert.deepStrictEqual(await keys(), wanted);
    assert.deepStrictEqual(retried.outs.files.map((f: { key: string }) => f.key), wanted);
  });

  it("a failed update that overwrote a deployed file: a revert to the deployed inputs shows a change and puts the deployed version back", async () => {
    const dir = app({ "index.txt": "version A" });
    const deployed = (await assetSyncProvider.create(inputs(dir))).outs;
    fs.writeFileSync(path.join(dir, "assets", "index.txt"), "version B");
    fs.writeFileSync(path.join(dir, "assets", "z-new.txt"), "new");
    s3.proxy.add({ method: "PUT", url: /\/faults\/_assets\/z-new\.txt/, times: Infinity, action: { status: 403, body: "<Error><Code>AccessDenied</Code><Message>denied</Message></Error>" } });
    await assert.rejects(assetSyncProvider.update!("id", deployed, { ...inputs(dir), concurrency: 1 }), (err: Error) => {
      assert.match(err.message, /upload of _assets\/z-new\.txt failed/);
      assert.match(err.message, /1 deployed file\(s\) it overwrote .* the next deploy uploads the deployed version again/);
      return true;
    });
    s3.proxy.clear();
    assert.strictEqual(await body("_assets/index.txt"), "version B", "the bucket holds what no state records");

    // The source goes back to what the state records.
    fs.rmSync(path.join(dir, "assets", "z-new.txt"));
    fs.writeFileSync(path.join(dir, "assets", "index.txt"), "version A");
    assert.strictEqual((await assetSyncProvider.diff!("id", deployed, inputs(dir))).changes, true, "the journal makes it a change");
    const healed = await assetSyncProvider.update!("id", deployed, inputs(dir));
    assert.strictEqual(await body("_assets/index.txt"), "version A");
    assert.deepStrictEqual((await keys()), ["_assets/index.txt"], "no stray file (the journal stays, settled by the generation the state records)");
    assert.strictEqual((await assetSyncProvider.diff!("id", healed.outs, inputs(dir))).changes, false, "and then no change");
  });

  it("a failed update that had deleted files (the second DeleteObjects batch fails): a revert to the deployed inputs shows a change and restores every file", async function () {
    // Hang guard: 1,100 files uploaded twice and listed; minutes on a loaded 2-core machine.
    this.timeout(300000);
    const files: Record<string, string> = { "keep.txt": "kept" };
    for (let i = 0; i < 1100; i++) files[`old/f${String(i).padStart(4, "0")}.txt`] = `old ${i}`;
    const dir = app(files);
    const deployed = (await assetSyncProvider.create(inputs(dir, "faults", RELAXED))).outs;
    assert.strictEqual((await keys()).length, 1101);
    // v2 drops the 1,100 files; the first batch of 1,000 deletes goes through, the second fails.
    fs.renameSync(path.join(dir, "assets", "old"), path.join(dir, "old-away"));
    let batches = 0;
    s3.proxy.add({ method: "POST", url: /\/faults\/?\?delete/, times: Infinity, action: async (req) => (++batches === 1 ? req.forward() : { status: 500, headers: {}, body: Buffer.from("<Error><Code>InternalError</Code><Message>injected</Message></Error>") }) });
    await assert.rejects(assetSyncProvider.update!("id", deployed, inputs(dir, "faults", RELAXED)));
    s3.proxy.clear();
    assert.ok((await keys()).filter((k) => k.startsWith("_assets/old/")).length <= 100, "the first batch was deleted");

    // The stack goes back to v1 (the state still records v1).
    fs.renameSync(path.join(dir, "old-away"), path.join(dir, "assets", "old"));
    assert.strictEqual((await assetSyncProvider.diff!("id", deployed, inputs(dir, "faults", RELAXED))).changes, true, "the journal makes the revert a change");
    const healed = await assetSyncProvider.update!("id", deployed, inputs(dir, "faults", RELAXED));
    assert.strictEqual((await keys()).length, 1101, "every file of v1 is back");
    assert.strictEqual(await body("_assets/old/f0000.txt"), "old 0");
    assert.strictEqual((await assetSyncProvider.diff!("id", healed.outs, inputs(dir, "faults", RELAXED))).changes, false, "and then no change");
  });

  it("a failed update after its deletes (the journal cannot be written at the end): a revert restores the deleted file", async () => {
    const dir = app({ "a.txt": "a", "old-logo.png": "logo" });
    const deployed = (await assetSyncProvider.create(inputs(dir))).outs;
    fs.rmSync(path.join(dir, "assets", "old-logo.png"));
    fs.writeFileSync(path.join(dir, "assets", "a.txt"), "a2");
    // Every request after the upload of a.txt fails: the deletes, the journal, anything else.
    let uploaded = false;
    s3.proxy.add({ url: /\/faults/, times: Infinity, action: async (req) => {
      if (uploaded && req.method !== "PUT" && !req.url.includes("delete")) return { status: 500, headers: {}, body: Buffer.from("<Error><Code>InternalError</Code><Message>injected</Message></Error>") };
      const a = await req.forward();
      if (req.method === "PUT" && req.url.includes("a.txt")) uploaded = true;
      return a;
    } });
    await assetSyncProvider.update!("id", deployed, inputs(dir)).then(() => undefined, () => undefined);
    s3.proxy.clear();
    fs.writeFileSync(path.join(dir, "assets", "old-logo.png"), "logo");
    fs.writeFileSync(path.join(dir, "assets", "a.txt"), "a");
    assert.strictEqual((await assetSyncProvider.diff!("id", deployed, inputs(dir))).changes, true);
    await assetSyncProvider.update!("id", deployed, inputs(dir));
    assert.strictEqual(await body("_assets/old-logo.png"), "logo", "the deleted file is back");
    assert.strictEqual(await body("_assets/a.txt"), "a");
  });

  it("a file deleted outside the sync: diff reports a change, refresh (read) marks it, and the next update uploads it again", async () => {
    const dir = app({ "a.txt": "a", "b.txt": "b" });
    const deployed = (await assetSyncProvider.create(inputs(dir))).outs;
    assert.strictEqual((await assetSyncProvider.diff!("id", deployed, inputs(dir))).changes, false);
    await client.send(new DeleteObjectsCommand({ Bucket: "faults", Delete: { Objects: [{ Key: "_assets/b.txt" }] } }));
    assert.strictEqual((await assetSyncProvider.diff!("id", deployed, inputs(dir))).changes, true, "diff notices the missing file");
    const read = await assetSyncProvider.read!("id", deployed);
    assert.deepStrictEqual(read.props.files.map((f: { key: string; hash: string }) => [f.key, f.hash === ""]), [["_assets/a.txt", false], ["_assets/b.txt", true]]);
    const healed = await assetSyncProvider.update!("id", read.props, inputs(dir));
    assert.strictEqual(await body("_assets/b.txt"), "b");
    assert.strictEqual((await assetSyncProvider.diff!("id", healed.outs, inputs(dir))).changes, false);
  });

  it("a preview that cannot read the journal ends within its bound and reports a change (the update then says why)", async () => {
    const dir = app({ "a.txt": "a" });
    const deployed = (await assetSyncProvider.create(inputs(dir))).outs;
    s3.proxy.add({ method: "GET", url: /asset-sync-pending\.json/, times: Infinity, action: "stall" });
    // The stalled read is ended by its bound (unbounded, it would wait until the hang guard).
    const d = await assetSyncProvider.diff!("id", deployed, inputs(dir));
    assert.strictEqual(d.changes, true);
    assert.ok(s3.proxy.stalled.some((r) => /asset-sync-pending\.json/.test(r)), s3.proxy.stalled.join(", "));
    s3.proxy.clear();
    s3.proxy.stalled.length = 0;
  });

  it("reading the journal without s3:ListBucket (AccessDenied for a missing key) fails the update, naming the permission", async () => {
    const dir = app({ "a.txt": "a" });
    s3.proxy.add({ method: "GET", url: /asset-sync-pending\.json/, times: Infinity, action: { status: 403, body: "<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>" } });
    await assert.rejects(assetSyncProvider.create(inputs(dir)), /s3:\/\/faults\/_stackfile\/asset-sync-pending\.json: AccessDenied; the deploying identity needs s3:ListBucket on the bucket .*and s3:GetObject/);
  });

  it("an S3 endpoint that never takes the connection (a blackhole) fails the sync within the connect bound, naming the timeout", async () => {
    const dir = app({ "a.txt": "a" });
    const hole = await startBlackhole();
    try {
      // Ended by the 300 ms connect bound (named in the message), 3 tries of ours x 2 of the SDK's.
      await assert.rejects(assetSyncProvider.create({ ...inputs(dir), aws: { endpoints: [{ s3: hole.endpoint }], s3UsePathStyle: true }, timeouts: { ...TIMEOUTS, connectMs: 300 } }),
        /read of the sync's journal failed after 3 attempt\(s\): .*(did not establish a connection|connection).*300 ms/);
    } finally {
      hole.stop();
    }
  });

  it("deleting when the bucket is already gone succeeds; an update to a missing bucket fails naming it", async () => {
    const dir = app({ "a.txt": "a" });
    const r = await assetSyncProvider.create(inputs(dir, "gone"));
    await emptyBucket("gone");
    await client.send(new DeleteBucketCommand({ Bucket: "gone" }));
    await assetSyncProvider.delete!("id", r.outs);
    fs.writeFileSync(path.join(dir, "assets", "b.txt"), "b");
    await assert.rejects(assetSyncProvider.update!("id", r.outs, inputs(dir, "gone")), /bucket gone does not exist/);
  });

  it("a file changed after the plan fails the update naming it, and uploads nothing new", async () => {
    const dir = app({ "a.txt": "a", "b.txt": "b" });
    const planned = inputs(dir);
    fs.writeFileSync(path.join(dir, "assets", "b.txt"), "edited after the plan");
    await assert.rejects(assetSyncProvider.create({ ...planned, concurrency: 1 }), (err: Error) => {
      assert.match(err.message, /_assets\/b\.txt: .*assets\/b\.txt changed since the plan .*; run again/);
      return true;
    });
    assert.deepStrictEqual((await keys()), [], "a.txt, uploaded before, was removed");
  });
});
