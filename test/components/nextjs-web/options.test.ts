import * as assert from "assert";
import { NextjsWeb, type NextjsWebArgs } from "../../../src/components/nextjs-web";
import { nextjsWebStaticProblems } from "../../../src/components/nextjs-web/rules";
import { analyzeStackfile, formatProblem } from "../../../src/config/stackfile";
import { run, outputValue } from "../../harness";
import { EXAMPLE_APP, exampleBuild, streamBuild } from "../../nextjs-fixture";
import { DefaultVpcEndpoints } from "../../../src/shared/workloads/default-vpc";

const make = (args: Partial<NextjsWebArgs> = {}) => run(() => new NextjsWeb("web", { appDirectory: EXAMPLE_APP, ...args }));
const serverPolicy = (r: Awaited<ReturnType<typeof make>>) => JSON.parse(r.byName("web-server-policy")!.inputs.policy).Statement;

describe("NextjsWeb options", function () {
  this.timeout(300000);
  before(() => exampleBuild());

  it("serverFunction.logging: retention (default 180) and disabled", async () => {
    assert.strictEqual((await make()).byName("web-server-log-group")!.inputs.retentionInDays, 180);
    const r = await make({ serverFunction: { logging: { retentionDays: 14 } } });
    assert.strictEqual(r.byName("web-server-log-group")!.inputs.retentionInDays, 14);
    const off = await make({ serverFunction: { logging: { disabled: true } } });
    assert.strictEqual(off.byName("web-server-log-group"), undefined);
    assert.strictEqual(off.byName("web-server-function")!.inputs.loggingConfig, undefined);
    assert.ok(serverPolicy(off).every((s: any) => !s.Action.includes("logs:PutLogEvents")), "no log permission left");
    assert.ok(off.byName("web-image-log-group"), "the other functions still log");
  });

  it("iamRoleStatements are appended to the server role", async () => {
    const r = await make({
      iamRoleStatements: [
        { Sid: "ReadUploads", Action: ["s3:GetObject"], Resource: ["arn:aws:s3:::uploads/*"] },
        { Effect: "Deny", Action: ["s3:DeleteObject"], Resource: ["*"], Condition: { Bool: { "aws:SecureTransport": "false" } } },
      ],
    });
    const statements = serverPolicy(r);
    assert.deepStrictEqual(statements.slice(-2), [
      { Sid: "ReadUploads", Effect: "Allow", Action: ["s3:GetObject"], Resource: ["arn:aws:s3:::uploads/*"] },
      { Effect: "Deny", Action: ["s3:DeleteObject"], Resource: ["*"], Condition: { Bool: { "aws:SecureTransport": "false" } } },
    ]);
  });
});

describe("nextjs-web rules", () => {
  const paths = (p: Record<string, unknown>) => nextjsWebStaticProblems(p).map((x) => `${x.path.join(".")}: ${x.message}`);

  it("environment names: letters, digits, _; not reserved; not OpenNext's; once each", () => {
    assert.deepStrictEqual(paths({ environment: [{ name: "API_URL", value: "x" }, { name: "_private1", value: "y" }] }), []);
    assert.deepStrictEqual(paths({
      environment: [
        { name: "1ABC", value: "" }, { name: "A-B", value: "" }, { name: "AWS_REGION", value: "" }, { name: "AWS_LAMBDA_X", value: "" },
        { name: "CACHE_BUCKET_NAME", value: "" }, { name: "OK", value: "" }, { name: "OK", value: "" },
      ],
    }), [
      "environment.0.name: environment name '1ABC' must hold only letters, digits and '_', and not start with a digit",
      "environment.1.name: environment name 'A-B' must hold only letters, digits and '_', and not start with a digit",
      "environment.2.name: environment name 'AWS_REGION' is reserved by Lambda",
      "environment.3.name: environment name 'AWS_LAMBDA_X' is reserved by Lambda",
      "environment.4.name: environment name 'CACHE_BUCKET_NAME' is set by stackfile for OpenNext's cache and queue",
      "environment.6.name: environment name 'OK' is defined twice",
    ]);
  });

  it("iamRoleStatements are checked for shape", () => {
    assert.deepStrictEqual(paths({ iamRoleStatements: [{ Action: ["s3:GetObject", "*"], Resource: ["*", "arn:aws:s3:::b/*"] }] }), []);
    assert.deepStrictEqual(paths({ iamRoleStatements: [{ Sid: "bad sid", Action: ["GetObject"], Resource: ["my-bucket"] }, { Action: [], Resource: [] }] }), [
      "iamRoleStatements.0.Action.0: 'GetObject' is not an IAM action; write service:Action, like s3:GetObject",
      "iamRoleStatements.0.Resource.0: 'my-bucket' is not an ARN or '*'",
      "iamRoleStatements.0.Sid: Sid may hold only letters and digits",
      "iamRoleStatements.1.Action: Action needs at least one action",
      "iamRoleStatements.1.Resource: Resource needs at least one ARN",
    ]);
  });

  it("points at the offending field in YAML", () => {
    const text = "resources:\n  web:\n    type: nextjs-web\n    properties:\n      appDirectory: ./app\n      environment:\n        - name: AWS_REGION\n          value: x\n      serverFunction:\n        logging:\n          retentionDays: 2\n";
    assert.deepStrictEqual(analyzeStackfile("s.yaml", text).problems.map(formatProblem), [
      "s.yaml:7:17: environment name 'AWS_REGION' is reserved by Lambda",
      "s.yaml:11:26: retentionDays must be one of 1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1827, 3653, not number 2",
    ]);
  });
});

describe("NextjsWeb options (continued)", function () {
  this.timeout(300000);
  before(() => exampleBuild());
  const ACL = "arn:aws:wafv2:us-east-1:123456789012:global/webacl/site-acl/0f0e0d0c-1234-5678-9abc-def012345678";

  it("warmServerInstances: a warmer every 5 minutes that may invoke only the server", async () => {
    const r = await make({ warmServerInstances: 3 });
    const warmer = r.byName("web-warmer-function")!;
    const server = r.byName("web-server-function")!;
    assert.deepStrictEqual(JSON.parse(warmer.inputs.environment.variables.WARM_PARAMS), [{ function: server.state.name, concurrency: 3 }]);
    const policy = JSON.parse(r.byName("web-warmer-policy")!.inputs.policy).Statement;
    assert.deepStrictEqual(policy[1], { Effect: "Allow", Action: ["lambda:InvokeFunction"], Resource: [server.state.arn] });
    const rule = r.byName("web-warmer-schedule")!;
    assert.strictEqual(rule.inputs.scheduleExpression, "rate(5 minutes)");
    assert.deepStrictEqual([r.byName("web-warmer-target")!.inputs.arn, r.byName("web-warmer-target")!.inputs.rule], [warmer.state.arn, rule.state.name]);
    const perm = r.byName("web-warmer-permission")!.inputs;
    assert.deepStrictEqual([perm.principal, perm.sourceArn, perm.function], ["events.amazonaws.com", rule.state.arn, warmer.state.name]);
    // The rule's ARN as EventBridge gives it (the permission's source a deploy gets), not a generic cloudwatch ARN.
    assert.match(String(perm.sourceArn), /^arn:aws:events:us-east-1:\d{12}:rule\/web-warmer-schedule-[0-9a-f]{7}$/);
    assert.strictEqual((await make()).byName("web-warmer-function"), undefined, "no warmer by default");
  });

  it("customDomains: a us-east-1 certificate for all names, aliases, TLS 1.2+, alias records; url is the first domain", async () => {
    let web: NextjsWeb | undefined;
    const r = await run(() => { web = new NextjsWeb("web", { appDirectory: EXAMPLE_APP, customDomains: [{ domainName: "www.example.com" }, { domainName: "example.com", disableDnsRecordCreation: true }] }); });
    const cert = r.one("aws:acm/certificate:Certificate");
    assert.deepStrictEqual([cert.inputs.domainName, cert.inputs.subjectAlternativeNames, cert.inputs.region, cert.provider], ["www.example.com", ["example.com"], "us-east-1", null]);
    assert.strictEqual(r.one("aws:acm/certificateValidation:CertificateValidation").inputs.region, "us-east-1");
    const d = r.one("aws:cloudfront/distribution:Distribution");
    assert.deepStrictEqual(d.inputs.aliases, ["www.example.com", "example.com"]);
    assert.deepStrictEqual(d.inputs.viewerCertificate, { acmCertificateArn: cert.state.arn, sslSupportMethod: "sni-only", minimumProtocolVersion: "TLSv1.2_2021" });
    const aliases = r.all("aws:route53/record:Record").filter((x) => x.inputs.aliases).map((x) => `${x.inputs.type} ${x.inputs.name}`).sort();
    assert.deepStrictEqual(aliases, ["A www.example.com", "AAAA www.example.com"]);
    assert.strictEqual(await outputValue(web!.url), "https://www.example.com");
  });

  it("useFirewall: a CLOUDFRONT web ACL ARN is attached; in a program, names (a stack file's) and regional ACLs are refused", async () => {
    assert.strictEqual((await make({ useFirewall: ACL })).one("aws:cloudfront/distribution:Distribution").inputs.webAclId, ACL);
    assert.throws(() => new NextjsWeb("x", { appDirectory: EXAMPLE_APP, useFirewall: "myFirewall" }), /useFirewall names 'myFirewall': only a stack file's resources are looked up by name; a program gives the web ACL's ARN.*new WebAppFirewall/);
    assert.throws(() => new NextjsWeb("x", { appDirectory: EXAMPLE_APP, useFirewall: ACL.replace(":global/", ":regional/") }), /CLOUDFRONT scope.*this web ACL is REGIONAL/);
  });

  it("streamingEnabled must agree with the build: a buffered build is refused for it", () => {
    const fs = require("fs") as typeof import("fs");
    const path = require("path") as typeof import("path");
    const dir = fs.mkdtempSync(path.join(EXAMPLE_APP, "..", ".count-app-"));
    try {
      fs.writeFileSync(path.join(dir, "package.json"), "{}");
      assert.throws(
        () => new NextjsWeb("x", { appDirectory: dir, streamingEnabled: true, buildCommand: `cp -r "${path.join(EXAMPLE_APP, ".open-next")}" .` }),
        /is not for streaming, but streamingEnabled is true; the two must agree: set default.override.wrapper to "aws-lambda-streaming"/,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("streamingEnabled: OpenNext builds the streaming server and its URL streams", async () => {
    const fs = require("fs") as typeof import("fs");
    const path = require("path") as typeof import("path");
    // A copy of the example app, so its build does not replace the buffered one.
    const dir = streamBuild().appDir;
    const r = await run(() => new NextjsWeb("web", { appDirectory: dir, streamingEnabled: true }));
    assert.strictEqual(r.byName("web-server-url")!.inputs.invokeMode, "RESPONSE_STREAM");
    assert.strictEqual(r.byName("web-image-url")!.inputs.invokeMode, "BUFFERED");
    const output = JSON.parse(fs.readFileSync(path.join(dir, ".open-next/open-next.output.json"), "utf8"));
    assert.strictEqual(output.origins.default.streaming, true);
  });
});

describe("nextjs-web rules (domains and firewall)", () => {
  it("refuses bad domains and mixed certificates at their paths", () => {
    const problems = nextjsWebStaticProblems({ customDomains: [{ domainName: "https://a.example.com" }, { domainName: "b.example.com", customCertificateArn: "arn:aws:acm:us-east-1:123456789012:certificate/abc" }] });
    assert.deepStrictEqual(problems.map((p) => p.path.join(".")), ["customDomains.0.domainName", "customDomains.0.customCertificateArn"]);
  });
});

describe("NextjsWeb joinDefaultVpc", function () {
  this.timeout(300000);
  before(() => exampleBuild());

  it("runs the server in the default VPC's subnets with its own security group and network-interface permissions inline", async () => {
    let web: NextjsWeb | undefined;
    const r = await run(() => { web = new NextjsWeb("web", { appDirectory: EXAMPLE_APP, joinDefaultVpc: true }); });
    const sg = r.byName("web-server-security-group")!;
    assert.strictEqual(sg.inputs.vpcId, "vpc-0a1b2c3d4e5f60718");
    assert.strictEqual(sg.inputs.ingress, undefined);
    const server = r.byName("web-server-function")!;
    assert.deepStrictEqual(server.inputs.vpcConfig.securityGroupIds, [sg.id]);
    // Only subnets in the zones Lambda serves, looked up (the mock account's last zone has no Lambda).
    const lambdaZones = r.invokes.find((i) => i.token === "aws:ec2/getVpcEndpointService:getVpcEndpointService" && i.inputs.service === "lambda");
    assert.ok(lambdaZones, "the zones are looked up");
    const subnetLookup = r.invokes.find((i) => i.token === "aws:ec2/getSubnets:getSubnets" && i.inputs.filters.some((f: any) => f.name === "availability-zone"))!;
    assert.deepStrictEqual(subnetLookup.inputs.filters.find((f: any) => f.name === "availability-zone").values, ["us-east-1a", "us-east-1b", "us-east-1c"]);
    assert.strictEqual(server.inputs.vpcConfig.subnetIds.length, 3);
    assert.ok(server.dependsOn.includes("web-server-policy"), "the function waits for its ENI permissions");
    const statements = JSON.parse(r.byName("web-server-policy")!.inputs.policy).Statement;
    assert.deepStrictEqual(statements.find((s: { Sid?: string }) => s.Sid === "VpcNetworkInterfaces").Resource, ["*"]);
    assert.strictEqual(r.byName("web-server-vpc-access"), undefined, "no managed policy (it grants log writes everywhere)");
    assert.strictEqual(r.byName("web-image-function")!.inputs.vpcConfig, undefined, "only the server joins the VPC");
    assert.strictEqual(server.inputs.environment.variables.STACKFILE_NO_ROUTE, "sqs", "SQS calls fail at once: the default VPC has no SQS endpoint");
    assert.strictEqual(await outputValue(web!.serverSecurityGroupId!), sg.id);
    const plain = await make();
    assert.strictEqual(plain.byName("web-server-function")!.inputs.vpcConfig, undefined);
    assert.strictEqual(plain.byName("web-server-function")!.inputs.environment.variables.STACKFILE_NO_ROUTE, undefined);
    assert.strictEqual(plain.byName("web-server-security-group"), undefined);
  });

  it("reaches its own bucket and tag table through S3 and DynamoDB gateway endpoints on the VPC's route tables, made once for two sites", async () => {
    const r = await run(() => {
      const defaultVpcEndpoints = new DefaultVpcEndpoints();
      new NextjsWeb("a", { appDirectory: EXAMPLE_APP, joinDefaultVpc: true, defaultVpcEndpoints });
      new NextjsWeb("b", { appDirectory: EXAMPLE_APP, joinDefaultVpc: true, defaultVpcEndpoints });
    });
    const endpoints = r.all("aws:ec2/vpcEndpoint:VpcEndpoint");
    assert.deepStrictEqual(endpoints.map((e) => [e.name, e.inputs.serviceName, e.inputs.vpcEndpointType]).sort(), [
      ["default-vpc-dynamodb-endpoint", "com.amazonaws.us-east-1.dynamodb", "Gateway"],
      ["default-vpc-s3-endpoint", "com.amazonaws.us-east-1.s3", "Gateway"],
    ]);
    const routeTables = r.invokes.find((i) => i.token === "aws:ec2/getRouteTables:getRouteTables")!;
    assert.strictEqual(routeTables.inputs.vpcId, "vpc-0a1b2c3d4e5f60718");
    for (const e of endpoints) {
      assert.strictEqual(e.inputs.vpcId, "vpc-0a1b2c3d4e5f60718");
      assert.match(e.inputs.routeTableIds.join(","), /^rtb-[0-9a-f]{17}$/, "the VPC's route table, as looked up");
    }
    assert.strictEqual((await make()).all("aws:ec2/vpcEndpoint:VpcEndpoint").length, 0, "none outside the VPC");
  });
});

