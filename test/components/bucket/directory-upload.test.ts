// A bucket's directoryUpload: one asset-sync resource (the provider nextjs-web's
// static files go through, with its journal) holding every file of the
// directory with its key, content hash, size and content type.
import * as assert from "assert";
import { createHash } from "crypto";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { Bucket, type BucketArgs } from "../../../src/components/bucket";
import { run } from "../../harness";

const SYNC = "pulumi-nodejs:dynamic/stackfile:AssetSync";

function directory(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bucket-dir-"));
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}
const sha = (text: string) => createHash("sha256").update(text).digest("hex");
const make = (args: BucketArgs) => run(() => new Bucket("site", args));

describe("Bucket: directoryUpload", () => {
  it("syncs every file of the directory to the bucket's root by one asset-sync resource, after the bucket", async () => {
    const dir = directory({ "index.html": "<h1>hi</h1>", "css/site.css": "body{}", "img/logo.svg": "<svg/>", "data.bin": "\u0000" });
    const r = await make({ directoryUpload: { directoryPath: dir } });
    const sync = r.one(SYNC);
    assert.strictEqual(sync.name, "site-directory-sync");
    assert.strictEqual(sync.parent, "site");
    assert.match(sync.inputs.bucket, /^site-bucket-[0-9a-f]{7}$/);
    assert.deepStrictEqual(sync.inputs.copies, [{ from: ".", to: "" }]);
    assert.strictEqual(path.resolve(sync.inputs.baseDir), dir);
    assert.deepStrictEqual(sync.inputs.keepPrefixes, []);
    assert.deepStrictEqual(sync.inputs.files, [
      { key: "css/site.css", hash: sha("body{}"), size: 6, headers: { "content-type": "text/css; charset=utf-8" } },
      { key: "data.bin", hash: sha("\u0000"), size: 1, headers: { "content-type": "application/octet-stream" } },
      { key: "img/logo.svg", hash: sha("<svg/>"), size: 6, headers: { "content-type": "image/svg+xml" } },
      { key: "index.html", hash: sha("<h1>hi</h1>"), size: 11, headers: { "content-type": "text/html; charset=utf-8" } },
    ]);
    // The provider's own settings: the journaled sync nextjs-web uses.
    assert.strictEqual(typeof sync.inputs.syncVersion, "number");
    assert.strictEqual(sync.inputs.region, "us-east-1");
    assert.ok(sync.dependsOn.includes("site-bucket"), String(sync.dependsOn));
  });

  it("a changed file changes its hash in the sync's inputs, and nothing else", async () => {
    const dir = directory({ "a.txt": "one", "b.txt": "same" });
    const before = (await make({ directoryUpload: { directoryPath: dir } })).one(SYNC).inputs.files;
    fs.writeFileSync(path.join(dir, "a.txt"), "two");
    const after = (await make({ directoryUpload: { directoryPath: dir } })).one(SYNC).inputs.files;
    assert.deepStrictEqual(after.map((f: { key: string }) => f.key), ["a.txt", "b.txt"]);
    assert.notStrictEqual(after[0].hash, before[0].hash);
    assert.strictEqual(after[0].hash, sha("two"));
    assert.deepStrictEqual(after[1], before[1]);
  });

  it("no directoryUpload: no sync", async () => {
    assert.strictEqual((await make({})).all(SYNC).length, 0);
  });

  it("refuses a directory that does not exist, a file, and one holding the sync's _stackfile folder, before making anything", async () => {
    await assert.rejects(make({ directoryUpload: { directoryPath: "/no/such/dir-0a1b" } }), /directoryUpload\.directoryPath: directoryPath \/no\/such\/dir-0a1b does not exist/);
    const dir = directory({ "f.txt": "x", "_stackfile/x.json": "{}" });
    await assert.rejects(make({ directoryUpload: { directoryPath: path.join(dir, "f.txt") } }), /is a file; give the directory/);
    await assert.rejects(make({ directoryUpload: { directoryPath: dir } }), /holds a _stackfile folder: the sync keeps its journal under _stackfile\/ in the bucket/);
  });
});
