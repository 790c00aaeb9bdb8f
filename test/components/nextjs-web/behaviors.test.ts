// CloudFront's behaviors quota is 75 per distribution by default: an app with
// more than 25 top-level public entries deploys; past 75 the catalog refuses.
import * as assert from "assert";
import * as pulumi from "@pulumi/pulumi";
import { createSiteCdn } from "../../../src/components/nextjs-web/cdn";
import type { OpenNextOutput } from "../../../src/components/nextjs-web/build";
import { runWithMocks } from "../../../src/cli/mock-engine";
import { plannedResources } from "../../../src/cli/plan-checks";
import { checkCatalog } from "../../../src/aws-rules";
import { ChildFactory } from "../../../src/shared/component/child-factory";
import { NEXTJS_WEB_CHILDREN } from "../../../src/components/nextjs-web/child-ids";

class Site extends pulumi.ComponentResource {
  constructor(n: number) {
    super("test:index:Site", "web");
    const output = {
      origins: { s3: { type: "s3", originPath: "_assets", copy: [] }, default: { type: "function", handler: "index.handler", bundle: "x" } },
      behaviors: [{ pattern: "*", origin: "default" }, ...Array.from({ length: n }, (_, i) => ({ pattern: `file${i}.txt`, origin: "s3" }))],
    } as unknown as OpenNextOutput;
    createSiteCdn(new ChildFactory(this, "web", undefined, NEXTJS_WEB_CHILDREN), output, {
      aliases: [], viewerCertificate: { cloudfrontDefaultCertificate: true }, bucketDomain: "b.s3.amazonaws.com", s3OriginPath: "_assets",
      s3AccessControlId: "oac", functionOrigins: { default: { host: "x.lambda-url.us-east-1.on.aws" } },
    });
  }
}

async function refusals(n: number): Promise<string[]> {
  const run = await runWithMocks(() => new Site(n));
  assert.deepStrictEqual(run.errors.map((e) => e.message), []);
  return checkCatalog(await plannedResources(run.resources, "us-east-1"), { region: "us-east-1" }).map((f) => `${f.rule.id}: ${f.message}`);
}

describe("nextjs-web cache behaviors", () => {
  it("an app with 30 top-level public files deploys (CloudFront's default quota is 75, not 25)", async () => {
    assert.deepStrictEqual(await refusals(30), []);
  });

  it("76 behaviors are refused by the catalog's quota rule, which says how to lift it", async () => {
    const found = await refusals(76);
    assert.strictEqual(found.length, 1);
    assert.match(found[0], /^cloudfront\/cache-behaviors: 76 cache behaviors, more than the 75 .*--quota cloudfront\/cache-behaviors=N/);
  });

  it("/_next/image* allows GET and HEAD only (its origin answers nothing else); the server keeps every method", async () => {
    class ImageSite extends pulumi.ComponentResource {
      constructor() {
        super("test:index:Site", "web");
        const output = {
          origins: {
            s3: { type: "s3", originPath: "_assets", copy: [] },
            default: { type: "function", handler: "index.handler", bundle: "x" },
            imageOptimizer: { type: "function", handler: "index.handler", bundle: "y" },
          },
          behaviors: [{ pattern: "_next/image*", origin: "imageOptimizer" }, { pattern: "*", origin: "default" }],
        } as unknown as OpenNextOutput;
        createSiteCdn(new ChildFactory(this, "web", undefined, NEXTJS_WEB_CHILDREN), output, {
          aliases: [], viewerCertificate: { cloudfrontDefaultCertificate: true }, bucketDomain: "b.s3.amazonaws.com", s3OriginPath: "_assets",
          s3AccessControlId: "oac", functionOrigins: { default: { host: "x.lambda-url.us-east-1.on.aws" }, imageOptimizer: { host: "y.lambda-url.us-east-1.on.aws" } },
        });
      }
    }
    const run = await runWithMocks(() => new ImageSite());
    assert.deepStrictEqual(run.errors.map((e) => e.message), []);
    const d = run.resources.find((r) => r.type === "aws:cloudfront/distribution:Distribution")!.inputs;
    const image = d.orderedCacheBehaviors.find((b: any) => b.pathPattern === "/_next/image*");
    assert.deepStrictEqual([image.allowedMethods, image.cachedMethods], [["GET", "HEAD"], ["GET", "HEAD"]]);
    assert.strictEqual(d.defaultCacheBehavior.allowedMethods.length, 7);
    assert.deepStrictEqual(checkCatalog(await plannedResources(run.resources, "us-east-1"), { region: "us-east-1" }).map((f) => f.message), []);
  });
});
