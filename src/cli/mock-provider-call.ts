// Provider method calls under the mock engine, answered as the real provider
// answers them. Pulumi's mock monitor has no `call`; the one method stackfile
// uses is pulumi-aws's `Provider.terraformConfig()`, which the Terraform
// bridge answers with the provider's configuration (its arguments as
// Configure received them) under Terraform's names, each entry a secret
// (pulumi-terraform-bridge pkg/tfbridge/provider.go, returnTerraformConfig).

import { containsUnknowns } from "@pulumi/pulumi";

const SECRET_SIG = "4dabf18193072939515e22adb298388d";
const SECRET = "1b47061264138c4ac30d75fd1eb44270";
const RESOURCE_REF = "5cf8f73096256a8f31e491e813e4eb8e";

/** aws.Provider arguments the Node SDK sends as JSON text (pulumi-aws provider.js: `.apply(JSON.stringify)`). */
const JSON_ARGS = new Set([
  "allowedAccountIds", "assumeRoleWithWebIdentity", "assumeRoles", "defaultTags", "endpoints", "forbiddenAccountIds", "ignoreTags", "insecure",
  "maxRetries", "s3UsePathStyle", "sharedConfigFiles", "sharedCredentialsFiles", "skipCredentialsValidation", "skipMetadataApiCheck",
  "skipRegionValidation", "skipRequestingAccountId", "tokenBucketRateLimiterCapacity", "useDualstackEndpoint", "useFipsEndpoint", "userAgents",
]);
/** Pulumi names whose Terraform name is not their snake case. */
const RENAMED: Record<string, string> = { assumeRoles: "assume_role" };
/** Blocks of at most one item: Terraform's raw configuration holds them as lists. */
const SINGLE_BLOCKS = new Set(["assumeRoleWithWebIdentity", "defaultTags", "ignoreTags"]);
/** Values that are maps (their keys are data, not names). */
const MAPS = new Set(["tags", "endpoints"]);

const snake = (k: string) => RENAMED[k] ?? k.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();

function tfValue(v: unknown, key: string): unknown {
  if (Array.isArray(v)) return v.map((x) => tfValue(x, key));
  if (v && typeof v === "object") {
    if (MAPS.has(key) && key !== "endpoints") return v;
    return Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined && x !== null).map(([k, x]) => [key === "endpoints" ? k : snake(k), tfValue(x, k)]));
  }
  return v;
}

/** What pulumi-aws's terraformConfig() returns for a provider registered with `inputs`. */
export function awsTerraformConfig(inputs: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, given] of Object.entries(inputs)) {
    // Secret arguments (keys) arrive wrapped.
    const raw = given && typeof given === "object" && (given as Record<string, unknown>)[SECRET_SIG] === SECRET ? (given as { value: unknown }).value : given;
    if (k === "version" || k === "pluginDownloadURL" || raw === undefined || raw === null) continue;
    let v = typeof raw === "string" && JSON_ARGS.has(k) ? JSON.parse(raw) : raw;
    if (v === null) continue;
    if (SINGLE_BLOCKS.has(k) && !Array.isArray(v)) v = [v];
    out[snake(k)] = tfValue(v, k);
  }
  return out;
}

interface MonitorCallRequest {
  getTok(): string;
  getArgs(): { toJavaScript(): Record<string, any>; constructor: { fromJavaScript(o: unknown): unknown } } | undefined;
}

/**
 * A `call` for the mock monitor: answers `pulumi:providers:aws/terraformConfig`
 * from the inputs `providerInputs` gives for a provider's name; any other
 * method fails as the bridge fails it.
 */
export function mockProviderCall(providerInputs: (name: string) => Record<string, unknown> | undefined) {
  return (req: MonitorCallRequest, callback: (err: unknown, resp?: unknown) => void): void => {
    try {
      const tok = req.getTok();
      const args = req.getArgs()?.toJavaScript() ?? {};
      if (tok !== "pulumi:providers:aws/terraformConfig") throw new Error(`unknown method token for Call ${tok}`);
      const self = args.__self__;
      const urn: string = self && self[SECRET_SIG] === RESOURCE_REF ? self.urn : String(self ?? "");
      const inputs = providerInputs(urn.slice(urn.lastIndexOf("::") + 2));
      if (!inputs) throw new Error(`terraformConfig: no provider registered as ${urn}`);
      // The bridge cannot give a configuration it does not know yet (a preview with unknown arguments).
      if (containsUnknowns(inputs)) {
        throw new Error("it looks like you're trying to use the provider's terraformConfig function. The result of this function is meant for use as the config value of a required provider for a Pulumi Terraform Module. All inputs to provider configuration must be known for this feature to work: ConfigMap contains unknowns");
      }
      const config = awsTerraformConfig(inputs);
      const result = Object.fromEntries(Object.entries(config).map(([k, v]) => [k, { [SECRET_SIG]: SECRET, value: v }]));
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { CallResponse } = require("@pulumi/pulumi/proto/provider_pb");
      const resp = new CallResponse();
      resp.setReturn(req.getArgs()!.constructor.fromJavaScript({ result }));
      callback(null, resp);
    } catch (err) {
      callback(Object.assign(new Error((err as Error).message), { details: (err as Error).message }));
    }
  };
}
