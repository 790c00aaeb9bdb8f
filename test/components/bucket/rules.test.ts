import * as assert from "assert";
import { bucketStaticProblems, bucketWarnings } from "../../../src/components/bucket/rules";

const paths = (ps: { path: (string | number)[] }[]) => ps.map((p) => p.path.join("."));
const rule = (type: string, properties: Record<string, unknown>) => ({ type, properties });

describe("bucket static rules", () => {
  const cases: { name: string; props: Record<string, unknown>; expect: string[] }[] = [
    { name: "no properties pass", props: {}, expect: [] },
    { name: "a transition to GLACIER on day 0 passes", props: { lifecycleRules: [rule("class-transition", { daysAfterUpload: 0, storageClass: "GLACIER" })] }, expect: [] },
    { name: "a transition to STANDARD_IA after 30 days passes", props: { lifecycleRules: [rule("class-transition", { daysAfterUpload: 30, storageClass: "STANDARD_IA" })] }, expect: [] },
    { name: "a transition to ONEZONE_IA after 7 days fails", props: { lifecycleRules: [rule("class-transition", { daysAfterUpload: 7, storageClass: "ONEZONE_IA" })] }, expect: ["lifecycleRules.0.properties.daysAfterUpload"] },
    { name: "a previous version to STANDARD_IA after 29 days fails", props: { lifecycleRules: [rule("non-current-version-class-transition", { daysAfterVersioned: 29, storageClass: "STANDARD_IA" })] }, expect: ["lifecycleRules.0.properties.daysAfterVersioned"] },
    { name: "an unknown day count is not judged", props: { lifecycleRules: [rule("class-transition", { daysAfterUpload: { unknown: true }, storageClass: "STANDARD_IA" })] }, expect: [] },
    { name: "1,001 lifecycle rules fail", props: { lifecycleRules: Array.from({ length: 1001 }, () => rule("expiration", { daysAfterUpload: 1 })) }, expect: ["lifecycleRules"] },
    { name: "100 CORS rules pass", props: { cors: { enabled: true, corsRules: Array.from({ length: 100 }, () => ({})) } }, expect: [] },
    { name: "101 CORS rules fail", props: { cors: { enabled: true, corsRules: Array.from({ length: 101 }, () => ({})) } }, expect: ["cors.corsRules"] },
    { name: "an origin with one wildcard passes", props: { cors: { enabled: true, corsRules: [{ allowedOrigins: ["https://*.example.com"] }] } }, expect: [] },
    { name: "an origin with two wildcards fails", props: { cors: { enabled: true, corsRules: [{ allowedOrigins: ["https://ok.com", "https://*.*.example.com"] }] } }, expect: ["cors.corsRules.0.allowedOrigins.1"] },
  ];
  for (const c of cases) it(c.name, () => assert.deepStrictEqual(paths(bucketStaticProblems(c.props)), c.expect));

  it("says every problem at once", () => {
    const ps = bucketStaticProblems({
      cors: { enabled: true, corsRules: [{ allowedOrigins: ["*.*"] }] },
      lifecycleRules: [rule("class-transition", { daysAfterUpload: 1, storageClass: "STANDARD_IA" })],
    });
    assert.deepStrictEqual(ps.map((p) => p.message), [
      'origin "*.*" has more than one * wildcard; S3 allows one',
      "S3 moves objects to STANDARD_IA only after at least 30 days, not 1; use 30 or more, or a class without a minimum (INTELLIGENT_TIERING, GLACIER_IR)",
    ]);
  });
});

describe("bucket warnings", () => {
  it("encryption: false has no effect (S3 encrypts new objects anyway); true says nothing", () => {
    assert.deepStrictEqual(paths(bucketWarnings({ encryption: false })), ["encryption"]);
    assert.deepStrictEqual(paths(bucketWarnings({ encryption: true })), []);
  });
  it("corsRules without cors.enabled", () => {
    assert.deepStrictEqual(paths(bucketWarnings({ cors: { enabled: false, corsRules: [{}] } })), ["cors.corsRules"]);
    assert.deepStrictEqual(paths(bucketWarnings({ cors: { enabled: true, corsRules: [{}] } })), []);
  });
  it("rules on previous versions without versioning", () => {
    const lifecycleRules = [rule("expiration", { daysAfterUpload: 1 }), rule("non-current-version-expiration", { daysAfterVersioned: 1 })];
    assert.deepStrictEqual(paths(bucketWarnings({ lifecycleRules })), ["lifecycleRules.1.type"]);
    assert.deepStrictEqual(paths(bucketWarnings({ lifecycleRules, versioning: true })), []);
  });
});
