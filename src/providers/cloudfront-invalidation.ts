// Dynamic provider that invalidates a CloudFront distribution's cache when
// `key` (a digest of what the site serves) changes, never on the clock. Each
// invalidation gets a new CallerReference: CloudFront takes a repeated one as
// the same request, so a return to earlier content would not invalidate.
// Uses the stack's AWS provider settings (`aws`: credentials, role, the
// `cloudfront` endpoint), each request bounded by timeouts and retried.
// Self-contained; clients built per call.
import type * as pulumi from "@pulumi/pulumi";
import { awsClientConfig, sdkModule, type AwsSettings, type AwsTimeouts } from "./aws-clients";

// Function values, so Pulumi serializes them with the provider.
const clientConfig = awsClientConfig;
const loadSdk = sdkModule;

export const INVALIDATION_VERSION = 3;

export interface InvalidationInputs {
  distributionId: string;
  paths: string[];
  /** Content hash of what was deployed: a new one means a new invalidation. */
  key: string;
  /** The stack's region (STS calls for an assumed role use it; CloudFront's API is global). */
  region?: string;
  /** The AWS provider's settings (credentials, assumed roles, endpoints). */
  aws?: AwsSettings;
  /** Bounds on each request (see AssetSyncInputs). */
  timeouts?: AwsTimeouts;
  version: number;
}

async function invalidate(inputs: any): Promise<string> {
  const { randomUUID } = require("crypto");
  const { CloudFrontClient, CreateInvalidationCommand } = loadSdk("@aws-sdk/client-cloudfront");
  const client = new CloudFrontClient(clientConfig(inputs.aws, "cloudfront", inputs.region ?? "us-east-1", inputs.timeouts));
  try {
    const r = await client.send(new CreateInvalidationCommand({
      DistributionId: inputs.distributionId,
      // Unique per request (CallerReference is at most 128 characters).
      InvalidationBatch: { CallerReference: `stackfile-${String(inputs.key).slice(0, 16)}-${randomUUID()}`, Paths: { Quantity: inputs.paths.length, Items: inputs.paths } },
    }));
    return r.Invalidation?.Id ?? inputs.key;
  } finally {
    client.destroy();
  }
}

export const invalidationProvider: pulumi.dynamic.ResourceProvider = {
  async diff(_id: string, olds: any, news: any) {
    // A new provider version alone invalidates nothing; nor do new credentials.
    const changes = olds.key !== news.key || olds.distributionId !== news.distributionId ||
      JSON.stringify(olds.paths) !== JSON.stringify(news.paths);
    return { changes, replaces: [], deleteBeforeReplace: false };
  },
  async create(inputs: any) {
    const { __provider: _p, ...outs } = inputs;
    const id = await invalidate(inputs);
    return { id, outs: { ...outs, invalidationId: id } };
  },
  async update(_id: string, _olds: any, news: any) {
    const { __provider: _p, ...outs } = news;
    return { outs: { ...outs, invalidationId: await invalidate(news) } };
  },
  async delete() {
    // An invalidation cannot be undone, and nothing remains to delete.
  },
};
