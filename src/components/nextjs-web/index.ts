import { createHash } from "crypto";
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import type { NextjsFileOption, NextjsWebProperties } from "./properties";
import type { NEXTJS_WEB_CHILDREN } from "./child-ids";
import { buildNextApp, BuildError, type BuildResult } from "./build";
import { BUILD_SECRET_CONFIG } from "./build-keys";
import { cloudFrontInvokePermissions, type PolicyStatement, type SiteScope } from "./functions";
import { OpenNextOutputError, createSiteCdn, splitFunctionNames, type FunctionOrigin } from "./cdn";
import { Invalidation, type NextjsWebOwnChildArgs } from "./dynamic-resources";
import { NO_ROUTE_ENV, SERVER_WRAPPER_DIGEST } from "./server-package";
import { createStorage, type SiteStorage } from "./storage";
import { createServer } from "./server";
import { createHelpers } from "./helpers";
import { cloudFrontAliasRecords, cloudFrontCertificate, viewerCertificate } from "../../shared/domains/cloudfront-domains";
import { nextjsWebDefinition } from "./definition";
import { edgeProblems } from "./rules";
import { checkProperties } from "../../shared/schema/check-properties";
import { withDefaults } from "../../shared/schema/schema";
import { knownView } from "../../shared/component/known";
import { componentOptions } from "../../shared/component/component-options";
import { argumentsError } from "../../shared/component/component-error";
import { childInputs, childName, type ChildTransforms } from "../../shared/component/children";
import { awsAccessOf } from "../../shared/aws-naming/aws-provider-settings";
import {
  connectionEnvironment, connectionProblems, connectionStatements, joinDefaultVpc, resolveConnections, type ConnectToEntry, type ResolvedConnection, type DefaultVpcEndpointsArg,
} from "../../shared/workloads/workload-connections";
import { forwardLogs } from "../../shared/logging/log-forwarding";
import { environmentMap, mergeEnvironments, resolvedEnvironment, type EnvironmentMap } from "../../shared/workloads/environment";
import type { DeepInput } from "../../shared/component/inputs";
import { measureServerPackage } from "./server-package";
import { claimAppDirectory } from "./app-directory-claim";

export interface NextjsWebArgs extends Omit<DeepInput<NextjsWebProperties>, "connectTo">, DefaultVpcEndpointsArg {
  /**
   * Resources the server uses: this stack's (a RedisCluster), `@pulumi/aws`
   * resources of the spec's table, `{ name, target }` for plain descriptions,
   * or "aws:ses". Variables are named STP_<NAME>_<VAR>.
   */
  connectTo?: ConnectToEntry[];
  /** Adjusts a child's arguments before it is created, by child id (see the class docs). */
  transform?: ChildTransforms<typeof NEXTJS_WEB_CHILDREN, NextjsWebOwnChildArgs>;
}

const TOKEN = "stackfile:index:NextjsWeb";

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
    const { transform, connectTo = [], defaultVpcEndpoints, ...props } = args;
    const problems = checkProperties(nextjsWebDefinition, knownView(props) as Record<string, unknown>);
    const connections = resolveConnections(connectTo);
    if (props.useEdgeFunction === true) {
      // The static rules named the other conflicts; these need the targets.
      problems.push(...edgeProblems({ useEdgeFunction: true }, connections.flatMap((c, index) => (c.vpcOnly ? [{ index, name: c.name }] : []))).filter((p) => p.path[0] === "connectTo"));
    } else {
      problems.push(...connectionProblems(connections, props.joinDefaultVpc === true));
    }
    if (problems.length) throw argumentsError("NextjsWeb", name, problems);
    const p = withDefaults("NextjsWebProperties", props) as unknown as Normalized;
    let build: BuildResult;
    try {
      const settings = { buildCommand: p.buildCommand as string | undefined, streaming: p.streamingEnabled === true, edge: p.useEdgeFunction === true };
      claimAppDirectory(name, p.appDirectory as string, settings);
      // The stack's build secret (`pulumi config set --secret stackfile:buildSecret ...`), read as the program starts.
      build = buildNextApp(p.appDirectory as string, { ...settings, label: name, configSecret: pulumi.runtime.getConfig(BUILD_SECRET_CONFIG) });
      // Past 250 MB unzipped no upload helps: refused here, naming the heaviest folders.
      if (!settings.edge) {
        for (const [key, origin] of Object.entries(build.output.origins)) {
          const fn = origin as { type?: string; bundle?: string };
          if (key !== "imageOptimizer" && fn.type === "function" && typeof fn.bundle === "string") measureServerPackage(path.join(build.appDir, fn.bundle), fn.bundle);
        }
      }
    } catch (err) {
      if (err instanceof BuildError) throw new pulumi.RunError(`NextjsWeb '${name}': ${err.message}`);
      throw err;
    }
    const names = componentOptions(opts);
    super(TOKEN, name, {}, names.opts);
    names.bind(this);
    this.build = build;
    for (const w of build.warnings) pulumi.log.warn(w, this);
    const scope: SiteScope = { parent: this, name, transforms: transform };
    const parent = { parent: this };
    const output = build.output;
    const region = aws.getRegionOutput({}, parent).region;
    const edge = p.useEdgeFunction === true;
    // The deploy-time steps use the account, role and endpoints of this component's AWS provider.
    const access = awsAccessOf(this);
    void access.warning?.then((w) => {
      if (w) pulumi.log.warn(w, this);
    });

    const storage = createStorage(scope, build, (p.fileOptions ?? []) as NextjsFileOption[], region, access);
    this.bucket = storage.bucket;
    const vpc = p.joinDefaultVpc === true ? this.joinVpc(scope, connections, defaultVpcEndpoints) : undefined;
    const environment = serverEnvironment(storage, region, envMap(p.environment), connections, vpc !== undefined);
    const serverSpec = {
      build, edge, vpc, environment, codeBucket: storage.bucket.id,
      memory: p.serverFunction.memory, timeout: p.serverFunction.timeout,
      logRetentionDays: p.serverFunction.logging.retentionDays, logsDisabled: p.serverFunction.logging.disabled === true,
      statements: serverStatements(storage, connections, (p.iamRoleStatements ?? []) as PolicyStatement[]),
      // New code goes live only once the static files it names are uploaded.
      dependsOn: [storage.assets],
    };
    const server = createServer(scope, serverSpec);
    this.serverFunction = server.fn;
    // OpenNext's split functions (`functions` in open-next.config.ts): each one a regional
    // function of its own with the server's settings, reached through its behaviors.
    let splitNames: string[];
    try {
      splitNames = splitFunctionNames(output);
    } catch (err) {
      if (err instanceof OpenNextOutputError) throw new pulumi.RunError(`NextjsWeb '${name}': ${err.message}`);
      throw err;
    }
    const splits = splitNames.map((key) => ({ key, server: createServer(scope, serverSpec, key) }));
    const forwarding = p.serverFunction.logging.logForwarding;
    // (An edge server logs in every region; the rules refuse forwarding for it.)
    if (forwarding && server.logGroup && !edge) forwardLogs({ parent: this, name, transforms: transform }, server.logGroup, forwarding as any);
    const helpers = createHelpers(scope, build, storage, server.fn, p.warmServerInstances);

    // CDN.
    const s3AccessControl = new aws.cloudfront.OriginAccessControl(...childInputs(transform, "s3AccessControl",childName(name, "s3AccessControl"), {
      description: `S3 of ${name}`, originAccessControlOriginType: "s3", signingBehavior: "always", signingProtocol: "sigv4",
    }, parent));
    const functionOrigins: Record<string, FunctionOrigin> = {};
    if (server.origin) functionOrigins.default = server.origin;
    for (const split of splits) functionOrigins[split.key] = split.server.origin!;
    if (helpers.image) {
      // The image optimizer answers GET only: CloudFront signs for it (the URL takes IAM auth).
      const lambdaAccessControl = new aws.cloudfront.OriginAccessControl(...childInputs(transform, "lambdaAccessControl",childName(name, "lambdaAccessControl"), {
        description: `Image optimizer URL of ${name}`, originAccessControlOriginType: "lambda", signingBehavior: "always", signingProtocol: "sigv4",
      }, parent));
      functionOrigins.imageOptimizer = { host: helpers.image.host, accessControlId: lambdaAccessControl.id };
    }
    const domains = cloudFrontCertificate({ parent: this, name, transforms: transform, prefix: "domain" }, p.customDomains ?? []);
    try {
      this.distribution = createSiteCdn(scope, output, {
        aliases: domains.names,
        viewerCertificate: viewerCertificate(domains),
        webAclId: p.useFirewall,
        bucketDomain: storage.bucket.bucketRegionalDomainName,
        s3OriginPath: output.origins.s3.originPath,
        s3AccessControlId: s3AccessControl.id,
        functionOrigins,
        edgeServerArn: server.edgeArn,
        // The edge server's policy names its log group, so it is made after the function: CloudFront waits for it.
        dependsOn: server.edgeArn && server.policy ? [server.policy] : undefined,
      });
    } catch (err) {
      if (err instanceof OpenNextOutputError) throw new pulumi.RunError(`NextjsWeb '${name}': ${err.message}`);
      throw err;
    }
    const distribution = this.distribution;
    cloudFrontAliasRecords(domains, distribution);
    if (helpers.image) cloudFrontInvokePermissions(scope, "image", helpers.image.fn, distribution.arn);
    new aws.s3.BucketPolicy(...childInputs(transform, "bucketPolicy",childName(name, "bucketPolicy"), {
      bucket: storage.bucket.id,
      policy: pulumi.jsonStringify({
        Version: "2012-10-17",
        Statement: [{
          Sid: "CloudFrontReadsAssets",
          Effect: "Allow",
          Principal: { Service: "cloudfront.amazonaws.com" },
          Action: "s3:GetObject",
          Resource: pulumi.interpolate`${storage.bucket.arn}/${output.origins.s3.originPath}/*`,
          Condition: { StringEquals: { "AWS:SourceArn": distribution.arn } },
        }, {
          // Without s3:ListBucket S3 answers a missing key with 403 AccessDenied, not 404
          // (GetObject API reference, "Permissions"; CloudFront Developer Guide,
          // "Restrict access to an Amazon S3 origin"): removed chunks and public files must be 404.
          Sid: "CloudFrontSeesMissingAssets",
          Effect: "Allow",
          Principal: { Service: "cloudfront.amazonaws.com" },
          Action: "s3:ListBucket",
          Resource: storage.bucket.arn,
          Condition: { StringEquals: { "AWS:SourceArn": distribution.arn } },
        }],
      }),
    }, parent));
    // Every deploy that changes what the site serves (its build, or a value of its
    // environment) invalidates the CDN's cache; one that changes nothing does not.
    new Invalidation(...childInputs(transform, "invalidation",childName(name, "invalidation"), {
      distributionId: distribution.id, paths: ["/*"], key: servedContentKey(build, storage.assetsDigest, resolvedEnvironment(environment)), region, aws: access.settings,
    }, { parent: this, dependsOn: [storage.assets, server.fn, ...splits.map((x) => x.server.fn)] }), access);

    this.url = domains.names.length ? pulumi.output(`https://${domains.names[0]}`) : pulumi.interpolate`https://${distribution.domainName}`;
    this.registerOutputs({ url: this.url });
  }

  /** The server in the default VPC: its own security group, subnets Lambda serves, endpoints for S3 and DynamoDB. */
  private joinVpc(scope: SiteScope, connections: ResolvedConnection[], endpoints: NextjsWebArgs["defaultVpcEndpoints"]) {
    const placed = joinDefaultVpc(scope, connections, {
      securityGroupId: "serverSecurityGroup", description: `Server function of ${scope.name}: no ingress`, tagName: `${scope.name}-server`,
      workload: `the server function of ${scope.name}`,
      // The site's bucket and tag table are reached through gateway endpoints.
      ownEndpoints: ["s3", "dynamodb"],
      endpoints,
    });
    (this as { serverSecurityGroupId?: pulumi.Output<string> }).serverSecurityGroupId = placed.securityGroupId;
    return { subnetIds: placed.subnetIds, securityGroupIds: placed.securityGroupIds };
  }
}

/** The server's variables: connectTo's, the site's, and OpenNext's (which the rules keep the site's from redefining). */
function serverEnvironment(
  storage: SiteStorage, region: pulumi.Input<string>, env: EnvironmentMap | pulumi.Output<Record<string, string>>, connections: ResolvedConnection[], inVpc: boolean,
): EnvironmentMap | pulumi.Output<Record<string, string>> {
  const { bucket, queue, table } = storage;
  // A plain map (shared/workloads/environment.ts): a $Secret value stays secret alone.
  return mergeEnvironments(connectionEnvironment(connections), env, {
    CACHE_BUCKET_NAME: bucket.bucket, CACHE_BUCKET_KEY_PREFIX: "_cache", CACHE_BUCKET_REGION: region,
    REVALIDATION_QUEUE_URL: queue.url, REVALIDATION_QUEUE_REGION: region, CACHE_DYNAMO_TABLE: table.name,
    // The default VPC has no SQS endpoint: revalidation messages fail at once, logged, instead of waiting to connect.
    ...(inVpc ? { [NO_ROUTE_ENV]: "sqs" } : {}),
  });
}

/** What the server may do: its cache, queue and tags, what it connects to, and the user's statements. */
function serverStatements(storage: SiteStorage, connections: ResolvedConnection[], extra: PolicyStatement[]): PolicyStatement[] {
  const { bucket, queue, table } = storage;
  return [
    { Action: ["s3:GetObject", "s3:PutObject", "s3:DeleteObject"], Resource: [pulumi.interpolate`${bucket.arn}/_cache/*`] },
    { Action: ["s3:ListBucket"], Resource: [bucket.arn] },
    { Action: ["sqs:SendMessage"], Resource: [queue.arn] },
    { Action: ["dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:DeleteItem", "dynamodb:BatchWriteItem", "dynamodb:Query"], Resource: [table.arn, pulumi.interpolate`${table.arn}/index/*`] },
    ...connectionStatements(connections),
    ...extra,
  ];
}

/**
 * What the site serves, as one digest: its build and the resolved values of
 * its environment (connected resources' too). A change, or a return to an
 * earlier state, gives a new digest and so an invalidation.
 */
function servedContentKey(build: BuildResult, assetsDigest: string, environment: pulumi.Output<Record<string, string>>): pulumi.Output<string> {
  return environment.apply((env) => createHash("sha256")
    .update(JSON.stringify({
      build: build.sourceHash,
      // Every static and cached file with its headers: a new build (new keys or content) or new headers.
      assets: assetsDigest,
      // The entry stackfile puts in front of OpenNext's server: an upgrade that changes it.
      wrapper: SERVER_WRAPPER_DIGEST,
      env: Object.keys(env).sort().map((k) => [k, env[k]]),
    }))
    .digest("hex"));
}

function envMap(env: unknown): EnvironmentMap | pulumi.Output<Record<string, string>> {
  return environmentMap((Array.isArray(env) ? env : []) as { name: pulumi.Input<string>; value: pulumi.Input<string> }[]);
}
