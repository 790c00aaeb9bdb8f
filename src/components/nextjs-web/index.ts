import { createHash } from "crypto";
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import { useFirewallNameInProgram } from "../web-app-firewall/use-firewall";
import type { NextjsFileOption, NextjsWebProperties } from "./properties";
import type { NEXTJS_WEB_CHILDREN } from "./child-ids";
import { buildNextApp, BuildError, BUILD_SECRET_CONFIG, type BuildResult } from "./build";
import { cloudFrontInvokePermissions, type PolicyStatement } from "./functions";
import { OpenNextOutputError, createSiteCdn, splitFunctionNames, type FunctionOrigin } from "./cdn";
import { Invalidation, type NextjsWebOwnChildArgs } from "./dynamic-resources";
import { NO_ROUTE_ENV, SERVER_WRAPPER_DIGEST, measureServerPackage } from "./server-package";
import { createStorage, type SiteStorage } from "./storage";
import { createServer, splitSuffix, type SiteServer } from "./server";
import { createHelpers, type SiteHelpers } from "./helpers";
import { nextjsWebDefinition } from "./definition";
import { edgeProblems } from "./rules";
import { cloudFrontAliasRecords, cloudFrontCertificate, viewerCertificate, type CloudFrontDomains } from "../../shared/domains/cloudfront-domains";
import { Component, literal } from "../../shared/component/component";
import type { ChildTransforms } from "../../shared/component/children";
import type { DeepInput } from "../../shared/component/inputs";
import type { Problem } from "../../shared/messages/problem";
import { awsAccessOf, type AwsAccess } from "../../shared/aws-naming/aws-provider-settings";
import {
  connectionEnvironment, connectionProblems, connectionStatements, joinDefaultVpc, resolveConnections,
  type ConnectToEntry, type ResolvedConnection, type VpcPlacement, type DefaultVpcEndpointsArg,
} from "../../shared/workloads/workload-connections";
import { claimAppDirectory } from "./app-directory-claim";
import { forwardLogs } from "../../shared/logging/log-forwarding";
import { makeAlarms, type AlarmSettings } from "../../shared/alarms/metric-alarms";
import type { AlarmTopicArg, AlarmTopicArns } from "../../shared/alarms/alarm-notifications";
import { functionAlarms } from "../../shared/alarms/lambda-alarms";
import { environmentMap, mergeEnvironments, resolvedEnvironment, type EnvironmentMap } from "../../shared/workloads/environment";
import { programRoot } from "../../shared/component/program-root";

export interface NextjsWebArgs extends Omit<DeepInput<NextjsWebProperties>, "connectTo" | "fileOptions">, DefaultVpcEndpointsArg, AlarmTopicArg {
  /** Headers of the static files by pattern: every field is literal-only (the sync reads them as it plans). */
  fileOptions?: NextjsFileOption[];
  /**
   * Resources the server uses: this stack's (a RedisCluster), `@pulumi/aws`
   * resources of the spec's table, `{ name, target }` for plain descriptions,
   * or "aws:ses". Variables are named STP_<NAME>_<VAR>.
   */
  connectTo?: ConnectToEntry[];
  /** Adjusts a child's arguments before it is created, by child id (see the class docs). */
  transform?: ChildTransforms<typeof NEXTJS_WEB_CHILDREN, NextjsWebOwnChildArgs>;
  /**
   * The program never deploys (stackfile's `plan` and `diff`): with no
   * STACKFILE_BUILD_SECRET, build with stackfile's public placeholder key
   * (reproducible) instead of reading `stackfile:buildSecret`.
   */
  neverDeploys?: boolean;
  /**
   * The Pulumi project's folder, which the static files' folder is stored
   * relative to (default: the program's project, where Pulumi.yaml is).
   */
  projectRoot?: string;
}

type Environment = EnvironmentMap | pulumi.Output<Record<string, string>>;

/** What the distribution's origins need of the site: S3's origin access control, each function's host (and signer or secret header). */
interface SiteOrigins {
  s3AccessControlId: pulumi.Output<string>;
  functionOrigins: Record<string, FunctionOrigin>;
}

/** The site's server functions: the server, and OpenNext's split functions by name. */
interface SiteServers {
  server: SiteServer;
  splits: { key: string; server: SiteServer }[];
}

/** connectTo's problems: an edge server reaches no VPC (the static rules named its other conflicts), a regional one needs the VPC for VPC-only targets. */
function connectToProblems(edge: boolean, joinVpc: boolean, connections: ResolvedConnection[]): Problem[] {
  if (!edge) return connectionProblems(connections, joinVpc);
  const vpcOnly = connections.flatMap((c, index) => (c.vpcOnly ? [{ index, name: c.name }] : []));
  return edgeProblems({ useEdgeFunction: true }, vpcOnly).filter((p) => p.path[0] === "connectTo");
}

/** An OpenNext output stackfile does not deploy: said as the site's error (no stack trace). */
function siteError<T>(name: string, step: () => T): T {
  try {
    return step();
  } catch (err) {
    if (err instanceof BuildError || err instanceof OpenNextOutputError) throw new pulumi.RunError(`NextjsWeb '${name}': ${err.message}`);
    throw err;
  }
}

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
export class NextjsWeb extends Component<typeof nextjsWebDefinition, Omit<NextjsWebArgs, "transform" | "connectTo" | "defaultVpcEndpoints" | "alarmTopic">> {
  /** The site's URL (the CDN's). */
  public readonly url: pulumi.Output<string>;
  /** The topics its alarms notify (alarmTopic). */
  private readonly alarmTopic?: AlarmTopicArns;
  public readonly distribution: aws.cloudfront.Distribution;
  public readonly serverFunction: aws.lambda.Function;
  public readonly bucket: aws.s3.Bucket;
  public readonly build: BuildResult;
  /** The server function's security group (with joinDefaultVpc): what connected resources let in. */
  public readonly serverSecurityGroupId?: pulumi.Output<string>;

  constructor(name: string, args: NextjsWebArgs, opts?: pulumi.ComponentResourceOptions) {
    const { transform, connectTo = [], defaultVpcEndpoints, neverDeploys, projectRoot, alarmTopic, ...properties } = args;
    const connections = resolveConnections(connectTo);
    const problems = () => [
      ...connectToProblems(properties.useEdgeFunction === true, properties.joinDefaultVpc === true, connections),
      ...useFirewallNameInProgram(properties.useFirewall),
    ];
    super(nextjsWebDefinition, name, { properties, transform, problems }, opts);
    this.alarmTopic = alarmTopic;
    const p = this.properties;
    const build = this.build = this.buildApp(neverDeploys === true);
    const region = aws.getRegionOutput({}, { parent: this }).region;
    const access = this.providerAccess();

    const storage = createStorage(this.children, build, p.fileOptions ?? [], region, access, projectRoot ?? programRoot());
    this.bucket = storage.bucket;
    const vpc = literal(p.joinDefaultVpc) ? this.joinVpc(connections, defaultVpcEndpoints) : undefined;
    this.serverSecurityGroupId = vpc?.securityGroupId;
    const environment = serverEnvironment(storage, region, envMap(p.environment), connections, vpc !== undefined);
    const servers = this.servers(storage, connections, vpc, environment);
    this.serverFunction = servers.server.fn;
    const helpers = createHelpers(this.children, build, storage, servers.server.fn, p.warmServerInstances);

    const origins = this.origins(servers, helpers);
    const domains = cloudFrontCertificate({ children: this.children, prefix: "domain" }, p.customDomains ?? []);
    const distribution = this.distribution = this.cdn(storage, servers, origins, domains);
    cloudFrontAliasRecords(domains, distribution);
    if (helpers.image) cloudFrontInvokePermissions(this.children, "image", helpers.image.fn, distribution.arn);
    this.letCdnRead(storage, distribution);
    this.invalidateOnChange(distribution, storage, servers, environment, region, access);

    this.url = domains.names.length ? pulumi.output(`https://${domains.names[0]}`) : pulumi.interpolate`https://${distribution.domainName}`;
    this.registerOutputs({ url: this.url });
  }

  /**
   * The app built with OpenNext (skipped when its sources have not changed),
   * with the stack's build secret (`pulumi config set --secret
   * stackfile:buildSecret ...`, read as the program starts). Past 250 MB
   * unzipped no upload helps: a server package that large is refused here,
   * naming the heaviest folders.
   */
  private buildApp(neverDeploys: boolean): BuildResult {
    const p = this.properties;
    const name = this.children.name;
    const appDirectory = literal(p.appDirectory);
    const settings = { buildCommand: literal(p.buildCommand), streaming: literal(p.streamingEnabled), edge: literal(p.useEdgeFunction) };
    const build = siteError(name, () => {
      claimAppDirectory(name, appDirectory, settings);
      const built = buildNextApp(appDirectory, {
        ...settings, label: name, ...(neverDeploys ? { placeholderSecret: true } : { configSecret: pulumi.runtime.getConfig(BUILD_SECRET_CONFIG) }),
      });
      if (!settings.edge) {
        for (const [key, origin] of Object.entries(built.output.origins)) {
          const fn = origin as { type?: string; bundle?: string };
          if (key !== "imageOptimizer" && fn.type === "function" && typeof fn.bundle === "string") measureServerPackage(path.join(built.appDir, fn.bundle), fn.bundle);
        }
      }
      return built;
    });
    for (const w of build.warnings) pulumi.log.warn(w, this);
    return build;
  }

  /** The deploy-time steps use the account, role and endpoints of this component's AWS provider. */
  private providerAccess(): AwsAccess {
    const access = awsAccessOf(this);
    void access.warning?.then((w) => {
      if (w) pulumi.log.warn(w, this);
    });
    return access;
  }

  /** The server in the default VPC: its own security group, subnets Lambda serves, endpoints for S3 and DynamoDB. */
  private joinVpc(connections: ResolvedConnection[], endpoints: NextjsWebArgs["defaultVpcEndpoints"]): VpcPlacement {
    const name = this.children.name;
    return joinDefaultVpc(this.children, connections, {
      securityGroupId: "serverSecurityGroup", description: `Server function of ${name}: no ingress`, tagName: `${name}-server`,
      workload: `the server function of ${name}`,
      // The site's bucket and tag table are reached through gateway endpoints.
      ownEndpoints: ["s3", "dynamodb"],
      endpoints,
    });
  }

  /**
   * The server function and OpenNext's split functions (`functions` in
   * open-next.config.ts): each split one a regional function of its own with
   * the server's settings, reached through its behaviors. The server's logs
   * are forwarded with logForwarding (an edge server logs in every region;
   * the rules refuse forwarding for it).
   */
  private servers(storage: SiteStorage, connections: ResolvedConnection[], vpc: VpcPlacement | undefined, environment: Environment): SiteServers {
    const p = this.properties;
    const edge = literal(p.useEdgeFunction);
    const spec = {
      build: this.build, edge, environment, codeBucket: storage.bucket.id,
      vpc: vpc ? { subnetIds: vpc.subnetIds, securityGroupIds: vpc.securityGroupIds } : undefined,
      memory: p.serverFunction.memory, timeout: p.serverFunction.timeout,
      logRetentionDays: p.serverFunction.logging.retentionDays, logsDisabled: literal(p.serverFunction.logging.disabled),
      statements: serverStatements(storage, connections, (p.iamRoleStatements ?? []) as PolicyStatement[]),
      // New code goes live only once the static files it names are uploaded.
      dependsOn: [storage.assets],
    };
    const server = createServer(this.children, spec);
    const splitNames = siteError(this.children.name, () => splitFunctionNames(this.build.output));
    const splits = splitNames.map((key) => ({ key, server: createServer(this.children, spec, key) }));
    const forwarding = p.serverFunction.logging.logForwarding;
    if (forwarding && server.logGroup && !edge) forwardLogs(this.children, server.logGroup, forwarding);
    if (!edge) this.serverAlarms(server, splits);
    return { server, splits };
  }

  /**
   * The regional server's alarms and each split function's (a function's
   * alarms, docs/function.md#alarms). An edge server has none: Lambda@Edge
   * publishes its metrics in the region where each request ran, under
   * `us-east-1.<name>`, so no one alarm sees them
   * (https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/lambda-cloudwatch-metrics-logging.html).
   */
  private serverAlarms(server: SiteServer, splits: { key: string; server: SiteServer }[]): void {
    const p = this.properties;
    const settings = literal(p.alarms) as AlarmSettings | undefined;
    makeAlarms(this.children, functionAlarms(p.serverFunction.timeout, "server"), settings, { FunctionName: server.fn.name }, this.alarmTopic);
    for (const split of splits) {
      makeAlarms(this.children.suffixed(splitSuffix(split.key)), functionAlarms(p.serverFunction.timeout, "split"), settings, { FunctionName: split.server.fn.name }, this.alarmTopic);
    }
  }

  /** The origins' access: S3's origin access control, and the functions' URLs (the image optimizer's signed by its own). */
  private origins(servers: SiteServers, helpers: SiteHelpers): SiteOrigins {
    const { children } = this;
    const name = children.name;
    const { server, splits } = servers;
    const s3AccessControl = children.make("s3AccessControl", aws.cloudfront.OriginAccessControl, {
      description: `S3 of ${name}`, originAccessControlOriginType: "s3", signingBehavior: "always", signingProtocol: "sigv4",
    });
    const functionOrigins: Record<string, FunctionOrigin> = {};
    if (server.origin) functionOrigins.default = server.origin;
    for (const split of splits) functionOrigins[split.key] = split.server.origin!;
    if (helpers.image) {
      // The image optimizer answers GET only: CloudFront signs for it (the URL takes IAM auth).
      const lambdaAccessControl = children.make("lambdaAccessControl", aws.cloudfront.OriginAccessControl, {
        description: `Image optimizer URL of ${name}`, originAccessControlOriginType: "lambda", signingBehavior: "always", signingProtocol: "sigv4",
      });
      functionOrigins.imageOptimizer = { host: helpers.image.host, accessControlId: lambdaAccessControl.id };
    }
    return { s3AccessControlId: s3AccessControl.id, functionOrigins };
  }

  /** The distribution: S3 and the functions as origins, OpenNext's behaviors, the custom domains. */
  private cdn(storage: SiteStorage, servers: SiteServers, origins: SiteOrigins, domains: CloudFrontDomains): aws.cloudfront.Distribution {
    const output = this.build.output;
    const server = servers.server;
    return siteError(this.children.name, () => createSiteCdn(this.children, output, {
      aliases: domains.names,
      viewerCertificate: viewerCertificate(domains),
      webAclId: this.properties.useFirewall,
      bucketDomain: storage.bucket.bucketRegionalDomainName,
      s3OriginPath: output.origins.s3.originPath,
      s3AccessControlId: origins.s3AccessControlId,
      functionOrigins: origins.functionOrigins,
      edgeServerArn: server.edgeArn,
      // The edge server's policy names its log group, so it is made after the function: CloudFront waits for it.
      dependsOn: server.edgeArn && server.policy ? [server.policy] : undefined,
    }));
  }

  /** The bucket's policy: this distribution (only) reads the static files, and sees which are missing. */
  private letCdnRead(storage: SiteStorage, distribution: aws.cloudfront.Distribution): void {
    const bucket = storage.bucket;
    this.children.make("bucketPolicy", aws.s3.BucketPolicy, {
      bucket: bucket.id,
      policy: pulumi.jsonStringify({
        Version: "2012-10-17",
        Statement: [{
          Sid: "CloudFrontReadsAssets",
          Effect: "Allow",
          Principal: { Service: "cloudfront.amazonaws.com" },
          Action: "s3:GetObject",
          Resource: pulumi.interpolate`${bucket.arn}/${this.build.output.origins.s3.originPath}/*`,
          Condition: { StringEquals: { "AWS:SourceArn": distribution.arn } },
        }, {
          // Without s3:ListBucket S3 answers a missing key with 403 AccessDenied, not 404
          // (GetObject API reference, "Permissions"; CloudFront Developer Guide,
          // "Restrict access to an Amazon S3 origin"): removed chunks and public files must be 404.
          Sid: "CloudFrontSeesMissingAssets",
          Effect: "Allow",
          Principal: { Service: "cloudfront.amazonaws.com" },
          Action: "s3:ListBucket",
          Resource: bucket.arn,
          Condition: { StringEquals: { "AWS:SourceArn": distribution.arn } },
        }],
      }),
    });
  }

  /**
   * Every deploy that changes what the site serves (its build, or a value of
   * its environment) invalidates the CDN's cache; one that changes nothing
   * does not.
   */
  private invalidateOnChange(
    distribution: aws.cloudfront.Distribution, storage: SiteStorage, servers: SiteServers, environment: Environment, region: pulumi.Input<string>, access: AwsAccess,
  ): void {
    this.children.make("invalidation", Invalidation, {
      distributionId: distribution.id, paths: ["/*"], key: servedContentKey(this.build, storage.assetsDigest, resolvedEnvironment(environment)), region, aws: access.settings,
    }, { dependsOn: [storage.assets, servers.server.fn, ...servers.splits.map((x) => x.server.fn)] }, access);
  }
}

/** The server's variables: connectTo's, the site's, and OpenNext's (which the rules keep the site's from redefining). */
function serverEnvironment(
  storage: SiteStorage, region: pulumi.Input<string>, env: Environment, connections: ResolvedConnection[], inVpc: boolean,
): Environment {
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

function envMap(env: unknown): Environment {
  return environmentMap((Array.isArray(env) ? env : []) as { name: pulumi.Input<string>; value: pulumi.Input<string> }[]);
}
