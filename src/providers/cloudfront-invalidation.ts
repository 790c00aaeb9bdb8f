// Dynamic provider that invalidates a CloudFront distribution's cache once
// per build: a new invalidation only when `key` (a content hash of the build)
// changes, never on the clock. Self-contained; clients built per call.
import type * as pulumi from "@pulumi/pulumi";

export const INVALIDATION_VERSION = 1;

export interface InvalidationInputs {
  distributionId: string;
  paths: string[];
  /** Content hash of what was deployed: a new one means a new invalidation. */
  key: string;
  version: number;
}

async function invalidate(inputs: any): Promise<string> {
  const { CloudFrontClient, CreateInvalidationCommand } = require("@aws-sdk/client-cloudfront");
  const client = new CloudFrontClient({ region: "us-east-1" });
  try {
    const r = await client.send(new CreateInvalidationCommand({
      DistributionId: inputs.distributionId,
      InvalidationBatch: { CallerReference: `stackfile-${inputs.key}`, Paths: { Quantity: inputs.paths.length, Items: inputs.paths } },
    }));
    return r.Invalidation?.Id ?? inputs.key;
  } finally {
    client.destroy();
  }
}

export const invalidationProvider: pulumi.dynamic.ResourceProvider = {
  async diff(_id: string, olds: any, news: any) {
    const changes = olds.key !== news.key || olds.distributionId !== news.distributionId ||
      JSON.stringify(olds.paths) !== JSON.stringify(news.paths) || olds.version !== news.version;
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
