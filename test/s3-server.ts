// A local S3-compatible server on loopback, behind a fault proxy
// (test/fault-proxy.ts) that can fail, stall or rewrite chosen requests:
// s3rver (npm), or moto's server (test/moto-server.ts), an independent model
// of S3 the same test cases run against (S3_SERVERS).
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import type { AddressInfo } from "net";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import { startFaultProxy, type FaultProxy } from "./fault-proxy";
import { MOTO_CREDENTIALS, requireMoto } from "./moto-server";
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require("s3rver");

export interface LocalS3 {
  /** The proxy's address (what clients use). */
  endpoint: string;
  /** Requests the proxy saw, as `METHOD /bucket/key`. */
  seen: string[];
  /** Fail the next request whose path ends with this, once, with a 500. */
  failOnce(suffix: string): void;
  /** Faults to inject. */
  proxy: FaultProxy;
  stop(): Promise<void>;
}

export async function startLocalS3(buckets: string[]): Promise<LocalS3> {
  process.env.AWS_ACCESS_KEY_ID = "S3RVER";
  process.env.AWS_SECRET_ACCESS_KEY = "S3RVER";
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: dir, configureBuckets: buckets.map((name) => ({ name })) });
  const { port } = (await server.run()) as AddressInfo;
  return behindProxy(port, async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
}

/**
 * moto's server (shared by the test run; reset here, so the suite's buckets
 * are the only ones) behind a fault proxy of its own, with `buckets` made.
 * Skips the suite where moto is not installed (fails under CI=true).
 */
export async function startMotoS3(ctx: Mocha.Context, buckets: string[]): Promise<LocalS3> {
  const moto = await requireMoto(ctx);
  await moto.reset();
  process.env.AWS_ACCESS_KEY_ID = MOTO_CREDENTIALS.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY = MOTO_CREDENTIALS.secretAccessKey;
  const client = new S3Client({ region: "us-east-1", endpoint: moto.endpoint, forcePathStyle: true, credentials: MOTO_CREDENTIALS });
  for (const Bucket of buckets) await client.send(new CreateBucketCommand({ Bucket }));
  client.destroy();
  return behindProxy(moto.port, async () => undefined);
}

/** The S3 servers the same cases run against: `start` in a `before` hook. */
export const S3_SERVERS: { name: string; start(ctx: Mocha.Context, buckets: string[]): Promise<LocalS3> }[] = [
  { name: "s3rver", start: (_ctx, buckets) => startLocalS3(buckets) },
  { name: "moto", start: startMotoS3 },
];

async function behindProxy(port: number, stopServer: () => Promise<void>): Promise<LocalS3> {
  const proxy = await startFaultProxy(port);
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return {
    endpoint: proxy.endpoint,
    seen: proxy.seen,
    proxy,
    failOnce: (suffix) => proxy.add({
      url: new RegExp(`${escape(suffix)}(\\?|$)`),
      action: { status: 500, body: "<Error><Code>InternalError</Code><Message>injected failure</Message></Error>" },
    }),
    async stop() {
      await proxy.stop();
      await stopServer();
    },
  };
}
