// `@pulumi/aws`'s package index loads the index of every AWS service it
// covers (about 240 folders, 300 modules: a third of a second, a sixth of
// what a 200-cluster `plan` costs above its floor) though a stack's components
// use six of them. `plan` and `diff` put in its place, before any component
// loads, the same package read on demand: `aws.elasticache` loads
// `@pulumi/aws/elasticache` when first read, `aws.getRegionOutput` its own
// file; anything else loads the whole index as before. Every class and
// function is the package's own, so what is registered does not change
// (the plan-json golden outputs in the note of issue 25 show it byte for byte).
// `pulumi up` runs the program without this: it loads the whole package.
import * as fs from "fs";
import * as path from "path";
import type * as pulumi from "@pulumi/pulumi";
import { pulumiSdk } from "../shared/process/lazy";
import { loadedApart, standIn } from "./module-stand-in";

/**
 * Installs `@pulumi/aws` read on demand in the module cache (once; nothing
 * when the package is loaded already, since its classes must stay the ones
 * loaded). Returns whether it did.
 */
export function installAwsOnDemand(): boolean {
  const indexFile = require.resolve("@pulumi/aws");
  if (require.cache[indexFile]) return false;
  const dir = path.dirname(indexFile);
  const load = (rel: string) => require(path.join(dir, rel)) as Record<string, unknown>;
  /** The package's own index, compiled apart from the cache entry this installs (for names not found below). */
  const wholeIndex = loadedApart<Record<string, unknown>>(indexFile);
  const found = new Map<string, unknown>();
  const lookup = (name: string): unknown => {
    // A service namespace (`aws.elasticache`): its own folder's index.
    if (/^[a-z][a-z0-9]*$/.test(name) && fs.existsSync(path.join(dir, name, "index.js"))) return load(name);
    // The provider class and a top-level function (`getRegion`, `getRegionOutput`): their own file.
    if (name === "Provider") return load("provider").Provider;
    const file = name.replace(/Output$/, "");
    if (/^[a-z][A-Za-z0-9]*$/.test(file) && file !== "index" && file !== "utilities" && fs.existsSync(path.join(dir, `${file}.js`))) {
      const exported = load(file)[name];
      if (exported !== undefined) return exported;
    }
    return wholeIndex()[name];
  };
  // The names the index exports, without loading it: its `exports.x = ... = void 0` lines, and the
  // provider's, tags' and utils' own (bundlers such as tsx's esbuild copy every name as a getter).
  let names: Set<string> | undefined;
  const allNames = () =>
    (names ??= new Set([
      ...[...fs.readFileSync(indexFile, "utf8").matchAll(/^exports\.\w+ = .* = void 0;$/gm)].flatMap((m) => [...m[0].matchAll(/exports\.(\w+)/g)].map((x) => x[1])),
      ...["provider", "tags", "utils"].flatMap((f) => Object.keys(load(f))),
    ]));
  const exports = new Proxy({ __esModule: true } as Record<string | symbol, unknown>, {
    get(target, name) {
      if (typeof name !== "string" || name === "__esModule" || name === "then") return target[name];
      if (!found.has(name)) found.set(name, lookup(name));
      return found.get(name);
    },
    has: (_target, name) => name === "__esModule" || (typeof name === "string" && allNames().has(name)),
    ownKeys: () => ["__esModule", ...allNames()],
    getOwnPropertyDescriptor: (target, name) =>
      name === "__esModule"
        ? Object.getOwnPropertyDescriptor(target, name)
        : typeof name === "string" && allNames().has(name) ? { get: () => exports[name], enumerable: true, configurable: true } : undefined,
  });
  standIn(indexFile, exports);
  // What the index does last: lets the SDK rebuild an `aws` provider from a
  // reference (`registerResourcePackage`, @pulumi/aws index.js).
  const { Provider } = load("provider") as { Provider: new (name: string, args: undefined, opts: pulumi.CustomResourceOptions) => pulumi.ProviderResource };
  const { getVersion } = load("utilities") as { getVersion: () => string };
  pulumiSdk().runtime.registerResourcePackage("aws", {
    version: getVersion(),
    constructProvider: (name, type, urn) => {
      if (type !== "pulumi:providers:aws") throw new Error(`unknown provider type ${type}`);
      return new Provider(name, undefined, { urn });
    },
  });
  return true;
}
