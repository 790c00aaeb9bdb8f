// S3 and DynamoDB gateway endpoints for workloads in the default VPC: one per
// service and VPC (a route table holds one route per service), owned by the
// stack rather than by whichever workload came first, so adding, removing or
// reordering workloads never moves them.
import * as assert from "assert";
import * as aws from "@pulumi/aws";
import { run } from "../../harness";
import { NextjsWeb } from "../../../src/components/nextjs-web";
import { EXAMPLE_APP, exampleBuild } from "../../nextjs-fixture";

const ENDPOINT = "aws:ec2/vpcEndpoint:VpcEndpoint";

const site = (name: string, opts = {}) => new NextjsWeb(name, { appDirectory: EXAMPLE_APP, joinDefaultVpc: true }, opts);

describe("gateway endpoints in the default VPC", function () {
  this.timeout(120000);
  before(() => exampleBuild());

  it("belong to the stack, named for the VPC's service, whichever workload asks first", async () => {
    const first = await run(() => {
      site("a");
      site("b");
    });
    const swapped = await run(() => {
      site("b");
    });
    for (const r of [first, swapped]) {
      assert.deepStrictEqual(r.all(ENDPOINT).map((e) => [e.name, e.parent]).sort(), [
        ["default-vpc-dynamodb-endpoint", null],
        ["default-vpc-s3-endpoint", null],
      ]);
    }
  });

  it("keep the name a stack deployed before (the first workload's child) through an alias", async () => {
    const r = await run(() => site("a"));
    const s3 = r.all(ENDPOINT).find((e) => e.name === "default-vpc-s3-endpoint")!;
    assert.ok(s3.aliases.some((a) => a.endsWith("::a-s3-endpoint") && a.includes("a-s3-endpoint")), JSON.stringify(s3.aliases));
  });

  it("a workload on another provider (another region) gets endpoints of its own, in that region", async () => {
    const r = await run(() => {
      site("a");
      const eu = new aws.Provider("eu", { region: "eu-west-1" });
      site("b", { providers: [eu] });
    });
    const endpoints = r.all(ENDPOINT).map((e) => [e.name, e.parent, e.provider]).sort();
    assert.deepStrictEqual(endpoints, [
      ["b-dynamodb-endpoint", "b", "eu"],
      ["b-s3-endpoint", "b", "eu"],
      ["default-vpc-dynamodb-endpoint", null, null],
      ["default-vpc-s3-endpoint", null, null],
    ]);
  });
});
