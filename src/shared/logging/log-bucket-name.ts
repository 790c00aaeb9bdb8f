import { createHash } from "crypto";

/** Prefixes S3 keeps for itself (general purpose bucket naming rules); `xn--` cannot occur once hyphens are folded. */
const RESERVED_PREFIXES = ["sthree-", "amzn-s3-demo-"];

/**
 * `{stackName}-{resourceName}-logs-{generatedHash}`: lower case, at most 63
 * characters, a name S3 accepts, the same on every deploy. S3 names are
 * global, so the hash comes from the account and region as well as the stack
 * and resource names: the same stack in another account gets another name.
 * Long names are shortened before `-logs-`.
 */
export function failedLogsBucketName(stackName: string, resourceName: string, account: string, region: string): string {
  const hash = createHash("sha256").update(`${account}/${region}/${stackName}/${resourceName}`).digest("hex").slice(0, 8);
  const suffix = `-logs-${hash}`;
  let base = `${stackName}-${resourceName}`.toLowerCase().replace(/[^a-z0-9-]+/g, "-").replace(/-+/g, "-").replace(/^-|-$/g, "");
  for (const p of RESERVED_PREFIXES) if (base.startsWith(p)) base = base.slice(p.length);
  base = base.slice(0, 63 - suffix.length).replace(/-+$/, "");
  return base ? `${base}${suffix}` : `stack${suffix}`;
}
