// A site's storage: the private bucket (reachable only through CloudFront),
// its static files synced by one resource, the ISR revalidation queue and the
// tag cache table.
import { createHash } from "crypto";
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import type { BuildResult } from "./build";
import type { NextjsFileOption } from "./properties";
import { assetManifest } from "./assets";
import { AssetSync } from "./dynamic-resources";
import type { ChildFactory } from "../../shared/component/child-factory";
import { argumentsError } from "../../shared/component/component-error";
import type { AwsAccess } from "../../shared/aws-naming/aws-provider-settings";

/** The longest name prefix of a FIFO queue: 80 - 26 unique characters - ".fifo". */
const SQS_PREFIX_MAX = 49;

export interface SiteStorage {
  bucket: aws.s3.Bucket;
  assets: AssetSync;
  /** sha256 of what the sync puts in the bucket: every key, its content hash and its headers. */
  assetsDigest: string;
  queue: aws.sqs.Queue;
  table: aws.dynamodb.Table;
}

export function createStorage(
  children: ChildFactory, build: BuildResult, fileOptions: NextjsFileOption[], region: pulumi.Input<string>, access: AwsAccess, projectRoot: string,
): SiteStorage {
  const { name } = children;
  const output = build.output;
  const bucket = children.make("bucket", aws.s3.Bucket, { forceDestroy: true });
  children.make("bucketPublicAccessBlock", aws.s3.BucketPublicAccessBlock, {
    bucket: bucket.id, blockPublicAcls: true, blockPublicPolicy: true, ignorePublicAcls: true, restrictPublicBuckets: true,
  });

  const manifest = assetManifest(build.appDir, output, fileOptions);
  if (manifest.unmatched.length) {
    const prefix = `${output.origins.s3.originPath}/`;
    const sample = manifest.files.filter((f) => f.key.startsWith(prefix)).map((f) => f.key.slice(prefix.length));
    const examples = [...new Set([...sample.filter((k) => !k.startsWith("_next/")).slice(0, 3), ...sample.slice(0, 1)])];
    throw argumentsError("NextjsWeb", name, manifest.unmatched.map((i) => ({
      path: ["fileOptions", i, "includePattern"],
      message: `fileOptions[${i}].includePattern '${fileOptions[i].includePattern}' matches no static file of the build (${sample.length} files; for example ${examples.join(", ")})`,
      hint: "a pattern without '/' matches file names at any depth (*.ico); one with '/' starts at the root of the static files (_next/static/**)",
    })));
  }
  const assets = children.make("assets", AssetSync, {
    bucket: bucket.bucket,
    region,
    aws: access.settings,
    // Relative to the project's folder, as the provider reads it: the same wherever the program runs from.
    baseDir: path.relative(projectRoot, build.appDir) || ".",
    copies: manifest.copies,
    files: manifest.files,
    keepPrefixes: [`${output.origins.s3.originPath}/_next/static/`],
  }, { dependsOn: [bucket] }, access);

  const queue = children.make("revalidationQueue", aws.sqs.Queue, {
    // The provider adds 26 characters and .fifo to a prefix, within SQS's 80: a longer
    // prefix would fail, so the queue is then named like every other child.
    ...(`${name}-revalidation-`.length <= SQS_PREFIX_MAX ? { namePrefix: `${name}-revalidation-` } : {}),
    fifoQueue: true, receiveWaitTimeSeconds: 20,
    // Six times the revalidation function's timeout, as Lambda advises; a message
    // that keeps failing blocks its page's group for a day at most.
    visibilityTimeoutSeconds: 180, messageRetentionSeconds: 86400,
  });
  const table = children.make("tagTable", aws.dynamodb.Table, {
    billingMode: "PAY_PER_REQUEST",
    hashKey: "tag",
    rangeKey: "path",
    pointInTimeRecovery: { enabled: true },
    attributes: [{ name: "tag", type: "S" }, { name: "path", type: "S" }, { name: "revalidatedAt", type: "N" }],
    globalSecondaryIndexes: [{ name: "revalidate", hashKey: "path", rangeKey: "revalidatedAt", projectionType: "ALL" }],
  });
  const assetsDigest = createHash("sha256")
    .update(JSON.stringify({ copies: manifest.copies, files: manifest.files.map((f) => [f.key, f.hash, f.headers]) }))
    .digest("hex");
  return { bucket, assets, assetsDigest, queue, table };
}
