// Assets and archives in recorded inputs (a function's code) hold promises;
// plan shows them as what they are: the folder or file, or an archive's members.
import * as path from "path";
import type * as Pulumi from "@pulumi/pulumi";

type Described = string | { archive: Record<string, Described> };
type AssetModule = typeof Pulumi.asset;

async function describe(asset: AssetModule, v: unknown): Promise<Described | undefined> {
  const rel = (p: string) => path.relative(process.cwd(), p) || ".";
  if (v instanceof asset.FileArchive) return `archive of ${rel(await v.path)}`;
  if (v instanceof asset.RemoteArchive) return `archive at ${await v.uri}`;
  if (v instanceof asset.FileAsset) return `file ${rel(await v.path)}`;
  if (v instanceof asset.RemoteAsset) return `file at ${await v.uri}`;
  if (v instanceof asset.StringAsset) return `text, ${Buffer.byteLength((await v.text) ?? "")} bytes`;
  if (v instanceof asset.AssetArchive) {
    const members = (await v.assets) as Record<string, unknown>;
    const out: Record<string, Described> = {};
    for (const [k, m] of Object.entries(members)) out[k] = (await describe(asset, m)) ?? "?";
    return { archive: out };
  }
  return undefined;
}

async function walk(asset: AssetModule, value: unknown): Promise<unknown> {
  const d = await describe(asset, value);
  if (d !== undefined) return d;
  if (Array.isArray(value)) return Promise.all(value.map((v) => walk(asset, v)));
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = await walk(asset, v);
    return out;
  }
  return value;
}

/** A copy of `value` with every asset and archive replaced by its description. */
export function describeAssets(value: unknown): Promise<unknown> {
  // Loaded here, not at the top: validate and schema never load the SDK.
  return walk((require("@pulumi/pulumi") as typeof Pulumi).asset, value);
}
