// `npm run bench` (third part): the asset sync's upload rate for the
// generated 2,000-file app (scripts/bench-app.ts, built by OpenNext) against
// the local S3 server (s3rver on loopback, in its own process so that it does
// not share this one's event loop), at the default concurrency and at others.
// Each run uploads every file into an empty bucket (a first deploy), after a
// warm-up run of 200 files that is not counted.
import { spawn } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { S3Client, CreateBucketCommand } from "@aws-sdk/client-s3";
import { ROOT, generateBenchApp } from "./bench-app";

const APP = path.join(ROOT, "examples", ".bench-sync-app");

async function main(): Promise<void> {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { buildNextApp } = require("../dist/components/nextjs-web/build") as typeof import("../src/components/nextjs-web/build");
  const { assetManifest } = require("../dist/components/nextjs-web/assets") as typeof import("../src/components/nextjs-web/assets");
  const { assetSyncProvider, ASSET_SYNC_VERSION, RETAINED_BUILDS } = require("../dist/providers/asset-sync") as typeof import("../src/providers/asset-sync");
  /* eslint-enable @typescript-eslint/no-require-imports */
  generateBenchApp(APP);
  const build = buildNextApp(APP, { say: () => undefined });
  const manifest = assetManifest(APP, build.output);
  const bytes = manifest.files.reduce((n, f) => n + f.size, 0);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-s3rver-"));
  const server = spawn(process.execPath, ["-e", `
    const S3rver = require("s3rver");
    new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: ${JSON.stringify(dir)} }).run().then((a) => console.log(a.port));`],
  { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.stdout!.once("data", (d: Buffer) => resolve(Number(d.toString().trim())));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  process.env.AWS_ACCESS_KEY_ID = "S3RVER";
  process.env.AWS_SECRET_ACCESS_KEY = "S3RVER";
  const client = new S3Client({ region: "us-east-1", endpoint, forcePathStyle: true });
  const DEFAULT = 16;
  const sync = async (bucket: string, concurrency: number, files: typeof manifest.files) => {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    const start = process.hrtime.bigint();
    const r = await assetSyncProvider.create({
      bucket, region: "us-east-1", aws: { endpoints: [{ s3: endpoint }], s3UsePathStyle: true },
      baseDir: APP, keepPrefixes: [], retainBuilds: RETAINED_BUILDS, syncVersion: ASSET_SYNC_VERSION, concurrency, copies: manifest.copies, files,
    });
    return { uploaded: r.outs.uploaded as number, s: Number(process.hrtime.bigint() - start) / 1e9 };
  };
  try {
    await sync("warm-up", DEFAULT, manifest.files.slice(-200));
    for (const concurrency of [4, DEFAULT, 32, 64]) {
      const { uploaded, s } = await sync(`bench-${concurrency}`, concurrency, manifest.files);
      const mb = bytes / (1 << 20);
      console.log(`asset sync upload, ${uploaded} files, ${mb.toFixed(1)} MB, concurrency ${concurrency}${concurrency === DEFAULT ? " (default)" : ""}: ` +
        `${s.toFixed(1)} s, ${(uploaded / s).toFixed(0)} files/s, ${(mb / s).toFixed(1)} MB/s (s3rver on loopback)`);
    }
  } finally {
    client.destroy();
    server.kill();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(APP, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
