// The asset sync of a Next.js site under the real Pulumi engine, with the
// real dynamic-provider host uploading to the local S3 server: an update that
// fails at any point of the sync (an upload, a delete batch, the journal),
// then a revert to the deployed version, leaves exactly the deployed files;
// an object deleted behind the sync's back is noticed by `pulumi refresh`
// and by the next deploy.
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { newStack, removeStack, requireEngine, type EngineStack } from "./harness";

const STACK = `resources:
  web:
    type: nextjs-web
    properties:
      appDirectory: ./app
      buildCommand: node build.js
`;

// An OpenNext-shaped build of the app's public/ folder: its files become the site's static files.
const BUILD = `const fs = require("fs");
const path = require("path");
fs.rmSync(".open-next", { recursive: true, force: true });
fs.cpSync("public", ".open-next/assets", { recursive: true });
fs.mkdirSync(".open-next/server-functions/default", { recursive: true });
fs.writeFileSync(".open-next/server-functions/default/index.mjs", "export const handler = async () => ({ statusCode: 200, body: 'ok' });");
fs.writeFileSync(".open-next/open-next.output.json", JSON.stringify({
  origins: {
    s3: { type: "s3", originPath: "_assets", copy: [{ from: ".open-next/assets", to: "_assets", cached: true }] },
    default: { type: "function", handler: "index.handler", bundle: ".open-next/server-functions/default" },
  },
  behaviors: [{ pattern: "*", origin: "default" }, { pattern: "_next/*", origin: "s3" }],
}));
`;

const V1 = { "a.txt": "a v1", "old-logo.png": "logo v1", "_next/static/chunks/v1.js": "chunk v1" };
const V2 = { "a.txt": "a v2", "_next/static/chunks/v2.js": "chunk v2" };

describe("engine: the asset sync across failed deploys (real pulumi, local S3)", function () {
  this.timeout(900_000);
  let s: EngineStack | undefined;
  before(function () {
    requireEngine(this);
  });
  after(() => removeStack(s));

  const publicDir = () => path.join(s!.dir, "app", "public");
  function site(files: Record<string, string>): void {
    fs.rmSync(publicDir(), { recursive: true, force: true });
    for (const [rel, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(publicDir(), rel)), { recursive: true });
      fs.writeFileSync(path.join(publicDir(), rel), text);
    }
  }
  const bucket = () => s!.idOf("aws:s3/bucket:Bucket", "web-bucket");
  /** The site's files in the bucket (the journal aside). */
  async function served(): Promise<Record<string, string>> {
    const all = await s!.bucketObjects(bucket());
    return Object.fromEntries([...all].filter(([k]) => k.startsWith("_assets/")).map(([k, v]) => [k.slice("_assets/".length), v]).sort());
  }
  const sorted = (o: Record<string, string>) => Object.fromEntries(Object.entries(o).sort());

  it("after a failed update (an upload, a delete batch, the journal), a revert restores every file of the deployed version", async () => {
    s = await newStack(STACK, { "app/build.js": BUILD, "app/package.json": "{}", "app/next.config.mjs": "export default { generateBuildId: async () => 'b' };\n" });
    site(V1);
    await s.ok(["up", "--yes"]);
    assert.deepStrictEqual(await served(), sorted(V1));

    const faults: [string, object][] = [
      ["the deletes of removed files fail", [{ method: "POST", url: "\\?delete" }]],
      ["the upload of a changed file fails", [{ method: "PUT", url: "/_assets/a\\.txt" }]],
      ["the journal cannot be written", [{ method: "PUT", url: "/_stackfile/" }]],
    ];
    for (const [what, fault] of faults) {
      site(V2);
      await s.fails(["up", "--yes"], { STACKFILE_S3_FAULTS: JSON.stringify(fault) });
      site(V1);
      await s.ok(["up", "--yes"]);
      assert.deepStrictEqual(await served(), sorted(V1), `${what}: the revert restores v1`);
      const steps = await s.previewSteps();
      assert.deepStrictEqual(steps.filter((x) => x.op !== "same"), [], `${what}: then nothing changes`);
    }

    // A good v2, then the revert: v1's files are back, v2's chunk stays for open pages.
    site(V2);
    await s.ok(["up", "--yes"]);
    assert.deepStrictEqual(await served(), sorted({ ...V2, "_next/static/chunks/v1.js": "chunk v1" }));
  });

  it("an object deleted outside the sync is noticed by refresh and by the next deploy, which uploads it again", async () => {
    assert.ok(s, "runs after the previous test's deploy");
    await s.withS3(async (client) => {
      const { DeleteObjectCommand } = await import("@aws-sdk/client-s3");
      await client.send(new DeleteObjectCommand({ Bucket: bucket(), Key: "_assets/a.txt" }));
    });
    const steps = await s.previewSteps();
    assert.deepStrictEqual(steps.filter((x) => x.op !== "same").map((x) => `${x.op} ${x.name}`), ["update web-assets"], "the preview shows the sync's update");
    await s.ok(["refresh", "--yes"]);
    await s.ok(["up", "--yes"]);
    assert.strictEqual((await served())["a.txt"], "a v2");
  });
});
