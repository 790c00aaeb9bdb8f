import * as fs from "fs";
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import type { NextjsWebProperties } from "./properties";
import type { NextjsWebChildId } from "./child-ids";
import { buildNextApp, BuildError, type BuildResult } from "./build";
import { assetManifest, hashFile } from "./assets";
import { cloudFrontInvokePermissions, createFunction, functionUrl, type PolicyStatement, type SiteScope } from "./functions";
import { OpenNextOutputError, createSiteCdn, urlHost } from "./cdn";
import { AssetSync, Invalidation } from "./dynamic-resources";
import { cloudFrontAliasRecords, cloudFrontCertificate, viewerCertificate } from "../../shared/cloudfront-domains";
import { registry } from "../../config/registry";
import { edgeProblems } from "./rules";
import { checkProperties } from "../../config/check-properties";
import { withDefaults } from "../../config/schema";
import { knownView } from "../../shared/known";
import { withFittedNames } from "../../shared/fit-names";
import { argumentsError } from "../../shared/component-error";
import { childArgs, childName, type ChildTransforms } from "../../shared/children";
import { defaultVpc } from "../../shared/default-vpc";
import { connectionEnvironment, connectionStatements, connectNetwork, resolveConnections, type ConnectToEntry } from "./connections";
import { forwardLogs } from "../../shared/log-forwarding";
import type { DeepInput } from "../../shared/inputs";

export interface NextjsWebArgs extends Omit<DeepInput<NextjsWebProperties>, "connectTo"> {
  /**
   * Resources the server uses: this stack's (a RedisCluster), `@pulumi/aws`
   * resources of the spec's table, `{ name, target }` for plain descriptions,
   * or "aws:ses". Variables are named STP_<NAME>_<VAR>.
   */
  connectTo?: ConnectToEntry[];
  /** Adjusts a child's arguments before it is created, by child id (see the class docs). */
  transform?: ChildTransforms<NextjsWebChildId>;
}

const TOKEN = "stackfile:index:NextjsWeb";
/** The longest name prefix of a FIFO queue: 80 - 26 unique characters - ".fifo". */
const SQS_PREFIX_MAX = 49;
/** Days the logs of the helper functions (image, revalidation, seeding) are kept. */
const HELPER_LOG_DAYS = 30;

type Normalized = DeepInput<Required<NextjsWebProperties>> & {
  serverFunction: DeepInput<Required<NonNullable<NextjsWebProperties["serverFunction"]>>> & {
    logging: DeepInput<Required<NonNullable<NonNullable<NextjsWebProperties["serverFunction"]>["logging"]>>>;
  };
};

/**
 * A Next.js app built with OpenNext: a server function and an image
 * optimization function behind CloudFront, static files in a private bucket
 * (synced by one resource), ISR revalidation through an SQS FIFO queue, and the
 * DynamoDB tag cache, seeded once per build.
 *
 * The build runs in the constructor (and in `stackfile plan`) and is skipped
 * when the app's sources have not changed. Children: see `child-ids.ts`.
 *
 * @example
 * const web = new NextjsWeb("web", {
 *   appDirectory: "./app",
 *   environment: [{ name: "API_URL", value: api.url }],
 * });
 * export const url = web.url;
 */
export class NextjsWeb extends pulumi.ComponentResource {
  /** The site's URL (the CDN's). */
  public readonly url: pulumi.Output<string>;
  public readonly distribution: aws.cloudfront.Distribution;
  public readonly serverFunction: aws.lambda.Function;
  public readonly bucket: aws.s3.Bucket;
  public readonly build: BuildResult;
  /** The server function's security group (with joinDefaultVpc): what connected resources let in. */
  public readonly serverSecurityGroupId?: pulumi.Output<string>;

  constructor(name: string, args: NextjsWebArgs, opts?: pulumi.ComponentResourceOptions) {
    const { transform, connectTo = [], ...props } = args;
    const problems = checkProperties(registry["nextjs-web"], knownView(props) as Record<string, unknown>);
    const connections = resolveConnections(connectTo);
    const vpcOnly = connections.filter((c) => c.vpcOnly).map((c) => c.name);
    if (props.useEdgeFunction === true) {
      // The static rules named the other conflicts; these need the targets.
      problems.push(...edgeProblems({ useEdgeFunction: true }, connections.flatMap((c, index) => (c.vpcOnly ? [{ index, name: c.name }] : []))).filter((p) => p.path[0] === "connectTo"));
    } else if (vpcOnly.length && props.joinDefaultVpc !== true) {
      problems.push({
        path: ["connectTo"],
        message: `${vpcOnly.join(", ")} ${vpcOnly.length > 1 ? "are" : "is"} reachable only inside the VPC`,
        hint: "set joinDefaultVpc: true",
      });
    }
    if (problems.length) throw argumentsError("NextjsWeb", name, problems);
    const p = withDefaults("NextjsWebProperties", props) as unknown as Normalized;
    let build: BuildResult;
    try {
      build = buildNextApp(p.appDirectory as string, {
        buildCommand: p.buildCommand as string | undefined, streaming: p.streamingEnabled === true, edge: p.useEdgeFunction === true,
      });
    } catch (err) {
      if (err instanceof BuildError) throw new pulumi.RunError(`NextjsWeb '${name}': ${err.message}`);
      throw err;
    }
    const names = withFittedNames(opts);
    super(TOKEN, name, {}, names.opts);
    names.bind(this);
    this.build = build;
    for (const w of build.warnings) pulumi.log.warn(w, this);
    const scope: SiteScope = { parent: this, name, transforms: transform };
    const parent = { parent: this };
    const output = build.output;
    const bundle = (rel: string) => path.join(build.appDir, rel);
    const region = aws.getRegionOutput({}, parent).region;

    // Storage: the private bucket, reachable only through CloudFront.
    this.bucket = new aws.s3.Bucket(childName(name, "bucket"), childArgs(transform, "bucket", { forceDestroy: true }), parent);
    const bucket = this.bucket;
    new aws.s3.BucketPublicAccessBlock(childName(name, "bucketPublicAccessBlock"), childArgs(transform, "bucketPublicAccessBlock", {
      bucket: bucket.id, blockPublicAcls: true, blockPublicPolicy: true, ignorePublicAcls: true, restrictPublicBuckets: true,
    }), parent);
    const manifest = assetManifest(build.appDir, output, (p.fileOptions ?? []) as any);
    if (manifest.unmatched.length) {
      const sample = manifest.files.filter((f) => f.key.startsWith(`${output.origins.s3.originPath}/`)).map((f) => f.key.slice(output.origins.s3.originPath.length + 1));
      throw argumentsError("NextjsWeb", name, manifest.unmatched.map((i) => ({
        path: ["fileOptions", i, "includePattern"],
        message: `fileOptions[${i}].includePattern '${(p.fileOptions as any)[i].includePattern}' matches no static file of the build (${sample.length} files; for example ${[...new Set([...sample.filter((k) => !k.startsWith("_next/")).slice(0, 3), ...sample.slice(0, 1)])].join(", ")})`,
        hint: "a pattern without '/' matches file names at any depth (*.ico); one with '/' starts at the root of the static files (_next/static/**)",
      })));
    }
    const assets = new AssetSync(childName(name, "assets"), childArgs(transform, "assets", {
      bucket: bucket.bucket,
      region,
      baseDir: path.relative(process.cwd(), build.appDir) || ".",
      copies: manifest.copies,
      files: manifest.files,
      keepPrefixes: [`${output.origins.s3.originPath}/_next/static/`],
    }), { parent: this, dependsOn: [bucket] });

    // ISR: revalidation queue and the tag cache table.
    const queue = new aws.sqs.Queue(childName(name, "revalidationQueue"), childArgs(transform, "revalidationQueue", {
      // The provider adds 26 characters and .fifo to a prefix, within SQS's 80: a longer
      // prefix would fail, so the queue is then named like every other child.
      ...(`${name}-revalidation-`.length <= SQS_PREFIX_MAX ? { namePrefix: `${name}-revalidation-` } : {}),
      fifoQueue: true, receiveWaitTimeSeconds: 20,
    }), parent);
    const table = new aws.dynamodb.Table(childName(name, "tagTable"), childArgs(transform, "tagTable", {
      billingMode: "PAY_PER_REQUEST",
      hashKey: "tag",
      rangeKey: "path",
      pointInTimeRecovery: { enabled: true },
      attributes: [{ name: "tag", type: "S" }, { name: "path", type: "S" }, { name: "revalidatedAt", type: "N" }],
      globalSecondaryIndexes: [{ name: "revalidate", hashKey: "path", rangeKey: "revalidatedAt", projectionType: "ALL" }],
    }), parent);

    // Functions.
    let vpc: { subnetIds: pulumi.Output<string[]>; securityGroupIds: pulumi.Output<string>[] } | undefined;
    if (p.joinDefaultVpc === true) {
      const network = defaultVpc(this);
      const securityGroup = new aws.ec2.SecurityGroup(childName(name, "serverSecurityGroup"), childArgs(transform, "serverSecurityGroup", {
        description: `Server function of ${name}: no ingress`,
        vpcId: network.id,
        // Lambda's network interfaces have no public IP and no NAT is made, so
        // internet calls fail whatever this says; VPC peers and endpoints work.
        egress: [{ protocol: "-1", fromPort: 0, toPort: 0, cidrBlocks: ["0.0.0.0/0"], description: "Any (no route to the internet)" }],
        tags: { Name: `${name}-server` },
      }), parent);
      vpc = { subnetIds: network.subnetIds, securityGroupIds: [securityGroup.id] };
      this.serverSecurityGroupId = securityGroup.id;
      connectNetwork(scope, connections, securityGroup.id, { id: network.id });
    }
    const edge = p.useEdgeFunction === true;
    const server = createFunction(scope, {
      vpc, edge,
      id: "server", description: "Next.js server", bundleDir: bundle(output.origins.default.bundle), handler: output.origins.default.handler,
      memory: p.serverFunction.memory, timeout: p.serverFunction.timeout,
      logRetentionDays: p.serverFunction.logging.retentionDays, logsDisabled: p.serverFunction.logging.disabled === true,
      environment: pulumi.all([bucket.bucket, region, queue.url, table.name, envMap(p.environment), pulumi.all(connectionEnvironment(connections))]).apply(([b, r, q, t, env, connected]) => ({
        ...connected,
        ...env,
        CACHE_BUCKET_NAME: b, CACHE_BUCKET_KEY_PREFIX: "_cache", CACHE_BUCKET_REGION: r,
        REVALIDATION_QUEUE_URL: q, REVALIDATION_QUEUE_REGION: r, CACHE_DYNAMO_TABLE: t,
      })),
      statements: [
        { Action: ["s3:GetObject", "s3:PutObject", "s3:DeleteObject"], Resource: [pulumi.interpolate`${bucket.arn}/_cache/*`] },
        { Action: ["s3:ListBucket"], Resource: [bucket.arn] },
        { Action: ["sqs:SendMessage"], Resource: [queue.arn] },
        { Action: ["dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:DeleteItem", "dynamodb:BatchWriteItem", "dynamodb:Query"], Resource: [table.arn, pulumi.interpolate`${table.arn}/index/*`] },
        ...connectionStatements(connections),
        ...((p.iamRoleStatements ?? []) as PolicyStatement[]),
      ],
    });
    this.serverFunction = server.fn;
    const forwarding = p.serverFunction.logging.logForwarding;
    // (An edge server logs in every region; the rules refuse forwarding for it.)
    if (forwarding && server.logGroup && !edge) forwardLogs({ parent: this, name, transforms: transform }, server.logGroup, forwarding as any);
    const functionHosts: Record<string, pulumi.Input<string>> = {};
    const urlFunctions: [string, aws.lambda.Function][] = [];
    if (!edge) {
      functionHosts.default = urlHost(functionUrl(scope, "server", server.fn, output.origins.default.streaming === true).functionUrl);
      urlFunctions.push(["server", server.fn]);
    }

    const imageSpec = output.origins.imageOptimizer;
    if (imageSpec) {
      const image = createFunction(scope, {
        id: "image", description: "Next.js image optimization", bundleDir: bundle(imageSpec.bundle), handler: imageSpec.handler,
        memory: 1536, timeout: 25, logRetentionDays: HELPER_LOG_DAYS,
        environment: { BUCKET_NAME: bucket.bucket, BUCKET_KEY_PREFIX: output.origins.s3.originPath },
        statements: [{ Action: ["s3:GetObject"], Resource: [pulumi.interpolate`${bucket.arn}/${output.origins.s3.originPath}/*`] }],
      });
      functionHosts.imageOptimizer = urlHost(functionUrl(scope, "image", image.fn, false).functionUrl);
      urlFunctions.push(["image", image.fn]);
    }

    const warmerSpec = output.additionalProps?.warmer;
    if (p.warmServerInstances !== undefined && warmerSpec) {
      const warmer = createFunction(scope, {
        id: "warmer", description: "Next.js server warmer", bundleDir: bundle(warmerSpec.bundle), handler: warmerSpec.handler,
        memory: 128, timeout: 60, logRetentionDays: HELPER_LOG_DAYS,
        environment: {
          WARM_PARAMS: pulumi.jsonStringify([{ function: server.fn.name, concurrency: p.warmServerInstances }]),
        },
        statements: [{ Action: ["lambda:InvokeFunction"], Resource: [server.fn.arn] }],
      });
      const schedule = new aws.cloudwatch.EventRule(childName(name, "warmerSchedule"), childArgs(transform, "warmerSchedule", {
        description: `Keeps ${name}'s server instances warm`, scheduleExpression: "rate(5 minutes)",
      }), parent);
      new aws.cloudwatch.EventTarget(childName(name, "warmerTarget"), childArgs(transform, "warmerTarget", {
        rule: schedule.name, arn: warmer.fn.arn,
      }), parent);
      new aws.lambda.Permission(childName(name, "warmerPermission"), childArgs(transform, "warmerPermission", {
        function: warmer.fn.name, action: "lambda:InvokeFunction", principal: "events.amazonaws.com", sourceArn: schedule.arn,
      }), parent);
    }

    const revalidationSpec = output.additionalProps?.revalidationFunction;
    if (revalidationSpec) {
      const revalidation = createFunction(scope, {
        id: "revalidation", description: "Next.js ISR revalidation", bundleDir: bundle(revalidationSpec.bundle), handler: revalidationSpec.handler,
        memory: 128, timeout: 30, logRetentionDays: HELPER_LOG_DAYS, environment: {},
        statements: [{ Action: ["sqs:ReceiveMessage", "sqs:DeleteMessage", "sqs:GetQueueAttributes", "sqs:ChangeMessageVisibility"], Resource: [queue.arn] }],
      });
      new aws.lambda.EventSourceMapping(childName(name, "revalidationEventSource"), childArgs(transform, "revalidationEventSource", {
        eventSourceArn: queue.arn, functionName: revalidation.fn.name, batchSize: 5,
      }), parent);
    }

    const seederSpec = output.additionalProps?.initializationFunction;
    if (seederSpec) {
      const seeder = createFunction(scope, {
        id: "seeder", description: "Next.js tag cache seeding", bundleDir: bundle(seederSpec.bundle), handler: seederSpec.handler,
        memory: 256, timeout: 300, logRetentionDays: HELPER_LOG_DAYS, environment: { CACHE_DYNAMO_TABLE: table.name },
        statements: [{ Action: ["dynamodb:BatchWriteItem", "dynamodb:PutItem", "dynamodb:DescribeTable"], Resource: [table.arn] }],
      });
      // Seeded once per build content, never on the clock.
      const seedFile = path.join(bundle(seederSpec.bundle), "dynamodb-cache.json");
      new aws.lambda.Invocation(childName(name, "seederInvocation"), childArgs(transform, "seederInvocation", {
        functionName: seeder.fn.name,
        input: JSON.stringify({ RequestType: "Create" }),
        triggers: { content: fs.existsSync(seedFile) ? hashFile(seedFile) : build.sourceHash },
      }), parent);
    }

    // CDN.
    const s3AccessControl = new aws.cloudfront.OriginAccessControl(childName(name, "s3AccessControl"), childArgs(transform, "s3AccessControl", {
      description: `S3 of ${name}`, originAccessControlOriginType: "s3", signingBehavior: "always", signingProtocol: "sigv4",
    }), parent);
    const lambdaAccessControl = new aws.cloudfront.OriginAccessControl(childName(name, "lambdaAccessControl"), childArgs(transform, "lambdaAccessControl", {
      description: `Function URLs of ${name}`, originAccessControlOriginType: "lambda", signingBehavior: "always", signingProtocol: "sigv4",
    }), parent);
    const domains = cloudFrontCertificate({ parent: this, name, transforms: transform, prefix: "domain" }, p.customDomains ?? []);
    try {
      this.distribution = createSiteCdn(scope, output, {
        aliases: domains.names,
        viewerCertificate: viewerCertificate(domains),
        webAclId: p.useFirewall,
        bucketDomain: bucket.bucketRegionalDomainName,
        s3OriginPath: output.origins.s3.originPath,
        s3AccessControlId: s3AccessControl.id,
        lambdaAccessControlId: lambdaAccessControl.id,
        functionHosts,
        edgeServerArn: edge ? server.fn.qualifiedArn : undefined,
      });
    } catch (err) {
      if (err instanceof OpenNextOutputError) throw new pulumi.RunError(`NextjsWeb '${name}': ${err.message}`);
      throw err;
    }
    const distribution = this.distribution;
    cloudFrontAliasRecords(domains, distribution);
    for (const [id, fn] of urlFunctions) cloudFrontInvokePermissions(scope, id, fn, distribution.arn);
    new aws.s3.BucketPolicy(childName(name, "bucketPolicy"), childArgs(transform, "bucketPolicy", {
      bucket: bucket.id,
      policy: pulumi.jsonStringify({
        Version: "2012-10-17",
        Statement: [{
          Sid: "CloudFrontReadsAssets",
          Effect: "Allow",
          Principal: { Service: "cloudfront.amazonaws.com" },
          Action: "s3:GetObject",
          Resource: pulumi.interpolate`${bucket.arn}/${output.origins.s3.originPath}/*`,
          Condition: { StringEquals: { "AWS:SourceArn": distribution.arn } },
        }],
      }),
    }), parent);
    new Invalidation(childName(name, "invalidation"), childArgs(transform, "invalidation", {
      distributionId: distribution.id, paths: ["/*"], key: build.sourceHash,
    }), { parent: this, dependsOn: [assets, server.fn] });

    this.url = domains.names.length ? pulumi.output(`https://${domains.names[0]}`) : pulumi.interpolate`https://${distribution.domainName}`;
    this.registerOutputs({ url: this.url });
  }
}

function envMap(env: unknown): pulumi.Output<Record<string, string>> {
  const list = (Array.isArray(env) ? env : []) as { name: pulumi.Input<string>; value: pulumi.Input<string> }[];
  return pulumi.all(list.map((e) => pulumi.all([e.name, e.value]))).apply((pairs) => Object.fromEntries(pairs));
}
