// The example site's deploy-time steps use the stack's AWS provider: with
// `aws:endpoints` in the stack's config, the asset sync the component
// registers (its serialized provider, run in a fresh process as the engine
// does) uploads the build to the local S3 server named there.
import { ASSET_SYNC_JOURNAL } from "../../../src/providers/asset-sync-s3";
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { execFile } from "child_process";
import { promisify } from "util";
import { S3Client, CreateBucketCommand, ListObjectsV2Command } from "@aws-sdk/client-s3";
import { NextjsWeb } from "../../../src/components/nextjs-web";
import { AwsProvider } from "../../../src/shared/aws-naming/aws-provider-settings";
import * as aws from "@pulumi/aws";
import { run, secretInput } from "../../harness";
import { EXAMPLE_APP, exampleBuild } from "../../nextjs-fixture";
import { startLocalS3, type LocalS3 } from "../../s3-server";

const ASSETS = "pulumi-nodejs:dynamic/stackfile:AssetSync";
const INVALIDATION = "pulumi-nodejs:dynamic/stackfile:CloudFrontInvalidation";

describe("NextjsWeb's deploy-time steps and the stack's AWS provider", function () {
  this.timeout(300000);
  let s3: LocalS3;
  before(async () => {
    exampleBuild();
    s3 = await startLocalS3([]);
  });
  after(() => s3.stop());

  it("with aws:endpoints set, the registered asset sync uploads the build to that S3 endpoint (serialized, in a fresh process)", async () => {
    const r = await run(() => new NextjsWeb("web", { appDirectory: EXAMPLE_APP }), {
      config: { "aws:endpoints": JSON.stringify([{ s3: s3.endpoint }]), "aws:s3UsePathStyle": "true" },
    });
    const inputs = r.one(ASSETS).inputs;
    assert.deepStrictEqual(inputs.aws, { endpoints: [{ s3: s3.endpoint }], s3UsePathStyle: true });
    assert.deepStrictEqual(r.one(INVALIDATION).inputs.aws, inputs.aws);
    assert.ok(!path.isAbsolute(inputs.baseDir), inputs.baseDir);

    const client = new S3Client({ region: "us-east-1", endpoint: s3.endpoint, forcePathStyle: true });
    try {
      await client.send(new CreateBucketCommand({ Bucket: inputs.bucket }));
      const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "registered-"));
      fs.writeFileSync(path.join(tmp, "provider.js"), inputs.__provider);
      fs.writeFileSync(path.join(tmp, "inputs.json"), JSON.stringify(inputs));
      fs.writeFileSync(path.join(tmp, "run.js"), `
        const p = require("./provider.js").handler();
        p.create(require("./inputs.json")).then((r) => process.stdout.write(JSON.stringify(r.outs.uploaded)), (e) => { console.error(e.message); process.exit(1); });`);
      // The engine's working directory: the project's (here this repository).
      const { stdout } = await promisify(execFile)(process.execPath, [path.join(tmp, "run.js")], {
        cwd: process.cwd(), encoding: "utf8", env: { ...process.env, NODE_PATH: path.join(process.cwd(), "node_modules") },
      });
      assert.strictEqual(Number(stdout), inputs.files.length);
      // The site's files (the sync's journal stays beside them: src/providers/asset-sync.ts).
      const listed = ((await client.send(new ListObjectsV2Command({ Bucket: inputs.bucket }))).Contents ?? []).map((o) => o.Key!).filter((k) => k !== ASSET_SYNC_JOURNAL).sort();
      assert.deepStrictEqual(listed, inputs.files.map((f: { key: string }) => f.key));
    } finally {
      client.destroy();
    }
  });

  it("with an AwsProvider given, both deploy-time steps get its endpoints and role, not the stack's config", async () => {
    const r = await run(() => new NextjsWeb("web", { appDirectory: EXAMPLE_APP }, {
      providers: [new AwsProvider("site", { region: "eu-west-1", assumeRoles: [{ roleArn: "arn:aws:iam::222222222222:role/site" }], endpoints: [{ s3: "http://127.0.0.1:1", cloudfront: "http://127.0.0.1:2" }] })],
    }), { config: { "aws:profile": "stack-default" } });
    const expected = { assumeRoles: [{ roleArn: "arn:aws:iam::222222222222:role/site" }], endpoints: [{ s3: "http://127.0.0.1:1", cloudfront: "http://127.0.0.1:2" }] };
    assert.deepStrictEqual(r.one(ASSETS).inputs.aws, expected);
    assert.deepStrictEqual(r.one(INVALIDATION).inputs.aws, expected);
    assert.strictEqual(r.one(ASSETS).provider, null, "a dynamic resource runs in Pulumi's own provider");
  });

  it("with a plain aws.Provider given, both deploy-time steps get its endpoints and role too (its terraformConfig()), as secrets", async () => {
    const r = await run(() => new NextjsWeb("web", { appDirectory: EXAMPLE_APP }, {
      providers: [new aws.Provider("site", { region: "eu-west-1", assumeRoles: [{ roleArn: "arn:aws:iam::222222222222:role/site" }], endpoints: [{ s3: "http://127.0.0.1:1", cloudfront: "http://127.0.0.1:2" }] })],
    }), { config: { "aws:profile": "stack-default" } });
    const expected = { assumeRoles: [{ roleArn: "arn:aws:iam::222222222222:role/site" }], endpoints: [{ s3: "http://127.0.0.1:1", cloudfront: "http://127.0.0.1:2" }] };
    assert.deepStrictEqual(secretInput(r.one(ASSETS).inputs.aws), expected);
    assert.deepStrictEqual(secretInput(r.one(INVALIDATION).inputs.aws), expected);
  });
});
