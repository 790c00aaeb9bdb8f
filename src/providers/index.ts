// The dynamic providers by the type token their resources register with
// (`pulumi-nodejs:dynamic/stackfile:<Name>`): `plan` runs their `check` the
// way `pulumi preview` does.
import type * as pulumi from "@pulumi/pulumi";
import { redisUpdateGuardProvider } from "./redis-update-guard";
import { assetSyncProvider } from "./asset-sync";
import { invalidationProvider } from "./cloudfront-invalidation";
import { originSecretProvider } from "./origin-secret";

/** The module of every stackfile dynamic resource type. */
export const DYNAMIC_MODULE = "stackfile";

export const DYNAMIC_TYPES = {
  RedisUpdateGuard: redisUpdateGuardProvider,
  AssetSync: assetSyncProvider,
  CloudFrontInvalidation: invalidationProvider,
  OriginSecret: originSecretProvider,
} satisfies Record<string, pulumi.dynamic.ResourceProvider>;

export type DynamicTypeName = keyof typeof DYNAMIC_TYPES;

/** The type token a dynamic resource registers with. */
export function dynamicType(name: DynamicTypeName): string {
  return `pulumi-nodejs:dynamic/${DYNAMIC_MODULE}:${name}`;
}

export const DYNAMIC_PROVIDERS: Record<string, pulumi.dynamic.ResourceProvider> = Object.fromEntries(
  Object.entries(DYNAMIC_TYPES).map(([name, provider]) => [dynamicType(name as DynamicTypeName), provider]),
);
