// The size of every Lambda package a plan would upload, zipped and unzipped,
// and how it reaches Lambda (directly, or from an S3 object the plan makes):
// what `plan` prints, so a package near Lambda's limits shows before a deploy.
import * as fs from "fs";
import * as zlib from "zlib";
import * as pulumi from "@pulumi/pulumi";
import type { RegisteredResource } from "./mock-engine";
import { DIRECT_UPLOAD_LIMIT, UNZIPPED_LIMIT, folderSize, megabytes } from "../shared/workloads/package-size";

export interface PackageLine {
  /** The function resource's name. */
  name: string;
  zipped: number;
  unzipped: number;
  /** `directly`, or `through S3 (<object resource>)`. */
  via: string;
}

interface Sizes { zipped: number; unzipped: number }
const add = (a: Sizes, b: Sizes): Sizes => ({ zipped: a.zipped + b.zipped, unzipped: a.unzipped + b.unzipped });
const NONE: Sizes = { zipped: 0, unzipped: 0 };

/** A .zip file's own size and its entries' uncompressed sizes, from its central directory. */
export function zipFileSizes(file: string): Sizes {
  const data = fs.readFileSync(file);
  const end = data.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) return { zipped: data.length, unzipped: data.length };
  const entries = data.readUInt16LE(end + 10);
  let at = data.readUInt32LE(end + 16);
  let unzipped = 0;
  for (let i = 0; i < entries && data.readUInt32LE(at) === 0x02014b50; i++) {
    unzipped += data.readUInt32LE(at + 24);
    at += 46 + data.readUInt16LE(at + 28) + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
  }
  return { zipped: data.length, unzipped };
}

async function archiveSizes(asset: typeof pulumi.asset, v: unknown): Promise<Sizes | undefined> {
  if (v instanceof asset.FileArchive) {
    const at = await v.path;
    if (fs.statSync(at).isFile()) return zipFileSizes(at);
    const s = folderSize(at, true);
    return { zipped: s.zipped!, unzipped: s.unzipped };
  }
  if (v instanceof asset.StringAsset) {
    const text = Buffer.from((await v.text) ?? "");
    return { zipped: zlib.deflateRawSync(text).length, unzipped: text.length };
  }
  if (v instanceof asset.FileAsset) {
    const data = fs.readFileSync(await v.path);
    return { zipped: zlib.deflateRawSync(data).length, unzipped: data.length };
  }
  if (v instanceof asset.AssetArchive) {
    let total = NONE;
    for (const m of Object.values((await v.assets) as Record<string, unknown>)) total = add(total, (await archiveSizes(asset, m)) ?? NONE);
    return total;
  }
  return undefined;
}

/** Every Lambda function's package sizes, in name order. */
export async function lambdaPackages(resources: RegisteredResource[]): Promise<PackageLine[]> {
  const asset = pulumi.asset;
  const out: PackageLine[] = [];
  for (const r of resources.filter((x) => x.type === "aws:lambda/function:Function")) {
    let sizes: Sizes | undefined;
    let via = "directly";
    if (r.inputs.s3Key !== undefined) {
      const object = resources.find((x) => x.type === "aws:s3/bucketObjectv2:BucketObjectv2" && x.inputs.key === r.inputs.s3Key);
      if (object) {
        sizes = await archiveSizes(asset, object.inputs.source);
        via = `through S3 (${object.name})`;
      }
    } else {
      sizes = await archiveSizes(asset, r.inputs.code);
    }
    if (sizes) out.push({ name: r.name, ...sizes, via });
  }
  return out.sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** `16 KB` under a megabyte, else `12.3 MB`. */
const shown = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.ceil(bytes / 1024))} KB` : megabytes(bytes));

/** The plan's lines for the packages. */
export function renderPackages(packages: PackageLine[]): string[] {
  if (!packages.length) return [];
  return [
    `Lambda packages (zipped / unzipped; Lambda takes ${megabytes(DIRECT_UPLOAD_LIMIT)} zipped through its API, larger ones from S3, and ${megabytes(UNZIPPED_LIMIT)} unzipped):`,
    ...packages.map((p) => `  ${p.name}: ${shown(p.zipped)} / ${shown(p.unzipped)}, uploaded ${p.via}`),
  ];
}
