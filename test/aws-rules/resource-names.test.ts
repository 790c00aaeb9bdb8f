// Every name the name rule accepts deploys: each resource type, with every
// option that adds children, under names of 1 to 63 characters, makes only
// physical names pulumi-aws and AWS take (the catalog passes).
import * as assert from "assert";
import * as aws from "@pulumi/aws";
import { RedisCluster } from "../../src/components/redis-cluster";
import { HttpApiGateway } from "../../src/components/http-api-gateway";
import { NextjsWeb } from "../../src/components/nextjs-web";
import { Function } from "../../src/components/function";
import { EXAMPLE_FUNCTION } from "../function-fixture";
import { runWithMocks } from "../../src/cli/mock-engine";
import { plannedResources } from "../../src/cli/plan-checks";
import { checkCatalog } from "../../src/aws-rules";
import { RESOURCE_NAME_PATTERN } from "../../src/config/names";
import { EXAMPLE_APP, exampleBuild } from "../nextjs-fixture";

const LENGTHS = [1, 14, 15, 32, 40, 63];
/** A name of `n` characters, upper case included (some AWS names are lower-cased). */
const nameOf = (n: number) => `Q${"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".repeat(2)}`.slice(0, n);
const forwarding = { type: "http-endpoint", properties: { endpointUrl: "https://logs.example.com/in" } } as const;

async function refusals(program: () => void, region = "eu-central-1"): Promise<string[]> {
  const run = await runWithMocks(program, { region, stack: "production-environment", project: "a-rather-long-project-name" });
  assert.deepStrictEqual(run.errors.map((e) => e.message), []);
  const planned = await plannedResources(run.resources, region);
  return checkCatalog(planned, { region }).map((f) => `${f.resource.name}: ${f.input}: ${f.message}`);
}

describe("every name the name rule accepts deploys", function () {
  this.timeout(300000);
  before(() => exampleBuild());

  it("the name rule takes 1 to 63 letters and digits", () => {
    for (const n of LENGTHS) assert.ok(RESOURCE_NAME_PATTERN.test(nameOf(n)), nameOf(n));
    assert.ok(!RESOURCE_NAME_PATTERN.test(nameOf(64)));
  });

  for (const n of LENGTHS) {
    const name = nameOf(n);
    it(`redis-cluster named ${n} characters (${name})`, async () => {
      assert.deepStrictEqual(await refusals(() => {
        new RedisCluster(name, { instanceSize: "cache.t4g.micro", defaultUserPassword: "Correct-Horse-Battery-1", logging: { logForwarding: forwarding } });
      }), []);
    });

    it(`http-api-gateway named ${n} characters, with logs, forwarding, domains, a CDN and routes`, async () => {
      assert.deepStrictEqual(await refusals(() => {
        const fn = new aws.lambda.Function("handler", { role: "arn:aws:iam::123456789012:role/r", runtime: "nodejs22.x", handler: "index.handler", code: "x" as any });
        new HttpApiGateway(name, {
          cors: { enabled: true },
          logging: { logForwarding: forwarding },
          customDomains: [{ domainName: `api${n}.example.com` }],
          cdn: { enabled: true, customDomains: [{ domainName: `cdn${n}.example.com` }] },
          routes: [
            { path: "/items/{id}", method: "GET", handler: fn },
            { path: `/${"a-long-path-segment/".repeat(4)}{proxy+}`, method: "*", handler: fn },
          ],
        });
      }), []);
    });

    it(`function named ${n} characters, with the VPC, connectTo, forwarding and a route`, async () => {
      assert.deepStrictEqual(await refusals(() => {
        const api = new HttpApiGateway("api", { cors: { enabled: true }, routeMethods: ["*"] });
        new Function(name, {
          entryfilePath: EXAMPLE_FUNCTION,
          joinDefaultVpc: true,
          connectTo: [new aws.s3.Bucket("uploads")],
          logging: { logForwarding: forwarding },
          events: [{ type: "http-api-gateway", properties: { httpApiGatewayName: "api", path: `/${"a-long-path-segment/".repeat(4)}{proxy+}`, method: "*" } }],
          httpApiGateways: { api },
        });
      }), []);
    });

    it(`nextjs-web named ${n} characters, with a warmer, the VPC, connectTo and forwarding`, async () => {
      assert.deepStrictEqual(await refusals(() => {
        const uploads = new aws.s3.Bucket("uploads");
        new NextjsWeb(name, {
          appDirectory: EXAMPLE_APP,
          warmServerInstances: 2,
          joinDefaultVpc: true,
          connectTo: [uploads],
          customDomains: [{ domainName: `www${n}.example.com` }],
          serverFunction: { logging: { logForwarding: forwarding } },
        });
      }), []);
    });
  }
});
