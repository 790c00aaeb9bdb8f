// Assets and archives in recorded inputs (a function's code) hold promises;
// plan shows them as what they are: the folder or file, or an archive's members.
import * as path from "path";
import type * as Pulumi from "@pulumi/pulumi";

type Described = string | { archive: Record<string, Described> };

async function describe(v: unknown): Promise<Described | undefined> {
  // Loaded here, not at the top: validate and schema never load the SDK.
  const { asset } = require("@pulumi/pulumi") as typeof Pulumi;
  const rel = (p: string) => path.relative(process.cwd(), p) || ".";
  if (v instanceof asset.FileArchive) return `archive of ${rel(await v.path)}`;
  if (v instanceof asset.RemoteArchive) return `archive at ${await v.uri}`;
  if (v instanceof asset.FileAsset) return `file ${rel(await v.path)}`;
  if (v instanceof asset.RemoteAsset) return `file at ${await v.uri}`;
  if (v instanceof asset.StringAsset) return `text, ${Buffer.byteLength((await v.text) ?? "")} bytes`;
  if (v instanceof asset.AssetArchive) {
    const members = (await v.assets) as Record<string, unknown>;
    const out: Record<string, Described> = {};
    for (const [k, m] of Object.entries(members)) out[k] = (await describe(m)) ?? "?";
    return { archive: out };
  }
  return undefined;
}

/** A copy of `value` with every asset and archive replaced by its description. */
export async function describeAssets(value: unknown): Promise<unknown> {
  const d = await describe(value);
  if (d !== undefined) return d;
  if (Array.isArray(value)) return Promise.all(value.map(describeAssets));
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = await describeAssets(v);
    return out;
  }
  return value;
}
