// useEdgeFunction: the rules (each conflict at its line), the resources under
// the mock engine (a published us-east-1 x86_64 function on origin-request,
// its package with the baked variables), and that package run for real.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { execFile } from "child_process";
import { promisify } from "util";
import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import { NextjsWeb, type NextjsWebArgs } from "../../../src/components/nextjs-web";
import { analyzeStackfile, formatProblem } from "../../../src/config/stackfile";
import { EDGE_DELETE_TIMEOUT } from "../../../src/components/nextjs-web/functions";
import { assetSyncProvider, ASSET_SYNC_VERSION, RETAINED_BUILDS } from "../../../src/providers/asset-sync";
import { assetManifest } from "../../../src/components/nextjs-web/assets";
import { deployStackfile } from "../../../src/config/deploy";
import { run, outputValue, secretInput } from "../../harness";
import { EDGE_APP, EXAMPLE_APP, edgeBuild, exampleBuild } from "../../nextjs-fixture";
import { startLocalS3 } from "../../s3-server";
import { packageOf, unpack } from "../../packages";

const make = (args: Partial<NextjsWebArgs> = {}) => run(() => new NextjsWeb("web", { appDirectory: EDGE_APP, useEdgeFunction: true, ...args }));

describe("useEdgeFunction rules", () => {
  const text = (extra: string) => `resources:\n  web:\n    type: nextjs-web\n    properties:\n      appDirectory: ./x\n      useEdgeFunction: true\n${extra}  cache:\n    type: redis-cluster\n    properties: {instanceSize: cache.t3.micro, defaultUserPassword: Correct-Horse-Battery-1}\n`;
  const problems = (extra: string) => analyzeStackfile("s.yaml", text(extra)).problems.map(formatProblem);

  it("is accepted on its own, with environment values from other resources", () => {
    assert.deepStrictEqual(problems(""), []);
    assert.deepStrictEqual(problems("      environment:\n        - {name: CACHE_URL, value: \"rediss://$ResourceParam('cache', 'host'):$ResourceParam('cache', 'port')\"}\n"), []);
  });

  it("is refused with each option edge functions cannot have, at that option", () => {
    assert.deepStrictEqual(problems("      warmServerInstances: 2\n      streamingEnabled: true\n      joinDefaultVpc: true\n"), [
      "s.yaml:7:28: warmServerInstances cannot be used with useEdgeFunction: edge functions cannot be kept warm; remove warmServerInstances or useEdgeFunction",
      "s.yaml:8:25: streamingEnabled cannot be used with useEdgeFunction: edge functions cannot stream responses; remove streamingEnabled or useEdgeFunction",
      "s.yaml:9:23: joinDefaultVpc cannot be used with useEdgeFunction: edge functions cannot join a VPC; remove joinDefaultVpc or useEdgeFunction",
    ]);
  });

  it("is refused with connectTo a VPC-only resource, at the entry", () => {
    assert.deepStrictEqual(problems("      connectTo: [cache]\n"), [
      "s.yaml:7:19: redis-cluster 'cache' is reachable only inside the VPC, and edge functions cannot join a VPC; remove useEdgeFunction to connect to it",
    ]);
  });

  it("is refused with alarms, which would see one region of many", () => {
    assert.deepStrictEqual(problems("      alarms:\n        throttles: false\n"), [
      "s.yaml:8:9: alarms cannot be used with useEdgeFunction: an edge function's metrics are published in the region of each edge location that runs it, and an alarm would see only one region's (an edge server has no alarms); remove alarms or useEdgeFunction",
    ]);
  });

  it("is refused with log forwarding, which would see one region of many", () => {
    const forwarding = "      serverFunction:\n        logging:\n          logForwarding:\n            type: http-endpoint\n            properties: {endpointUrl: https://logs.example.com/in}\n";
    assert.deepStrictEqual(problems(forwarding), [
      "s.yaml:10:13: serverFunction.logging.logForwarding cannot be used with useEdgeFunction: an edge function logs in the region of each edge location that runs it, and a forwarding would see only us-east-1's; remove logForwarding or useEdgeFunction",
    ]);
  });

  it("in TypeScript too: a VPC-only connectTo is named by its index", async () => {
    const { RedisCluster } = require("../../../src/components/redis-cluster") as typeof import("../../../src/components/redis-cluster");
    await assert.rejects(run(() => {
      const cache = new RedisCluster("cache", { instanceSize: "cache.t4g.micro", defaultUserPassword: "Correct-Horse-Battery-1" });
      new NextjsWeb("web", { appDirectory: EXAMPLE_APP, useEdgeFunction: true, connectTo: [cache] });
    }), /connectTo\[0\]: 'cache' is reachable only inside the VPC, and edge functions cannot join a VPC; remove useEdgeFunction/);
  });

  it("refuses a build that is not for Lambda@Edge, saying how to make one", function () {
    this.timeout(300000);
    exampleBuild();
    const dir = fs.mkdtempSync(path.join(EXAMPLE_APP, "..", ".count-app-"));
    try {
      fs.writeFileSync(path.join(dir, "package.json"), "{}");
      assert.throws(
        () => new NextjsWeb("x", { appDirectory: dir, useEdgeFunction: true, buildCommand: `cp -r "${path.join(EXAMPLE_APP, ".open-next")}" .` }),
        /is not for Lambda@Edge, but useEdgeFunction is true; the two must agree: set default.override to \{ wrapper: "aws-lambda", converter: "aws-cloudfront" \}/,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("useEdgeFunction package size", function () {
  this.timeout(300000);

  it("refuses an edge server over Lambda@Edge's 50 MB zipped, before any deploy", () => {
    edgeBuild();
    const dir = fs.mkdtempSync(path.join(EXAMPLE_APP, "..", ".count-app-"));
    try {
      fs.writeFileSync(path.join(dir, "package.json"), "{}");
      // A real edge build plus 52 MB that does not compress.
      const buildCommand = `cp -r "${path.join(EDGE_APP, ".open-next")}" . && head -c 54525952 /dev/urandom > .open-next/server-functions/default/big.bin`;
      assert.throws(
        () => new NextjsWeb("x", { appDirectory: dir, useEdgeFunction: true, buildCommand }),
        /NextjsWeb 'x': the edge server is 5\d\.\d MB zipped, more than the 50\.0 MB Lambda@Edge allows; trim its dependencies/,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("the example's edge server is far below it", () => {
    const { deflatedSize, EDGE_PACKAGE_LIMIT } = require("../../../src/components/nextjs-web/edge-package") as typeof import("../../../src/components/nextjs-web/edge-package");
    const size = deflatedSize(path.join(EDGE_APP, edgeBuild().output.origins.default.bundle));
    assert.ok(size > 1 << 20 && size < EDGE_PACKAGE_LIMIT / 4, `deflated ${size} bytes`);
  });
});

describe("NextjsWeb with useEdgeFunction", function () {
  this.timeout(300000);
  before(() => edgeBuild());

  it("builds the server for CloudFront events (OpenNext's aws-cloudfront converter)", () => {
    const output = edgeBuild().output;
    assert.deepStrictEqual([output.origins.default.wrapper, output.origins.default.converter], ["aws-lambda", "aws-cloudfront"]);
  });

  it("makes the server a published x86_64 function in us-east-1, with no variables, URL or VPC", async () => {
    const r = await make({ serverFunction: { memory: 2048, timeout: 20 } });
    const fn = r.byName("web-server-function")!;
    // By the stack's own provider (its credentials, assumed role, default tags), with the resource's region.
    assert.deepStrictEqual([fn.inputs.region, fn.provider], ["us-east-1", null]);
    assert.deepStrictEqual(
      [fn.inputs.runtime, fn.inputs.architectures, fn.inputs.publish, fn.inputs.handler, fn.inputs.memorySize, fn.inputs.timeout],
      ["nodejs22.x", ["x86_64"], true, "stackfile-edge.handler", 2048, 20],
    );
    for (const absent of ["environment", "vpcConfig", "loggingConfig"]) assert.strictEqual(fn.inputs[absent], undefined, `${absent} is not set`);
    const trust = JSON.parse(r.byName("web-server-role")!.inputs.assumeRolePolicy).Statement[0].Principal.Service;
    assert.deepStrictEqual(trust, ["lambda.amazonaws.com", "edgelambda.amazonaws.com"]);
    assert.strictEqual(r.byName("web-server-url"), undefined);
    assert.strictEqual(r.byName("web-server-url-permission"), undefined);
    assert.strictEqual(r.byName("web-server-invoke-permission"), undefined);
    assert.ok(r.byName("web-image-url"), "the image optimizer stays a regional function behind its URL");
    assert.deepStrictEqual(r.byName("web-image-function")!.inputs.architectures, ["arm64"]);
    // No alarm: its metrics are in the region of each edge location that ran it (docs/nextjs-web.md#alarms).
    assert.deepStrictEqual(r.all("aws:cloudwatch/metricAlarm:MetricAlarm").map((a) => a.name), []);
  });

  it("waits for CloudFront to remove the replicas when deleting the function", async () => {
    // The provider retries deleting a replicated function until this timeout.
    const r = await make();
    assert.strictEqual(r.byName("web-server-function")!.deleteTimeout, "4h");
    assert.strictEqual(EDGE_DELETE_TIMEOUT, "4h", "the README says 4 hours");
    assert.strictEqual(r.byName("web-image-function")!.deleteTimeout, undefined);
  });

  it("answers the server's routes on origin-request, in front of the S3 origin", async () => {
    const r = await make();
    const fn = r.byName("web-server-function")!;
    const d = r.byName("web-distribution")!.inputs;
    const association = [{ eventType: "origin-request", lambdaArn: fn.state.qualifiedArn, includeBody: true }];
    assert.match(fn.state.qualifiedArn, /^arn:aws:lambda:us-east-1:\d{12}:function:web-server-function-\w+:1$/);
    assert.deepStrictEqual(d.origins.map((o: any) => o.originId).sort(), ["imageOptimizer", "s3"], "no origin for the server");
    assert.strictEqual(d.defaultCacheBehavior.targetOriginId, "s3");
    assert.deepStrictEqual(d.defaultCacheBehavior.lambdaFunctionAssociations, association);
    assert.deepStrictEqual(d.defaultCacheBehavior.allowedMethods, ["DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT"]);
    assert.strictEqual(d.defaultCacheBehavior.cachePolicyId, r.byName("web-server-cache-policy")!.id);
    assert.strictEqual(d.defaultCacheBehavior.functionAssociations[0].eventType, "viewer-request", "x-forwarded-host is still set");
    const byPattern = Object.fromEntries(d.orderedCacheBehaviors.map((b: any) => [b.pathPattern, b]));
    assert.deepStrictEqual(byPattern["/_next/data/*"].lambdaFunctionAssociations, association);
    assert.strictEqual(byPattern["/_next/image*"].targetOriginId, "imageOptimizer");
    assert.strictEqual(byPattern["/_next/image*"].lambdaFunctionAssociations, undefined);
    assert.strictEqual(byPattern["/_next/*"].lambdaFunctionAssociations, undefined, "static files come straight from S3");
    // The edge server's policy is made after it (it names its log group): CloudFront sends requests only once it exists.
    assert.ok(r.byName("web-distribution")!.dependsOn.includes("web-server-policy"), "the distribution waits for the edge server's permissions");
  });

  it("logs to /aws/lambda/us-east-1.<function> with the retention, and may create that group in any region", async () => {
    const r = await make({ serverFunction: { logging: { retentionDays: 14 } } });
    const fnName = r.byName("web-server-function")!.state.name;
    const group = r.byName("web-server-log-group")!;
    assert.deepStrictEqual([group.inputs.name, group.inputs.retentionInDays, group.inputs.region], [`/aws/lambda/us-east-1.${fnName}`, 14, "us-east-1"]);
    const logs = JSON.parse(r.byName("web-server-policy")!.inputs.policy).Statement[0];
    assert.deepStrictEqual(logs.Action, ["logs:CreateLogGroup", "logs:CreateLogStream", "logs:PutLogEvents"]);
    assert.deepStrictEqual(logs.Resource, [`arn:aws:logs:*:*:log-group:/aws/lambda/us-east-1.${fnName}`, `arn:aws:logs:*:*:log-group:/aws/lambda/us-east-1.${fnName}:*`]);
    const off = await make({ serverFunction: { logging: { disabled: true } } });
    assert.strictEqual(off.byName("web-server-log-group"), undefined);
    assert.ok(JSON.parse(off.byName("web-server-policy")!.inputs.policy).Statement.every((s: any) => !s.Action.some((a: string) => a.startsWith("logs:"))));
  });

  it("bakes environment, OpenNext's and connectTo's variables into the package, resolved at deploy", async () => {
    let uploads: aws.s3.Bucket | undefined;
    const r = await run(() => {
      uploads = new aws.s3.Bucket("uploads");
      new NextjsWeb("web", {
        appDirectory: EDGE_APP, useEdgeFunction: true, connectTo: [uploads],
        environment: [{ name: "GREETING", value: "Hello from the edge" }, { name: "UPLOADS", value: uploads.bucket }],
      });
    });
    const pkg = await packageOf(r.byName("web-server-function")!.inputs.code);
    assert.deepStrictEqual(pkg.dirs, { ".": path.join(EDGE_APP, ".open-next/server-functions/default") });
    assert.deepStrictEqual(Object.keys(pkg.texts).sort(), ["stackfile-edge.mjs", "stackfile-env.json"]);
    const env = JSON.parse(pkg.texts["stackfile-env.json"]);
    const bucket = r.byName("web-bucket")!.state.bucket;
    const uploadsName = r.byName("uploads")!.state.bucket;
    assert.deepStrictEqual(env, {
      CACHE_BUCKET_KEY_PREFIX: "_cache", CACHE_BUCKET_NAME: bucket, CACHE_BUCKET_REGION: "us-east-1",
      CACHE_DYNAMO_TABLE: r.byName("web-tag-table")!.state.name,
      GREETING: "Hello from the edge",
      REVALIDATION_QUEUE_REGION: "us-east-1", REVALIDATION_QUEUE_URL: r.byName("web-revalidation-queue")!.state.url,
      STP_UPLOADS_ARN: r.byName("uploads")!.state.arn, STP_UPLOADS_NAME: uploadsName,
      UPLOADS: uploadsName,
    });
    assert.deepStrictEqual(Object.keys(env), Object.keys(env).sort(), "sorted, so equal values make an equal package");
    assert.match(pkg.texts["stackfile-edge.mjs"], /await import\("\.\/index\.mjs"\)/);
    const statements = JSON.parse(r.byName("web-server-policy")!.inputs.policy).Statement;
    assert.ok(statements.some((s: any) => s.Resource.includes(r.byName("uploads")!.state.arn)), "connectTo's permissions are on the edge role");
  });

  it("keeps the package secret when a baked value is a secret", async () => {
    const r = await make({ environment: [{ name: "API_KEY", value: pulumi.secret("k-123") }] });
    const pkg = await packageOf(secretInput(r.byName("web-server-function")!.inputs.code));
    assert.strictEqual(JSON.parse(pkg.texts["stackfile-env.json"]).API_KEY, "k-123");
  });

  it("the package runs: CloudFront origin-request events get pages with the baked values, cache read from S3", async () => {
    const r = await make({ environment: [{ name: "GREETING", value: "Hello from the edge" }] });
    const bucket = r.byName("web-bucket")!.state.bucket as string;
    const s3 = await startLocalS3([bucket]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stackfile-edge-"));
    try {
      await assetSyncProvider.create({
        bucket, region: "us-east-1", aws: { endpoints: [{ s3: s3.endpoint }], s3UsePathStyle: true }, baseDir: EDGE_APP, keepPrefixes: [], retainBuilds: RETAINED_BUILDS, syncVersion: ASSET_SYNC_VERSION,
        ...assetManifest(EDGE_APP, edgeBuild().output),
      });
      unpack(await packageOf(r.byName("web-server-function")!.inputs.code), dir);
      // Only what AWS gives every function: credentials, region; the endpoints aim AWS's services at this machine.
      const env = {
        PATH: process.env.PATH, AWS_ACCESS_KEY_ID: "S3RVER", AWS_SECRET_ACCESS_KEY: "S3RVER", AWS_REGION: "eu-west-1",
        AWS_ENDPOINT_URL_S3: s3.endpoint, AWS_ENDPOINT_URL_DYNAMODB: "http://127.0.0.1:9", AWS_ENDPOINT_URL_SQS: "http://127.0.0.1:9",
      };
      s3.seen.length = 0;
      const fixture = path.join(__dirname, "../../fixtures/invoke-edge.mjs");
      const { stdout } = await promisify(execFile)(process.execPath, [fixture, dir, "stackfile-edge.mjs", "GET /", "GET /hello", "GET /api/health", 'POST /api/echo {"n":1}', "POST /api/health TRUNCATED"], { cwd: dir, env, encoding: "utf8" });
      const byRequest = Object.fromEntries(stdout.trim().split("\n").map((l) => JSON.parse(l)).map((x) => [x.request, x]));
      assert.strictEqual(byRequest["GET /"].status, "200");
      assert.match(byRequest["GET /"].body, /<h1>stackfile example<\/h1>/);
      assert.strictEqual(byRequest["GET /hello"].status, "200");
      assert.match(byRequest["GET /hello"].body, /<p id="greeting">Hello from the edge<\/p>/, "the baked value reached the page");
      assert.deepStrictEqual([byRequest["GET /api/health"].status, JSON.parse(byRequest["GET /api/health"].body)], ["200", { ok: true, service: "stackfile-example" }]);
      assert.deepStrictEqual([byRequest['POST /api/echo {"n":1}'].status, JSON.parse(byRequest['POST /api/echo {"n":1}'].body)], ["200", { received: { n: 1 } }], "the body reaches the route");
      const cut = byRequest["POST /api/health TRUNCATED"];
      delete byRequest["POST /api/health TRUNCATED"];
      assert.deepStrictEqual([cut.status, cut.body], ["413", "Request bodies are limited to 1 MB at the edge"], "a body CloudFront cut is refused, not passed on");
      for (const x of Object.values<any>(byRequest)) {
        assert.match(x.headers["content-type"][0].value, /^(text\/html|application\/json)/);
        for (const [name, values] of Object.entries<any[]>(x.headers)) {
          assert.ok(values.length > 0, `${x.request}: header ${name} has values`);
          assert.ok(!["content-length", "transfer-encoding", "connection"].includes(name), `${x.request}: ${name} is one CloudFront refuses`);
        }
      }
      assert.ok(s3.seen.some((x) => x.startsWith(`GET /${bucket}/_cache/`)), `the static page came through the S3 cache in the baked bucket: ${s3.seen.join(", ")}`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      await s3.stop();
    }
  });

  it("from YAML: a $ResourceParam and a $Secret in environment are baked as their deployed values", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "edge-yaml-"));
    const file = path.join(dir, "stack.yaml");
    fs.writeFileSync(file, [
      "resources:",
      "  api:",
      "    type: http-api-gateway",
      "  web:",
      "    type: nextjs-web",
      "    properties:",
      `      appDirectory: ${path.relative(dir, EDGE_APP)}`,
      "      useEdgeFunction: true",
      "      environment:",
      "        - name: API_URL",
      "          value: $ResourceParam('api', 'url')",
      "        - name: ITEMS_URL",
      "          value: \"$ResourceParam('api', 'url')/items\"",
      "        - name: API_TOKEN",
      "          value: $Secret(apiToken)",
      "",
    ].join("\n"));
    const r = await run(() => deployStackfile(), {
      project: "proj", config: { "stackfile:file": file, "proj:apiToken": "t0ken" }, secretKeys: ["proj:apiToken"],
    });
    const apiUrl = await outputValue(r.result.api.url);
    assert.match(String(apiUrl), /^https:\/\//);
    const env = JSON.parse((await packageOf(secretInput(r.byName("web-server-function")!.inputs.code))).texts["stackfile-env.json"]);
    assert.deepStrictEqual([env.API_URL, env.ITEMS_URL, env.API_TOKEN], [apiUrl, `${apiUrl}/items`, "t0ken"]);
    assert.strictEqual(r.byName("web-server-function")!.inputs.region, "us-east-1");
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("in a stack of another region: only the server and its logs are in us-east-1, its variables name the stack's region", async () => {
    const r = await run(() => new NextjsWeb("web", { appDirectory: EDGE_APP, useEdgeFunction: true }), { region: "eu-west-1" });
    const fn = r.byName("web-server-function")!;
    assert.match(fn.state.qualifiedArn, /^arn:aws:lambda:us-east-1:/);
    assert.match(r.byName("web-distribution")!.inputs.defaultCacheBehavior.lambdaFunctionAssociations[0].lambdaArn, /^arn:aws:lambda:us-east-1:.*:1$/);
    assert.strictEqual(r.byName("web-server-log-group")!.inputs.region, "us-east-1");
    for (const regional of ["web-bucket", "web-revalidation-queue", "web-tag-table", "web-image-function", "web-image-log-group"]) {
      assert.strictEqual(r.byName(regional)!.inputs.region, undefined, `${regional} stays in the stack's region`);
    }
    assert.match(r.byName("web-image-function")!.state.arn, /^arn:aws:lambda:eu-west-1:/);
    const env = JSON.parse((await packageOf(fn.inputs.code)).texts["stackfile-env.json"]);
    assert.deepStrictEqual([env.CACHE_BUCKET_REGION, env.REVALIDATION_QUEUE_REGION], ["eu-west-1", "eu-west-1"], "the edge server reaches the cache where it is");
    assert.match(env.REVALIDATION_QUEUE_URL, /sqs\.eu-west-1\./);
  });
});
