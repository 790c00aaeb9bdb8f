// Issue 23, item 9: the tag cache seeder's package, run as Lambda runs it,
// against a DynamoDB stand-in on this machine that refuses the first writes
// the way DynamoDB does while a role's new policy is not yet applied.
import * as assert from "assert";
import * as fs from "fs";
import * as http from "http";
import * as os from "os";
import * as path from "path";
import { execFile } from "child_process";
import { promisify } from "util";
import type { AddressInfo } from "net";
import { NextjsWeb } from "../../../src/components/nextjs-web";
import { SEEDER_HANDLER } from "../../../src/components/nextjs-web/seeder-package";
import { run } from "../../harness";
import { packageOf, unpack } from "../../packages";
import { EXAMPLE_APP, exampleBuild } from "../../nextjs-fixture";

/** A DynamoDB stand-in: BatchWriteItem is refused with AccessDeniedException `denials` times, then accepted. */
async function dynamo(denials: number) {
  let writes = 0;
  let accepted = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const target = String(req.headers["x-amz-target"] ?? "");
      res.setHeader("content-type", "application/x-amz-json-1.0");
      if (!target.endsWith(".BatchWriteItem")) { res.end("{}"); return; }
      writes++;
      if (writes <= denials) {
        res.statusCode = 400;
        res.end(JSON.stringify({ __type: "com.amazon.coral.service#AccessDeniedException", Message: "User: arn:aws:sts::123456789012:assumed-role/web-seeder-role/x is not authorized to perform: dynamodb:BatchWriteItem" }));
        return;
      }
      accepted++;
      res.end(JSON.stringify({ UnprocessedItems: {} }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, counts: () => ({ writes, accepted }), close: () => server.close() };
}

describe("the tag cache seeder's package (run for real)", function () {
  this.timeout(300000);
  let dir: string;
  let env: Record<string, string>;

  before(async () => {
    exampleBuild();
    const r = await run(() => new NextjsWeb("web", { appDirectory: EXAMPLE_APP }));
    const seeder = r.byName("web-seeder-function")!.inputs;
    assert.strictEqual(seeder.handler, SEEDER_HANDLER);
    // The package in task/, the AWS SDK the Node.js runtime provides beside it (OpenNext's seeder imports @aws-sdk/client-dynamodb from the runtime).
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "stackfile-seeder-"));
    fs.mkdirSync(path.join(root, "node_modules"));
    fs.symlinkSync(path.resolve("node_modules/@aws-sdk"), path.join(root, "node_modules/@aws-sdk"));
    fs.symlinkSync(path.resolve("node_modules/@smithy"), path.join(root, "node_modules/@smithy"));
    dir = path.join(root, "task");
    fs.mkdirSync(dir);
    unpack(await packageOf(seeder.code), dir);
    env = seeder.environment.variables;
  });

  const invoke = (endpoint: string) => promisify(execFile)(process.execPath, ["--input-type=module", "-e",
    `const m = await import(${JSON.stringify(path.join(dir, "stackfile-seeder.mjs"))}); console.log(JSON.stringify(await m.handler({ RequestType: "Create" }, {})));`,
  ], {
    cwd: dir, encoding: "utf8",
    env: { PATH: process.env.PATH!, AWS_ACCESS_KEY_ID: "x", AWS_SECRET_ACCESS_KEY: "x", AWS_REGION: "us-east-1", ...env, AWS_ENDPOINT_URL_DYNAMODB: endpoint, STACKFILE_SEED_PAUSE_UNIT_MS: "5" },
  });

  it("writes refused while the role's policy is not yet applied are written on a later run, and the invocation succeeds", async () => {
    const db = await dynamo(2);
    try {
      const { stdout, stderr } = await invoke(db.url);
      assert.match(stdout, /"type":"initializationFunction"/);
      assert.match(stderr, /the tag cache seeder's writes failed \(AccessDeniedException: .*\); running it again in 2 s/);
      assert.ok(db.counts().accepted >= 1, JSON.stringify(db.counts()));
    } finally {
      db.close();
    }
  });

  it("writes that never succeed fail the invocation (the deploy stops) instead of leaving the table unseeded", async () => {
    const db = await dynamo(Infinity);
    try {
      await assert.rejects(invoke(db.url), (err: { stderr: string }) => /the tag cache seeder's writes kept failing after 9 runs: AccessDeniedException/.test(err.stderr));
      assert.strictEqual(db.counts().accepted, 0);
    } finally {
      db.close();
    }
  });
});
