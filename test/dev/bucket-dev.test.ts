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
import { LOCAL_CREDENTIALS, LOCAL_REGION, startS3 } from "../../src/dev/aws-services";
import { startDevHere } from "./dev-here";
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

// The handler imports the AWS SDK as a user's would (its folder is below the
// repository's node_modules) and makes its client with no endpoint: the
// environment dev gives it leads it to the local S3.
const UPLOADER = `import { S3Client, PutObjectCommand } from "@aws-sdk/client-s3";
export async function handler(event) {
  const s3 = new S3Client({});
  const key = event.queryStringParameters.key;
  await s3.send(new PutObjectCommand({ Bucket: process.env.STP_PHOTOS_NAME, Key: key, Body: "a photo" }));
  await s3.send(new PutObjectCommand({ Bucket: process.env.STP_DOCS_NAME, Key: key, Body: "a doc" }));
  s3.destroy();
  const env = { endpoint: process.env.AWS_ENDPOINT_URL_S3, region: process.env.AWS_REGION, key: process.env.AWS_ACCESS_KEY_ID };
  return { statusCode: 200, body: JSON.stringify(env) };
}
`;

describe("stackfile dev: the buckets of a session on one local S3", function () {
  // Hang guard for two busy cores (the function's bundle with the AWS SDK), not a timing.
  this.timeout(120_000);
  const dir = fs.mkdtempSync(path.join(__dirname, "..", "..", "node_modules", ".bucket-dev-"));
  const stackFile = path.join(dir, "stack.yaml");
  const stack = (extra = "") => `resources:
  photos:
    type: bucket
  docs:
    type: bucket
${extra}  api:
    type: http-api-gateway
  uploader:
    type: function
    properties:
      entryfilePath: ./uploader.mjs
      connectTo: [photos, docs]
      events:
        - { type: http-api-gateway, properties: { httpApiGatewayName: api, path: /put, method: GET } }
`;
  let stop: () => void = () => undefined;
  let code: Promise<number> = Promise.resolve(0);
  let session: DevSession | undefined;
  let lines: string[] = [];
  /** The S3 server's address, as dev prints it beside a bucket. */
  const endpointOf = (bucket: string) => new RegExp(`(http://127\\.0\\.0\\.1:\\d+)/${bucket}$`).exec(lines.find((l) => l.startsWith(`${bucket} `)) ?? "")?.[1];
  const client = (endpoint: string) => new S3Client({ region: LOCAL_REGION, endpoint, forcePathStyle: true, credentials: LOCAL_CREDENTIALS });

  before(async () => {
    fs.writeFileSync(path.join(dir, "uploader.mjs"), UPLOADER);
    fs.writeFileSync(stackFile, stack());
    // An object that a session of the earlier layout (one s3rver, and one folder, per bucket) left in `photos`.
    const old = await startS3({ directory: path.join(dir, ".stackfile-cache", "dev", "s3", "photos"), buckets: ["photos"] });
    const s3 = client(old.endpoint);
    await s3.send(new PutObjectCommand({ Bucket: "photos", Key: "kept.txt", Body: "from before" }));
    s3.destroy();
    await old.close();
    ({ out: lines, session, code, stop } = await startDevHere([stackFile, "--port", String(basePort() + 61)]));
  });

  after(async () => {
    stop?.();
    const exited = await code;
    // The folder is below the repository's node_modules: removed even when dev failed.
    fs.rmSync(dir, { recursive: true, force: true });
    assert.strictEqual(exited, 0, lines.join("\n"));
  });

  it("runs one S3 server for both buckets", () => {
    const endpoint = endpointOf("photos");
    assert.ok(endpoint, lines.join("\n"));
    assert.strictEqual(endpointOf("docs"), endpoint);
  });

  it("a function connected to two buckets puts an object into each with new S3Client({}): AWS_ENDPOINT_URL_S3, AWS_REGION and the local key lead its SDK there", async () => {
    const r = await fetch(`${String(session!.output("api", "url"))}/put?key=k/one.txt`);
    const body = await r.text();
    assert.strictEqual(r.status, 200, `${body}\n${lines.join("\n")}`);
    const endpoint = endpointOf("photos")!;
    assert.deepStrictEqual(JSON.parse(body), { endpoint, region: LOCAL_REGION, key: LOCAL_CREDENTIALS.accessKeyId });
    const s3 = client(endpoint);
    try {
      const text = async (Bucket: string) => (await s3.send(new GetObjectCommand({ Bucket, Key: "k/one.txt" }))).Body!.transformToString();
      assert.deepStrictEqual([await text("photos"), await text("docs")], ["a photo", "a doc"]);
    } finally {
      s3.destroy();
    }
  });

  it("keeps the objects an earlier session left in a bucket", async () => {
    const s3 = client(endpointOf("photos")!);
    try {
      const got = await s3.send(new GetObjectCommand({ Bucket: "photos", Key: "kept.txt" }));
      assert.strictEqual(await got.Body!.transformToString(), "from before");
    } finally {
      s3.destroy();
    }
  });

  it("a bucket added by an edit of the stack file is made in the same server", async () => {
    fs.writeFileSync(stackFile, stack("  extra:\n    type: bucket\n"));
    // Hang guard, generous for two busy cores: dev applies the edit when it sees it.
    for (let i = 0; i < 600 && session!.output("extra", "name") === undefined; i++) await new Promise((r) => setTimeout(r, 100));
    assert.strictEqual(session!.output("extra", "name"), "extra", lines.join("\n"));
    const s3 = client(endpointOf("photos")!);
    try {
      await s3.send(new PutObjectCommand({ Bucket: "extra", Key: "x.txt", Body: "x" }));
      assert.strictEqual(await (await s3.send(new GetObjectCommand({ Bucket: "extra", Key: "x.txt" }))).Body!.transformToString(), "x");
    } finally {
      s3.destroy();
    }
  });
});
