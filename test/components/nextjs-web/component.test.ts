import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import { createHash } from "crypto";
import { NextjsWeb, type NextjsWebArgs } from "../../../src/components/nextjs-web";
import { IMMUTABLE, REVALIDATE } from "../../../src/components/nextjs-web/assets";
import { NEXT_CACHE_KEY_HEADERS, MANAGED } from "../../../src/components/nextjs-web/cdn";
import { run, outputValue, revealed, type Run } from "../../harness";
import { EXAMPLE_APP, exampleBuild } from "../../nextjs-fixture";

const W = {
  bucket: "aws:s3/bucket:Bucket",
  pab: "aws:s3/bucketPublicAccessBlock:BucketPublicAccessBlock",
  bucketPolicy: "aws:s3/bucketPolicy:BucketPolicy",
  fn: "aws:lambda/function:Function",
  url: "aws:lambda/functionUrl:FunctionUrl",
  permission: "aws:lambda/permission:Permission",
  queue: "aws:sqs/queue:Queue",
  esm: "aws:lambda/eventSourceMapping:EventSourceMapping",
  table: "aws:dynamodb/table:Table",
  invocation: "aws:lambda/invocation:Invocation",
  oac: "aws:cloudfront/originAccessControl:OriginAccessControl",
  cachePolicy: "aws:cloudfront/cachePolicy:CachePolicy",
  cfFunction: "aws:cloudfront/function:Function",
  distribution: "aws:cloudfront/distribution:Distribution",
  assets: "pulumi-nodejs:dynamic/stackfile:AssetSync",
  invalidation: "pulumi-nodejs:dynamic/stackfile:CloudFrontInvalidation",
  rolePolicy: "aws:iam/rolePolicy:RolePolicy",
  logGroup: "aws:cloudwatch/logGroup:LogGroup",
};

describe("NextjsWeb (the example app, built by OpenNext)", function () {
  this.timeout(300000);
  let web: NextjsWeb | undefined;
  let r: Run<unknown>;
  const make = (args: Partial<NextjsWebArgs> = {}, opts = {}) =>
    run(() => { web = new NextjsWeb("web", { appDirectory: EXAMPLE_APP, ...args }); }, opts);
  const policyOf = (rr: Run<unknown>, id: string) => JSON.parse(rr.byName(`web-${id}-policy`)!.inputs.policy).Statement;

  before(async () => {
    exampleBuild();
    r = await make({ environment: [{ name: "GREETING", value: "hello" }] });
  });

  it("keeps the assets in a private bucket only this distribution can read", () => {
    assert.deepStrictEqual(
      (({ blockPublicAcls, blockPublicPolicy, ignorePublicAcls, restrictPublicBuckets }) => ({ blockPublicAcls, blockPublicPolicy, ignorePublicAcls, restrictPublicBuckets }))(r.one(W.pab).inputs),
      { blockPublicAcls: true, blockPublicPolicy: true, ignorePublicAcls: true, restrictPublicBuckets: true },
    );
    const [statement] = JSON.parse(r.one(W.bucketPolicy).inputs.policy).Statement;
    assert.deepStrictEqual(statement.Principal, { Service: "cloudfront.amazonaws.com" });
    assert.strictEqual(statement.Resource, `${r.one(W.bucket).state.arn}/_assets/*`);
    assert.deepStrictEqual(statement.Condition, { StringEquals: { "AWS:SourceArn": r.one(W.distribution).state.arn } });
    const s3Origin = originsOf(r).find((o: any) => o.originId === "s3");
    assert.deepStrictEqual(
      { domain: s3Origin.domainName, path: s3Origin.originPath, oac: s3Origin.originAccessControlId },
      { domain: r.one(W.bucket).state.bucketRegionalDomainName, path: "/_assets", oac: r.byName("web-s3-access-control")!.id },
    );
    assert.strictEqual(r.byName("web-s3-access-control")!.inputs.originAccessControlOriginType, "s3");
  });

  it("a missing asset or source image is a 404, not a 403: CloudFront and the image optimizer may list the bucket", () => {
    const statements = JSON.parse(r.one(W.bucketPolicy).inputs.policy).Statement;
    const list = statements.find((s: any) => s.Action === "s3:ListBucket");
    assert.ok(list, "the bucket policy lets CloudFront list the bucket");
    assert.deepStrictEqual(
      { p: list.Principal, r: list.Resource, c: list.Condition },
      { p: { Service: "cloudfront.amazonaws.com" }, r: r.one(W.bucket).state.arn, c: { StringEquals: { "AWS:SourceArn": r.one(W.distribution).state.arn } } },
    );
    const image = policyOf(r, "image").find((s: any) => s.Action.includes("s3:ListBucket"));
    assert.ok(image, "the image optimizer's role may list the bucket");
    assert.deepStrictEqual(image.Resource, [r.one(W.bucket).state.arn]);
  });

  it("syncs every static file with one resource: keys, hashes, cache headers", () => {
    const assets = r.one(W.assets).inputs;
    const files = assets.files as { key: string; hash: string; headers: Record<string, string> }[];
    const onDisk = fs.readdirSync(path.join(EXAMPLE_APP, ".open-next/assets/_next/static"), { recursive: true }).length;
    assert.ok(files.length > 10 && onDisk > 0);
    const chunk = files.find((f) => f.key.startsWith("_assets/_next/static/"))!;
    assert.strictEqual(chunk.headers["cache-control"], IMMUTABLE);
    assert.strictEqual(files.find((f) => f.key === "_assets/BUILD_ID")!.headers["cache-control"], REVALIDATE);
    assert.ok(files.some((f) => f.key.startsWith("_cache/")), "the ISR cache is uploaded too");
    assert.deepStrictEqual(assets.keepPrefixes, ["_assets/_next/static/"]);
    assert.strictEqual(assets.bucket, r.one(W.bucket).state.bucket);
    assert.strictEqual(assets.baseDir, path.relative(process.cwd(), EXAMPLE_APP));
    assert.ok(files.every((f) => /^[0-9a-f]{64}$/.test(f.hash)));
  });

  it("runs the server on nodejs22.x with the spec's defaults and the env vars OpenNext needs plus `environment`", () => {
    const server = r.byName("web-server-function")!.inputs;
    assert.deepStrictEqual(
      { runtime: server.runtime, arch: server.architectures, mem: server.memorySize, timeout: server.timeout, handler: server.handler },
      { runtime: "nodejs22.x", arch: ["arm64"], mem: 1024, timeout: 30, handler: "stackfile-server.handler" },
    );
    const env = server.environment.variables;
    const secret = r.byName("web-origin-secret")!.state.value;
    assert.deepStrictEqual(env, {
      GREETING: "hello",
      STACKFILE_ORIGIN_SHA256: createHash("sha256").update(secret).digest("hex"),
      CACHE_BUCKET_NAME: r.one(W.bucket).state.bucket,
      CACHE_BUCKET_KEY_PREFIX: "_cache",
      CACHE_BUCKET_REGION: "us-east-1",
      REVALIDATION_QUEUE_URL: r.one(W.queue).state.url,
      REVALIDATION_QUEUE_REGION: "us-east-1",
      CACHE_DYNAMO_TABLE: r.one(W.table).state.name,
    });
    assert.strictEqual(server.loggingConfig.logGroup, r.byName("web-server-log-group")!.state.name);
    assert.strictEqual(r.byName("web-server-log-group")!.inputs.retentionInDays, 180);
  });

  it("scopes the server role to the cache prefix, the queue and the table", () => {
    const statements = policyOf(r, "server");
    const bucketArn = r.one(W.bucket).state.arn;
    const byAction = (a: string) => statements.find((s: any) => s.Action.includes(a)).Resource;
    assert.deepStrictEqual(byAction("s3:PutObject"), [`${bucketArn}/_cache/*`]);
    assert.deepStrictEqual(byAction("sqs:SendMessage"), [r.one(W.queue).state.arn]);
    assert.deepStrictEqual(byAction("dynamodb:Query"), [r.one(W.table).state.arn, `${r.one(W.table).state.arn}/index/*`]);
    assert.ok(statements.every((s: any) => !s.Resource.includes("*")), "no statement on *");
  });

  it("serverFunction.memory and timeout reach the function; out-of-range values are refused", async () => {
    const rr = await make({ serverFunction: { memory: 2048, timeout: 10 } });
    const server = rr.byName("web-server-function")!.inputs;
    assert.deepStrictEqual([server.memorySize, server.timeout], [2048, 10]);
    assert.throws(() => new NextjsWeb("x", { appDirectory: EXAMPLE_APP, serverFunction: { memory: 100 } }), /memory must be at least 128/);
    assert.throws(() => new NextjsWeb("x", { appDirectory: EXAMPLE_APP, serverFunction: { memory: 10241 } }), /memory must be at most 10240/);
    assert.throws(() => new NextjsWeb("x", { appDirectory: EXAMPLE_APP, serverFunction: { timeout: 31 } }), /timeout must be at most 30/);
  });

  it("the image optimizer's URL takes IAM auth: only this distribution may invoke it (both actions), signed by an origin access control", () => {
    const distArn = r.one(W.distribution).state.arn;
    const url = r.byName("web-image-url")!.inputs;
    assert.deepStrictEqual([url.authorizationType, url.invokeMode], ["AWS_IAM", "BUFFERED"]);
    const perms = r.all(W.permission).filter((p) => p.name.startsWith("web-image-")).map((p) => p.inputs);
    assert.deepStrictEqual(perms.map((p) => p.action).sort(), ["lambda:InvokeFunction", "lambda:InvokeFunctionUrl"]);
    assert.ok(perms.every((p) => p.principal === "cloudfront.amazonaws.com" && p.sourceArn === distArn && p.function === r.byName("web-image-function")!.state.name));
    assert.strictEqual(r.byName("web-lambda-access-control")!.inputs.originAccessControlOriginType, "lambda");
  });

  it("the server's URL is public, invocable only through the URL, and CloudFront sends it the site's secret (no signing: bodies and Authorization pass)", () => {
    const url = r.byName("web-server-url")!.inputs;
    assert.deepStrictEqual([url.authorizationType, url.invokeMode], ["NONE", "BUFFERED"]);
    const perms = r.all(W.permission).filter((p) => p.name.startsWith("web-server-")).map((p) => p.inputs).sort((a, b) => a.action.localeCompare(b.action));
    assert.deepStrictEqual(perms.map((p) => [p.action, p.principal, p.functionUrlAuthType, p.invokedViaFunctionUrl]), [
      ["lambda:InvokeFunction", "*", undefined, true],
      ["lambda:InvokeFunctionUrl", "*", "NONE", undefined],
    ]);
    const origins = Object.fromEntries(originsOf(r).map((o: any) => [o.originId, o]));
    assert.strictEqual(origins.default.originAccessControlId, undefined, "no signing for the server");
    assert.deepStrictEqual(origins.default.customHeaders, [{ name: "x-stackfile-origin", value: r.byName("web-origin-secret")!.state.value }]);
    // Only the header's value is secret: the origins stay readable in a preview.
    const registered = (r.one(W.distribution).inputs.origins as any[]).find((o) => o.originId === "default");
    assert.ok(secretInputOf(registered.customHeaders[0].value), "the header value is secret in state");
    assert.ok(!secretInputOf(r.one(W.distribution).inputs.origins) && !secretInputOf(registered.domainName), "and nothing else");
  });

  it("runs image optimization on arm64 with its bucket prefix, reading only assets", () => {
    const image = r.byName("web-image-function")!.inputs;
    assert.deepStrictEqual(image.architectures, ["arm64"]);
    assert.deepStrictEqual(image.environment.variables, { BUCKET_NAME: r.one(W.bucket).state.bucket, BUCKET_KEY_PREFIX: "_assets" });
    assert.deepStrictEqual(policyOf(r, "image")[1], { Effect: "Allow", Action: ["s3:GetObject"], Resource: [`${r.one(W.bucket).state.arn}/_assets/*`] });
    assert.ok(fs.existsSync(path.join(EXAMPLE_APP, ".open-next/image-optimization-function/node_modules/@img/sharp-linux-arm64")), "sharp is the arm64 build");
  });

  it("revalidates through a FIFO queue and a function fed 5 messages at a time", () => {
    assert.strictEqual(r.one(W.queue).inputs.fifoQueue, true);
    const esm = r.one(W.esm).inputs;
    assert.deepStrictEqual([esm.eventSourceArn, esm.functionName, esm.batchSize], [r.one(W.queue).state.arn, r.byName("web-revalidation-function")!.state.name, 5]);
    // OpenNext answers with the pages it failed to revalidate; without this, Lambda deletes the whole batch.
    assert.deepStrictEqual(esm.functionResponseTypes, ["ReportBatchItemFailures"]);
  });

  it("keeps tags in DynamoDB (tag/path, GSI revalidate) and seeds it once per build content", async () => {
    const t = r.one(W.table).inputs;
    assert.deepStrictEqual([t.hashKey, t.rangeKey, t.billingMode], ["tag", "path", "PAY_PER_REQUEST"]);
    assert.deepStrictEqual(t.globalSecondaryIndexes, [{ name: "revalidate", hashKey: "path", rangeKey: "revalidatedAt", projectionType: "ALL" }]);
    const inv = r.one(W.invocation).inputs;
    assert.strictEqual(inv.functionName, r.byName("web-seeder-function")!.state.name);
    assert.deepStrictEqual(JSON.parse(inv.input), { RequestType: "Create" });
    assert.match(inv.triggers.content, /^[0-9a-f]{64}$/);
    const again = await make({ environment: [{ name: "GREETING", value: "hello" }] });
    assert.deepStrictEqual(again.one(W.invocation).inputs.triggers, inv.triggers, "same build, same trigger");
    assert.strictEqual(again.one(W.invalidation).inputs.key, r.one(W.invalidation).inputs.key);
  });

  it("makes CloudFront behaviors from open-next.output.json, with the Next.js cache key and all methods on server behaviors (GET and HEAD on the image optimizer's)", () => {
    const d = r.one(W.distribution).inputs;
    const output = exampleBuild().output;
    assert.deepStrictEqual(d.orderedCacheBehaviors.map((b: any) => `${b.pathPattern} ${b.targetOriginId}`),
      output.behaviors.filter((b) => b.pattern !== "*").map((b) => `/${b.pattern} ${b.origin}`));
    assert.strictEqual(d.defaultCacheBehavior.targetOriginId, "default");
    const serverPolicyId = r.byName("web-server-cache-policy")!.id;
    for (const b of [d.defaultCacheBehavior, ...d.orderedCacheBehaviors.filter((x: any) => x.targetOriginId !== "s3")]) {
      assert.deepStrictEqual(b.allowedMethods, b.targetOriginId === "imageOptimizer" ? ["GET", "HEAD"] : ["DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT"]);
      assert.strictEqual(b.cachePolicyId, serverPolicyId);
      assert.strictEqual(b.originRequestPolicyId, MANAGED.allViewerExceptHostHeader);
      assert.deepStrictEqual(b.functionAssociations, [{ eventType: "viewer-request", functionArn: r.one(W.cfFunction).state.arn }]);
    }
    const s3Behavior = d.orderedCacheBehaviors.find((b: any) => b.targetOriginId === "s3");
    assert.strictEqual(s3Behavior.cachePolicyId, MANAGED.cachingOptimized);
    const policy = r.byName("web-server-cache-policy")!.inputs.parametersInCacheKeyAndForwardedToOrigin;
    assert.deepStrictEqual(policy.headersConfig, { headerBehavior: "whitelist", headers: { items: NEXT_CACHE_KEY_HEADERS } });
    assert.deepStrictEqual(policy.queryStringsConfig, { queryStringBehavior: "all" });
    assert.match(r.one(W.cfFunction).inputs.code, /request\.headers\["x-forwarded-host"\] = request\.headers\.host/);
    const origins = Object.fromEntries(originsOf(r).map((o: any) => [o.originId, o]));
    assert.strictEqual(origins.default.domainName, r.byName("web-server-url")!.state.functionUrl.replace("https://", "").replace(/\/$/, ""));
    assert.strictEqual(origins.imageOptimizer.originAccessControlId, r.byName("web-lambda-access-control")!.id);
  });

  it("invalidates the distribution with a digest of what it serves (build and environment values), made after the files and the server; outputs url", async () => {
    const inv = r.one(W.invalidation);
    assert.deepStrictEqual([inv.inputs.distributionId, inv.inputs.paths], [r.one(W.distribution).id, ["/*"]]);
    assert.match(inv.inputs.key, /^[0-9a-f]{64}$/);
    assert.ok(inv.dependsOn.includes("web-assets") && inv.dependsOn.includes("web-server-function"));
    const other = await make({ environment: [{ name: "GREETING", value: "bonjour" }] });
    assert.notStrictEqual(other.one(W.invalidation).inputs.key, inv.inputs.key, "a new environment value invalidates");
    const back = await make({ environment: [{ name: "GREETING", value: "hello" }] });
    assert.strictEqual(back.one(W.invalidation).inputs.key, inv.inputs.key, "the same content has the same digest (the provider still makes a new request for it after a change)");
    // Headers of the static files are served too: a fileOptions change invalidates.
    const headers = await make({ environment: [{ name: "GREETING", value: "hello" }], fileOptions: [{ includePattern: "*.ico", headers: [{ key: "cache-control", value: "public, max-age=60" }] }] });
    assert.notStrictEqual(headers.one(W.invalidation).inputs.key, inv.inputs.key, "new headers of static files invalidate");
    assert.strictEqual(await outputValue(web!.url), `https://${r.one(W.distribution).state.domainName}`);
  });

  it("updates the server only after the asset sync has uploaded the new files", () => {
    assert.ok(r.byName("web-server-function")!.dependsOn.includes("web-assets"));
  });

  it("takes Output values in environment", async () => {
    const rr = await make({ environment: [{ name: "API", value: pulumi.output("https://api.example.com") }] });
    assert.strictEqual(rr.byName("web-server-function")!.inputs.environment.variables.API, "https://api.example.com");
  });

  it("registers the same resources in preview", async () => {
    const preview = await make({}, { preview: true });
    assert.deepStrictEqual(preview.resources.map((x) => x.name).sort(), r.resources.map((x) => x.name).sort());
  });

  it("refuses a failing build with the app and the command named, and a missing app", async () => {
    await assert.rejects(run(() => new NextjsWeb("x", { appDirectory: EXAMPLE_APP, buildCommand: "echo building; exit 3" })),
      (e: Error) => e instanceof pulumi.RunError && /NextjsWeb 'x': the build of .*nextjs-app failed: `echo building; exit 3` exited with 3; its output is above/.test(e.message));
    assert.throws(() => new NextjsWeb("x", { appDirectory: "/nonexistent/app" }), /appDirectory \/nonexistent\/app does not exist/);
  });
});

describe("NextjsWeb resource count", function () {
  this.timeout(300000);

  it("is the same for the example app and for one with 2,000 more static files", async () => {
    const build = exampleBuild();
    const count = async (appDirectory: string, buildCommand?: string) => {
      const r = await run(() => new NextjsWeb("web", { appDirectory, buildCommand }));
      return { resources: r.resources.length, files: (r.one("pulumi-nodejs:dynamic/stackfile:AssetSync").inputs.files as unknown[]).length };
    };
    const base = await count(EXAMPLE_APP);
    // A custom build command: the example's OpenNext output plus 2,000 files in public/.
    const big = fs.mkdtempSync(path.join(EXAMPLE_APP, "..", ".count-app-"));
    try {
      fs.writeFileSync(path.join(big, "package.json"), "{}");
      const cmd = `cp -r "${path.join(build.appDir, ".open-next")}" . && mkdir -p .open-next/assets/files && ` +
        `for i in $(seq 1 2000); do echo "file $i" > .open-next/assets/files/$i.txt; done`;
      const many = await count(big, cmd);
      assert.strictEqual(many.files, base.files + 2000);
      assert.strictEqual(many.resources, base.resources);
    } finally {
      fs.rmSync(big, { recursive: true, force: true });
    }
  });
});

/** The distribution's origins, the server's secret header revealed. */
function originsOf(rr: Run<unknown>): any[] {
  return revealed(rr.one(W.distribution).inputs.origins) as any[];
}

/** Whether a registered input is a secret (the SDK marks the whole top-level input). */
function secretInputOf(v: unknown): boolean {
  return typeof v === "object" && v !== null && "4dabf18193072939515e22adb298388d" in v;
}
