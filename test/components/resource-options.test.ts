// protect and retainOnDelete reach the children that hold data, and no other
// child: from YAML `options` and from TypeScript resource options alike.
// (Pulumi passes protect down to every child and retainOnDelete to none, so
// the components set both on their data children themselves.)
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { RedisCluster } from "../../src/components/redis-cluster";
import { NextjsWeb } from "../../src/components/nextjs-web";
import { deployStackfile } from "../../src/config/deploy";
import { run, type RegisteredResource, T } from "../harness";
import { fakeNextApp } from "../fake-next-app";

const PW = "Correct-Horse-Battery-1";

/** Names of the resources registered with protect / retainOnDelete. */
const flagged = (rs: RegisteredResource[], flag: "protect" | "retainOnDelete") => rs.filter((r) => r[flag]).map((r) => r.name).sort();

describe("resource options on the children that hold data", function () {
  this.timeout(120000);

  it("YAML options reach the replication group and the slow log, nothing else; retainOnDelete also the subnet, parameter and security groups the retained group keeps using", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "options-"));
    const file = path.join(dir, "stack.yaml");
    fs.writeFileSync(file, `resources:
  cache:
    type: redis-cluster
    properties: { instanceSize: cache.t4g.micro, defaultUserPassword: $Secret(pw) }
    options: { protect: true, retainOnDelete: true }
  other:
    type: redis-cluster
    properties: { instanceSize: cache.t4g.micro, defaultUserPassword: $Secret(pw) }
`);
    const r = await run(() => deployStackfile(file), { project: "proj", config: { "proj:pw": PW }, secretKeys: ["proj:pw"] });
    assert.deepStrictEqual(flagged(r.resources, "retainOnDelete"), ["cache-parameter-group", "cache-replication-group", "cache-security-group", "cache-slow-log", "cache-subnet-group"]);
    assert.deepStrictEqual(flagged(r.resources, "protect"), ["cache-replication-group", "cache-slow-log"]);
    assert.strictEqual(r.one(T.redis, "cache").protect, false, "the component itself is not protected");
  });

  it("TypeScript resource options do the same, retainOnDelete alone too", async () => {
    const r = await run(() => new RedisCluster("cache", { instanceSize: "cache.t4g.micro", defaultUserPassword: PW }, { retainOnDelete: true }));
    assert.deepStrictEqual(flagged(r.resources, "retainOnDelete"), ["cache-parameter-group", "cache-replication-group", "cache-security-group", "cache-slow-log", "cache-subnet-group"]);
    assert.deepStrictEqual(flagged(r.resources, "protect"), []);
  });

  it("a site's tag table, bucket, revalidation queue and log groups get them; its functions, roles and distribution do not", async () => {
    const app = fakeNextApp();
    const r = await run(() => new NextjsWeb("web", { appDirectory: app.dir, buildCommand: app.buildCommand }, { protect: true, retainOnDelete: true }));
    const expected = r.resources
      // A queue holds the messages waiting in it (aws-rules/replacement-table.ts).
      .filter((x) => ["aws:dynamodb/table:Table", "aws:s3/bucket:Bucket", "aws:sqs/queue:Queue", T.logGroup].includes(x.type))
      .map((x) => x.name).sort();
    assert.ok(expected.includes("web-tag-table") && expected.includes("web-bucket"), expected.join(", "));
    assert.deepStrictEqual(flagged(r.resources, "retainOnDelete"), expected);
    assert.deepStrictEqual(flagged(r.resources, "protect"), expected);
    assert.ok(!r.one("aws:lambda/function:Function", "web-server-function").protect);
  });
});
