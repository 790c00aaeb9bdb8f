// ARNs and service names follow the partition of the region (aws-cn and
// aws-us-gov differ from aws): nothing is written as `arn:aws:` by hand.
import * as assert from "assert";
import * as aws from "@pulumi/aws";
import { RedisCluster } from "../../../src/components/redis-cluster";
import { HttpApiGateway } from "../../../src/components/http-api-gateway";
import { NextjsWeb } from "../../../src/components/nextjs-web";
import { run } from "../../harness";
import { EXAMPLE_APP, exampleBuild } from "../../nextjs-fixture";

describe("partitions", function () {
  this.timeout(300000);
  before(() => exampleBuild());

  for (const [region, partition] of [["cn-north-1", "aws-cn"], ["us-gov-west-1", "aws-us-gov"]]) {
    it(`${region}: every ARN a component writes is in ${partition}`, async () => {
      const r = await run(() => {
        const cache = new RedisCluster("cache", { instanceSize: "cache.t4g.micro", defaultUserPassword: "Correct-Horse-Battery-1", logging: { logForwarding: { type: "logs-vendor-b", properties: { projectId: "p" } } } });
        new HttpApiGateway("api", { cdn: { enabled: true } });
        const uploads = new aws.s3.Bucket("uploads");
        new NextjsWeb("web", { appDirectory: EXAMPLE_APP, joinDefaultVpc: true, connectTo: [cache, uploads] });
      }, { region });
      const text = JSON.stringify(r.resources.map((x) => [x.inputs, x.state]));
      assert.ok(!text.includes("arn:aws:"), text.match(/.{60}arn:aws:.{60}/)?.[0]);
      assert.ok(text.includes(`arn:${partition}:`));
      // The gateway endpoint's service name is looked up, not spelled out (China prefixes some with cn.).
      const lookups = r.invokes.filter((i) => i.token === "aws:ec2/getVpcEndpointService:getVpcEndpointService" && i.inputs.serviceType === "Gateway").map((i) => i.inputs.service).sort();
      assert.deepStrictEqual(lookups, ["dynamodb", "s3"]);
      assert.match(r.one("aws:ec2/vpcEndpoint:VpcEndpoint", "-s3-endpoint").inputs.serviceName, new RegExp(`\\.${region}\\.s3$`));
    });
  }
});
