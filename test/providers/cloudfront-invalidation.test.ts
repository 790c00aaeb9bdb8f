// The invalidation provider against a local endpoint that answers
// CreateInvalidation as CloudFront does: a CallerReference it has seen
// returns the earlier invalidation instead of making one.
import * as assert from "assert";
import * as http from "http";
import type { AddressInfo } from "net";
import { invalidationProvider, INVALIDATION_VERSION } from "../../src/providers/cloudfront-invalidation";

interface FakeCloudFront { endpoint: string; created: string[]; references: string[]; stop(): Promise<void> }

async function startCloudFront(): Promise<FakeCloudFront> {
  const byReference = new Map<string, string>();
  const created: string[] = [];
  const references: string[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const m = /^\/2020-05-31\/distribution\/([^/]+)\/invalidation$/.exec(req.url ?? "");
      const ref = /<CallerReference>([^<]*)<\/CallerReference>/.exec(body)?.[1];
      if (req.method !== "POST" || !m || !ref) {
        res.writeHead(400).end();
        return;
      }
      references.push(ref);
      let id = byReference.get(ref);
      if (!id) {
        id = `I${created.length + 1}`;
        byReference.set(ref, id);
        created.push(id);
      }
      const batch = /<InvalidationBatch[^>]*>([\s\S]*)<\/InvalidationBatch>/.exec(body)![1];
      res.writeHead(201, { "content-type": "text/xml", location: `https://cloudfront.amazonaws.com/2020-05-31/distribution/${m[1]}/invalidation/${id}` });
      res.end(`<?xml version="1.0"?><Invalidation xmlns="http://cloudfront.amazonaws.com/doc/2020-05-31/"><Id>${id}</Id><Status>InProgress</Status><CreateTime>2026-11-22T00:00:00Z</CreateTime><InvalidationBatch>${batch}</InvalidationBatch></Invalidation>`);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, created, references, stop: () => new Promise((r) => server.close(() => r())) };
}

describe("CloudFront invalidation provider", () => {
  let cf: FakeCloudFront;
  before(async () => {
    process.env.AWS_ACCESS_KEY_ID ??= "test";
    process.env.AWS_SECRET_ACCESS_KEY ??= "test";
    cf = await startCloudFront();
  });
  after(() => cf.stop());

  const inputs = (key: string) => ({ distributionId: "E123", paths: ["/*"], key, region: "eu-west-1", aws: { endpoints: [{ cloudfront: cf.endpoint }] }, version: INVALIDATION_VERSION });

  it("invalidates on every change, a return to earlier content (A -> B -> A) included", async () => {
    const a = await invalidationProvider.create(inputs("a".repeat(64)));
    assert.strictEqual((await invalidationProvider.diff!("id", a.outs, inputs("b".repeat(64)))).changes, true);
    const b = await invalidationProvider.update!("id", a.outs, inputs("b".repeat(64)));
    assert.strictEqual((await invalidationProvider.diff!("id", b.outs, inputs("a".repeat(64)))).changes, true);
    await invalidationProvider.update!("id", b.outs, inputs("a".repeat(64)));
    assert.strictEqual(cf.created.length, 3, `three invalidations made, references ${cf.references.join(", ")}`);
    assert.strictEqual(new Set(cf.references).size, 3);
  });

  it("a deploy that changes nothing invalidates nothing (not even a new provider version)", async () => {
    const a = await invalidationProvider.create(inputs("c".repeat(64)));
    assert.strictEqual((await invalidationProvider.diff!("id", a.outs, inputs("c".repeat(64)))).changes, false);
    assert.strictEqual((await invalidationProvider.diff!("id", a.outs, { ...inputs("c".repeat(64)), version: INVALIDATION_VERSION + 1 })).changes, false);
  });
});
