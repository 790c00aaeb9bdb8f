// The AWS endpoints the engine tests reach over HTTP, on one loopback port
// kept per engine folder (deployed inputs name it, so it must not move):
// S3 is a real S3-compatible server (s3rver) storing its objects in the
// folder, behind the fault proxy of the tests (test/fault-proxy.ts), so the
// real asset-sync provider uploads to it and a test can fail chosen requests;
// CloudFront's CreateInvalidation is answered for the distributions the
// stand-in provider created (the world file), as the CloudFront API answers
// it (https://docs.aws.amazon.com/cloudfront/latest/APIReference/API_CreateInvalidation.html:
// 201 with the Invalidation, or 404 NoSuchDistribution).
//
// Usage: node --import tsx local-aws.ts ENGINE_DIR PORT
// STACKFILE_S3_FAULTS: a JSON list of {method?, url (a regular expression on
// the path and query), skip? (matching requests passed through first),
// times? (default every one), status? (default 500)}.
import * as fs from "fs";
import * as path from "path";
import type { AddressInfo } from "net";
import { startFaultProxy, type Answer, type FaultRule } from "../../fault-proxy";
import { changeWorld, readWorld, worldKey } from "./world";
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require("s3rver");

interface FaultSpec { method?: string; url: string; skip?: number; times?: number; status?: number }

const xml = (status: number, body: string, headers: Record<string, string> = {}): Answer => ({
  status,
  headers: { "content-type": "text/xml", ...headers },
  body: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`),
});

/** CloudFront's answer to CreateInvalidation, for a distribution of the world. */
function invalidation(dir: string, url: string, body: Buffer): Answer {
  const m = /^\/2020-05-31\/distribution\/([^/?]+)\/invalidation/.exec(url);
  if (!m) return xml(400, "<ErrorResponse><Error><Type>Sender</Type><Code>InvalidArgument</Code><Message>the stand-in answers CreateInvalidation only</Message></Error></ErrorResponse>");
  const id = decodeURIComponent(m[1]);
  if (!readWorld(dir).resources[worldKey("aws:cloudfront/distribution:Distribution", id)]) {
    return xml(404, "<ErrorResponse><Error><Type>Sender</Type><Code>NoSuchDistribution</Code><Message>The specified distribution does not exist.</Message></Error></ErrorResponse>");
  }
  const batch = /<InvalidationBatch[^>]*>[\s\S]*<\/InvalidationBatch>/.exec(body.toString("utf8"))?.[0] ?? "";
  const paths = [...batch.matchAll(/<Path>([^<]*)<\/Path>/g)].map((p) => p[1]);
  const invalidationId = changeWorld(dir, (w) => {
    const n = w.log.filter((l) => l.startsWith("invalidate ")).length + 1;
    w.log.push(`invalidate ${id} ${paths.join(" ")}`);
    return `I${String(n).padStart(13, "0")}`;
  });
  return xml(201,
    `<Invalidation xmlns="http://cloudfront.amazonaws.com/doc/2020-05-31/"><Id>${invalidationId}</Id><Status>InProgress</Status><CreateTime>${new Date().toISOString()}</CreateTime>${batch}</Invalidation>`,
    { location: `https://cloudfront.amazonaws.com/2020-05-31/distribution/${id}/invalidation/${invalidationId}` });
}

function faultRules(text: string | undefined): FaultRule[] {
  if (!text) return [];
  const specs = JSON.parse(text) as FaultSpec[];
  return specs.map((f) => {
    let skipped = 0;
    return {
      method: f.method,
      url: new RegExp(f.url),
      times: (f.skip ?? 0) + (f.times ?? Infinity),
      action: async (req) => {
        if (skipped < (f.skip ?? 0)) {
          skipped++;
          return req.forward();
        }
        return xml(f.status ?? 500, "<Error><Code>InternalError</Code><Message>injected failure (STACKFILE_S3_FAULTS)</Message></Error>");
      },
    };
  });
}

async function start(dir: string, port: number): Promise<void> {
  const storage = path.join(dir, "s3");
  fs.mkdirSync(storage, { recursive: true });
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: storage });
  const { port: s3Port } = (await server.run()) as AddressInfo;
  const proxy = await startFaultProxy(s3Port, port);
  for (const rule of faultRules(process.env.STACKFILE_S3_FAULTS)) proxy.add(rule);
  proxy.add({ method: "POST", url: /^\/2020-05-31\//, times: Infinity, action: async (req) => invalidation(dir, req.url, req.body) });
  const stop = () => {
    void proxy.stop().then(() => server.close()).finally(() => process.exit(0));
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  console.log(`ready ${proxy.endpoint}`);
}

const [dir, port] = process.argv.slice(2);
start(path.resolve(dir), Number(port)).catch((err) => {
  console.error(`local AWS endpoints: ${(err as Error).message}`);
  process.exit(1);
});
