// A function's code package as the component registers it, written to disk as
// Lambda unpacks it, for tests that run the exact package.
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";

export interface PackageFiles {
  /** Folders (FileArchive) by the key they are unpacked at. */
  dirs: Record<string, string>;
  /** Text members (StringAsset) by name. */
  texts: Record<string, string>;
}

/** The files of a recorded AssetArchive. */
export async function packageOf(code: any): Promise<PackageFiles> {
  const assets = await code.assets;
  const dirs: Record<string, string> = {};
  const texts: Record<string, string> = {};
  for (const [key, value] of Object.entries<any>(assets)) {
    if (value instanceof pulumi.asset.FileArchive) dirs[key] = await value.path;
    else if (value instanceof pulumi.asset.StringAsset) texts[key] = (await value.text) as string;
    else assert.fail(`unexpected member ${key} of the package`);
  }
  return { dirs, texts };
}

/** Writes the package as Lambda unpacks it: each archive's files at its key, each asset at its name. */
export function unpack(pkg: PackageFiles, into: string): void {
  for (const [key, dir] of Object.entries(pkg.dirs)) fs.cpSync(dir, path.join(into, key), { recursive: true });
  for (const [name, text] of Object.entries(pkg.texts)) fs.writeFileSync(path.join(into, name), text);
}
