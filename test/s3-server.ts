// A local S3-compatible server (s3rver) on loopback, behind a fault proxy
// (test/fault-proxy.ts) that can fail, stall or rewrite chosen requests.
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import type { AddressInfo } from "net";
import { startFaultProxy, type FaultProxy } from "./fault-proxy";
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
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
