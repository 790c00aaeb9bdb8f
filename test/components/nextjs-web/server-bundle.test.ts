// The built server bundle of examples/nextjs-app, invoked locally with the
// event a function URL delivers and the env vars the component sets; its ISR
// cache is read from a local S3-compatible server filled by the real sync.
import * as assert from "assert";
import * as path from "path";
import { execFile } from "child_process";
import { promisify } from "util";
import { assetSyncProvider, ASSET_SYNC_VERSION, RETAINED_BUILDS } from "../../../src/providers/asset-sync";
import { assetManifest } from "../../../src/components/nextjs-web/assets";
import { startLocalS3, type LocalS3 } from "../../s3-server";
import { EXAMPLE_APP, exampleBuild } from "../../nextjs-fixture";

describe("the built Next.js server bundle, run locally", function () {
  this.timeout(300000);
  let s3: LocalS3;
  before(async () => {
    s3 = await startLocalS3(["site"]);
  });
  after(async () => s3.stop());

  it("serves the static page, the dynamic page with its env value, and the API route", async () => {
    const build = exampleBuild();
    const manifest = assetManifest(EXAMPLE_APP, build.output);
    await assetSyncProvider.create({
      bucket: "site", region: "us-east-1", aws: { endpoints: [{ s3: s3.endpoint }], s3UsePathStyle: true }, baseDir: EXAMPLE_APP, keepPrefixes: [], retainBuilds: RETAINED_BUILDS, syncVersion: ASSET_SYNC_VERSION, ...manifest,
    });
    const bundle = path.join(EXAMPLE_APP, build.output.origins.default.bundle);
    const env = {
      ...process.env,
      GREETING: "Hello from the stack",
      // What the component sets (see component.test.ts), aimed at this machine.
      CACHE_BUCKET_NAME: "site", CACHE_BUCKET_KEY_PREFIX: "_cache", CACHE_BUCKET_REGION: "us-east-1",
      REVALIDATION_QUEUE_URL: "http://127.0.0.1:9/queue.fifo", REVALIDATION_QUEUE_REGION: "us-east-1", CACHE_DYNAMO_TABLE: "tags",
      AWS_ENDPOINT_URL_S3: s3.endpoint, AWS_ENDPOINT_URL_DYNAMODB: "http://127.0.0.1:9", AWS_ENDPOINT_URL_SQS: "http://127.0.0.1:9",
      AWS_ACCESS_KEY_ID: "S3RVER", AWS_SECRET_ACCESS_KEY: "S3RVER", AWS_REGION: "us-east-1",
    };
    s3.seen.length = 0;
    const { stdout } = await promisify(execFile)(process.execPath, [path.join(__dirname, "../../fixtures/invoke-server.mjs"), bundle, "/", "/hello", "/api/health"], { cwd: bundle, env, encoding: "utf8" });
    const byPath = Object.fromEntries(stdout.trim().split("\n").map((l) => JSON.parse(l)).map((r) => [r.path, r]));
    assert.strictEqual(byPath["/"].status, 200);
    assert.match(byPath["/"].contentType, /^text\/html/);
    assert.match(byPath["/"].body, /<h1>stackfile example<\/h1>/);
    assert.strictEqual(byPath["/hello"].status, 200);
    assert.match(byPath["/hello"].body, /<p id="greeting">Hello from the stack<\/p>/);
    assert.deepStrictEqual([byPath["/api/health"].status, JSON.parse(byPath["/api/health"].body)], [200, { ok: true, service: "stackfile-example" }]);
    assert.ok(s3.seen.some((x) => x.startsWith("GET /site/_cache/")), `the static page came through the S3 cache: ${s3.seen.join(", ")}`);
  });
});
