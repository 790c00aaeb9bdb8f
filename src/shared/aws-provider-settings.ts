// The settings of the AWS provider a component's children use, for the
// dynamic providers (which get no configuration from the `aws` provider):
// the stack's `aws:*` config for the default provider, or the arguments of
// an explicit one. Pulumi does not expose a provider resource's inputs, so
// an explicit provider is read fully only when made with `AwsProvider`
// (which keeps its arguments); a plain `aws.Provider` gives its region,
// profile and keys (its outputs), with a warning.
import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import type { AwsSettings } from "../providers/aws-clients";

/** Each setting a dynamic provider gets, as an Input (keys stay secrets). */
export type AwsSettingsInput = { [K in keyof AwsSettings]?: pulumi.Input<any> };

export interface AwsAccess {
  settings: AwsSettingsInput;
  /** Static keys are among the settings: their outputs are secret too. */
  hasKeys: boolean;
  /** Set when the settings may be incomplete (a plain aws.Provider). */
  warning?: string;
}

const argsByProvider = new WeakMap<object, aws.ProviderArgs>();

/**
 * An `aws.Provider` whose arguments stackfile's deploy-time steps (the
 * asset sync, the CloudFront invalidation) can read, so they use the same
 * account, role and endpoints as the resources it makes.
 *
 * @example
 * const prod = new AwsProvider("prod", { region: "eu-west-1", assumeRoles: [{ roleArn }] });
 * new NextjsWeb("web", { appDirectory: "./app" }, { providers: [prod] });
 */
export class AwsProvider extends aws.Provider {
  constructor(name: string, args: aws.ProviderArgs = {}, opts?: pulumi.ResourceOptions) {
    super(name, args, opts);
    argsByProvider.set(this, args);
  }
}

const KEYS = ["accessKey", "secretKey", "token"] as const;

/** Drops unset entries, sorted by name (a stable input). */
function compact(o: Record<string, unknown>): AwsSettingsInput {
  return Object.fromEntries(Object.keys(o).sort().filter((k) => o[k] !== undefined).map((k) => [k, o[k]])) as AwsSettingsInput;
}

/** `aws:*` stack config: what the default provider uses. */
function fromStackConfig(): AwsAccess {
  const cfg = new pulumi.Config("aws");
  const isSecret = (key: string): boolean => {
    const fn = (pulumi.runtime as unknown as { isConfigSecret?: (k: string) => boolean }).isConfigSecret;
    return typeof fn === "function" && fn(`aws:${key}`);
  };
  const str = (key: string) => (isSecret(key) ? cfg.getSecret(key) : cfg.get(key));
  const obj = (key: string) => (isSecret(key) ? cfg.getSecretObject<unknown>(key) : cfg.getObject<unknown>(key));
  const legacyRole = obj("assumeRole");
  const settings = compact({
    profile: str("profile"),
    sharedCredentialsFiles: obj("sharedCredentialsFiles"),
    sharedConfigFiles: obj("sharedConfigFiles"),
    accessKey: cfg.getSecret("accessKey"),
    secretKey: cfg.getSecret("secretKey"),
    token: cfg.getSecret("token"),
    assumeRoles: obj("assumeRoles") ?? (legacyRole !== undefined ? pulumi.output(legacyRole).apply((r) => [r]) : undefined),
    endpoints: obj("endpoints"),
    s3UsePathStyle: obj("s3UsePathStyle"),
    stsRegion: str("stsRegion"),
  });
  return { settings, hasKeys: KEYS.some((k) => cfg.get(k) !== undefined) };
}

/** The arguments of an `AwsProvider`. */
function fromProviderArgs(args: aws.ProviderArgs): AwsAccess {
  const secret = (v: pulumi.Input<string | undefined> | undefined) => (v === undefined ? undefined : pulumi.secret(v));
  const settings = compact({
    profile: args.profile,
    sharedCredentialsFiles: args.sharedCredentialsFiles,
    sharedConfigFiles: args.sharedConfigFiles,
    accessKey: secret(args.accessKey),
    secretKey: secret(args.secretKey),
    token: secret(args.token),
    assumeRoles: args.assumeRoles,
    endpoints: args.endpoints,
    s3UsePathStyle: args.s3UsePathStyle,
    stsRegion: args.stsRegion,
  });
  return { settings, hasKeys: KEYS.some((k) => args[k] !== undefined) };
}

/**
 * The AWS settings of `resource`'s children: its explicit `aws` provider
 * (through `provider`/`providers` or a parent's), else the stack's config.
 */
export function awsAccessOf(resource: pulumi.Resource): AwsAccess {
  const provider = resource.getProvider("aws:s3/bucket:Bucket");
  if (!provider) return fromStackConfig();
  const args = argsByProvider.get(provider);
  if (args) return fromProviderArgs(args);
  const p = provider as aws.Provider;
  return {
    settings: compact({ profile: p.profile, accessKey: p.accessKey, secretKey: p.secretKey, token: p.token }),
    hasKeys: true,
    warning: "the AWS provider given is a plain aws.Provider: the asset sync and the CloudFront invalidation use its region, profile and keys, " +
      "but cannot see its assumeRoles, endpoints or sharedCredentialsFiles; make it with stackfile's AwsProvider (same arguments) so they use all of them",
  };
}
