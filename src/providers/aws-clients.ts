// AWS SDK clients for the dynamic providers, configured like the stack's AWS
// provider: its region, credentials (static keys, a profile of the shared
// files, a chain of assumed roles) and endpoints. Runs inside the serialized
// providers, so everything here is a plain function declaration (Pulumi
// serializes it by value; see `sdkModule` for how the SDK is found).

import type { AwsAssumeRole, AwsSettings } from "../shared/aws-naming/aws-settings";
export type { AwsAssumeRole, AwsSettings } from "../shared/aws-naming/aws-settings";

/** Bounds on every request, so no call waits forever. */
export interface AwsTimeouts {
  /** To establish a connection. */
  connectMs?: number;
  /** Without a byte sent or received. */
  idleMs?: number;
  /** For a whole request. */
  requestMs?: number;
  /** Attempts per request, with the SDK's backoff between them. */
  attempts?: number;
  /** For a credential lookup (a profile's role, SSO or credential_process, the default chain); each assumed role gets this much more. */
  credentialsMs?: number;
}

/**
 * An npm module from stackfile's own install. The serialized provider runs
 * in the engine's working directory, whose `node_modules` may not hold the
 * SDK (pnpm and other strict layouts hold only the project's direct
 * dependencies): so resolve `stackfile` from there first (a dependency of the
 * project) and load the module as stackfile would; else a plain `require`
 * (this repository, NODE_PATH). Only names are used: nothing registered
 * holds a path of this machine.
 */
export function sdkModule(name: string): any {
  const { createRequire } = require("module");
  let own: string | undefined;
  try {
    own = require.resolve("stackfile/package.json", { paths: [process.cwd()] });
  } catch {
    own = undefined;
  }
  if (own) {
    try {
      return createRequire(own)(name);
    } catch {
      // An install without it: try the plain way below.
    }
  }
  try {
    return require(name);
  } catch (err: any) {
    throw new Error(`stackfile: cannot load ${name} (from stackfile's install${own ? ` at ${own}` : ", not found"} or from ${process.cwd()}): install stackfile in the project (npm install stackfile); ${err?.message ?? err}`);
  }
}

/** The endpoints of `aws:endpoints` as one map (`{ s3, cloudfront, sts }`). */
export function awsEndpoints(settings: AwsSettings | undefined): Record<string, string> {
  const raw = settings?.endpoints;
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  const out: Record<string, string> = {};
  for (const entry of list) {
    for (const [k, v] of Object.entries(entry ?? {})) if (typeof v === "string" && v !== "") out[k.toLowerCase()] = v;
  }
  return out;
}

/** `1h30m` -> 5400 (the provider's duration form); a number as seconds. */
function durationSeconds(role: AwsAssumeRole): number | undefined {
  if (typeof role.durationSeconds === "number") return role.durationSeconds;
  const d = role.duration;
  if (typeof d !== "string" || d === "") return undefined;
  const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(d);
  if (!m || (!m[1] && !m[2] && !m[3])) throw new Error(`stackfile: assumeRoles duration '${d}' is not like 1h, 30m or 900s`);
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
}

function expandHome(file: string): string {
  return file.startsWith("~/") ? require("path").join(require("os").homedir(), file.slice(2)) : file;
}

/**
 * A credential provider that gives up after `ms`: a lookup that waits on
 * something (an STS or SSO endpoint, a credential_process) ends with `what`
 * named, never waits forever. Not retried (`fatal`): the bound is the answer.
 */
export function boundedCredentials(provider: (options?: any) => Promise<any>, what: string, ms: number): (options?: any) => Promise<any> {
  return async (options?: any) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error(`stackfile: ${what.replace("%s", `${ms / 1000} s`)}`), { fatal: true })), ms);
    });
    try {
      return await Promise.race([provider(options), late]);
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * The credentials the AWS provider would use, as the SDK takes them: static
 * keys, else a profile of the shared files, else the SDK's default chain;
 * then each assumed role in turn. As Terraform's provider does. Each lookup
 * is bounded (`credentialsMs`, 60 s by default; a role's bound includes the
 * lookups before it).
 */
export function awsCredentials(settings: AwsSettings | undefined, region: string, requestHandler?: Record<string, unknown>, credentialsMs = 60_000): any {
  const s = settings ?? {};
  const providers = () => sdkModule("@aws-sdk/credential-providers");
  let base: any;
  if (s.accessKey && s.secretKey) {
    base = { accessKeyId: s.accessKey, secretAccessKey: s.secretKey, ...(s.token ? { sessionToken: s.token } : {}) };
  } else if (s.profile || s.sharedCredentialsFiles?.length || s.sharedConfigFiles?.length) {
    const profile = s.profile || process.env.AWS_PROFILE || "default";
    base = boundedCredentials(providers().fromIni({
      ...(s.profile ? { profile: s.profile } : {}),
      ...(s.sharedCredentialsFiles?.length ? { filepath: expandHome(s.sharedCredentialsFiles[0]) } : {}),
      ...(s.sharedConfigFiles?.length ? { configFilepath: expandHome(s.sharedConfigFiles[0]) } : {}),
      clientConfig: { region },
    }), `the credentials of AWS profile '${profile}' (a role_arn, SSO or credential_process there) did not arrive within %s; check the profile (aws sts get-caller-identity --profile ${profile})`, credentialsMs);
  } else {
    base = boundedCredentials(providers().fromNodeProviderChain({ clientConfig: { region } }),
      "the AWS SDK's default credential chain (environment, AWS_PROFILE and the shared files, SSO, credential_process, container or instance role) gave no credentials within %s; " +
      "check them (aws sts get-caller-identity), or set aws:profile or keys in the stack's config", credentialsMs);
  }
  const sts = awsEndpoints(s).sts;
  let depth = 1;
  for (const role of s.assumeRoles ?? []) {
    if (!role?.roleArn) continue;
    const seconds = durationSeconds(role);
    depth++;
    base = boundedCredentials(providers().fromTemporaryCredentials({
      params: {
        RoleArn: role.roleArn,
        RoleSessionName: role.sessionName || "stackfile",
        ...(role.externalId ? { ExternalId: role.externalId } : {}),
        ...(seconds ? { DurationSeconds: seconds } : {}),
        ...(role.policy ? { Policy: role.policy } : {}),
        ...(role.policyArns?.length ? { PolicyArns: role.policyArns.map((arn) => ({ arn })) } : {}),
        ...(role.tags && Object.keys(role.tags).length ? { Tags: Object.keys(role.tags).sort().map((Key) => ({ Key, Value: role.tags![Key] })) } : {}),
        ...(role.transitiveTagKeys?.length ? { TransitiveTagKeys: role.transitiveTagKeys } : {}),
        ...(role.sourceIdentity ? { SourceIdentity: role.sourceIdentity } : {}),
      },
      masterCredentials: base,
      clientConfig: { region: s.stsRegion || region, ...(sts ? { endpoint: sts } : {}), ...(requestHandler ? { requestHandler } : {}) },
    }), `assuming role ${role.roleArn} did not answer within %s (STS in ${s.stsRegion || region}${sts ? ` at ${sts}` : ""}, with the credentials before it)`, credentialsMs * depth);
  }
  return base;
}

/**
 * The configuration of an S3 or CloudFront client (CloudFront's API is
 * global: signed for us-east-1): region, credentials, endpoint, path style,
 * timeouts and retries.
 */
export function awsClientConfig(settings: AwsSettings | undefined, service: "s3" | "cloudfront", region: string, timeouts?: AwsTimeouts): Record<string, any> {
  const t = timeouts ?? {};
  const requestHandler = {
    connectionTimeout: t.connectMs ?? 10_000,
    socketTimeout: t.idleMs ?? 60_000,
    requestTimeout: t.requestMs ?? 600_000,
    throwOnRequestTimeout: true,
  };
  const clientRegion = service === "cloudfront" ? "us-east-1" : region;
  const config: Record<string, any> = { region: clientRegion, maxAttempts: t.attempts ?? 4, requestHandler };
  config.credentials = awsCredentials(settings, region, requestHandler, t.credentialsMs);
  const endpoint = awsEndpoints(settings)[service];
  if (endpoint) config.endpoint = endpoint;
  if (service === "s3" && String(settings?.s3UsePathStyle) === "true") config.forcePathStyle = true;
  return config;
}
