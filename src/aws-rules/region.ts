// Where resources can be made: one program's credentials reach one partition.
import type { AwsRule } from "./rule";
import { partitionOf } from "./partition";

const DIST = "aws:cloudfront/distribution:Distribution";
const CACHE = "aws:cloudfront/cachePolicy:CachePolicy";
const ORP = "aws:cloudfront/originRequestPolicy:OriginRequestPolicy";
const FN = "aws:cloudfront/function:Function";
const OAC = "aws:cloudfront/originAccessControl:OriginAccessControl";

export const REGION_RULES: AwsRule[] = [
  {
    id: "aws/region-in-partition",
    types: ["*"],
    summary: "A resource's own region must be in the stack's partition: us-east-1 (CloudFront certificates, Lambda@Edge) is not reachable from aws-cn or aws-us-gov",
    source: "https://docs.aws.amazon.com/whitepapers/latest/aws-fault-isolation-boundaries/partitions.html",
    check(r, ctx) {
      const mine = partitionOf(r.region).partition;
      const stack = partitionOf(ctx.region).partition;
      return mine === stack ? [] : [{
        input: "region",
        message: `${r.region} is in the ${mine} partition, but the stack deploys to ${ctx.region} (${stack}); CloudFront's us-east-1 resources (certificates, Lambda@Edge) exist only in the aws partition`,
      }];
    },
    examples: { stackRegion: "cn-north-1", pass: [{ inputs: {}, region: "cn-northwest-1" }], fail: [{ inputs: { region: "us-east-1" }, region: "us-east-1" }] },
  },
  {
    id: "cloudfront/partition",
    types: [DIST, CACHE, ORP, FN, OAC],
    summary: "CloudFront is not in the aws-us-gov partition (it is set up from a standard AWS account); in aws-cn a distribution cannot serve on its default *.cloudfront.cn domain and needs an alternate domain name (with an ICP recordal)",
    source: "https://docs.aws.amazon.com/govcloud-us/latest/UserGuide/setting-up-credentials.html (CloudFront is outside the AWS GovCloud (US) boundary); https://docs.amazonaws.cn/en_us/aws/latest/userguide/cloudfront.html (You can't use the default CloudFront domain, *.cloudfront.cn, to serve content)",
    check(r, ctx) {
      const partition = partitionOf(ctx.region).partition;
      if (partition === "aws-us-gov") {
        return [{ input: "region", message: `CloudFront is not in the aws-us-gov partition, so a stack in ${ctx.region} cannot make it: deploy the CDN from a stack in a standard AWS region, or leave it out` }];
      }
      const aliases = Array.isArray(r.inputs.aliases) ? r.inputs.aliases : [];
      if (partition === "aws-cn" && r.type === DIST && aliases.length === 0) {
        return [{ input: "aliases", message: "in the China regions a distribution cannot serve on its default *.cloudfront.cn domain: give it a custom domain (which needs an ICP recordal)" }];
      }
      return [];
    },
    examples: {
      stackRegion: "cn-north-1",
      pass: [{ type: DIST, inputs: { aliases: ["www.example.cn"] } }, { type: CACHE, inputs: {} }],
      fail: [{ type: DIST, inputs: { aliases: [] } }],
    },
  },
];
