// A bucket under `stackfile dev`: s3rver on 127.0.0.1 with the bucket made,
// its local name and ARN as the parameters connectTo's variables read, and the
// AWS SDK's S3 client storing and reading objects through it.
import * as assert from "assert";
import * as path from "path";
import { S3Client, PutObjectCommand, GetObjectCommand } from "@aws-sdk/client-s3";
import { tmpFile } from "../cli/cli-helpers";
import { runDev } from "../../src/cli/dev-command";
import type { DevSession } from "../../src/cli/dev-session";
import { LOCAL_CREDENTIALS, LOCAL_REGION } from "../../src/dev/aws-services";

describe("stackfile dev: bucket", function () {
  this.timeout(60_000);

  it("serves the bucket on s3rver: its name and ARN are the local ones, and the SDK puts and gets an object", async () => {
    const file = tmpFile("resources:\n  myFiles:\n    type: bucket\n    properties: { versioning: true }\n");
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
});
