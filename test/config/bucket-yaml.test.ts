// The bucket type in YAML: its rules at `validate`, placed at their lines, and
// the plan of a stack whose function connects to it (the spec's Bucket row:
// the policy's statements and the STP_ variables).
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { analyzeStackfile, formatProblem } from "../../src/config/stackfile";
import { cli } from "../cli/cli-helpers";

const problems = (text: string) => analyzeStackfile("s.yaml", text).problems.map(formatProblem);

function stack(text: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bucket-yaml-"));
  fs.writeFileSync(path.join(dir, "fn.ts"), "export async function handler() {\n  return 'ok';\n}\n");
  fs.writeFileSync(path.join(dir, "stack.yaml"), text);
  return path.join(dir, "stack.yaml");
}

describe("bucket in YAML: validate", () => {
  it("accepts a bucket with no properties, and one with every field", () => {
    assert.deepStrictEqual(problems("resources:\n  files:\n    type: bucket\n"), []);
    assert.deepStrictEqual(problems(`resources:
  files:
    type: bucket
    properties:
      versioning: true
      encryption: true
      accessibility: { accessibilityMode: public-read }
      cors: { enabled: true, corsRules: [{ allowedOrigins: [https://app.example.com], allowedMethods: [GET, PUT], maxAge: 600 }] }
      lifecycleRules:
        - { type: expiration, properties: { daysAfterUpload: 30, prefix: tmp/ } }
        - { type: non-current-version-expiration, properties: { daysAfterVersioned: 7 } }
`), []);
  });

  it("places S3's refusals and the schema's at their lines", () => {
    assert.deepStrictEqual(problems(`resources:
  files:
    type: bucket
    properties:
      accessibility: { accessibilityMode: public }
      cors: { enabled: true, corsRules: [{ allowedOrigins: ["https://*.*.example.com"], allowedMethods: [PATCH] }] }
      lifecycleRules:
        - { type: class-transition, properties: { daysAfterUpload: 7, storageClass: STANDARD_IA } }
`).map((l) => l.replace(/; did you mean.*$/, "")), [
      's.yaml:5:43: accessibilityMode must be one of private, public-read, not the string "public"',
      's.yaml:6:61: origin "https://*.*.example.com" has more than one * wildcard; S3 allows one',
      's.yaml:6:106: allowedMethods must be one of GET, PUT, HEAD, POST, DELETE, not the string "PATCH"',
      "s.yaml:8:68: S3 moves objects to STANDARD_IA only after at least 30 days, not 7; use 30 or more, or a class without a minimum (INTELLIGENT_TIERING, GLACIER_IR)",
    ]);
  });

  it("connectTo may name a bucket; $ResourceParam reads its name and arn, and nothing else", () => {
    const text = `resources:
  files:
    type: bucket
  f:
    type: function
    properties:
      entryfilePath: ./fn.ts
      connectTo: [files]
      environment:
        - { name: A, value: "$ResourceParam('files', 'name')" }
        - { name: B, value: "$ResourceParam('files', 'arn')" }
        - { name: C, value: "$ResourceParam('files', 'url')" }
`;
    assert.deepStrictEqual(problems(text), ["s.yaml:12:29: bucket has no parameter 'url'; did you mean 'arn'?; available: name, arn"]);
  });
});

describe("bucket in YAML: plan", function () {
  this.timeout(120000);
  type Planned = { type: string; name: string; parent: string; inputs: Record<string, any> };
  let plan: { resources: Planned[]; outputs: Record<string, Record<string, string>> };

  before(async () => {
    const file = stack(`resources:
  myUploads:
    type: bucket
    properties:
      versioning: true
      lifecycleRules:
        - { type: abort-incomplete-multipart-upload, properties: { daysAfterInitiation: 3 } }
  worker:
    type: function
    properties:
      entryfilePath: ./fn.ts
      connectTo: [myUploads]
`);
    const r = await cli("plan", file, "--json");
    assert.strictEqual(r.code, 0, r.err);
    plan = JSON.parse(r.out);
  });

  it("shows the bucket and its settings, named after it", () => {
    const mine = plan.resources.filter((x) => x.parent === "myUploads").map((x) => x.type.split(":")[1]).sort();
    assert.deepStrictEqual(mine, ["s3/bucket", "s3/bucketLifecycleConfiguration", "s3/bucketPolicy", "s3/bucketPublicAccessBlock",
      "s3/bucketServerSideEncryptionConfiguration", "s3/bucketVersioning"]);
    assert.match(plan.outputs.myUploads.name, /^myuploads-bucket-[0-9a-f]{7}$/);
    assert.strictEqual(plan.outputs.myUploads.arn, `arn:aws:s3:::${plan.outputs.myUploads.name}`);
  });

  it("a connected function gets STP_MY_UPLOADS_NAME and _ARN, may list the bucket and create, get, delete and tag its objects, nothing more", () => {
    const { name, arn } = plan.outputs.myUploads;
    const fn = plan.resources.find((x) => x.type === "aws:lambda/function:Function" && x.parent === "worker")!;
    const vars = fn.inputs.environment.variables;
    assert.deepStrictEqual([vars.STP_MY_UPLOADS_NAME, vars.STP_MY_UPLOADS_ARN], [name, arn]);
    const policies = plan.resources.filter((x) => x.parent === "worker" && x.type === "aws:iam/rolePolicy:RolePolicy");
    const s3 = policies.flatMap((p) => JSON.parse(p.inputs.policy).Statement).filter((st: { Action: string[] }) => st.Action.some((a) => a.startsWith("s3:")));
    assert.deepStrictEqual(s3, [
      { Effect: "Allow", Action: ["s3:ListBucket"], Resource: [arn] },
      { Effect: "Allow", Action: ["s3:PutObject", "s3:GetObject", "s3:DeleteObject", "s3:PutObjectTagging"], Resource: [`${arn}/*`] },
    ]);
  });
});

describe("bucket in YAML: diff", function () {
  this.timeout(120000);
  const named = (name: string, more = "") => `resources:\n  files:\n    type: bucket\n    overrides:\n      bucket: { bucket: ${name} }\n${more}`;

  it("a new bucket name replaces the bucket and loses its objects: refused without --allow-replace files", async () => {
    const before = stack(named("files-one-0a1b2c3"));
    const after = stack(named("files-two-0a1b2c3"));
    const r = await cli("diff", before, after);
    assert.strictEqual(r.code, 1, r.out);
    assert.match(r.out + r.err, /files-bucket \(aws:s3\/bucket:Bucket\) is replaced because bucket forces a new resource: the new one starts empty, and the old one is deleted with every object in the bucket; if that is intended, pass --allow-replace files/);
    assert.strictEqual((await cli("diff", before, after, "--allow-replace", "files")).code, 0);
  });

  it("versioning, CORS and lifecycle rules change in place: nothing refused", async () => {
    const r = await cli("diff", stack(named("files-one-0a1b2c3")), stack(named("files-one-0a1b2c3", "    properties:\n      versioning: true\n      cors: { enabled: true }\n      lifecycleRules: [{ type: expiration, properties: { daysAfterUpload: 3 } }]\n")));
    assert.strictEqual(r.code, 0, r.out + r.err);
  });

  it("removing the bucket deletes its objects: refused; with retainOnDelete in the old file, allowed", async () => {
    const other = "  other:\n    type: bucket\n";
    assert.strictEqual((await cli("diff", stack(`resources:\n  files:\n    type: bucket\n${other}`), stack(`resources:\n${other}`))).code, 1);
    const retained = await cli("diff", stack(`resources:\n  files:\n    type: bucket\n    options: { retainOnDelete: true }\n${other}`), stack(`resources:\n${other}`));
    assert.strictEqual(retained.code, 0, retained.out + retained.err);
  });
});

describe("function s3 events", function () {
  this.timeout(120000);
  const s3 = (bucket: string, type: string, filter = "") => `        - type: s3\n          properties: { bucketName: ${bucket}, s3EventType: "${type}"${filter} }\n`;
  const fn = (name: string, events: string) => `  ${name}:\n    type: function\n    properties:\n      entryfilePath: ./fn.ts\n      events:\n${events}`;

  it("validate: the bucket must be a bucket of the file; S3's event types only; overlapping events of a bucket are refused at the later one", () => {
    const text = `resources:\n  files:\n    type: bucket\n  cache:\n    type: redis-cluster\n    properties: { instanceSize: cache.t4g.micro, defaultUserPassword: Correct-Horse-Battery-1 }\n${fn("a", s3("filez", "s3:ObjectCreated:*") + s3("cache", "s3:ObjectCreated:*") + s3("files", "s3:ObjectCreated"))}`;
    assert.deepStrictEqual(problems(text).map((l) => l.replace(/; did you mean.*$/, "")), [
      "s.yaml:13:37: bucketName names 'filez', which is not a resource of this file",
      "s.yaml:15:37: bucketName names 'cache', a redis-cluster; it must name a bucket (files)",
      's.yaml:17:57: s3EventType must be one of the 27 allowed values, not the string "s3:ObjectCreated"',
    ]);
    const overlap = `resources:\n  files:\n    type: bucket\n${fn("a", s3("files", "s3:ObjectCreated:*", ", filterRule: { prefix: images/ }"))}${fn("b", s3("files", "s3:ObjectCreated:Put", ", filterRule: { prefix: images/thumbs/ }") + s3("files", "s3:ObjectCreated:Put", ", filterRule: { prefix: docs/ }"))}`;
    assert.deepStrictEqual(problems(overlap), [
      `s.yaml:17:57: s3:ObjectCreated:* on bucket 'files' for keys that an event of 'a' gets too (prefixes "images/"/"images/thumbs/", suffixes ""/""); S3 refuses overlapping notification configurations; give them prefixes or suffixes that do not overlap, or different event types`,
    ]);
  });

  it("plan: one notification of the bucket with every event to its function, after one S3 invoke permission per function from the bucket and account", async () => {
    const file = stack(`resources:\n  files:\n    type: bucket\n${fn("thumbs", s3("files", "s3:ObjectCreated:*", ", filterRule: { prefix: images/, suffix: .jpg }") + s3("files", "s3:ObjectRemoved:*"))}${fn("audit", s3("files", "s3:ObjectCreated:*", ", filterRule: { prefix: docs/ }"))}`);
    const r = await cli("plan", file, "--json");
    assert.strictEqual(r.code, 0, r.err);
    const plan = JSON.parse(r.out) as { resources: { type: string; name: string; parent: string; dependsOn: string[]; inputs: Record<string, any> }[]; outputs: Record<string, Record<string, string>> };
    const arn = (f: string) => plan.outputs[f].arn;
    const notification = plan.resources.filter((x) => x.type === "aws:s3/bucketNotification:BucketNotification");
    assert.deepStrictEqual(notification.map((n) => [n.name, n.parent, n.inputs.bucket]), [["files-notification", "files", plan.outputs.files.name]]);
    assert.deepStrictEqual(notification[0].inputs.lambdaFunctions, [
      { lambdaFunctionArn: arn("thumbs"), events: ["s3:ObjectCreated:*"], filterPrefix: "images/", filterSuffix: ".jpg" },
      { lambdaFunctionArn: arn("thumbs"), events: ["s3:ObjectRemoved:*"] },
      { lambdaFunctionArn: arn("audit"), events: ["s3:ObjectCreated:*"], filterPrefix: "docs/" },
    ]);
    const permissions = plan.resources.filter((x) => x.type === "aws:lambda/permission:Permission" && x.parent === "files");
    assert.deepStrictEqual(permissions.map((p) => p.name).sort(), ["files-event-permission-audit-function", "files-event-permission-thumbs-function"]);
    for (const p of permissions) {
      assert.deepStrictEqual({ ...p.inputs, function: undefined, statementId: undefined }, {
        action: "lambda:InvokeFunction", function: undefined, principal: "s3.amazonaws.com", sourceArn: plan.outputs.files.arn, sourceAccount: "123456789012", statementId: undefined,
      });
      assert.ok(notification[0].dependsOn.includes(p.name), `${p.name} before the notification`);
    }
    assert.deepStrictEqual(permissions.map((p) => p.inputs.function).sort(), [arn("audit"), arn("thumbs")].sort());
  });
});
