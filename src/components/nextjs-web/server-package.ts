// The code package of the regional server: OpenNext's bundle plus an entry,
// `stackfile-server.mjs`, in front of its handler. The function URL has no IAM
// auth (an origin access control would require viewers to sign request bodies
// and would replace their Authorization header), so the entry admits only
// requests that carry the site's secret, which CloudFront adds as an origin
// custom header; it also makes calls to AWS services fail fast when there is
// no route to them (a function in the default VPC without an endpoint).
import { createHash } from "crypto";
import * as pulumi from "@pulumi/pulumi";
import { serverModule } from "./edge-package";
import { BuildError } from "./build/build-error";
import { DIRECT_UPLOAD_LIMIT, folderSize, unzippedProblem, type FolderSize } from "../../shared/workloads/package-size";

export const SERVER_ENTRY = "stackfile-server.mjs";
export const SERVER_HANDLER = "stackfile-server.handler";
/** The origin custom header CloudFront adds with the secret. */
export const ORIGIN_SECRET_HEADER = "x-stackfile-origin";
/**
 * The server's environment variable holding the secret's sha256 (hex): the
 * entry compares digests, so the function's settings never hold the secret.
 */
export const ORIGIN_SECRET_ENV = "STACKFILE_ORIGIN_SHA256";
/** How long a connection to an AWS service may take before the call fails (in-region ones take milliseconds). */
export const AWS_CONNECT_TIMEOUT_MS = 1000;
/**
 * The server's variable naming AWS services it has no route to (`sqs` from
 * the default VPC, which has no SQS endpoint): calls to them fail at once
 * instead of after a connection timeout per retry.
 */
export const NO_ROUTE_ENV = "STACKFILE_NO_ROUTE";

/** Code that makes every HTTP(S) call to an AWS service fail when no connection is made in time. */
export const FAIL_FAST_AWS_CALLS = `import http from "node:http";
import https from "node:https";
import net from "node:net";
import { syncBuiltinESMExports } from "node:module";

// OpenNext's S3, DynamoDB and SQS clients set no connection timeout: without a
// route (a VPC without endpoints) a call would wait until the function times out.
const CONNECT_TIMEOUT_MS = ${AWS_CONNECT_TIMEOUT_MS};
// Hosts of endpoints set by service (AWS_ENDPOINT_URL_SQS=...): the service each one is.
const endpointHosts = new Map(Object.entries(process.env)
  .filter(([name]) => name.startsWith("AWS_ENDPOINT_URL"))
  .map(([name, url]) => { try { return [new URL(url).hostname, name.slice("AWS_ENDPOINT_URL_".length).toLowerCase()]; } catch { return ["", ""]; } }));
const isAws = (host) => /\\.amazonaws\\.com(\\.cn)?$/.test(host) || endpointHosts.has(host);
const serviceOf = (host) => endpointHosts.get(host) || host.split(".")[0];
// Services with no route from here (${NO_ROUTE_ENV}=sqs): their calls fail at once, said once.
const noRoute = new Set((process.env.${NO_ROUTE_ENV} ?? "").split(",").filter(Boolean));
let saidNoRoute = false;
for (const mod of [http, https]) {
  const request = mod.request;
  mod.request = function (...args) {
    const req = request.apply(this, args);
    const host = req.host ?? "";
    if (isAws(host) && noRoute.has(serviceOf(host))) {
      if (!saidNoRoute) console.error("stackfile: no route to " + serviceOf(host) + " from this function's VPC (it has no endpoint for it): its calls fail at once");
      saidNoRoute = true;
      const err = new Error("no route to " + host + " from this VPC");
      err.code = "ENETUNREACH";
      process.nextTick(() => req.destroy(err));
      return req;
    }
    if (isAws(host)) {
      req.once("socket", (socket) => {
        if (!socket.connecting) return;
        const timer = setTimeout(() => {
          console.error("stackfile: no connection to " + host + " within " + CONNECT_TIMEOUT_MS + " ms (from a VPC, an AWS service needs an endpoint)");
          const err = new Error("connection to " + host + " timed out");
          err.code = "ETIMEDOUT";
          req.destroy(err);
        }, CONNECT_TIMEOUT_MS);
        socket.once("connect", () => clearTimeout(timer));
        socket.once("close", () => clearTimeout(timer));
      });
    }
    return req;
  };
}
// The bundle imports { request } from "node:https": its bindings follow.
syncBuiltinESMExports();

// OpenNext's -lite clients (s3-lite, sqs-lite, dynamodb-lite) call AWS with fetch, which
// node:http does not carry (undici's own sockets, a 10 s connect timeout). Before the first
// fetch to an AWS host, one TCP connect is tried with the same timeout; a host that connected
// is not tried again, one that did not is refused for a minute (then tried once more).
const probes = new Map();
function reachable(host, port) {
  const key = host + ":" + port;
  let probe = probes.get(key);
  if (!probe) {
    probe = new Promise((resolve) => {
      const socket = net.connect({ host, port });
      const done = (ok) => { clearTimeout(timer); socket.destroy(); resolve(ok); };
      const timer = setTimeout(() => done(false), CONNECT_TIMEOUT_MS);
      socket.once("connect", () => done(true));
      socket.once("error", () => done(false));
    });
    probes.set(key, probe);
    probe.then((ok) => { if (!ok) setTimeout(() => probes.delete(key), 60000).unref(); });
  }
  return probe;
}
const fetchFailed = (code, message) => {
  const cause = new Error(message);
  cause.code = code;
  return new TypeError("fetch failed", { cause });
};
const realFetch = globalThis.fetch;
if (typeof realFetch === "function") {
  globalThis.fetch = async function (input, init) {
    let url;
    try { url = new URL(typeof input === "string" || input instanceof URL ? input : input.url); } catch { return realFetch.call(this, input, init); }
    const host = url.hostname;
    if (isAws(host) && noRoute.has(serviceOf(host))) {
      if (!saidNoRoute) console.error("stackfile: no route to " + serviceOf(host) + " from this function's VPC (it has no endpoint for it): its calls fail at once");
      saidNoRoute = true;
      throw fetchFailed("ENETUNREACH", "no route to " + host + " from this VPC");
    }
    if (isAws(host) && !(await reachable(host, Number(url.port) || (url.protocol === "http:" ? 80 : 443)))) {
      console.error("stackfile: no connection to " + host + " within " + CONNECT_TIMEOUT_MS + " ms (from a VPC, an AWS service needs an endpoint)");
      throw fetchFailed("ETIMEDOUT", "connection to " + host + " timed out");
    }
    return realFetch.call(this, input, init);
  };
}
`;

/** The entry module: admit requests from the distribution only, then run OpenNext's handler. */
export function serverEntry(serverFile: string, serverExport: string, streaming: boolean): string {
  const head = `// Written by stackfile. In front of OpenNext's server: requests that did not come
// through the site's CloudFront distribution (which adds the secret header) are
// refused, and calls to AWS services fail fast when they cannot connect.
import { createHash, timingSafeEqual } from "node:crypto";
${FAIL_FAST_AWS_CALLS}
const EXPECTED = Buffer.from(process.env.${ORIGIN_SECRET_ENV} ?? "", "hex");
const digest = (text) => createHash("sha256").update(text).digest();
const server = await import("./${serverFile}");

/** An HTTP request through the function URL (the warmer's events are not). */
const isHttp = (event) => Boolean(event && event.requestContext && event.requestContext.http);

/** Whether the request carries the secret; the header never reaches the app. */
function admitted(event) {
  const headers = event.headers ?? {};
  const given = headers["${ORIGIN_SECRET_HEADER}"];
  delete headers["${ORIGIN_SECRET_HEADER}"];
  return EXPECTED.length === 32 && typeof given === "string" && timingSafeEqual(digest(given), EXPECTED);
}

const FORBIDDEN = "Forbidden: this function answers only through its CloudFront distribution";
`;
  if (!streaming) {
    return `${head}
export async function handler(event, context) {
  if (isHttp(event) && !admitted(event)) {
    return { statusCode: 403, headers: { "content-type": "text/plain" }, body: FORBIDDEN };
  }
  return server.${serverExport}(event, context);
}
`;
  }
  return `${head}
export const handler = awslambda.streamifyResponse(async (event, responseStream, context) => {
  if (isHttp(event) && !admitted(event)) {
    const stream = awslambda.HttpResponseStream.from(responseStream, { statusCode: 403, headers: { "content-type": "text/plain" } });
    stream.end(FORBIDDEN);
    return;
  }
  return server.${serverExport}(event, responseStream, context);
});
`;
}

/** OpenNext's bundle with the entry. */
export function serverPackage(bundleDir: string, handler: string, streaming: boolean): pulumi.asset.AssetArchive {
  const { file, exportName } = serverModule(bundleDir, handler);
  return new pulumi.asset.AssetArchive({
    ".": new pulumi.asset.FileArchive(bundleDir),
    [SERVER_ENTRY]: new pulumi.asset.StringAsset(serverEntry(file, exportName, streaming)),
  });
}

/** sha256 of the entries stackfile writes in front of OpenNext's server (buffered and streaming): what changes when stackfile's does. */
export const SERVER_WRAPPER_DIGEST = createHash("sha256")
  .update(serverEntry("index.mjs", "handler", false))
  .update(serverEntry("index.mjs", "handler", true))
  .digest("hex");

/**
 * The regional server's package size: refused past Lambda's 250 MB unzipped
 * (naming its heaviest folders), and zipped (a read of every file) only when
 * it may be past the 50 MB Lambda takes directly (`viaS3` then says so).
 */
export function measureServerPackage(bundleDir: string, shownAs: string): FolderSize & { viaS3: boolean } {
  const entryBytes = Buffer.byteLength(serverEntry("index.mjs", "handler", true));
  const size = folderSize(bundleDir, false);
  const why = unzippedProblem(`the server function's package (${shownAs})`, size, entryBytes);
  if (why) throw new BuildError(why);
  // A zip is about its files deflated plus ~100 bytes of headers a file, never much more than
  // the files themselves: well under the limit unzipped is under it zipped. A tenth of the
  // limit is kept as margin for the headers and for Pulumi's compressor differing from zlib's.
  if (size.unzipped + entryBytes <= DIRECT_UPLOAD_LIMIT * 0.9) return { ...size, viaS3: false };
  const full = folderSize(bundleDir, true);
  return { ...full, viaS3: full.zipped! + entryBytes > DIRECT_UPLOAD_LIMIT * 0.9 };
}
