// S3 and DynamoDB gateway endpoints for workloads in the default VPC: one per
// service and VPC (a route table holds one route per service), owned by the
// stack's DefaultVpcEndpoints rather than by whichever workload came first,
// so adding, removing or reordering workloads never moves or changes them.
import * as assert from "assert";
import * as aws from "@pulumi/aws";
import { run } from "../../harness";
import { NextjsWeb } from "../../../src/components/nextjs-web";
import { Function } from "../../../src/components/function";
import { DefaultVpcEndpoints } from "../../../src/shared/workloads/default-vpc";
import { EXAMPLE_APP, exampleBuild } from "../../nextjs-fixture";
import { tmpFile } from "../../cli/cli-helpers";

const ENDPOINT = "aws:ec2/vpcEndpoint:VpcEndpoint";
const UNPARENTED = (kind: string) => `urn:pulumi:plan::stackfile::${ENDPOINT}::default-vpc-${kind}-endpoint`;

const site = (name: string, args: Partial<ConstructorParameters<typeof NextjsWeb>[1]> = {}, opts = {}) =>
  new NextjsWeb(name, { appDirectory: EXAMPLE_APP, joinDefaultVpc: true, ...args }, opts);

describe("gateway endpoints in the default VPC", function () {
  this.timeout(120000);
  before(() => exampleBuild());

  it("are children of the stack's DefaultVpcEndpoints with its transform, the same whichever workload asks first", async () => {
    const program = (order: string[]) => () => {
      const endpoints = new DefaultVpcEndpoints("default-vpc", { transform: { s3Endpoint: { tags: { team: "web" } } } });
      for (const n of order) site(n, { defaultVpcEndpoints: endpoints, transform: { serverSecurityGroup: { tags: { from: n } } } });
    };
    const seen = [];
    for (const order of [["a", "b"], ["b", "a"], ["b"]]) {
      const r = await run(program(order));
      seen.push(r.all(ENDPOINT).map((e) => [e.name, e.parent, e.inputs.tags ?? null]).sort());
    }
    assert.deepStrictEqual(seen[0], [
      ["default-vpc-dynamodb-endpoint", "default-vpc", null],
      ["default-vpc-s3-endpoint", "default-vpc", { team: "web" }],
    ]);
    assert.deepStrictEqual(seen[1], seen[0]);
    assert.deepStrictEqual(seen[2], seen[0]);
  });

  it("carry the URN a stack deployed with unparented endpoints knows them by, so the engine moves them without a replace", async () => {
    const r = await run(() => site("a", { defaultVpcEndpoints: new DefaultVpcEndpoints() }));
    for (const kind of ["s3", "dynamodb"]) {
      const e = r.byName(`default-vpc-${kind}-endpoint`)!;
      assert.strictEqual(e.parent, "default-vpc");
      assert.deepStrictEqual(e.aliases, [UNPARENTED(kind)]);
    }
  });

  it("are made only when a workload needs them: a function connected to nothing makes none", async () => {
    const entry = tmpFile("export const handler = async () => 1;\n", "h.ts");
    const r = await run(() => new Function("fn", { entryfilePath: entry, joinDefaultVpc: true, defaultVpcEndpoints: new DefaultVpcEndpoints() }));
    assert.deepStrictEqual(r.all(ENDPOINT), []);
  });

  it("without DefaultVpcEndpoints a workload makes its own, as its children, keeping the unparented ones of a deployed stack", async () => {
    const r = await run(() => site("a", { transform: { s3Endpoint: { tags: { own: "yes" } } } }));
    assert.deepStrictEqual(r.all(ENDPOINT).map((e) => [e.name, e.parent, e.inputs.tags ?? null, e.aliases]).sort(), [
      ["a-dynamodb-endpoint", "a", null, [UNPARENTED("dynamodb")]],
      ["a-s3-endpoint", "a", { own: "yes" }, [UNPARENTED("s3")]],
    ]);
  });

  it("a workload on another provider (another region) gets endpoints of its own, in that region, without an alias", async () => {
    const r = await run(() => {
      const endpoints = new DefaultVpcEndpoints();
      site("a", { defaultVpcEndpoints: endpoints });
      const eu = new aws.Provider("eu", { region: "eu-west-1" });
      site("b", {}, { providers: [eu] });
    });
    assert.deepStrictEqual(r.all(ENDPOINT).map((e) => [e.name, e.parent, e.provider, e.aliases.length]).sort(), [
      ["b-dynamodb-endpoint", "b", "eu", 0],
      ["b-s3-endpoint", "b", "eu", 0],
      ["default-vpc-dynamodb-endpoint", "default-vpc", null, 1],
      ["default-vpc-s3-endpoint", "default-vpc", null, 1],
    ]);
  });

  it("refuses endpoints of another provider than the workload's (another region's VPC)", async () => {
    await assert.rejects(run(() => {
      const eu = new aws.Provider("eu", { region: "eu-west-1" });
      site("b", { defaultVpcEndpoints: new DefaultVpcEndpoints() }, { providers: [eu] });
    }), /'b': defaultVpcEndpoints 'default-vpc' uses another AWS provider than this workload/);
  });

  it("refuses a workload's transform of the shared endpoints (they are the DefaultVpcEndpoints')", async () => {
    await assert.rejects(run(() => site("a", { defaultVpcEndpoints: new DefaultVpcEndpoints(), transform: { dynamodbEndpoint: { tags: { x: "y" } } } })),
      /'a': transform dynamodbEndpoint adjusts the stack's shared endpoints, which belong to defaultVpcEndpoints 'default-vpc'; give that transform to the DefaultVpcEndpoints instead/);
  });
});
