// The settings of the AWS provider a component's children use, for the
// dynamic providers (which get no configuration from the `aws` provider):
// the stack's `aws:*` config for the default provider, or the arguments of
// an explicit one. An AwsProvider keeps its arguments; a plain aws.Provider
// is asked for them through its `terraformConfig()` method (pulumi-aws
// answers it with the provider's configuration under Terraform's names, all
// secret), and if that call fails (a configuration not known yet during a
// preview), its region, profile and keys (its outputs) are used, with a
// warning.
import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import type { AwsAssumeRole, AwsSettings } from "./aws-settings";

/** Each setting a dynamic provider gets, as an Input (keys stay secrets), or all of them as one. */
export type AwsSettingsInput = { [K in keyof AwsSettings]?: pulumi.Input<any> } | pulumi.Output<AwsSettings>;

export interface AwsAccess {
  settings: AwsSettingsInput;
  /** Static keys may be among the settings: their outputs are secret too. */
  hasKeys: boolean;
  /** A plain aws.Provider: resolves to a warning when its configuration could not be read (the settings may be incomplete). */
  warning?: Promise<string | undefined>;
}

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
  /** The arguments it was made with (an aws.Provider does not expose them). */
  private readonly providerArgs: aws.ProviderArgs;

  constructor(name: string, args: aws.ProviderArgs = {}, opts?: pulumi.ResourceOptions) {
    super(name, args, opts);
    this.providerArgs = args;
  }

  /** The arguments `provider` was made with, when it is an AwsProvider. */
  static argsOf(provider: pulumi.ProviderResource): aws.ProviderArgs | undefined {
    return provider instanceof AwsProvider ? provider.providerArgs : undefined;
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

const text = (v: unknown) => (typeof v === "string" && v !== "" ? v : undefined);
const list = (v: unknown): any[] | undefined => (Array.isArray(v) ? v : v === undefined || v === null ? undefined : [v]);

/** AwsSettings from a Terraform-named provider configuration (what terraformConfig() gives). */
export function settingsFromTerraformConfig(c: Record<string, any>): AwsSettings {
  const strings = (v: unknown) => {
    const l = list(v)?.filter((x): x is string => typeof x === "string" && x !== "");
    return l?.length ? l : undefined;
  };
  const roles = list(c.assume_role)?.filter((r) => r && text(r.role_arn)).map((r): AwsAssumeRole => ({
    roleArn: r.role_arn, sessionName: text(r.session_name), externalId: text(r.external_id), duration: text(r.duration), policy: text(r.policy),
    policyArns: strings(r.policy_arns), tags: r.tags && typeof r.tags === "object" && Object.keys(r.tags).length ? r.tags : undefined,
    transitiveTagKeys: strings(r.transitive_tag_keys), sourceIdentity: text(r.source_identity),
  })).map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)) as AwsAssumeRole);
  const endpoints = list(c.endpoints)?.map((e) => Object.fromEntries(Object.entries(e ?? {}).filter(([, v]) => text(v)) as [string, string][]))
    .filter((e) => Object.keys(e).length > 0);
  return compact({
    profile: text(c.profile),
    sharedCredentialsFiles: strings(c.shared_credentials_files),
    sharedConfigFiles: strings(c.shared_config_files),
    accessKey: text(c.access_key),
    secretKey: text(c.secret_key),
    token: text(c.token),
    assumeRoles: roles?.length ? roles : undefined,
    endpoints: endpoints?.length ? endpoints : undefined,
    s3UsePathStyle: c.s3_use_path_style === true || c.s3_use_path_style === "true" ? true : undefined,
    stsRegion: text(c.sts_region),
  }) as AwsSettings;
}

/**
 * The value of `o`, unknowns kept, or its error. Reads the runtime's own
 * promises of the Output (internal: `apply` never runs on a failed Output),
 * every one of them, so that a failure is not an unhandled rejection, which
 * fails a Pulumi program.
 */
async function settled(o: pulumi.Output<unknown>): Promise<unknown> {
  const impl = o as unknown as { isKnown: Promise<boolean>; isSecret: Promise<boolean>; allResources(): Promise<unknown>; promise(withUnknowns: boolean): Promise<unknown> };
  for (const side of [impl.isKnown, impl.isSecret, impl.allResources()]) side.catch(() => undefined);
  return impl.promise(true);
}

/**
 * A plain aws.Provider's settings, read through its terraformConfig()
 * method; if that fails, its outputs (region, profile, keys) with a warning
 * saying why.
 */
function fromPlainProvider(p: aws.Provider): AwsAccess {
  const visible = compact({ profile: p.profile, accessKey: p.accessKey, secretKey: p.secretKey, token: p.token });
  const read: Promise<{ config: unknown } | { why: string }> = (async () => {
    if (typeof p.terraformConfig !== "function") return { why: "this @pulumi/aws has no Provider.terraformConfig()" };
    try {
      return { config: await settled(p.terraformConfig()) };
    } catch (err) {
      return { why: `terraformConfig(): ${(err as Error)?.message ?? String(err)}` };
    }
  })();
  const settings = pulumi.secret(pulumi.output(read).apply((r): pulumi.Input<AwsSettings> => {
    // Its outputs, the ones known (a preview may know none of its keys).
    if ("why" in r) {
      return Promise.all(Object.entries(visible).map(async ([k, v]) => [k, await settled(pulumi.output(v)).catch(() => undefined)] as const))
        .then((known) => Object.fromEntries(known.filter(([, v]) => v !== undefined && !pulumi.containsUnknowns(v))) as AwsSettings);
    }
    // Unknown during a preview that cannot know the provider's configuration yet.
    if (pulumi.containsUnknowns(r.config)) return pulumi.output(pulumi.unknown as unknown as AwsSettings);
    return settingsFromTerraformConfig(((r.config as { result?: Record<string, unknown> })?.result ?? {}) as Record<string, any>);
  }));
  const warning = read.then((r) => ("why" in r
    ? `the AWS provider given is a plain aws.Provider whose configuration could not be read (${r.why}): the asset sync and the CloudFront invalidation use its region, profile and keys, ` +
      "but cannot see its assumeRoles, endpoints or sharedCredentialsFiles; make it with stackfile's AwsProvider (same arguments) so they use all of them"
    : undefined));
  return { settings, hasKeys: true, warning };
}

/**
 * The AWS settings of `resource`'s children: its explicit `aws` provider
 * (through `provider`/`providers` or a parent's), else the stack's config.
 */
export function awsAccessOf(resource: pulumi.Resource): AwsAccess {
  const provider = resource.getProvider("aws:s3/bucket:Bucket");
  if (!provider) return fromStackConfig();
  const args = AwsProvider.argsOf(provider);
  if (args) return fromProviderArgs(args);
  return fromPlainProvider(provider as aws.Provider);
}
