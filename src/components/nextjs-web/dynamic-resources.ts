import * as pulumi from "@pulumi/pulumi";
import { assetSyncProvider, ASSET_SYNC_VERSION } from "../../providers/asset-sync";
import { invalidationProvider, INVALIDATION_VERSION } from "../../providers/cloudfront-invalidation";
import { DYNAMIC_MODULE, type DynamicTypeName } from "../../providers";

export interface AssetSyncArgs {
  bucket: pulumi.Input<string>;
  region: pulumi.Input<string>;
  baseDir: string;
  copies: { from: string; to: string }[];
  files: { key: string; hash: string; size: number; headers: Record<string, string> }[];
  keepPrefixes: string[];
}

/** The static files of a build, synced to the bucket by one resource. */
export class AssetSync extends pulumi.dynamic.Resource {
  constructor(name: string, args: AssetSyncArgs, opts?: pulumi.CustomResourceOptions) {
    super(assetSyncProvider, name, { ...args, syncVersion: ASSET_SYNC_VERSION }, opts, DYNAMIC_MODULE, "AssetSync" satisfies DynamicTypeName);
  }
}

export interface InvalidationArgs {
  distributionId: pulumi.Input<string>;
  paths: string[];
  key: string;
}

/** A CloudFront invalidation made once per build content. */
export class Invalidation extends pulumi.dynamic.Resource {
  constructor(name: string, args: InvalidationArgs, opts?: pulumi.CustomResourceOptions) {
    super(invalidationProvider, name, { ...args, version: INVALIDATION_VERSION }, opts, DYNAMIC_MODULE, "CloudFrontInvalidation" satisfies DynamicTypeName);
  }
}
