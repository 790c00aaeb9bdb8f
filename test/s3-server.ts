// A local S3-compatible server (s3rver) on loopback, and a proxy in front of
// it that can fail chosen requests, for the asset sync tests.
import * as fs from "fs";
import * as http from "http";
import * as os from "os";
import * as path from "path";
import type { AddressInfo } from "net";
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require("s3rver");

export interface LocalS3 {
  endpoint: string;
  /** Requests the proxy saw, as `METHOD /bucket/key`. */
  seen: string[];
  /** Fail the next request whose path ends with this, once, with a 500. */
  failOnce(suffix: string): void;
  stop(): Promise<void>;
}

export async function startLocalS3(buckets: string[]): Promise<LocalS3> {
  process.env.AWS_ACCESS_KEY_ID = "S3RVER";
  process.env.AWS_SECRET_ACCESS_KEY = "S3RVER";
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: dir, configureBuckets: buckets.map((name) => ({ name })) });
  const { port } = (await server.run()) as AddressInfo;
  const seen: string[] = [];
  const failures: string[] = [];
  const proxy = http.createServer((req, res) => {
    const url = req.url ?? "/";
    seen.push(`${req.method} ${url.split("?")[0]}`);
    const i = failures.findIndex((s) => url.split("?")[0].endsWith(s));
    if (i >= 0) {
      failures.splice(i, 1);
      req.resume();
      res.writeHead(500, { "content-type": "application/xml" });
      res.end("<Error><Code>InternalError</Code><Message>injected failure</Message></Error>");
      return;
    }
    const upstream = http.request({ host: "127.0.0.1", port, method: req.method, path: url, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((r) => proxy.listen(0, "127.0.0.1", r));
  return {
    endpoint: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    seen,
    failOnce: (suffix) => failures.push(suffix),
    async stop() {
      await new Promise((r) => proxy.close(r));
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
