// The code package of a Lambda@Edge server: OpenNext's bundle plus an entry
// file and the environment, resolved at deploy and baked into the package,
// because Lambda@Edge functions have no environment variables.
import * as fs from "fs";
import * as zlib from "zlib";
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import { BuildError } from "./build/build-error";

export const EDGE_ENTRY = "stackfile-edge.mjs";
export const EDGE_ENV_FILE = "stackfile-env.json";
export const EDGE_HANDLER = "stackfile-edge.handler";
/** Lambda@Edge's limit on an origin-request function's zipped package. */
export const EDGE_PACKAGE_LIMIT = 50 * 1024 * 1024;
/** Lambda@Edge's limit on a response an origin-request function generates (headers and body). */
export const EDGE_RESPONSE_LIMIT = 1024 * 1024;

/** The entry: sets the baked variables before the server loads, then tidies its responses for CloudFront. */
export function edgeEntry(serverModule: string, serverExport: string): string {
  return `// Written by stackfile. Lambda@Edge has no environment variables: the values
// resolved at deploy are in ${EDGE_ENV_FILE} and set before the server loads.
import { readFileSync } from "node:fs";

const baked = JSON.parse(readFileSync(new URL("./${EDGE_ENV_FILE}", import.meta.url), "utf8"));
for (const [name, value] of Object.entries(baked)) process.env[name] = value;
const server = await import("./${serverModule}");
const LIMIT = ${EDGE_RESPONSE_LIMIT};

export async function handler(event, context) {
  const request = event.Records[0].cf.request;
  if (request.body && request.body.inputTruncated) {
    // CloudFront passes at most 1 MB of a body to Lambda@Edge; a cut body must not reach the app as if whole.
    return { status: "413", statusDescription: "Payload Too Large", headers: { "content-type": [{ key: "Content-Type", value: "text/plain" }] }, body: "Request bodies are limited to 1 MB at the edge" };
  }
  const response = await server.${serverExport}(event, context);
  if (response && response.headers) {
    // CloudFront refuses a header without values.
    for (const [name, values] of Object.entries(response.headers)) {
      if (Array.isArray(values) && values.length === 0) delete response.headers[name];
    }
  }
  if (response && typeof response.body === "string") {
    // Counted as CloudFront counts it: the body as sent (base64 text when encoded) and the headers.
    const size = Buffer.byteLength(response.body) + Buffer.byteLength(JSON.stringify(response.headers || {}));
    if (size > LIMIT) {
      console.error("stackfile: " + request.uri + " made a " + size + "-byte response; Lambda@Edge allows " + LIMIT + " bytes, so CloudFront answers 502");
    }
  }
  return response;
}
`;
}

/** `index.handler` in `bundleDir` -> the module file (`index.mjs`) and the export (`handler`). */
export function serverModule(bundleDir: string, handler: string): { file: string; exportName: string } {
  const dot = handler.lastIndexOf(".");
  const base = handler.slice(0, dot);
  const exportName = handler.slice(dot + 1);
  const file = [".mjs", ".js", ".cjs"].map((ext) => base + ext).find((f) => fs.existsSync(path.join(bundleDir, f)));
  if (!file) throw new BuildError(`the server bundle ${bundleDir} has no ${base}.mjs for its handler ${handler}`);
  return { file, exportName };
}

/** The variables as the package holds them: sorted, so equal values make an equal package. */
export function bakedEnvironment(env: Record<string, string>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(env).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))), null, 2) + "\n";
}

/** OpenNext's bundle with the entry and the baked variables; a secret value keeps the package secret. */
export function edgePackage(bundleDir: string, handler: string, env: pulumi.Input<Record<string, pulumi.Input<string>>>): pulumi.Output<pulumi.asset.AssetArchive> {
  const { file, exportName } = serverModule(bundleDir, handler);
  return pulumi.output(env).apply((values) => new pulumi.asset.AssetArchive({
    ".": new pulumi.asset.FileArchive(bundleDir),
    [EDGE_ENTRY]: new pulumi.asset.StringAsset(edgeEntry(file, exportName)),
    [EDGE_ENV_FILE]: new pulumi.asset.StringAsset(bakedEnvironment(values as Record<string, string>)),
  }));
}

/** Zipped size of a folder, estimated as the sum of its files deflated (what a zip holds, less ~100 bytes a file). */
export function deflatedSize(dir: string): number {
  let total = 0;
  // Walked by hand: readdir's `recursive` needs Node.js 20.1, `parentPath` 20.12 (engines: >=20).
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) total += deflatedSize(p);
    else if (entry.isFile()) total += zlib.deflateRawSync(fs.readFileSync(p)).length;
  }
  return total;
}

/** Refuses a server too big for Lambda@Edge, before a deploy that AWS would refuse. */
export function checkEdgePackageSize(serverDir: string): void {
  const size = deflatedSize(serverDir);
  if (size > EDGE_PACKAGE_LIMIT) {
    const mb = (n: number) => (n / (1 << 20)).toFixed(1);
    throw new BuildError(
      `the edge server is ${mb(size)} MB zipped, more than the ${mb(EDGE_PACKAGE_LIMIT)} MB Lambda@Edge allows; ` +
      "trim its dependencies (see .open-next/server-functions/default/node_modules), or remove useEdgeFunction (a regional server may be 250 MB unzipped)",
    );
  }
}
