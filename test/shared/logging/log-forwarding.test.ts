import * as assert from "assert";
import { RedisCluster } from "../../../src/components/redis-cluster";
import { HttpApiGateway } from "../../../src/components/http-api-gateway";
import { NextjsWeb } from "../../../src/components/nextjs-web";
import { failedLogsBucketName } from "../../../src/shared/logging/log-bucket-name";
import { analyzeStackfile, formatProblem } from "../../../src/config/stackfile";
import { run, revealed, secretInput, type Run } from "../../harness";
import { EXAMPLE_APP, exampleBuild } from "../../nextjs-fixture";

const F = {
  stream: "aws:kinesis/firehoseDeliveryStream:FirehoseDeliveryStream",
  filter: "aws:cloudwatch/logSubscriptionFilter:LogSubscriptionFilter",
  bucket: "aws:s3/bucket:Bucket",
};
const policy = (r: Run<unknown>, name: string) => JSON.parse(r.byName(name)!.inputs.policy).Statement;

describe("log forwarding", function () {
  this.timeout(300000);

  it("http-endpoint on a gateway's access logs: every field, failed records to a private encrypted bucket", async () => {
    const r = await run(() => new HttpApiGateway("api", {
      logging: {
        logForwarding: {
          type: "http-endpoint",
          properties: { endpointUrl: "https://logs.example.com/in", gzipEncodingEnabled: true, parameters: { team: "web", env: "prod" }, retryDuration: 60, accessKey: "k-123" },
        },
      },
    }), { project: "shop", stack: "prod" });
    // Only the access key is secret; the rest of the configuration stays readable in a preview.
    const registered = r.one(F.stream).inputs.httpEndpointConfiguration as any;
    assert.strictEqual(secretInput(registered.accessKey), "k-123");
    const config = revealed(registered) as any;
    const bucket = r.byName("api-log-forwarding-bucket")!;
    assert.strictEqual(r.one(F.stream).inputs.destination, "http_endpoint");
    assert.deepStrictEqual(
      { url: config.url, key: config.accessKey, retry: config.retryDuration, mode: config.s3BackupMode, req: config.requestConfiguration, bucketArn: config.s3Configuration.bucketArn },
      {
        url: "https://logs.example.com/in", key: "k-123", retry: 60, mode: "FailedDataOnly",
        req: { contentEncoding: "GZIP", commonAttributes: [{ name: "env", value: "prod" }, { name: "team", value: "web" }] },
        bucketArn: bucket.state.arn,
      },
    );
    assert.strictEqual(bucket.inputs.bucket, failedLogsBucketName("shop-prod", "api", "123456789012", "us-east-1"));
    assert.match(bucket.inputs.bucket, /^shop-prod-api-logs-[0-9a-f]{8}$/);
    assert.deepStrictEqual(r.byName("api-log-forwarding-bucket-encryption")!.inputs.rules, [{ applyServerSideEncryptionByDefault: { sseAlgorithm: "AES256" } }]);
    assert.strictEqual(r.byName("api-log-forwarding-bucket-block")!.inputs.restrictPublicBuckets, true);
    const filter = r.one(F.filter).inputs;
    assert.deepStrictEqual([filter.logGroup, filter.destinationArn, filter.filterPattern], [r.byName("api-log-group")!.state.name, r.one(F.stream).state.arn, ""]);
    // Least privilege: the stream writes only to its bucket, the logs role only to its stream.
    const streamResources = policy(r, "api-log-forwarding-stream-policy").flatMap((s: any) => s.Resource);
    assert.deepStrictEqual(streamResources.sort(), [bucket.state.arn, `${bucket.state.arn}/*`].sort());
    assert.deepStrictEqual(policy(r, "api-log-forwarding-logs-policy"), [{ Effect: "Allow", Action: ["firehose:PutRecord", "firehose:PutRecordBatch"], Resource: [r.one(F.stream).state.arn] }]);
    assert.match(r.byName("api-log-forwarding-logs-role")!.inputs.assumeRolePolicy, /logs\.amazonaws\.com/);
    assert.match(r.byName("api-log-forwarding-stream-role")!.inputs.assumeRolePolicy, /firehose\.amazonaws\.com/);
    assert.strictEqual(bucket.inputs.forceDestroy, true, "destroy works after failed records landed");
  });

  it("each forwarding role is assumable only by its service acting for this account (confused-deputy conditions)", async () => {
    const r = await run(() => new HttpApiGateway("api", { logging: { logForwarding: { type: "http-endpoint", properties: { endpointUrl: "https://logs.example.com/in" } } } }));
    const trust = (name: string) => JSON.parse(r.byName(name)!.inputs.assumeRolePolicy).Statement[0];
    assert.deepStrictEqual(trust("api-log-forwarding-logs-role").Condition, { StringLike: { "aws:SourceArn": "arn:aws:logs:us-east-1:123456789012:*" } });
    assert.deepStrictEqual(trust("api-log-forwarding-stream-role").Condition, { StringEquals: { "sts:ExternalId": "123456789012" } });
  });

  it("http-endpoint defaults: no gzip, 300 s of retries, no attributes", async () => {
    const r = await run(() => new HttpApiGateway("api", { logging: { logForwarding: { type: "http-endpoint", properties: { endpointUrl: "https://l.example.com" } } } }));
    const config = r.one(F.stream).inputs.httpEndpointConfiguration;
    assert.deepStrictEqual([config.retryDuration, config.requestConfiguration, config.accessKey], [300, { contentEncoding: "NONE", commonAttributes: [] }, undefined]);
  });

  it("logs-vendor-a on a redis slow log: the API key as access key, the default intake", async () => {
    const r = await run(() => new RedisCluster("cache", {
      instanceSize: "cache.t4g.micro", defaultUserPassword: "Correct-Horse-Battery-1",
      logging: { logForwarding: { type: "logs-vendor-a", properties: { apiKey: "dd-key" } } },
    }));
    const config = revealed(r.one(F.stream).inputs.httpEndpointConfiguration) as any;
    assert.deepStrictEqual([config.url, config.accessKey], ["https://aws-kinesis-http-intake.logs.datadoghq.com/v1/input", "dd-key"]);
    assert.strictEqual(r.one(F.filter).inputs.logGroup, r.byName("cache-slow-log")!.state.name);
  });

  it("logs-vendor-b on the Next.js server logs: the project id as a common attribute", async () => {
    exampleBuild();
    const r = await run(() => new NextjsWeb("web", {
      appDirectory: EXAMPLE_APP,
      serverFunction: { logging: { logForwarding: { type: "logs-vendor-b", properties: { projectId: "p-42" } } } },
    }));
    const config = r.one(F.stream).inputs.httpEndpointConfiguration;
    assert.strictEqual(config.url, "https://pub.highlight.io/v1/logs/firehose");
    assert.deepStrictEqual(config.requestConfiguration.commonAttributes, [{ name: "x-highlight-project", value: "p-42" }]);
    assert.strictEqual(r.one(F.filter).inputs.logGroup, r.byName("web-server-log-group")!.state.name);
  });

  it("the failed-records bucket name: lower case, at most 63 characters, stable", () => {
    const long = failedLogsBucketName("A-Very-Long-Project-Name-For-Testing-Purposes-prod", "mySuperLongResourceName", "123456789012", "us-east-1");
    assert.ok(long.length <= 63 && long === long.toLowerCase() && /-logs-[0-9a-f]{8}$/.test(long), long);
    assert.strictEqual(failedLogsBucketName("p-s", "r", "123456789012", "us-east-1"), failedLogsBucketName("p-s", "r", "123456789012", "us-east-1"));
    assert.notStrictEqual(failedLogsBucketName("p-s", "r", "123456789012", "us-east-1"), failedLogsBucketName("p-s", "r2", "123456789012", "us-east-1"));
  });

  it("the failed-records bucket name differs by account and region (S3 names are global), keeping the spec's shape", () => {
    const a = failedLogsBucketName("shop-prod", "api", "111111111111", "us-east-1");
    const b = failedLogsBucketName("shop-prod", "api", "222222222222", "us-east-1");
    const c = failedLogsBucketName("shop-prod", "api", "111111111111", "eu-west-1");
    assert.strictEqual(new Set([a, b, c]).size, 3);
    for (const n of [a, b, c]) assert.match(n, /^shop-prod-api-logs-[0-9a-f]{8}$/);
  });

  it("the failed-records bucket name is one S3 accepts whatever the project is called", () => {
    for (const project of ["xn--shop", "sthree-shop", "amzn-s3-demo-shop", "Shop..Dots", "---"]) {
      const n = failedLogsBucketName(`${project}-prod`, "api", "123456789012", "us-east-1");
      assert.match(n, /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/, n);
      assert.ok(!/^(xn--|sthree-|amzn-s3-demo-)/.test(n) && !n.includes("--"), n);
    }
  });

  it("YAML: type-specific properties are checked, and forwarding needs logs", () => {
    const yaml = (logging: string) => `resources:\n  api:\n    type: http-api-gateway\n    properties:\n      logging:\n${logging}`;
    const problems = (t: string) => analyzeStackfile("s.yaml", t).problems.map(formatProblem);
    assert.deepStrictEqual(problems(yaml("        logForwarding:\n          type: logs-vendor-a\n          properties: {}\n")), [
      "s.yaml:8:23: properties is missing the required property 'apiKey'",
    ]);
    assert.deepStrictEqual(problems(yaml("        logForwarding:\n          type: http-endpoint\n          properties:\n            endpointUrl: http://logs.example.com\n")), [
      's.yaml:9:26: endpointUrl the string "http://logs.example.com" does not match ^https://',
    ]);
    assert.deepStrictEqual(problems(yaml("        logForwarding:\n          type: http-endpoint\n          properties: { endpointUrl: https://l.example.com, retryDuration: 7201 }\n")), [
      "s.yaml:8:76: retryDuration must be at most 7200 (it is 7201); allowed: 0 to 7200",
    ]);
    assert.match(problems(yaml("        logForwarding:\n          type: logs-vendor-a\n          properties: { apiKey: k, endpointUrl: http://eu.example.com }\n"))[0], /endpointUrl the string "http:\/\/eu.example.com" does not match \^https:\/\//);
    assert.match(problems(yaml("        logForwarding:\n          type: logs-vendor-c\n          properties: {}\n"))[0], /s.yaml:7:17: type must be one of http-endpoint, logs-vendor-a, logs-vendor-b, not the string "logs-vendor-c"; did you mean logs-vendor-a\?/);
    assert.deepStrictEqual(problems(yaml("        disabled: true\n        logForwarding:\n          type: logs-vendor-b\n          properties: { projectId: x }\n")), [
      "s.yaml:7:9: logForwarding needs the logs it forwards, but logging.disabled is true; remove disabled or logForwarding",
    ]);
  });
});
