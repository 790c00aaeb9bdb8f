import { createHash } from "crypto";

/**
 * `{stackName}-{resourceName}-logs-{generatedHash}`: lower case, at most 63
 * characters, stable across deploys (the hash comes from the stack and
 * resource names only). Long names are shortened before `-logs-`.
 */
export function failedLogsBucketName(stackName: string, resourceName: string): string {
  const hash = createHash("sha256").update(`${stackName}/${resourceName}`).digest("hex").slice(0, 8);
  const suffix = `-logs-${hash}`;
  const base = `${stackName}-${resourceName}`.toLowerCase().replace(/[^a-z0-9-]+/g, "-").replace(/-+/g, "-").replace(/^-|-$/g, "");
  return `${base.slice(0, 63 - suffix.length).replace(/-$/, "")}${suffix}`;
}
