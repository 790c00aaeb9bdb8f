// Issue 23, item 5: the regional server's package at any size. Lambda takes a
// .zip of at most 50 MB through its API (larger ones from S3) and 250 MB
// unzipped whatever the way in ("Lambda quotas", Deployment package size).
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { cli } from "../../cli/cli-helpers";
import { fakeNextApp } from "../../fake-next-app";

const BIG = path.join(__dirname, "../../fixtures/big-server-file.js");

const made: string[] = [];

/** A stack of one site whose server bundle gets a file of `mb` megabytes. */
function stack(mb: number, sparse = false): string {
  const app = fakeNextApp();
  made.push(path.dirname(app.dir));
  const file = path.join(path.dirname(app.dir), "stack.yaml");
  const command = `${app.buildCommand} && node "${BIG}" ${mb}${sparse ? " sparse" : ""}`;
  fs.writeFileSync(file, `resources:
  web:
    type: nextjs-web
    properties:
      appDirectory: ${JSON.stringify(app.dir)}
      buildCommand: ${JSON.stringify(command)}
`);
  return file;
}

describe("nextjs-web: the server package at any size", function () {
  this.timeout(300000);
  after(() => {
    for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("plan prints every Lambda package's zipped and unzipped size; a small server is uploaded directly", async () => {
    const r = await cli("plan", stack(1));
    assert.strictEqual(r.code, 0, r.err);
    assert.match(r.out, /Lambda packages \(zipped \/ unzipped; Lambda takes 50\.0 MB zipped through its API, larger ones from S3, and 250\.0 MB unzipped\):/);
    assert.match(r.out, /\n  web-server-function: 1\.0 MB \/ 1\.0 MB, uploaded directly\n/);
  });

  it("a server over 50 MB zipped is uploaded through S3 (an object of the site's bucket), and the plan passes the catalog", async () => {
    const file = stack(55);
    const r = await cli("plan", file, "--json");
    assert.strictEqual(r.code, 0, r.err);
    const plan = JSON.parse(r.out) as { resources: { type: string; name: string; inputs: Record<string, any> }[] };
    const fn = plan.resources.find((x) => x.name === "web-server-function")!.inputs;
    const object = plan.resources.find((x) => x.name === "web-server-code")!;
    assert.strictEqual(object.type, "aws:s3/bucketObjectv2:BucketObjectv2");
    assert.strictEqual(fn.code, undefined, "no direct upload");
    assert.deepStrictEqual([fn.s3Bucket, fn.s3Key], [object.inputs.bucket, object.inputs.key]);
    assert.match(object.inputs.key, /^_code\/server-[0-9a-f]{32}\.zip$/);
    assert.match(JSON.stringify(object.inputs.source), /stackfile-server\.mjs/, "the object holds the whole package, entry included");
    const text = await cli("plan", file);
    assert.match(text.out, /\n  web-server-function: 5\d\.\d MB \/ 5\d\.\d MB, uploaded through S3 \(web-server-code\)\n/);
  });

  it("a server over 250 MB unzipped is refused at plan, naming its heaviest folders", async () => {
    const r = await cli("plan", stack(300, true));
    assert.strictEqual(r.code, 1);
    assert.match(r.err, /the server function's package \(\.open-next\/server-functions\/default\) is 300\.\d MB unzipped; Lambda takes at most 250 MB \(262144000 bytes\) whatever the upload\. Heaviest folders: node_modules\/big-blob 300\.0 MB/);
    assert.match(r.err, /stack\.yaml:\d+:\d+: /, "at a line of the stack file");
    assert.doesNotMatch(r.err, /\n\s+at /, "no stack trace");
  });
});
