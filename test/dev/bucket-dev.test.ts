// A bucket under `stackfile dev`: s3rver on 127.0.0.1 with the bucket made,
// its local name and ARN as the parameters connectTo's variables read, and the
// AWS SDK's S3 client storing and reading objects through it.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { S3Client, PutObjectCommand, GetObjectCommand, HeadObjectCommand } from "@aws-sdk/client-s3";
import { tmpFile } from "../cli/cli-helpers";
import { runDev } from "../../src/cli/dev-command";
import type { DevSession } from "../../src/cli/dev-session";
import { LOCAL_CREDENTIALS, LOCAL_REGION } from "../../src/dev/aws-services";
import { basePort } from "./dev-process";

describe("stackfile dev: bucket", function () {
  this.timeout(60_000);

  it("serves the bucket on s3rver: its name and ARN are the local ones (its CDN's domain and URL the server's), and the SDK puts and gets an object", async () => {
    const file = tmpFile("resources:\n  myFiles:\n    type: bucket\n    properties: { versioning: true, cdn: { enabled: true } }\n");
    const out: string[] = [];
    let stop!: () => void;
    const stopped = new Promise<void>((r) => (stop = r));
    let session: DevSession | undefined;
    let started!: () => void;
    const ready = new Promise<void>((r) => (started = r));
    const code = runDev([file], { out: (t) => out.push(t), err: (t) => out.push(t) }, stopped, { started: (s) => { session = s; started(); } });
    try {
      await Promise.race([ready, code.then(() => undefined)]);
      assert.ok(session, out.join("\n"));
      assert.strictEqual(session.output("myFiles", "name"), "my-files");
      assert.strictEqual(session.output("myFiles", "arn"), "arn:aws:s3:::my-files");
      const line = out.find((l) => l.startsWith("myFiles "));
      const endpoint = /(http:\/\/127\.0\.0\.1:\d+)\/my-files/.exec(line ?? "")?.[1];
      assert.ok(endpoint, out.join("\n"));
      assert.deepStrictEqual([session.output("myFiles", "cdnDomain"), session.output("myFiles", "cdnUrl")], [new URL(endpoint).host, `${endpoint}/my-files`]);
      const s3 = new S3Client({ region: LOCAL_REGION, endpoint, forcePathStyle: true, credentials: LOCAL_CREDENTIALS });
      await s3.send(new PutObjectCommand({ Bucket: "my-files", Key: "a/b.txt", Body: "hello" }));
      const got = await s3.send(new GetObjectCommand({ Bucket: "my-files", Key: "a/b.txt" }));
      assert.strictEqual(await got.Body!.transformToString(), "hello");
      s3.destroy();
      // Its objects live under the session's cache folder, beside the file.
      assert.ok(session.cacheDir.startsWith(path.dirname(file)));
    } finally {
      stop();
      assert.strictEqual(await code, 0);
    }
  });

  it("an object put in the bucket invokes the function of its s3 event with S3's event shape; a key its filter skips does not", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bucket-dev-"));
    const seen = path.join(dir, "seen.jsonl");
    fs.writeFileSync(path.join(dir, "fn.ts"), `import * as fs from "fs";\nexport async function handler(e: unknown) {\n  fs.appendFileSync(${JSON.stringify(seen)}, JSON.stringify(e) + "\\n");\n}\n`);
    const file = tmpFile(`resources:
  files:
    type: bucket
  thumbs:
    type: function
    properties:
      entryfilePath: ./fn.ts
      events:
        - type: s3
          properties: { bucketName: files, s3EventType: "s3:ObjectCreated:*", filterRule: { prefix: images/ } }
`, "stack.yaml", dir);
    const out: string[] = [];
    let stop!: () => void;
    const stopped = new Promise<void>((r) => (stop = r));
    let started!: () => void;
    const ready = new Promise<void>((r) => (started = r));
    const code = runDev([file], { out: (t) => out.push(t), err: (t) => out.push(t) }, stopped, { started: () => started() });
    try {
      await Promise.race([ready, code.then(() => undefined)]);
      const endpoint = /(http:\/\/127\.0\.0\.1:\d+)\/files/.exec(out.find((l) => l.startsWith("files ")) ?? "")?.[1];
      assert.ok(endpoint, out.join("\n"));
      const s3 = new S3Client({ region: LOCAL_REGION, endpoint, forcePathStyle: true, credentials: LOCAL_CREDENTIALS });
      await s3.send(new PutObjectCommand({ Bucket: "files", Key: "docs/skip.txt", Body: "no" }));
      await s3.send(new PutObjectCommand({ Bucket: "files", Key: "images/cat.jpg", Body: "meow" }));
      s3.destroy();
      // Hang guard, generous for two busy cores: the invocation is asynchronous, as S3's is.
      for (let i = 0; i < 300 && !fs.existsSync(seen); i++) await new Promise((r) => setTimeout(r, 100));
      const events = fs.readFileSync(seen, "utf8").trim().split("\n").map((l) => JSON.parse(l));
      assert.strictEqual(events.length, 1, JSON.stringify(events));
      const record = events[0].Records[0];
      assert.strictEqual(record.eventSource, "aws:s3");
      assert.match(record.eventName, /^ObjectCreated:/);
      assert.strictEqual(record.s3.bucket.name, "files");
      assert.strictEqual(record.s3.object.key, "images/cat.jpg");
    } finally {
      stop();
      assert.strictEqual(await code, 0);
    }
  });

  it("copies directoryUpload's files into the local bucket at start (content types as the deploy sets them), and again when a file in the directory is added, changed or removed", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bucket-sync-dev-"));
    fs.mkdirSync(path.join(dir, "public", "img"), { recursive: true });
    fs.writeFileSync(path.join(dir, "public", "index.html"), "<h1>one</h1>");
    fs.writeFileSync(path.join(dir, "public", "img", "dot.svg"), "<svg/>");
    const file = tmpFile("resources:\n  site:\n    type: bucket\n    properties: { directoryUpload: { directoryPath: ./public } }\n", "stack.yaml", dir);
    const out: string[] = [];
    let stop!: () => void;
    const stopped = new Promise<void>((r) => (stop = r));
    let started!: () => void;
    const ready = new Promise<void>((r) => (started = r));
    const code = runDev([file, "--port", String(basePort() + 60)], { out: (t) => out.push(t), err: (t) => out.push(t) }, stopped, { started: () => started() });
    let client: S3Client | undefined;
    try {
      await Promise.race([ready, code.then(() => undefined)]);
      const endpoint = /(http:\/\/127\.0\.0\.1:\d+)\/site/.exec(out.find((l) => l.startsWith("site ")) ?? "")?.[1];
      assert.ok(endpoint, out.join("\n"));
      const s3 = (client = new S3Client({ region: LOCAL_REGION, endpoint, forcePathStyle: true, credentials: LOCAL_CREDENTIALS }));
      const text = async (Key: string) => {
        try {
          return await (await s3.send(new GetObjectCommand({ Bucket: "site", Key }))).Body!.transformToString();
        } catch (e) {
          if ((e as { name?: string }).name === "NoSuchKey") return undefined;
          throw e;
        }
      };
      // At start, before dev says it is ready.
      assert.strictEqual(await text("index.html"), "<h1>one</h1>");
      const svg = await s3.send(new HeadObjectCommand({ Bucket: "site", Key: "img/dot.svg" }));
      assert.strictEqual(svg.ContentType, "image/svg+xml");
      // An object put by someone else is left alone when the directory changes.
      await s3.send(new PutObjectCommand({ Bucket: "site", Key: "upload.txt", Body: "mine" }));
      // new.txt last: the copy that puts it saw the other two changes.
      fs.rmSync(path.join(dir, "public", "img", "dot.svg"));
      fs.writeFileSync(path.join(dir, "public", "index.html"), "<h1>two</h1>");
      fs.writeFileSync(path.join(dir, "public", "new.txt"), "new");
      // Hang guard, generous for two busy cores: the directory is looked at every half second.
      for (let i = 0; i < 300 && (await text("new.txt")) === undefined; i++) await new Promise((r) => setTimeout(r, 100));
      assert.strictEqual(await text("new.txt"), "new", out.join("\n"));
      assert.strictEqual(await text("index.html"), "<h1>two</h1>");
      assert.strictEqual(await text("img/dot.svg"), undefined);
      assert.strictEqual(await text("upload.txt"), "mine");
    } finally {
      client?.destroy();
      stop();
      assert.strictEqual(await code, 0);
    }
  });
});
