import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import * as path from "path";
import type { BucketLifecycleRule } from "./properties";
import { bucketParams } from "./properties";
import { BUCKET_CONNECTION_VARIABLES, bucketDefinition } from "./definition";
import { paramOutputs } from "../../shared/component/stack-component";
import { Component, literal } from "../../shared/component/component";
import type { DeepInput } from "../../shared/component/inputs";
import { withDefaults } from "../../shared/schema/schema";
import { bucketStatements, connectionVariablesOf, type Connectable, type Connection } from "../../shared/workloads/connect-to";
import { awsAccessOf, type AwsAccess } from "../../shared/aws-naming/aws-provider-settings";
import { AssetSync, Invalidation } from "../nextjs-web/dynamic-resources";
import { useFirewallNameInProgram } from "../web-app-firewall/use-firewall";
import { directoryFiles, directoryUploadProblems } from "./directory-upload";
import { createBucketCdn, cdnReadStatements, type BucketCdnMade } from "./cdn";

export type { BucketArgs, BucketEvent } from "./args";
import type { BucketArgs, BucketEvent } from "./args";
import { programRoot } from "../../shared/component/program-root";

type LifecycleRuleArgs = aws.types.input.s3.BucketLifecycleConfigurationRule;

/** One lifecycle rule of the stack file as S3's (`<type>-<index>` is its id). */
function lifecycleRule(rule: DeepInput<BucketLifecycleRule>, index: number): LifecycleRuleArgs {
  const p = rule.properties as Record<string, pulumi.Input<any>>;
  const base: LifecycleRuleArgs = { id: `${rule.type}-${index}`, status: "Enabled", filter: { prefix: p.prefix ?? "" } };
  switch (rule.type) {
    case "expiration": return { ...base, expiration: { days: p.daysAfterUpload } };
    case "class-transition": return { ...base, transitions: [{ days: p.daysAfterUpload, storageClass: p.storageClass }] };
    case "non-current-version-expiration": return { ...base, noncurrentVersionExpiration: { noncurrentDays: p.daysAfterVersioned } };
    case "non-current-version-class-transition": return { ...base, noncurrentVersionTransitions: [{ noncurrentDays: p.daysAfterVersioned, storageClass: p.storageClass }] };
    case "abort-incomplete-multipart-upload": return { ...base, abortIncompleteMultipartUpload: { daysAfterInitiation: p.daysAfterInitiation } };
    default: return base;
  }
}

/**
 * An S3 bucket: private, encrypted (SSE-S3) and reachable over HTTPS only,
 * with optional versioning, CORS, lifecycle rules and public reads.
 *
 * With `directoryUpload`, a local directory's files are synced to it on every
 * deploy (one resource, through the asset-sync provider and its journal). With
 * `cdn.enabled`, CloudFront serves it through origin access control (the
 * bucket stays private), on custom domains, behind a web ACL (`useFirewall`),
 * its cache invalidated when the synced files change.
 *
 * Children (ids for `transform` / YAML `overrides`, names `<name>-<child-id>`):
 * `bucket`, `publicAccessBlock`, `encryption` (unless `encryption: false`),
 * `versioning` (with versioning), `cors` (with CORS), `lifecycle` (with
 * lifecycle rules), `policy`, `directorySync`, and the CDN's (child-ids.ts).
 *
 * @example
 * const uploads = new Bucket("uploads", { versioning: true, cors: { enabled: true } });
 * export const bucketName = uploads.name;
 */
export class Bucket extends Component<typeof bucketDefinition, Omit<BucketArgs, "transform" | "alarmTopic" | "projectRoot">> implements Connectable {
  /** The bucket's name. */
  public readonly name: pulumi.Output<string>;
  /** The bucket's ARN. */
  public readonly arn: pulumi.Output<string>;
  public readonly bucket: aws.s3.Bucket;
  /** With a CDN: the distribution's own domain (`dxxxx.cloudfront.net`). */
  public readonly cdnDomain?: pulumi.Output<string>;
  /** With a CDN: its URL, on the first custom domain if it has one. */
  public readonly cdnUrl?: pulumi.Output<string>;
  /** With a CDN: the CloudFront distribution. */
  public readonly distribution?: aws.cloudfront.Distribution;

  constructor(name: string, args: BucketArgs = {}, opts?: pulumi.ComponentResourceOptions) {
    const { transform, events = [], alarmTopic, projectRoot, ...properties } = args;
    // A program's paths are relative to its working directory; a stack file's arrive absolute.
    const problems = (view: Record<string, unknown>) => [...useFirewallNameInProgram(view.useFirewall), ...directoryUploadProblems(view, process.cwd())];
    super(bucketDefinition, name, { properties, transform, problems }, opts);
    const bucket = this.bucket = this.children.make("bucket", aws.s3.Bucket, {});
    const publicRead = literal(this.properties.accessibility.accessibilityMode) === "public-read";
    const block = this.publicAccessBlock(bucket, publicRead);
    this.encryption(bucket);
    const versioning = this.versioning(bucket);
    this.cors(bucket);
    this.lifecycle(bucket, versioning);
    const access = this.providerAccess();
    const sync = this.directorySync(bucket, access, projectRoot ?? programRoot());
    const cdn = literal(this.properties.cdn?.enabled) === true ? createBucketCdn(this, this.children, bucket, this.properties, alarmTopic) : undefined;
    this.policy(bucket, block, publicRead, cdn);
    if (cdn && sync) this.invalidateOnSync(cdn, sync, access);
    this.notifications(bucket, events);

    this.name = bucket.bucket;
    this.arn = bucket.arn;
    this.distribution = cdn?.distribution;
    this.cdnDomain = cdn?.domain;
    this.cdnUrl = cdn?.url;
    this.registerOutputs({ name: this.name, arn: this.arn, cdnDomain: this.cdnDomain, cdnUrl: this.cdnUrl });
  }

  /** The deploy-time steps (the sync, the invalidation) use the account, role and endpoints of this component's AWS provider. */
  private providerAccess(): AwsAccess {
    const access = awsAccessOf(this);
    void access.warning?.then((w) => {
      if (w) pulumi.log.warn(w, this);
    });
    return access;
  }

  /**
   * The directory's files, synced to the bucket's root by one resource: the
   * asset-sync provider uploads what is new or changed, deletes what the
   * directory no longer has, and journals each change in the bucket first,
   * so a failed deploy loses no file (ARCHITECTURE.md, principle 9).
   */
  private directorySync(bucket: aws.s3.Bucket, access: AwsAccess, projectRoot: string): { sync: AssetSync; digest: string } | undefined {
    const upload = this.properties.directoryUpload;
    if (!upload) return undefined;
    const dir = path.resolve(upload.directoryPath);
    const { files, digest } = directoryFiles(dir);
    const sync = this.children.make("directorySync", AssetSync, {
      bucket: bucket.bucket,
      region: aws.getRegionOutput({}, { parent: this }).region,
      aws: access.settings,
      // Relative to the project's folder, as the provider reads it: the same wherever the program runs from.
      baseDir: path.relative(projectRoot, dir) || ".",
      copies: [{ from: ".", to: "" }],
      files,
      keepPrefixes: [],
    }, { dependsOn: [bucket] }, access);
    return { sync, digest };
  }

  /** The CDN's cache is invalidated by every deploy that changes the synced files (their digest), by none that does not. */
  private invalidateOnSync(cdn: BucketCdnMade, sync: { sync: AssetSync; digest: string }, access: AwsAccess): void {
    this.children.make("cdnInvalidation", Invalidation, {
      distributionId: cdn.distribution.id, paths: ["/*"], key: sync.digest, region: aws.getRegionOutput({}, { parent: this }).region, aws: access.settings,
    }, { dependsOn: [sync.sync] }, access);
  }

  /**
   * All four settings on; with `public-read`, the policy ones off so the
   * bucket policy may grant public reads (ACLs stay blocked:
   * https://docs.aws.amazon.com/AmazonS3/latest/userguide/access-control-block-public-access.html).
   */
  private publicAccessBlock(bucket: aws.s3.Bucket, publicRead: boolean): aws.s3.BucketPublicAccessBlock {
    return this.children.make("publicAccessBlock", aws.s3.BucketPublicAccessBlock, {
      bucket: bucket.bucket,
      blockPublicAcls: true,
      ignorePublicAcls: true,
      blockPublicPolicy: !publicRead,
      restrictPublicBuckets: !publicRead,
    });
  }

  /** SSE-S3 as the bucket's default encryption (https://docs.aws.amazon.com/AmazonS3/latest/userguide/default-bucket-encryption.html). */
  private encryption(bucket: aws.s3.Bucket): void {
    if (literal(this.properties.encryption) === false) return;
    this.children.make("encryption", aws.s3.BucketServerSideEncryptionConfiguration, {
      bucket: bucket.bucket,
      rules: [{ applyServerSideEncryptionByDefault: { sseAlgorithm: "AES256" } }],
    });
  }

  private versioning(bucket: aws.s3.Bucket): aws.s3.BucketVersioning | undefined {
    if (literal(this.properties.versioning) !== true) return undefined;
    return this.children.make("versioning", aws.s3.BucketVersioning, {
      bucket: bucket.bucket,
      versioningConfiguration: { status: "Enabled" },
    });
  }

  /** CORS (https://docs.aws.amazon.com/AmazonS3/latest/userguide/cors.html): the rules given, else any origin and header with every method S3 takes. */
  private cors(bucket: aws.s3.Bucket): void {
    const cors = this.properties.cors;
    if (!cors || literal(cors.enabled) !== true) return;
    // No rules: one rule of the schema's defaults.
    type Rule = NonNullable<typeof cors.corsRules>[number];
    const rules: Rule[] = cors.corsRules?.length ? cors.corsRules : [withDefaults("BucketCorsRule", {} as Rule)];
    this.children.make("cors", aws.s3.BucketCorsConfiguration, {
      bucket: bucket.bucket,
      corsRules: rules.map((r) => ({
        allowedOrigins: r.allowedOrigins,
        allowedHeaders: r.allowedHeaders,
        allowedMethods: r.allowedMethods,
        exposeHeaders: r.exposedResponseHeaders,
        maxAgeSeconds: r.maxAge,
      })),
    });
  }

  /**
   * Lifecycle rules, each its own S3 rule. After versioning: a rule on
   * previous versions needs it on (terraform-provider-aws
   * website/docs/r/s3_bucket_lifecycle_configuration.html.markdown: depends_on
   * the versioning resource).
   */
  private lifecycle(bucket: aws.s3.Bucket, versioning: aws.s3.BucketVersioning | undefined): void {
    const rules = this.properties.lifecycleRules;
    if (!Array.isArray(rules) || rules.length === 0) return;
    this.children.make("lifecycle", aws.s3.BucketLifecycleConfiguration, {
      bucket: bucket.bucket,
      rules: rules.map(lifecycleRule),
    }, versioning ? { dependsOn: [versioning] } : {});
  }

  /**
   * HTTPS only: every request over plain HTTP is denied
   * (https://docs.aws.amazon.com/AmazonS3/latest/userguide/security-best-practices.html,
   * "Enforce encryption of data in transit": aws:SecureTransport false);
   * with `public-read`, anyone may get objects; with a CDN, its distribution
   * reads them (cdn.ts). After the public access block: S3 refuses a public
   * policy while BlockPublicPolicy is on.
   */
  private policy(bucket: aws.s3.Bucket, block: aws.s3.BucketPublicAccessBlock, publicRead: boolean, cdn: BucketCdnMade | undefined): void {
    const objects = pulumi.interpolate`${bucket.arn}/*`;
    const statements: Record<string, unknown>[] = [{
      Sid: "HttpsOnly", Effect: "Deny", Principal: "*", Action: "s3:*", Resource: [bucket.arn, objects],
      Condition: { Bool: { "aws:SecureTransport": "false" } },
    }];
    if (publicRead) statements.push({ Sid: "PublicRead", Effect: "Allow", Principal: "*", Action: "s3:GetObject", Resource: objects });
    if (cdn) statements.push(...cdnReadStatements(bucket.arn, cdn.distribution.arn));
    this.children.make("policy", aws.s3.BucketPolicy, {
      bucket: bucket.bucket,
      policy: pulumi.jsonStringify({ Version: "2012-10-17", Statement: statements }),
    }, { dependsOn: [block] });
  }

  /**
   * The `s3` events: S3 may invoke each function, from this bucket in this
   * account only (the bucket's ARN has no account: https://docs.aws.amazon.com/lambda/latest/dg/with-s3.html,
   * source-arn and source-account), and the bucket's one notification
   * configuration sends each event to its function. After the permissions:
   * S3 tests each destination when the configuration is put, and refuses it
   * when it may not invoke it
   * (https://docs.aws.amazon.com/AmazonS3/latest/userguide/grant-destinations-permissions-to-s3.html).
   */
  private notifications(bucket: aws.s3.Bucket, events: BucketEvent[]): void {
    if (!events.length) return;
    const account = aws.getCallerIdentityOutput({}, { parent: this }).accountId;
    const permissions = new Map<string, aws.lambda.Permission>();
    for (const e of events) {
      if (permissions.has(e.label)) continue;
      permissions.set(e.label, this.children.suffixed(`-${e.label}`).make("eventPermission", aws.lambda.Permission, {
        action: "lambda:InvokeFunction",
        function: e.functionArn,
        principal: "s3.amazonaws.com",
        sourceArn: bucket.arn,
        sourceAccount: account,
      }));
    }
    this.children.make("notification", aws.s3.BucketNotification, {
      bucket: bucket.bucket,
      lambdaFunctions: events.map((e) => ({
        lambdaFunctionArn: e.functionArn,
        events: [e.s3EventType],
        filterPrefix: e.filterRule?.prefix,
        filterSuffix: e.filterRule?.suffix,
      })),
    }, { dependsOn: [...permissions.values()] });
  }

  /** connectTo: list objects; create, get, delete and tag objects; NAME and ARN. */
  public connection(): Connection {
    return {
      variables: connectionVariablesOf(BUCKET_CONNECTION_VARIABLES, paramOutputs(this, bucketParams)),
      statements: bucketStatements(this.arn),
      gatewayEndpoint: "s3",
    };
  }
}
