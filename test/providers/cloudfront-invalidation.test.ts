// The invalidation provider against a local endpoint that answers
// CreateInvalidation as CloudFront does: a CallerReference it has seen
// returns the earlier invalidation instead of making one. Called directly,
// and serialized as Pulumi does and run in a fresh process (in this checkout,
// and in a pnpm-like project). The same cases run against moto's server (an
// independent model of CloudFront's API), with a distribution made there.
import * as assert from "assert";
import * as http from "http";
import type { AddressInfo } from "net";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { execFile } from "child_process";
import { promisify } from "util";
import * as pulumi from "@pulumi/pulumi";
import { CloudFrontClient, CreateDistributionCommand, GetInvalidationCommand, ListInvalidationsCommand } from "@aws-sdk/client-cloudfront";
import { invalidationProvider, INVALIDATION_VERSION } from "../../src/providers/cloudfront-invalidation";
import { strictProject } from "../strict-layout";
import { MOTO_CREDENTIALS, requireMoto } from "../moto-server";

interface CloudFront {
  endpoint: string;
  distributionId: string;
  /** The distribution's invalidations, as the server lists them: id and CallerReference. */
  invalidations(): Promise<{ id: string; reference: string }[]>;
  stop(): Promise<void>;
}

/** Answers CreateInvalidation as CloudFront does (a repeated CallerReference returns the earlier invalidation). */
async function startFake(): Promise<CloudFront> {
  const byReference = new Map<string, string>();
  const made: { id: string; reference: string }[] = [];
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
      let id = byReference.get(ref);
      if (!id) {
        id = `I${made.length + 1}`;
        byReference.set(ref, id);
        made.push({ id, reference: ref });
      }
      const batch = /<InvalidationBatch[^>]*>([\s\S]*)<\/InvalidationBatch>/.exec(body)![1];
      res.writeHead(201, { "content-type": "text/xml", location: `https://cloudfront.amazonaws.com/2020-05-31/distribution/${m[1]}/invalidation/${id}` });
      res.end(`<?xml version="1.0"?><Invalidation xmlns="http://cloudfront.amazonaws.com/doc/2020-05-31/"><Id>${id}</Id><Status>InProgress</Status><CreateTime>2026-11-22T00:00:00Z</CreateTime><InvalidationBatch>${batch}</InvalidationBatch></Invalidation>`);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, distributionId: "E123",
    invalidations: async () => [...made],
    stop: () => new Promise((r) => server.close(() => r())),
  };
}

/** moto's server with a distribution of its own (moto checks that the distribution exists). */
async function startMoto(ctx: Mocha.Context): Promise<CloudFront> {
  const moto = await requireMoto(ctx);
  const client = new CloudFrontClient({ region: "us-east-1", endpoint: moto.endpoint, credentials: MOTO_CREDENTIALS });
  const made = await client.send(new CreateDistributionCommand({ DistributionConfig: {
    CallerReference: "invalidation-test", Comment: "", Enabled: true,
    Origins: { Quantity: 1, Items: [{ Id: "site", DomainName: "site.example.com", CustomOriginConfig: { HTTPPort: 80, HTTPSPort: 443, OriginProtocolPolicy: "https-only" } }] },
    DefaultCacheBehavior: { TargetOriginId: "site", ViewerProtocolPolicy: "redirect-to-https", CachePolicyId: "658327ea-f89d-4fab-a63d-7e88639e58f6" },
  } }));
  const distributionId = made.Distribution!.Id!;
  return {
    endpoint: moto.endpoint, distributionId,
    async invalidations() {
      const list = await client.send(new ListInvalidationsCommand({ DistributionId: distributionId, MaxItems: 1000 }));
      return Promise.all((list.InvalidationList?.Items ?? []).map(async ({ Id }) => {
        const one = await client.send(new GetInvalidationCommand({ DistributionId: distributionId, Id }));
        return { id: Id!, reference: one.Invalidation!.InvalidationBatch!.CallerReference! };
      }));
    },
    stop: async () => client.destroy(),
  };
}

const SERVERS: { name: string; start(ctx: Mocha.Context): Promise<CloudFront> }[] = [
  { name: "a fake CloudFront of ours", start: () => startFake() },
  { name: "moto", start: startMoto },
];

for (const server of SERVERS) describe(`CloudFront invalidation provider (${server.name})`, () => {
  let cf: CloudFront;
  before(async function () {
    process.env.AWS_ACCESS_KEY_ID ??= "test";
    process.env.AWS_SECRET_ACCESS_KEY ??= "test";
    cf = await server.start(this);
  });
  after(() => cf?.stop());

  const inputs = (key: string) => ({ distributionId: cf.distributionId, paths: ["/*"], key, region: "eu-west-1", aws: { endpoints: [{ cloudfront: cf.endpoint }] }, version: INVALIDATION_VERSION });
  const ids = async () => (await cf.invalidations()).map((i) => i.id);

  it("invalidates on every change, a return to earlier content (A -> B -> A) included", async () => {
    const before = await ids();
    const a = await invalidationProvider.create(inputs("a".repeat(64)));
    assert.strictEqual((await invalidationProvider.diff!("id", a.outs, inputs("b".repeat(64)))).changes, true);
    const b = await invalidationProvider.update!("id", a.outs, inputs("b".repeat(64)));
    assert.strictEqual((await invalidationProvider.diff!("id", b.outs, inputs("a".repeat(64)))).changes, true);
    await invalidationProvider.update!("id", b.outs, inputs("a".repeat(64)));
    const made = (await cf.invalidations()).filter((i) => !before.includes(i.id));
    assert.strictEqual(made.length, 3, `three invalidations made, references ${made.map((m) => m.reference).join(", ")}`);
    assert.strictEqual(new Set(made.map((m) => m.reference)).size, 3);
  });

  /** Runs `script` (given the provider as `p`) on the provider serialized as Pulumi does, in a fresh node process in `cwd`. */
  const serialized = async (script: string, cwd: string, env: NodeJS.ProcessEnv): Promise<string> => {
    const sf = await pulumi.runtime.serializeFunction(() => invalidationProvider);
    assert.ok(!sf.text.includes(process.cwd()), "nothing registered names this checkout's path");
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "invalidation-"));
    fs.writeFileSync(path.join(tmp, "provider.js"), sf.text);
    fs.writeFileSync(path.join(tmp, "run.js"), `const p = require("./provider.js").${sf.exportName}();\n(async () => { ${script} })().catch((e) => { console.error(e.message); process.exit(1); });`);
    // Not execFileSync: the fake CloudFront answers from this process.
    return (await promisify(execFile)(process.execPath, [path.join(tmp, "run.js")], { cwd, encoding: "utf8", env })).stdout;
  };

  it("runs serialized as Pulumi does, in a fresh process: create, a diff, an update", async () => {
    const before = await ids();
    const out = await serialized(`
      const a = await p.create(${JSON.stringify(inputs("d".repeat(64)))});
      const d = await p.diff(a.id, a.outs, ${JSON.stringify(inputs("e".repeat(64)))});
      const b = await p.update(a.id, a.outs, ${JSON.stringify(inputs("e".repeat(64)))});
      process.stdout.write(JSON.stringify([a.id, d.changes, b.outs.invalidationId]));`,
    process.cwd(), { ...process.env, NODE_PATH: path.join(process.cwd(), "node_modules") });
    const [created, changes, updated] = JSON.parse(out);
    assert.strictEqual(changes, true);
    assert.deepStrictEqual((await ids()).filter((i) => !before.includes(i)).sort(), [created, updated].sort(), "the ids are those of the two invalidations made");
  });

  it("runs serialized in a project whose node_modules holds only stackfile (a pnpm-like layout): the CloudFront SDK loads from stackfile's own install", async () => {
    const { project, env } = await strictProject();
    const before = await ids();
    const out = await serialized(`process.stdout.write((await p.create(${JSON.stringify(inputs("f".repeat(64)))})).id);`, project, env);
    assert.deepStrictEqual((await ids()).filter((i) => !before.includes(i)), [out]);
  });

  it("a deploy that changes nothing invalidates nothing (not even a new provider version)", async () => {
    const a = await invalidationProvider.create(inputs("c".repeat(64)));
    assert.strictEqual((await invalidationProvider.diff!("id", a.outs, inputs("c".repeat(64)))).changes, false);
    assert.strictEqual((await invalidationProvider.diff!("id", a.outs, { ...inputs("c".repeat(64)), version: INVALIDATION_VERSION + 1 })).changes, false);
  });
});
