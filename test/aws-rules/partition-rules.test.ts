// What a partition cannot hold: plans of stacks in GovCloud and China.
import * as assert from "assert";
import * as path from "path";
import { cli, tmpFile } from "../cli/cli-helpers";
import { checkCatalog } from "../../src/aws-rules";


const CDN = `resources:
  api:
    type: http-api-gateway
    properties:
      cdn:
        enabled: true
`;

describe("partitions: what plan refuses", () => {
  it("a CDN in GovCloud is refused (CloudFront is outside the aws-us-gov partition); the same stack plans in us-west-2", async () => {
    const f = tmpFile(CDN);
    const gov = await cli("plan", f, "--region", "us-gov-west-1");
    assert.strictEqual(gov.code, 1);
    assert.match(gov.err, /api-cdn-distribution \(aws:cloudfront\/distribution:Distribution\) region: CloudFront is not in the aws-us-gov partition.*\[rule cloudfront\/partition;/);
    assert.strictEqual((await cli("plan", f, "--region", "us-west-2")).code, 0);
  });

  it("a distribution in China with no custom domain is refused (*.cloudfront.cn does not serve)", async () => {
    const r = await cli("plan", tmpFile(CDN), "--region", "cn-north-1");
    assert.strictEqual(r.code, 1);
    assert.match(r.err, /aliases: in the China regions a distribution cannot serve on its default \*\.cloudfront\.cn domain/);
  });

  it("every CloudFront type is refused in GovCloud, none elsewhere", () => {
    for (const type of ["aws:cloudfront/cachePolicy:CachePolicy", "aws:cloudfront/originRequestPolicy:OriginRequestPolicy", "aws:cloudfront/function:Function", "aws:cloudfront/originAccessControl:OriginAccessControl"]) {
      const resource = { type, name: "x", parent: null, inputs: {}, region: "us-gov-west-1", dependsOn: [] };
      assert.ok(checkCatalog([resource], { region: "us-gov-west-1" }).some((f) => f.rule.id === "cloudfront/partition"), type);
      assert.deepStrictEqual(checkCatalog([{ ...resource, region: "us-west-2" }], { region: "us-west-2" }).filter((f) => f.rule.id === "cloudfront/partition"), [], type);
    }
  });

  it("an iamRoleStatements resource of another partition is refused at its line; one of the stack's passes", async () => {
    const stack = (arn: string) => tmpFile(`resources:
  items:
    type: function
    properties:
      entryfilePath: ${path.resolve("examples/yaml-stack/functions/api.ts")}
      iamRoleStatements:
        - Action: [s3:GetObject]
          Resource: [${arn}]
`);
    const wrong = await cli("plan", stack("arn:aws:s3:::uploads/*"), "--region", "us-gov-west-1");
    assert.strictEqual(wrong.code, 1);
    assert.match(wrong.err, /:8:22: items-policy .* 'arn:aws:s3:::uploads\/\*' is in the aws partition, but the stack deploys to aws-us-gov; write arn:aws-us-gov:\.\.\./);
    assert.strictEqual((await cli("plan", stack("arn:aws-us-gov:s3:::uploads/*"), "--region", "us-gov-west-1")).code, 0);
  });
});
