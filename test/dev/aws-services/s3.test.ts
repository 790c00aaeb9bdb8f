// S3: the same cases with the SDK's S3Client against the local S3 of
// `stackfile dev` (s3rver) and against moto; then the notifications, which
// only the local service runs for functions (moto's Lambda needs Docker).
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import {
  S3Client, CreateBucketCommand, PutObjectCommand, GetObjectCommand, ListObjectsV2Command, DeleteObjectsCommand, HeadObjectCommand, DeleteObjectCommand, CopyObjectCommand,
} from "@aws-sdk/client-s3";
import { eventTypeMatches, startS3, type LocalS3Service } from "../../../src/dev/aws-services/s3";
import { LOCAL_CREDENTIALS } from "../../../src/dev/aws-services/limits";
import type { LambdaEvent } from "../../../src/dev/aws-services/lambda-events";
import { differential, failure, type Target } from "./differential";

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "local-s3-"));

async function bucket(t: Target, base: string) {
  // s3rver checks signatures with its own key pair; moto accepts any.
  const s3 = new S3Client({ region: t.region, endpoint: t.endpoint, forcePathStyle: true, credentials: t.name === "local" ? LOCAL_CREDENTIALS : t.credentials });
  const Bucket = t.unique(base).toLowerCase();
  await s3.send(new CreateBucketCommand({ Bucket }));
  return { s3, Bucket };
}

differential("S3", async () => {
  const dir = tmp();
  const s3 = await startS3({ directory: dir, buckets: [] });
  return { endpoint: s3.endpoint, close: async () => { await s3.close(); fs.rmSync(dir, { recursive: true, force: true }); } };
}, [
  {
    name: "an object put is read back with its content type and metadata",
    async run(t) {
      const { s3, Bucket } = await bucket(t, "objects");
      await s3.send(new PutObjectCommand({ Bucket, Key: "a/b.txt", Body: "hello", ContentType: "text/plain", Metadata: { owner: "me" } }));
      const got = await s3.send(new GetObjectCommand({ Bucket, Key: "a/b.txt" }));
      assert.strictEqual(await got.Body!.transformToString(), "hello");
      assert.deepStrictEqual([got.ContentType, got.Metadata], ["text/plain", { owner: "me" }]);
      t.same("ETag", got.ETag);
    },
  },
  {
    name: "ListObjectsV2 pages with MaxKeys and continuation tokens, keys in order",
    async run(t) {
      const { s3, Bucket } = await bucket(t, "pages");
      for (const k of ["c", "a", "e", "b", "d"]) await s3.send(new PutObjectCommand({ Bucket, Key: k, Body: k }));
      const keys: string[][] = [];
      let token: string | undefined;
      do {
        const page = await s3.send(new ListObjectsV2Command({ Bucket, MaxKeys: 2, ContinuationToken: token }));
        keys.push((page.Contents ?? []).map((o) => o.Key!));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      assert.deepStrictEqual(keys, [["a", "b"], ["c", "d"], ["e"]]);
    },
  },
  {
    name: "a missing key is NoSuchKey (404)",
    async run(t) {
      const { s3, Bucket } = await bucket(t, "missing");
      const err = await failure(s3.send(new GetObjectCommand({ Bucket, Key: "nope" })));
      assert.deepStrictEqual(err, { name: "NoSuchKey", status: 404 });
      t.same("NoSuchKey", err);
    },
  },
  {
    name: "a quiet DeleteObjects deletes the keys and reports no error for a key that never was",
    async run(t) {
      const { s3, Bucket } = await bucket(t, "quiet");
      for (const k of ["x", "y"]) await s3.send(new PutObjectCommand({ Bucket, Key: k, Body: k }));
      const r = await s3.send(new DeleteObjectsCommand({ Bucket, Delete: { Quiet: true, Objects: [{ Key: "x" }, { Key: "y" }, { Key: "never-was" }] } }));
      // S3 leaves the deleted keys out of a quiet answer; s3rver 3.7.1 and moto 5.2.5 both list them,
      // so only the errors are checked (the asset sync reads only Errors).
      assert.deepStrictEqual(r.Errors ?? [], []);
      assert.strictEqual((await s3.send(new ListObjectsV2Command({ Bucket }))).KeyCount, 0);
    },
  },
  {
    name: "HeadObject gives the size; CopyObject copies",
    async run(t) {
      const { s3, Bucket } = await bucket(t, "copy");
      await s3.send(new PutObjectCommand({ Bucket, Key: "from", Body: "12345" }));
      await s3.send(new CopyObjectCommand({ Bucket, Key: "to", CopySource: `${Bucket}/from` }));
      assert.strictEqual((await s3.send(new HeadObjectCommand({ Bucket, Key: "to" }))).ContentLength, 5);
    },
  },
]);

describe("S3 notifications of the local S3", function () {
  this.timeout(60000);
  let local: LocalS3Service;
  let s3: S3Client;
  const dir = tmp();
  const got: [string, LambdaEvent][] = [];
  before(async () => {
    local = await startS3({ directory: dir, buckets: ["uploads"] });
    s3 = new S3Client({ region: "us-east-1", endpoint: local.endpoint, forcePathStyle: true, credentials: LOCAL_CREDENTIALS });
    local.notify({ id: "images", bucket: "uploads", events: ["s3:ObjectCreated:*"], prefix: "img/", suffix: ".png", deliver: (e) => got.push(["images", e]) });
    local.notify({ id: "removals", bucket: "uploads", events: ["s3:ObjectRemoved:*"], deliver: (e) => got.push(["removals", e]) });
  });
  after(async () => {
    s3.destroy();
    await local.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const record = (e: LambdaEvent) => (e.Records as { eventName: string; eventVersion: string; s3: { bucket: { arn: string }; object: { key: string; size?: number } } }[])[0];

  it("an object created under the filter's prefix and suffix reaches its configuration as an S3 event (2.1, key URL-encoded, size); other keys do not", async () => {
    await s3.send(new PutObjectCommand({ Bucket: "uploads", Key: "img/my cat.png", Body: "png!" }));
    await s3.send(new PutObjectCommand({ Bucket: "uploads", Key: "img/notes.txt", Body: "x" }));
    await s3.send(new PutObjectCommand({ Bucket: "uploads", Key: "doc/a.png", Body: "x" }));
    const images = got.filter(([id]) => id === "images").map(([, e]) => record(e));
    assert.deepStrictEqual(images.map((r) => [r.eventVersion, r.eventName, r.s3.object.key, r.s3.object.size, r.s3.bucket.arn]), [["2.1", "ObjectCreated:Put", "img/my+cat.png", 4, "arn:aws:s3:::uploads"]]);
  });

  it("a removed object reaches the ObjectRemoved configuration", async () => {
    await s3.send(new DeleteObjectCommand({ Bucket: "uploads", Key: "doc/a.png" }));
    assert.deepStrictEqual(got.filter(([id]) => id === "removals").map(([, e]) => [record(e).eventName, record(e).s3.object.key]), [["ObjectRemoved:Delete", "doc/a.png"]]);
  });

  it("event types: s3:ObjectCreated:* matches every creation, a named type only itself", () => {
    assert.ok(eventTypeMatches(["s3:ObjectCreated:*"], "ObjectCreated:Copy"));
    assert.ok(!eventTypeMatches(["s3:ObjectCreated:Put"], "ObjectCreated:Post"));
    assert.ok(!eventTypeMatches(["s3:ObjectCreated:*"], "ObjectRemoved:Delete"));
  });
});
