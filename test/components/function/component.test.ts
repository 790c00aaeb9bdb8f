// The AWS resources a Function makes, with the inputs that matter.
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import { Function, type FunctionArgs } from "../../../src/components/function";
import { HttpApiGateway } from "../../../src/components/http-api-gateway";
import { RedisCluster } from "../../../src/components/redis-cluster";
import { ComponentArgumentsError } from "../../../src/shared/component/component-error";
import { run, outputValue, revealed, secretInput, G, T } from "../../harness";
import { EXAMPLE_FUNCTION } from "../../function-fixture";
import { DefaultVpcEndpoints } from "../../../src/shared/workloads/default-vpc";

const F = {
  fn: "aws:lambda/function:Function",
  role: "aws:iam/role:Role",
  policy: "aws:iam/rolePolicy:RolePolicy",
};
const make = (args: Partial<FunctionArgs> = {}, opts = {}) => run(() => new Function("items", { entryfilePath: EXAMPLE_FUNCTION, ...args }), opts);
const statements = (r: Awaited<ReturnType<typeof make>>) => JSON.parse(r.one(F.policy).inputs.policy).Statement as { Action: string[]; Resource: string[] }[];

describe("Function", () => {
  for (const preview of [false, true]) {
    it(`with only entryfilePath: role, policy, log group, the function with the defaults and its alarms${preview ? " (preview)" : ""}`, async () => {
      const r = await make({}, { preview });
      assert.deepStrictEqual(r.resources.filter((x) => x.parent === "items").map((x) => x.name).sort(), ["items-duration-alarm", "items-errors-alarm", "items-function", "items-log-group", "items-policy", "items-role", "items-throttles-alarm"]);
      const fn = r.one(F.fn).inputs;
      assert.deepStrictEqual(
        { runtime: fn.runtime, architectures: fn.architectures, memorySize: fn.memorySize, timeout: fn.timeout, handler: fn.handler },
        { runtime: "nodejs22.x", architectures: ["arm64"], memorySize: 1024, timeout: 10, handler: "index.handler" },
      );
      assert.deepStrictEqual(fn.environment, { variables: { NODE_OPTIONS: "--enable-source-maps" } });
      assert.strictEqual(r.one(T.logGroup).inputs.retentionInDays, 180);
      assert.strictEqual(fn.vpcConfig, undefined);
      if (!preview) {
        assert.strictEqual(fn.loggingConfig.logGroup, r.one(T.logGroup).state.name);
        assert.deepStrictEqual(statements(r), [{ Effect: "Allow", Action: ["logs:CreateLogStream", "logs:PutLogEvents"], Resource: [`${r.one(T.logGroup).state.arn}:*`] }]);
      }
    });
  }

  it("takes runtime, architecture, memory, timeout, handlerFunction, and its parameters are arn, name and logGroupArn", async () => {
    let f: Function | undefined;
    const r = await run(() => {
      f = new Function("items", { entryfilePath: EXAMPLE_FUNCTION, runtime: "nodejs20.x", architecture: "x86_64", memory: 256, timeout: 900 });
    });
    const fn = r.one(F.fn);
    assert.deepStrictEqual([fn.inputs.runtime, fn.inputs.architectures, fn.inputs.memorySize, fn.inputs.timeout], ["nodejs20.x", ["x86_64"], 256, 900]);
    assert.strictEqual(await outputValue(f!.arn), fn.state.arn);
    assert.strictEqual(await outputValue(f!.name), fn.state.name);
    assert.strictEqual(await outputValue(f!.logGroupArn!), r.one(T.logGroup).state.arn);
    const off = await make({ logging: { disabled: true } });
    assert.strictEqual(off.all(T.logGroup).length, 0);
    assert.strictEqual(off.one(F.fn).inputs.loggingConfig, undefined);
  });

  it("puts environment and connectTo variables in one block; a secret value stays secret alone; iamRoleStatements join the policy", async () => {
    const r = await run(() => {
      const other = new Function("other", { entryfilePath: EXAMPLE_FUNCTION });
      new Function("items", {
        entryfilePath: EXAMPLE_FUNCTION,
        connectTo: [other],
        environment: [{ name: "TOKEN", value: pulumi.secret("s3cr3t") }, { name: "MODE", value: "test" }],
        iamRoleStatements: [{ Action: ["s3:GetObject"], Resource: ["arn:aws:s3:::bucket/*"] }],
      });
    });
    const fn = r.byName("items-function")!;
    assert.strictEqual(secretInput(fn.inputs.environment.variables.TOKEN), "s3cr3t");
    assert.strictEqual(fn.inputs.environment.variables.MODE, "test", "the other variables stay readable");
    const env = revealed(fn.inputs.environment) as { variables: Record<string, string> };
    const otherArn = r.byName("other-function")!.state.arn;
    assert.deepStrictEqual(env.variables, { STP_OTHER_ARN: otherArn, TOKEN: "s3cr3t", MODE: "test", NODE_OPTIONS: "--enable-source-maps" });
    const policy = JSON.parse(r.byName("items-policy")!.inputs.policy).Statement;
    assert.deepStrictEqual(policy.slice(1), [
      { Effect: "Allow", Action: ["lambda:InvokeFunction"], Resource: [otherArn, `${otherArn}:*`] },
      { Effect: "Allow", Action: ["s3:GetObject"], Resource: ["arn:aws:s3:::bucket/*"] },
    ]);
  });

  it("with joinDefaultVpc: its own security group, subnets Lambda serves, network-interface permissions inline, ingress on a scoped redis cluster", async () => {
    const r = await run(() => {
      const cache = new RedisCluster("cache", { instanceSize: "cache.t4g.micro", defaultUserPassword: "Correct-Horse-Battery-1", accessibility: { accessibilityMode: "scoping-workloads-in-vpc" } });
      new Function("items", { entryfilePath: EXAMPLE_FUNCTION, joinDefaultVpc: true, connectTo: [cache] });
    });
    const sg = r.byName("items-security-group")!;
    const fn = r.one(F.fn).inputs;
    assert.deepStrictEqual(fn.vpcConfig.securityGroupIds, [sg.id]);
    assert.ok(fn.vpcConfig.subnetIds.length > 0);
    const statements = JSON.parse(r.byName("items-policy")!.inputs.policy).Statement;
    assert.deepStrictEqual(statements.find((s: { Sid?: string }) => s.Sid === "VpcNetworkInterfaces").Action, [
      "ec2:CreateNetworkInterface", "ec2:DescribeNetworkInterfaces", "ec2:DescribeSubnets", "ec2:DeleteNetworkInterface", "ec2:AssignPrivateIpAddresses", "ec2:UnassignPrivateIpAddresses",
    ]);
    assert.strictEqual(r.resources.filter((x) => x.type === "aws:iam/rolePolicyAttachment:RolePolicyAttachment").length, 0);
    const ingress = r.byName("items-connect-ingress-cache")!.inputs;
    assert.deepStrictEqual([ingress.referencedSecurityGroupId, ingress.securityGroupId, ingress.fromPort, ingress.description], [sg.id, r.byName("cache-security-group")!.id, 6379, "From the function items"]);
  });

  it("refuses a VPC-only target without joinDefaultVpc, and another function from inside the VPC (the Lambda API needs internet)", async () => {
    await assert.rejects(run(() => {
      const cache = new RedisCluster("cache", { instanceSize: "cache.t4g.micro", defaultUserPassword: "Correct-Horse-Battery-1" });
      new Function("items", { entryfilePath: EXAMPLE_FUNCTION, connectTo: [cache] });
    }), /connectTo: cache is reachable only inside the VPC; set joinDefaultVpc: true/);
    await assert.rejects(run(() => {
      const other = new Function("other", { entryfilePath: EXAMPLE_FUNCTION });
      new Function("items", { entryfilePath: EXAMPLE_FUNCTION, joinDefaultVpc: true, connectTo: [other] });
    }), /connectTo: other is reached over the internet, which a server in the default VPC cannot reach/);
  });

  it("routes its events on the gateways given: integration and route per event, one permission for the API, CORS methods named for them", async () => {
    let fn: Function | undefined;
    const r = await run(() => {
      const api = new HttpApiGateway("api", { cors: { enabled: true }, payloadFormat: "2.0", routeMethods: ["GET", "POST"] });
      fn = new Function("items", {
        entryfilePath: EXAMPLE_FUNCTION,
        httpApiGateways: { api },
        events: [
          { type: "http-api-gateway", properties: { httpApiGatewayName: "api", path: "/items/{id}", method: "GET" } },
          { type: "http-api-gateway", properties: { httpApiGatewayName: "api", path: "/items", method: "POST", payloadFormat: "1.0" } },
        ],
      });
    });
    const arn = r.one(F.fn).state.arn;
    assert.deepStrictEqual(r.all(G.route).map((x) => x.inputs.routeKey).sort(), ["GET /items/{id}", "POST /items"]);
    assert.deepStrictEqual(r.all(G.integration).map((x) => [x.inputs.integrationUri, x.inputs.payloadFormatVersion]).sort(), [[arn, "1.0"], [arn, "2.0"]]);
    const apiArn = r.one(G.api).state.executionArn;
    assert.deepStrictEqual(r.all(G.permission).map((x) => [x.inputs.function, x.inputs.sourceArn]), [[arn, `${apiArn}/*/*`]]);
    // docs/function.md says what the plan shows: one permission per function and API, of the API's execution ARN and /*/*.
    const docs = fs.readFileSync(path.join(__dirname, "..", "..", "..", "docs", "function.md"), "utf8");
    const stated = /source ARN is the API's\s+\(`(arn:aws:execute-api:<region>:<account>:<api id>\/\*\/\*)`/.exec(docs);
    assert.ok(stated, "docs/function.md states the permission's source ARN");
    assert.strictEqual(stated[1].replace("<region>:<account>:<api id>", apiArn.split(":").slice(3).join(":")), `${apiArn}/*/*`);
    assert.ok(!/source ARN is that route/.test(docs), "no page says each route gets its own permission");
    assert.deepStrictEqual(r.one(G.api).inputs.corsConfiguration.allowMethods, ["GET", "POST"]);
    assert.strictEqual(fn!.routes.length, 2);
    assert.ok(r.all(G.route).every((x) => x.parent === "api"));
  });

  it("names the gateway an event wants when it was not given", async () => {
    await assert.rejects(run(() => new Function("items", {
      entryfilePath: EXAMPLE_FUNCTION,
      events: [{ type: "http-api-gateway", properties: { httpApiGatewayName: "api", path: "/", method: "GET" } }],
    })), /events\[0\]\.properties\.httpApiGatewayName: no http-api-gateway named 'api' was given \(httpApiGateways is empty\)/);
  });

  it("places bundle problems at the property: a missing file at entryfilePath, a missing export at handlerFunction", async () => {
    const err = await run(() => new Function("items", { entryfilePath: "/nowhere/handler.ts" })).catch((e) => e);
    assert.ok(err instanceof ComponentArgumentsError, String(err));
    assert.deepStrictEqual(err.problems.map((p: { path: unknown[] }) => p.path), [["entryfilePath"]]);
    const named = await run(() => new Function("items", { entryfilePath: EXAMPLE_FUNCTION, handlerFunction: "main" })).catch((e) => e);
    assert.deepStrictEqual(named.problems.map((p: { path: unknown[]; message: string }) => [p.path, p.message.replace(/^.*(has no export)/, "$1")]), [[["handlerFunction"], "has no export 'main' for Lambda to call (it exports handler); export it (export async function main(event) {...}), or set handlerFunction"]]);
  });

  it("adjusts a child through transform (YAML overrides)", async () => {
    const r = await make({ transform: { function: (a) => ({ ...a, reservedConcurrentExecutions: 5 }), logGroup: (a) => ({ ...a, retentionInDays: 7 }) } });
    assert.strictEqual(r.one(F.fn).inputs.reservedConcurrentExecutions, 5);
    assert.strictEqual(r.one(T.logGroup).inputs.retentionInDays, 7);
  });

  it("a bucket it connects to: S3 permissions scoped to it and, in the VPC, the gateway endpoint", async () => {
    const r = await run(() => {
      const files = new aws.s3.Bucket("files");
      new Function("items", { entryfilePath: EXAMPLE_FUNCTION, joinDefaultVpc: true, connectTo: [files], defaultVpcEndpoints: new DefaultVpcEndpoints() });
    });
    assert.deepStrictEqual(r.all("aws:ec2/vpcEndpoint:VpcEndpoint").map((x) => [x.name, x.parent]), [["default-vpc-s3-endpoint", "default-vpc"]]);
    assert.ok(JSON.parse(r.one(F.policy).inputs.policy).Statement.some((s: { Action: string[] }) => s.Action.includes("s3:GetObject")));
  });
});
