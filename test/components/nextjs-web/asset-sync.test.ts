import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { execFile } from "child_process";
import { promisify } from "util";
import * as pulumi from "@pulumi/pulumi";
import { ASSET_SYNC_JOURNAL } from "../../../src/providers/asset-sync-s3";
import { S3Client, ListObjectsV2Command, HeadObjectCommand, GetObjectCommand, DeleteObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { assetSyncProvider, ASSET_SYNC_VERSION, RETAINED_BUILDS } from "../../../src/providers/asset-sync";
import { assetManifest, IMMUTABLE, REVALIDATE } from "../../../src/components/nextjs-web/assets";
import { directoryFiles } from "../../../src/components/bucket/directory-upload";
import type { OpenNextOutput } from "../../../src/components/nextjs-web/build";
import { S3_SERVERS, type LocalS3 } from "../../s3-server";
import { strictProject } from "../../strict-layout";

const OUTPUT = {
  origins: { s3: { type: "s3", originPath: "_assets", copy: [{ from: ".open-next/assets", to: "_assets", cached: true }, { from: ".open-next/cache", to: "_cache", cached: false }] } },
  behaviors: [],
} as unknown as OpenNextOutput;

function app(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "app-"));
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

// The same cases against s3rver and against moto's server (an independent model of S3).
for (const server of S3_SERVERS) describe(`asset sync against a local S3-compatible server (${server.name})`, function () {
  this.timeout(60000);
  let s3: LocalS3;
  let client: S3Client;
  before(async function () {
    s3 = await server.start(this, ["site"]);
    client = new S3Client({ region: "us-east-1", endpoint: s3.endpoint, forcePathStyle: true });
  });
  after(async () => {
    client?.destroy();
    await s3?.stop();
  });

  // The site's files; the sync's journal stays in the bucket after a sync (see src/providers/asset-sync.ts).
  const keys = async () => ((await client.send(new ListObjectsV2Command({ Bucket: "site" }))).Contents ?? []).map((o) => o.Key!).filter((k) => k !== ASSET_SYNC_JOURNAL).sort();
  const inputs = (dir: string) => ({
    bucket: "site", region: "us-east-1", aws: { endpoints: [{ s3: s3.endpoint }], s3UsePathStyle: true }, baseDir: dir, keepPrefixes: ["_assets/_next/static/"],
    retainBuilds: RETAINED_BUILDS, syncVersion: ASSET_SYNC_VERSION, ...assetManifest(dir, OUTPUT, [{ includePattern: "fonts/**", headers: [{ key: "Cache-Control", value: "public, max-age=86400" }] }]),
  });

  it("uploads everything first, with cache and content headers; no change uploads 0; one change uploads 1; delete empties the bucket", async () => {
    const dir = app({
      ".open-next/assets/_next/static/chunks/app-1.js": "console.log(1)",
      ".open-next/assets/favicon.ico": "icon",
      ".open-next/assets/fonts/a.woff2": "font",
      ".open-next/assets/BUILD_ID": "b1",
      ".open-next/cache/b1/index.cache": "{}",
    });
    const first = await assetSyncProvider.create(inputs(dir));
    assert.strictEqual(first.outs.uploaded, 5);
    assert.deepStrictEqual(await keys(), ["_assets/BUILD_ID", "_assets/_next/static/chunks/app-1.js", "_assets/favicon.ico", "_assets/fonts/a.woff2", "_cache/b1/index.cache"]);
    const head = async (k: string) => client.send(new HeadObjectCommand({ Bucket: "site", Key: k }));
    assert.deepStrictEqual([(await head("_assets/_next/static/chunks/app-1.js")).CacheControl, (await head("_assets/_next/static/chunks/app-1.js")).ContentType], [IMMUTABLE, "text/javascript; charset=utf-8"]);
    assert.strictEqual((await head("_assets/favicon.ico")).CacheControl, REVALIDATE);
    assert.strictEqual((await head("_assets/fonts/a.woff2")).CacheControl, "public, max-age=86400", "fileOptions headers apply");
    assert.strictEqual((await head("_cache/b1/index.cache")).CacheControl, undefined);

    const same = await assetSyncProvider.diff!("id", first.outs, inputs(dir));
    assert.strictEqual(same.changes, false, "a preview with no change shows no change");
    const again = await assetSyncProvider.update!("id", first.outs, inputs(dir));
    assert.strictEqual(again.outs.uploaded, 0);

    fs.writeFileSync(path.join(dir, ".open-next/assets/favicon.ico"), "new icon");
    const changed = inputs(dir);
    assert.strictEqual((await assetSyncProvider.diff!("id", again.outs, changed)).changes, true);
    const third = await assetSyncProvider.update!("id", again.outs, changed);
    assert.strictEqual(third.outs.uploaded, 1);
    const body = await (await client.send(new GetObjectCommand({ Bucket: "site", Key: "_assets/favicon.ico" }))).Body!.transformToString();
    assert.strictEqual(body, "new icon");

    await assetSyncProvider.delete!("id", third.outs);
    assert.deepStrictEqual(await keys(), []);
  });

  it("a copy to the bucket's root (a bucket's directoryUpload): files at their own paths; one deleted outside the sync comes back; removed ones go; objects it never uploaded stay", async () => {
    const dir = app({ "index.html": "<h1>1</h1>", "css/a.css": "a{}", "old.txt": "old" });
    const rootInputs = () => ({
      bucket: "site", region: "us-east-1", aws: { endpoints: [{ s3: s3.endpoint }], s3UsePathStyle: true }, baseDir: dir, keepPrefixes: [],
      retainBuilds: RETAINED_BUILDS, syncVersion: ASSET_SYNC_VERSION, copies: [{ from: ".", to: "" }], files: directoryFiles(dir).files,
    });
    await client.send(new PutObjectCommand({ Bucket: "site", Key: "uploads/user.png", Body: "mine" }));
    const first = await assetSyncProvider.create(rootInputs());
    assert.deepStrictEqual(await keys(), ["css/a.css", "index.html", "old.txt", "uploads/user.png"]);
    assert.strictEqual((await client.send(new HeadObjectCommand({ Bucket: "site", Key: "index.html" }))).ContentType, "text/html; charset=utf-8");
    await client.send(new DeleteObjectCommand({ Bucket: "site", Key: "css/a.css" }));
    assert.strictEqual((await assetSyncProvider.diff!("id", first.outs, rootInputs())).changes, true, "a synced file gone from the bucket is a change");
    fs.rmSync(path.join(dir, "old.txt"));
    const second = await assetSyncProvider.update!("id", first.outs, rootInputs());
    assert.deepStrictEqual(await keys(), ["css/a.css", "index.html", "uploads/user.png"]);
    assert.strictEqual(second.outs.uploaded, 1);
    await assetSyncProvider.delete!("id", second.outs);
    assert.deepStrictEqual(await keys(), ["uploads/user.png"]);
    await client.send(new DeleteObjectCommand({ Bucket: "site", Key: "uploads/user.png" }));
  });

  it("keeps the previous deploy's _next/static files and deletes other removed files", async () => {
    const dir = app({ ".open-next/assets/_next/static/chunks/old.js": "old", ".open-next/assets/old.txt": "old", ".open-next/assets/BUILD_ID": "1" });
    const first = await assetSyncProvider.create(inputs(dir));
    fs.rmSync(path.join(dir, ".open-next/assets/_next/static/chunks/old.js"));
    fs.rmSync(path.join(dir, ".open-next/assets/old.txt"));
    fs.writeFileSync(path.join(dir, ".open-next/assets/_next/static/chunks/new.js"), "new");
    const second = await assetSyncProvider.update!("id", first.outs, inputs(dir));
    assert.deepStrictEqual(await keys(), ["_assets/BUILD_ID", "_assets/_next/static/chunks/new.js", "_assets/_next/static/chunks/old.js"]);
    assert.deepStrictEqual(second.outs.retained, [{ key: "_assets/_next/static/chunks/old.js", since: 2 }]);
    await assetSyncProvider.delete!("id", second.outs);
    assert.deepStrictEqual(await keys(), [], "delete removes retained files too");
  });

  it("keeps the _next/static files of the last 3 builds, then removes them", async () => {
    const dir = app({ ".open-next/assets/_next/static/chunks/v1.js": "1", ".open-next/assets/BUILD_ID": "1" });
    let state = (await assetSyncProvider.create(inputs(dir))).outs;
    for (let v = 2; v <= 5; v++) {
      fs.rmSync(path.join(dir, `.open-next/assets/_next/static/chunks/v${v - 1}.js`));
      fs.writeFileSync(path.join(dir, `.open-next/assets/_next/static/chunks/v${v}.js`), String(v));
      state = (await assetSyncProvider.update!("id", state, inputs(dir))).outs;
      const chunks = (await keys()).filter((k) => k.includes("/chunks/")).map((k) => k.replace(/^.*\//, ""));
      // Build v is live; v-1, v-2 and v-3 stay for pages opened before (never more than 3 old builds).
      assert.deepStrictEqual(chunks, Array.from({ length: Math.min(v, 4) }, (_, i) => `v${v - Math.min(v, 4) + 1 + i}.js`), `after build ${v}`);
    }
    await assetSyncProvider.delete!("id", state);
    assert.deepStrictEqual(await keys(), []);
  });

  it("counts builds, not syncs: updates that change only headers, timeouts or credentials keep an earlier build's _next/static files", async () => {
    const dir = app({ ".open-next/assets/_next/static/chunks/v1.js": "1", ".open-next/assets/favicon.ico": "icon", ".open-next/assets/BUILD_ID": "1" });
    let state = (await assetSyncProvider.create(inputs(dir))).outs;
    const build = async (v: number) => {
      fs.rmSync(path.join(dir, `.open-next/assets/_next/static/chunks/v${v - 1}.js`));
      fs.writeFileSync(path.join(dir, `.open-next/assets/_next/static/chunks/v${v}.js`), String(v));
      state = (await assetSyncProvider.update!("id", state, inputs(dir))).outs;
    };
    await build(2);
    // Five syncs of the same build: a header, the timeouts, the credentials.
    for (const [i, extra] of [{ timeouts: { attempts: 5 } }, { timeouts: { attempts: 6 } }, { aws: { ...inputs(dir).aws, stsRegion: "eu-central-1" } }, {}, { timeouts: { attempts: 7 } }].entries()) {
      const next = { ...inputs(dir), ...extra };
      next.files = next.files.map((f) => (f.key.endsWith("favicon.ico") ? { ...f, headers: { ...f.headers, "x-amz-meta-round": String(i) } } : f));
      assert.strictEqual((await assetSyncProvider.diff!("id", state, next)).changes, true);
      state = (await assetSyncProvider.update!("id", state, next)).outs;
    }
    await build(3);
    const chunks = (await keys()).filter((k) => k.includes("/chunks/")).map((k) => k.replace(/^.*\//, ""));
    assert.deepStrictEqual(chunks, ["v1.js", "v2.js", "v3.js"], "build 1 is one of the last 3 builds");
    await build(4);
    await build(5);
    const later = (await keys()).filter((k) => k.includes("/chunks/")).map((k) => k.replace(/^.*\//, ""));
    assert.deepStrictEqual(later, ["v2.js", "v3.js", "v4.js", "v5.js"], "and goes after 3 more builds");
    await assetSyncProvider.delete!("id", state);
  });

  it("retries a transient failure", async () => {
    const dir = app({ ".open-next/assets/a.txt": "a", ".open-next/assets/b.txt": "b" });
    s3.failOnce("/site/_assets/b.txt");
    s3.seen.length = 0;
    const r = await assetSyncProvider.create(inputs(dir));
    assert.strictEqual(r.outs.uploaded, 2);
    assert.strictEqual(s3.seen.filter((x) => x === "PUT /site/_assets/b.txt").length, 2, "the failed upload was sent again");
    assert.deepStrictEqual(await keys(), ["_assets/a.txt", "_assets/b.txt"]);
    await assetSyncProvider.delete!("id", r.outs);
  });

  it("runs serialized as Pulumi does, in a fresh process (create, then the diff of a preview that reads the journal)", async () => {
    const dir = app({ ".open-next/assets/x.css": "body{}" });
    const sf = await pulumi.runtime.serializeFunction(() => assetSyncProvider);
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "sync-"));
    fs.writeFileSync(path.join(tmp, "provider.js"), sf.text);
    fs.writeFileSync(path.join(tmp, "run.js"), `
      const p = require("./provider.js").${sf.exportName}();
      const inputs = ${JSON.stringify(inputs(dir))};
      p.create(inputs).then((r) => p.diff("id", r.outs, inputs).then((d) => process.stdout.write(JSON.stringify([r.outs.uploaded, d.changes]))))
        .catch((e) => { console.error(e.message); process.exit(1); });`);
    // Not execFileSync: the S3 server runs in this process and must keep answering.
    const { stdout: out } = await promisify(execFile)(process.execPath, [path.join(tmp, "run.js")], {
      cwd: process.cwd(), encoding: "utf8", env: { ...process.env, NODE_PATH: path.join(process.cwd(), "node_modules") },
    });
    assert.strictEqual(out, "[1,false]");
    assert.deepStrictEqual(await keys(), ["_assets/x.css"]);
    const { files, ...rest } = inputs(dir);
    await assetSyncProvider.delete!("id", { ...rest, files, retained: [] });
  });

  it("runs serialized in a project whose node_modules holds only stackfile (a pnpm-like layout): the SDK and the credential providers load from stackfile's own install", async () => {
    const { root, project, env } = await strictProject();
    fs.cpSync(app({ ".open-next/assets/strict.css": "a{}" }), path.join(project, "app"), { recursive: true });
    // Credentials from a profile: fromIni, of @aws-sdk/credential-providers.
    fs.writeFileSync(path.join(root, "credentials"), "[site]\naws_access_key_id = S3RVER\naws_secret_access_key = S3RVER\n");
    const sf = await pulumi.runtime.serializeFunction(() => assetSyncProvider);
    assert.ok(!sf.text.includes(process.cwd()), "nothing registered names this checkout's path");
    fs.writeFileSync(path.join(root, "provider.js"), sf.text);
    const run = path.join(root, "run.js");
    const strictInputs = { ...inputs(path.join(project, "app")), baseDir: "app" };
    strictInputs.aws = { ...strictInputs.aws, profile: "site", sharedCredentialsFiles: [path.join(root, "credentials")], sharedConfigFiles: [path.join(root, "none")] } as typeof strictInputs.aws;
    fs.writeFileSync(run, `
      const p = require("./provider.js").${sf.exportName}();
      p.create(${JSON.stringify(strictInputs)}).then((r) => process.stdout.write(JSON.stringify(r.outs.uploaded)), (e) => { console.error(e.message); process.exit(1); });`);
    const { stdout } = await promisify(execFile)(process.execPath, [run], { cwd: project, encoding: "utf8", env });
    assert.strictEqual(stdout, "1");
    assert.deepStrictEqual(await keys(), ["_assets/strict.css"]);
    await client.send(new DeleteObjectCommand({ Bucket: "site", Key: "_assets/strict.css" }));
  });

  it("reads baseDir from the project's folder (Pulumi.yaml) when it runs below it, where Pulumi runs a YAML stack's program (node_modules/stackfile/dist)", async () => {
    const project = fs.mkdtempSync(path.join(os.tmpdir(), "sync-project-"));
    fs.writeFileSync(path.join(project, "Pulumi.yaml"), "name: p\nruntime: nodejs\nmain: node_modules/stackfile/dist/program-entry.js\n");
    fs.cpSync(app({ ".open-next/assets/below.css": "b{}" }), path.join(project, "app"), { recursive: true });
    const below = path.join(project, "node_modules", "stackfile", "dist");
    fs.mkdirSync(below, { recursive: true });
    const sf = await pulumi.runtime.serializeFunction(() => assetSyncProvider);
    fs.writeFileSync(path.join(below, "provider.js"), sf.text);
    const given = { ...inputs(path.join(project, "app")), baseDir: "app" };
    fs.writeFileSync(path.join(below, "run.js"), `
      const p = require("./provider.js").${sf.exportName}();
      p.create(${JSON.stringify(given)}).then((r) => process.stdout.write(JSON.stringify(r.outs.uploaded)), (e) => { console.error(e.message); process.exit(1); });`);
    try {
      const { stdout } = await promisify(execFile)(process.execPath, [path.join(below, "run.js")], {
        cwd: below, encoding: "utf8", env: { ...process.env, NODE_PATH: path.join(process.cwd(), "node_modules") },
      });
      assert.strictEqual(stdout, "1");
      assert.deepStrictEqual(await keys(), ["_assets/below.css"]);
      await client.send(new DeleteObjectCommand({ Bucket: "site", Key: "_assets/below.css" }));
    } finally {
      fs.rmSync(project, { recursive: true, force: true });
    }
  });
});
