import * as pulumi from "@pulumi/pulumi";
import { assetSyncProvider, ASSET_SYNC_VERSION, RETAINED_BUILDS } from "../../providers/asset-sync";
import { invalidationProvider, INVALIDATION_VERSION } from "../../providers/cloudfront-invalidation";
import { DYNAMIC_MODULE, type DynamicTypeName } from "../../providers";
import { originSecretProvider, ORIGIN_SECRET_VERSION } from "../../providers/origin-secret";
import type { AwsAccess, AwsSettingsInput } from "../../shared/aws-naming/aws-provider-settings";

/** The settings of the stack's AWS provider; secret in the state when they hold keys. */
function withAccess(access: AwsAccess | undefined, opts: pulumi.CustomResourceOptions | undefined): pulumi.CustomResourceOptions | undefined {
  if (!access?.hasKeys) return opts;
  return { ...opts, additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), "aws"] };
}

export interface AssetSyncArgs {
  bucket: pulumi.Input<string>;
  region: pulumi.Input<string>;
  /** The AWS provider's settings (see `awsAccessOf`). */
  aws: AwsSettingsInput;
  baseDir: string;
  copies: { from: string; to: string }[];
  files: { key: string; hash: string; size: number; headers: Record<string, string> }[];
  keepPrefixes: string[];
}

/** The static files of a build, synced to the bucket by one resource. */
export class AssetSync extends pulumi.dynamic.Resource {
  constructor(name: string, args: AssetSyncArgs, opts?: pulumi.CustomResourceOptions, access?: AwsAccess) {
    super(assetSyncProvider, name, { ...args, retainBuilds: RETAINED_BUILDS, syncVersion: ASSET_SYNC_VERSION }, withAccess(access, opts), DYNAMIC_MODULE, "AssetSync" satisfies DynamicTypeName);
  }
}

export interface InvalidationArgs {
  distributionId: pulumi.Input<string>;
  paths: string[];
  /** A digest of what the site serves: a different one means an invalidation. */
  key: pulumi.Input<string>;
  /** The stack's region (assumed roles call STS there). */
  region: pulumi.Input<string>;
  /** The AWS provider's settings (see `awsAccessOf`). */
  aws: AwsSettingsInput;
}

/** A CloudFront invalidation made whenever what the site serves changes. */
export class Invalidation extends pulumi.dynamic.Resource {
  constructor(name: string, args: InvalidationArgs, opts?: pulumi.CustomResourceOptions, access?: AwsAccess) {
    super(invalidationProvider, name, { ...args, version: INVALIDATION_VERSION }, withAccess(access, opts), DYNAMIC_MODULE, "CloudFrontInvalidation" satisfies DynamicTypeName);
  }
}

/** A random secret made once and kept in Pulumi's state (secret). */
export class OriginSecret extends pulumi.dynamic.Resource {
  declare public readonly value: pulumi.Output<string>;
  constructor(name: string, args: { rotation?: string } = {}, opts?: pulumi.CustomResourceOptions) {
    super(originSecretProvider, name, { rotation: args.rotation ?? "", version: ORIGIN_SECRET_VERSION, value: undefined }, { ...opts, additionalSecretOutputs: ["value"] }, DYNAMIC_MODULE, "OriginSecret" satisfies DynamicTypeName);
  }
}

/** Arguments of the site's own dynamic children, by type token (what `transform` of each receives). */
export interface NextjsWebOwnChildArgs {
  "pulumi-nodejs:dynamic/stackfile:AssetSync": AssetSyncArgs;
  "pulumi-nodejs:dynamic/stackfile:CloudFrontInvalidation": InvalidationArgs;
  "pulumi-nodejs:dynamic/stackfile:OriginSecret": { rotation?: string };
}
