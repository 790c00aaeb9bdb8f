// The exact server package the component registers, run as Lambda runs it
// behind its public function URL, with the requests CloudFront sends there:
// every method, body and header reaches the app through the distribution, and
// nothing reaches it any other way.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { execFile } from "child_process";
import { createHash, randomBytes } from "crypto";
import { promisify } from "util";
import { NextjsWeb } from "../../../src/components/nextjs-web";
import { assetSyncProvider, ASSET_SYNC_VERSION, RETAINED_BUILDS } from "../../../src/providers/asset-sync";
import { assetManifest } from "../../../src/components/nextjs-web/assets";
import { run } from "../../harness";
import { packageOf, unpack } from "../../packages";
import { startLocalS3, type LocalS3 } from "../../s3-server";
import { startBlackhole, type Blackhole } from "../../blackhole";
import { EXAMPLE_APP, exampleBuild, streamBuild } from "../../nextjs-fixture";

const FIXTURE = path.join(__dirname, "../../fixtures/invoke-url.mjs");

interface Answer { request: string; status: number; headers: Record<string, string>; body?: string; bodyBase64?: string; ms: number }

/** A registered server package, unpacked, with the values Lambda would give it. */
interface Deployed { dir: string; secret: string; env: Record<string, string>; bucket: string }

async function deploy(appDirectory: string, streamingEnabled: boolean): Promise<Deployed> {
  const r = await run(() => new NextjsWeb("web", { appDirectory, streamingEnabled, environment: [{ name: "GREETING", value: "Hello through CloudFront" }] }));
  const server = r.byName("web-server-function")!.inputs;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stackfile-server-"));
  unpack(await packageOf(server.code), dir);
  return { dir, secret: r.byName("web-origin-secret")!.state.value, env: server.environment.variables, bucket: r.byName("web-bucket")!.state.bucket };
}

async function invoke(d: Deployed, s3: string, requests: object[], endpoints: Record<string, string> = {}): Promise<{ answers: Answer[]; stderr: string }> {
  const file = path.join(d.dir, "requests.json");
  fs.writeFileSync(file, JSON.stringify(requests));
  // Only what Lambda gives every function (credentials, region) and the function's own variables; AWS's services aimed at this machine.
  const env = {
    PATH: process.env.PATH!, AWS_ACCESS_KEY_ID: "S3RVER", AWS_SECRET_ACCESS_KEY: "S3RVER", AWS_REGION: "us-east-1",
    ...d.env,
    AWS_ENDPOINT_URL_S3: s3, AWS_ENDPOINT_URL_DYNAMODB: "http://127.0.0.1:9", AWS_ENDPOINT_URL_SQS: "http://127.0.0.1:9",
    ...endpoints,
  };
  const { stdout, stderr } = await promisify(execFile)(process.execPath, [FIXTURE, d.dir, "stackfile-server.mjs", file], { cwd: d.dir, env, encoding: "utf8", maxBuffer: 1 << 26 });
  return { answers: stdout.trim().split("\n").map((l) => JSON.parse(l)), stderr };
}

describe("the server package behind its function URL (run for real)", function () {
  this.timeout(300000);
  let s3: LocalS3;
  let d: Deployed;
  const ask = async (...requests: object[]) => (await invoke(d, s3.endpoint, requests)).answers;

  before(async () => {
    const build = exampleBuild();
    d = await deploy(EXAMPLE_APP, false);
    s3 = await startLocalS3([d.bucket]);
    await assetSyncProvider.create({
      bucket: d.bucket, region: "us-east-1", aws: { endpoints: [{ s3: s3.endpoint }], s3UsePathStyle: true }, baseDir: EXAMPLE_APP, keepPrefixes: [], retainBuilds: RETAINED_BUILDS, syncVersion: ASSET_SYNC_VERSION, ...assetManifest(EXAMPLE_APP, build.output),
    });
  });
  after(async () => {
    await s3.stop();
    fs.rmSync(d.dir, { recursive: true, force: true });
  });

  it("answers what comes with the distribution's secret, and refuses anything else with 403", async () => {
    const [withSecret, none, wrong, api] = await ask(
      { method: "GET", path: "/", secret: d.secret },
      { method: "GET", path: "/" },
      { method: "GET", path: "/", secret: `${d.secret.slice(0, -1)}x` },
      { method: "POST", path: "/api/echo", headers: { "content-type": "application/json" }, body: "{\"n\":1}" },
    );
    assert.strictEqual(withSecret.status, 200);
    assert.match(withSecret.body!, /<h1>stackfile example<\/h1>/);
    for (const refused of [none, wrong, api]) {
      assert.strictEqual(refused.status, 403, refused.request);
      assert.match(refused.body!, /^Forbidden: this function answers only through its CloudFront distribution$/);
    }
  });

  it("a server action's form post (multipart, as a browser without JavaScript sends it) runs the action", async () => {
    const [form] = await ask({ method: "GET", path: "/form", secret: d.secret });
    const actionField = /name="(\$ACTION_ID_[0-9a-f]+)"/.exec(form.body!)?.[1];
    assert.ok(actionField, "the form names its action");
    const boundary = "----stackfileFormBoundary0123456789";
    const multipart = [
      `--${boundary}\r\nContent-Disposition: form-data; name="${actionField}"\r\n\r\n\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="message"\r\n\r\nhello from the form\r\n`,
      `--${boundary}--\r\n`,
    ].join("");
    const [posted] = await ask({
      method: "POST", path: "/form", secret: d.secret,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}`, origin: "https://shop.example.com" },
      bodyBase64: Buffer.from(multipart).toString("base64"),
    });
    assert.strictEqual(posted.status, 303, JSON.stringify(posted).slice(0, 500));
    const location = posted.headers.location;
    assert.strictEqual(location, "/form?said=hello%20from%20the%20form");
    const [shown] = await ask({ method: "GET", path: "/form", query: location.split("?")[1], secret: d.secret });
    assert.match(shown.body!, /<p id="said">You said: <!-- -->hello from the form<\/p>/);
  });

  it("a 2 MB binary body arrives whole", async () => {
    const body = randomBytes(2 * 1024 * 1024);
    const [r] = await ask({ method: "POST", path: "/api/upload", secret: d.secret, headers: { "content-type": "application/octet-stream" }, bodyBase64: body.toString("base64") });
    assert.strictEqual(r.status, 200);
    assert.deepStrictEqual(JSON.parse(r.body!), { bytes: body.length, sha256: createHash("sha256").update(body).digest("hex") });
  });

  it("PUT, PATCH and DELETE reach the app (the route answers them with 405, not a refusal)", async () => {
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const [r] = await ask({ method, path: "/api/upload", secret: d.secret, headers: { "content-type": "application/octet-stream" }, bodyBase64: "AAEC" });
      assert.strictEqual(r.status, 405, `${method}: Next.js itself answers`);
    }
  });

  it("the viewer's Authorization header reaches route handlers; the secret header does not", async () => {
    const [r] = await ask({ method: "GET", path: "/api/whoami", secret: d.secret, headers: { authorization: "Bearer abc.def.ghi" } });
    assert.deepStrictEqual(JSON.parse(r.body!), { authorization: "Bearer abc.def.ghi", originHeader: null });
  });

  describe("in the default VPC, where the cache has no route", () => {
    let hole: Blackhole;
    before(async () => {
      hole = await startBlackhole();
    });
    after(() => hole.stop());

    it("a page whose cache it cannot reach answers, its cache calls ended at the connect bound (not the function's timeout), and says why", async () => {
      // The static page is served from the S3 cache, which it cannot reach.
      const { answers: [r], stderr } = await invoke(d, s3.endpoint, [{ method: "GET", path: "/", secret: d.secret }], {
        AWS_ENDPOINT_URL_S3: hole.endpoint, AWS_ENDPOINT_URL_DYNAMODB: hole.endpoint, AWS_ENDPOINT_URL_SQS: hole.endpoint,
      });
      assert.strictEqual(r.status, 200);
      assert.match(r.body!, /<h1>stackfile example<\/h1>/);
      // Each cache call ended by the guard's 1 s connect bound (its own words), not left to the
      // function's 30 s timeout; how long the answer takes is a figure of `npm run bench` (bench-bounds.ts).
      assert.match(stderr, /stackfile: no connection to 127\.0\.0\.1 within 1000 ms/);
    });
  });
});

describe("the streaming server package behind its function URL (run for real)", function () {
  this.timeout(300000);

  it("streams what comes with the secret and refuses the rest with 403", async () => {
    const build = streamBuild();
    const d = await deploy(build.appDir, true);
    const s3 = await startLocalS3([d.bucket]);
    try {
      const { answers: [ok, refused, body] } = await invoke(d, s3.endpoint, [
        { method: "GET", path: "/hello", secret: d.secret },
        { method: "GET", path: "/hello" },
        { method: "POST", path: "/api/echo", secret: d.secret, headers: { "content-type": "application/json" }, body: "{\"n\":2}" },
      ]);
      assert.strictEqual(ok.status, 200);
      assert.match(ok.body!, /Hello through CloudFront/);
      assert.strictEqual(refused.status, 403);
      assert.deepStrictEqual([body.status, JSON.parse(body.body!)], [200, { received: { n: 2 } }]);
    } finally {
      await s3.stop();
      fs.rmSync(d.dir, { recursive: true, force: true });
    }
  });
});
