import * as assert from "assert";
import { Bucket, type BucketArgs } from "../../../src/components/bucket";
import { run } from "../../harness";

const S = {
  bucket: "aws:s3/bucket:Bucket",
  block: "aws:s3/bucketPublicAccessBlock:BucketPublicAccessBlock",
  sse: "aws:s3/bucketServerSideEncryptionConfiguration:BucketServerSideEncryptionConfiguration",
  versioning: "aws:s3/bucketVersioning:BucketVersioning",
  cors: "aws:s3/bucketCorsConfiguration:BucketCorsConfiguration",
  lifecycle: "aws:s3/bucketLifecycleConfiguration:BucketLifecycleConfiguration",
  policy: "aws:s3/bucketPolicy:BucketPolicy",
};

const make = (args: BucketArgs = {}, opts = {}) => run(() => new Bucket("uploads", args), opts);
const policyOf = (r: Awaited<ReturnType<typeof make>>) => JSON.parse(r.one(S.policy).inputs.policy as string) as { Statement: Record<string, any>[] };

describe("Bucket", () => {
  it("by default: a private bucket with SSE-S3, every public access setting blocked, an HTTPS-only policy, nothing else", async () => {
    const r = await make();
    const children = r.resources.filter((x) => x.parent === "uploads").map((x) => x.name).sort();
    assert.deepStrictEqual(children, ["uploads-bucket", "uploads-encryption", "uploads-policy", "uploads-public-access-block"]);
    const block = r.one(S.block).inputs;
    assert.deepStrictEqual([block.blockPublicAcls, block.ignorePublicAcls, block.blockPublicPolicy, block.restrictPublicBuckets], [true, true, true, true]);
    assert.deepStrictEqual(r.one(S.sse).inputs.rules, [{ applyServerSideEncryptionByDefault: { sseAlgorithm: "AES256" } }]);
    const [https, ...more] = policyOf(r).Statement;
    assert.deepStrictEqual(more, []);
    assert.strictEqual(https.Effect, "Deny");
    assert.strictEqual(https.Principal, "*");
    assert.strictEqual(https.Action, "s3:*");
    assert.deepStrictEqual(https.Condition, { Bool: { "aws:SecureTransport": "false" } });
    assert.match(https.Resource[0], /^arn:aws:s3:::uploads-bucket-[0-9a-f]{7}$/);
    assert.strictEqual(https.Resource[1], `${https.Resource[0]}/*`);
    // S3 refuses a public policy while the block is on: the policy waits for it.
    assert.ok(r.one(S.policy).dependsOn.includes("uploads-public-access-block"), String(r.one(S.policy).dependsOn));
  });

  it("public-read: the policy lets anyone get objects, the block lets the policy be public, ACLs stay blocked", async () => {
    const r = await make({ accessibility: { accessibilityMode: "public-read" } });
    const block = r.one(S.block).inputs;
    assert.deepStrictEqual([block.blockPublicAcls, block.ignorePublicAcls, block.blockPublicPolicy, block.restrictPublicBuckets], [true, true, false, false]);
    const statements = policyOf(r).Statement;
    assert.deepStrictEqual(statements.map((s) => s.Sid), ["HttpsOnly", "PublicRead"]);
    assert.deepStrictEqual({ ...statements[1], Resource: undefined }, { Sid: "PublicRead", Effect: "Allow", Principal: "*", Action: "s3:GetObject", Resource: undefined });
    assert.match(statements[1].Resource, /^arn:aws:s3:::uploads-bucket-[0-9a-f]{7}\/\*$/);
  });

  it("versioning on makes a BucketVersioning Enabled; encryption: false leaves the configuration out", async () => {
    const r = await make({ versioning: true, encryption: false });
    assert.deepStrictEqual(r.one(S.versioning).inputs.versioningConfiguration, { status: "Enabled" });
    assert.strictEqual(r.all(S.sse).length, 0);
  });

  it("CORS enabled without rules: any origin and header, the five methods S3 takes; with rules: each as given", async () => {
    const r = await make({ cors: { enabled: true } });
    assert.deepStrictEqual(r.one(S.cors).inputs.corsRules, [{ allowedOrigins: ["*"], allowedHeaders: ["*"], allowedMethods: ["GET", "PUT", "HEAD", "POST", "DELETE"] }]);
    const g = await make({ cors: { enabled: true, corsRules: [{ allowedOrigins: ["https://app.example.com"], allowedMethods: ["GET", "PUT"], exposedResponseHeaders: ["ETag"], maxAge: 600 }] } });
    assert.deepStrictEqual(g.one(S.cors).inputs.corsRules, [{ allowedOrigins: ["https://app.example.com"], allowedHeaders: ["*"], allowedMethods: ["GET", "PUT"], exposeHeaders: ["ETag"], maxAgeSeconds: 600 }]);
    assert.strictEqual((await make({ cors: { enabled: false } })).all(S.cors).length, 0);
  });

  it("lifecycle rules: expiration, transitions, previous versions and incomplete uploads, each an S3 rule with its prefix", async () => {
    const r = await make({
      versioning: true,
      lifecycleRules: [
        { type: "expiration", properties: { daysAfterUpload: 30, prefix: "tmp/" } },
        { type: "class-transition", properties: { daysAfterUpload: 90, storageClass: "GLACIER" } },
        { type: "non-current-version-expiration", properties: { daysAfterVersioned: 60 } },
        { type: "non-current-version-class-transition", properties: { daysAfterVersioned: 30, storageClass: "STANDARD_IA" } },
        { type: "abort-incomplete-multipart-upload", properties: { daysAfterInitiation: 7 } },
      ],
    });
    const lc = r.one(S.lifecycle);
    assert.deepStrictEqual(lc.inputs.rules, [
      { id: "expiration-0", status: "Enabled", filter: { prefix: "tmp/" }, expiration: { days: 30 } },
      { id: "class-transition-1", status: "Enabled", filter: { prefix: "" }, transitions: [{ days: 90, storageClass: "GLACIER" }] },
      { id: "non-current-version-expiration-2", status: "Enabled", filter: { prefix: "" }, noncurrentVersionExpiration: { noncurrentDays: 60 } },
      { id: "non-current-version-class-transition-3", status: "Enabled", filter: { prefix: "" }, noncurrentVersionTransitions: [{ noncurrentDays: 30, storageClass: "STANDARD_IA" }] },
      { id: "abort-incomplete-multipart-upload-4", status: "Enabled", filter: { prefix: "" }, abortIncompleteMultipartUpload: { daysAfterInitiation: 7 } },
    ]);
  });

  it("refuses what S3 refuses before making anything, with the property path", async () => {
    await assert.rejects(make({ lifecycleRules: [{ type: "class-transition", properties: { daysAfterUpload: 7, storageClass: "ONEZONE_IA" } }] }),
      /lifecycleRules\[0\]\.properties\.daysAfterUpload.*at least 30 days, not 7/s);
  });

  it("protect and retainOnDelete reach the bucket (it holds the objects) and no other child", async () => {
    const r = await run(() => new Bucket("uploads", {}, { protect: true, retainOnDelete: true }));
    const flags = r.resources.filter((x) => x.parent === "uploads").map((x) => `${x.name} ${x.protect === true} ${x.retainOnDelete === true}`).sort();
    assert.deepStrictEqual(flags, ["uploads-bucket true true", "uploads-encryption false false", "uploads-policy false false", "uploads-public-access-block false false"]);
  });
});
