// Where resources can be made: one program's credentials reach one partition.
import type { AwsRule } from "./rule";
import { partitionOf } from "./partition";

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
];
