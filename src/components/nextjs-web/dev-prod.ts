// A nextjs-web with `dev --prod`: the OpenNext build `plan` makes (same step,
// same cache, the placeholder build secret as in plan), served the way the
// site's CloudFront distribution routes it, from the behaviours plan
// registers (OpenNext's `behaviors`, cloudfront.ts):
// - `s3` behaviours: files of the build output as the bucket holds them
//   (origin path `_assets`); a missing key is S3's 403 AccessDenied (the
//   distribution reads the bucket through an origin access control, without
//   s3:ListBucket: https://docs.aws.amazon.com/AmazonS3/latest/userguide/troubleshoot-403-errors.html).
// - function behaviours (`default`, `imageOptimizer`): the OpenNext function's
//   package run in a worker (functions.ts) and invoked with the payload 2.0
//   event its function URL sends (function-url.ts); its answer mapped back
//   as a function URL maps it (responses.ts responseV2).
// - what the server reaches in AWS (the incremental cache's bucket, the tag
//   cache's table, the revalidation queue) is aws-standin.ts; queue messages
//   revalidate the page at once, as OpenNext's revalidation function does
//   (a HEAD request with `x-prerender-revalidate`).
// dev serves a copy of the build output (one per build, under
// .stackfile-cache/dev/sites/<site>/), so a later build cannot change the
// files under the running functions. The image optimizer's package carries
// sharp for Lambda's arm64; the copy has this machine's sharp binaries instead.
import * as fs from "fs";
import * as http from "http";
import * as path from "path";
import { buildNextApp, type BuildResult, type OpenNextOutput } from "./build";
import { startAwsStandIn, contentType, type AwsStandIn } from "../../dev/aws-standin";
import { LOCAL_CREDENTIALS } from "../../dev/aws-services/limits";
import type { LogLine } from "../../dev/children";
import { behaviourFor } from "../../dev/cloudfront";
import type { GatewayRequest } from "../../dev/events";
import { functionUrlEvent } from "../../dev/function-url";
import { DevFunction } from "../../dev/functions";
import { responseV2 } from "../../dev/responses";
import { MissingToolError } from "../../dev/tls";
import { readBody } from "../../dev/request-body";
import type { RequestFilter } from "../../shared/component/local-runner";

export interface ProdSiteSpec {
  name: string;
  appDirectory: string;
  port: number;
  environment: Record<string, string>;
  /** The firewall its distribution has (`useFirewall`), asked at each request: a request it answers reaches no origin. */
  filter?: () => RequestFilter | undefined;
}

export interface ProdSite {
  build: BuildResult;
  stop(): Promise<void>;
}

const REGION = "us-east-1";
const BUCKET = "site";
const TABLE = "tags";
const QUEUE = "revalidation";
/** Seconds a function origin may take: CloudFront's default origin response timeout (30 s). */
const ORIGIN_TIMEOUT = 30;

/** The folder of an installed package, looked for as Node does (node_modules of each folder up from each start). */
function findPackage(name: string, starts: string[]): string | undefined {
  for (const start of starts) {
    for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
      const candidate = path.join(dir, "node_modules", name);
      if (fs.existsSync(path.join(candidate, "package.json"))) return candidate;
      if (path.dirname(dir) === dir) break;
    }
  }
  return undefined;
}

/** Puts this machine's sharp binaries in place of the arm64 ones Lambda's image optimizer package carries. */
function useLocalSharp(fnDir: string, appDir: string): void {
  const img = path.join(fnDir, "node_modules", "@img");
  if (!fs.existsSync(img)) return;
  const platform = `${process.platform}-${process.arch}`;
  for (const entry of fs.readdirSync(img)) if (/^sharp-(libvips-)?(linux|darwin|win32)/.test(entry)) fs.rmSync(path.join(img, entry), { recursive: true, force: true });
  for (const pkg of [`sharp-${platform}`, `sharp-libvips-${platform}`]) {
    const found = findPackage(`@img/${pkg}`, [appDir, process.cwd(), __dirname]);
    if (!found) {
      if (pkg.startsWith("sharp-libvips-")) continue; // some platforms bundle libvips in sharp-<platform>
      throw new MissingToolError(`the image optimizer needs sharp's binaries for this machine (@img/${pkg}); run npm install sharp in ${appDir}`);
    }
    fs.cpSync(found, path.join(img, pkg), { recursive: true, dereference: true });
  }
}

/**
 * A copy of the build output for this session to serve, once per build
 * (a later build, by plan or another dev, then cannot change the files
 * under the running functions), with the image optimizer on local sharp.
 * Earlier copies of the site are removed.
 */
function snapshot(build: BuildResult, appDir: string, siteDir: string): string {
  const dir = path.join(siteDir, `build-${build.sourceHash.slice(0, 16)}`);
  if (fs.existsSync(path.join(dir, ".complete"))) return dir;
  fs.mkdirSync(siteDir, { recursive: true });
  for (const old of fs.readdirSync(siteDir)) if (old.startsWith("build-")) fs.rmSync(path.join(siteDir, old), { recursive: true, force: true });
  fs.cpSync(path.join(appDir, ".open-next"), dir, { recursive: true, verbatimSymlinks: true });
  const image = build.output.origins.imageOptimizer;
  if (image) useLocalSharp(inSnapshot(dir, image.bundle), appDir);
  fs.writeFileSync(path.join(dir, ".complete"), "");
  return dir;
}

/** Where a path of the output (relative to the app, under `.open-next/`) is in the snapshot. */
function inSnapshot(dir: string, outputPath: string): string {
  return path.join(dir, path.normalize(outputPath).replace(/^\.open-next(\/|$)/, ""));
}

function pairs(raw: string[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push([raw[i], raw[i + 1]]);
  return out;
}

/** What OpenNext's revalidation function does with a queue message: a HEAD request that makes Next.js render the page again. */
function revalidator(port: number, previewModeId: string | undefined, log: LogLine): (body: string) => void {
  return (body) => {
    let url: string | undefined;
    try {
      url = (JSON.parse(body) as { url?: string }).url;
    } catch {
      // Not a revalidation message.
    }
    if (!url) return;
    log(`revalidating ${url}`);
    const req = http.request({ host: "127.0.0.1", port, path: url, method: "HEAD", headers: { "x-prerender-revalidate": previewModeId ?? "", "x-isr": "1" } });
    req.on("error", (err) => log(`revalidation of ${url} failed: ${err.message}`));
    req.end();
  };
}

function s3Answer(file: string | undefined, method: string): { status: number; headers: [string, string][]; body: Buffer } {
  if (!file || !fs.existsSync(file) || !fs.statSync(file).isFile() || (method !== "GET" && method !== "HEAD")) {
    return { status: 403, headers: [["content-type", "application/xml"]], body: Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>') };
  }
  const body = fs.readFileSync(file);
  // OpenNext's upload: hashed build files are immutable, the rest revalidated.
  const immutable = file.includes(`${path.sep}_next${path.sep}static${path.sep}`);
  return {
    status: 200,
    headers: [["content-type", contentType(file)], ["cache-control", immutable ? "public,max-age=31536000,immutable" : "public,max-age=0,s-maxage=31536000,must-revalidate"]],
    body,
  };
}

export async function startNextProd(spec: ProdSiteSpec, cacheDir: string, baseEnv: Record<string, string>, log: LogLine): Promise<ProdSite> {
  const appDir = path.resolve(spec.appDirectory);
  const build = buildNextApp(appDir, { label: spec.name, say: log, placeholderSecret: true });
  const output: OpenNextOutput = build.output;
  const siteDir = path.join(cacheDir, "sites", spec.name);
  const outDir = snapshot(build, appDir, siteDir);
  // The bucket: the build's files under their keys; the incremental cache starts as the build left it.
  const bucketDir = path.join(siteDir, "bucket");
  fs.rmSync(bucketDir, { recursive: true, force: true });
  fs.mkdirSync(bucketDir, { recursive: true });
  for (const copy of output.origins.s3.copy) {
    const from = inSnapshot(outDir, copy.from);
    if (!fs.existsSync(from)) continue;
    if (copy.cached) fs.symlinkSync(from, path.join(bucketDir, copy.to));
    else fs.cpSync(from, path.join(bucketDir, copy.to), { recursive: true });
  }
  const tagFile = path.join(outDir, "dynamodb-provider", "dynamodb-cache.json");
  const manifest = path.join(outDir, "revalidation-function", "prerender-manifest.json");
  const previewModeId = fs.existsSync(manifest) ? (JSON.parse(fs.readFileSync(manifest, "utf8")) as { preview?: { previewModeId?: string } }).preview?.previewModeId : undefined;
  const aws: AwsStandIn = await startAwsStandIn({
    buckets: { [BUCKET]: bucketDir },
    ownTable: TABLE,
    ownQueue: QUEUE,
    // A bucket, table or queue the site connects to is on the session's services: the stand-in hands their requests on.
    forward: { s3: spec.environment.AWS_ENDPOINT_URL_S3, dynamodb: spec.environment.AWS_ENDPOINT_URL_DYNAMODB, sqs: spec.environment.AWS_ENDPOINT_URL_SQS },
    tagItems: fs.existsSync(tagFile) ? JSON.parse(fs.readFileSync(tagFile, "utf8")) : [],
    onMessage: revalidator(spec.port, previewModeId, log),
    log,
  });
  const awsEnv = {
    // dev's local key: the session's S3 checks the signatures of the requests the stand-in hands on.
    AWS_REGION: REGION, AWS_DEFAULT_REGION: REGION, AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId, AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_S3: aws.endpoint, AWS_ENDPOINT_URL_DYNAMODB: aws.endpoint, AWS_ENDPOINT_URL_SQS: aws.endpoint,
  };
  const functions = new Map<string, DevFunction>();
  const start = (origin: string, bundleDir: string, handler: string, environment: Record<string, string>) => {
    const [file, exportName] = handler.split(".");
    const fn = new DevFunction(
      { name: `${spec.name}-${origin}`, entry: "", handlerFunction: exportName, runtime: "nodejs22.x", memory: 1024, timeout: ORIGIN_TIMEOUT, environment },
      cacheDir, (l) => log(`${origin}: ${l}`), baseEnv,
    );
    fn.usePrebuilt(path.join(bundleDir, `${file}.mjs`), exportName);
    fn.startWorker();
    functions.set(origin, fn);
  };
  // The server's variables as the component sets them (nextjs-web index.ts serverEnvironment; OpenNext's names), AWS's here.
  start("default", inSnapshot(outDir, output.origins.default.bundle), output.origins.default.handler, {
    ...siteServerEnvironment(awsEnv, spec.environment),
    CACHE_BUCKET_NAME: BUCKET, CACHE_BUCKET_KEY_PREFIX: "_cache", CACHE_BUCKET_REGION: REGION,
    REVALIDATION_QUEUE_URL: `${aws.endpoint}/000000000000/${QUEUE}`, REVALIDATION_QUEUE_REGION: REGION, CACHE_DYNAMO_TABLE: TABLE,
  });
  const image = output.origins.imageOptimizer;
  if (image) {
    // As the component sets them (helpers.ts): the bucket and the assets' prefix.
    start("imageOptimizer", inSnapshot(outDir, image.bundle), image.handler, { ...awsEnv, BUCKET_NAME: BUCKET, BUCKET_KEY_PREFIX: output.origins.s3.originPath });
  }

  const server = http.createServer((req, res) => {
    const blocked = spec.filter?.()?.({ sourceIp: (req.socket.remoteAddress ?? "127.0.0.1").replace(/^::ffff:/, ""), headers: pairs(req.rawHeaders) });
    if (blocked) {
      res.writeHead(blocked.status, [...blocked.headers, ["content-length", String(blocked.body.length)]].flat());
      res.end(req.method === "HEAD" ? undefined : blocked.body);
      return;
    }
    void readBody(req).then(async (body) => {
      const url = req.url ?? "/";
      const q = url.indexOf("?");
      const rawPath = q < 0 ? url : url.slice(0, q);
      const method = (req.method ?? "GET").toUpperCase();
      const behaviour = behaviourFor(output.behaviors, rawPath);
      let answer: { status: number; headers: [string, string][]; body: Buffer };
      if (behaviour.origin === "s3") {
        const key = path.posix.normalize(`/${output.origins.s3.originPath}${decodeURIComponent(rawPath)}`).slice(1);
        const file = path.resolve(bucketDir, key);
        answer = s3Answer(file.startsWith(bucketDir + path.sep) ? file : undefined, method);
      } else {
        const fn = functions.get(behaviour.origin);
        const request: GatewayRequest = {
          method, rawPath, rawQueryString: q < 0 ? "" : url.slice(q + 1), headers: pairs(req.rawHeaders), body,
          sourceIp: (req.socket.remoteAddress ?? "127.0.0.1").replace(/^::ffff:/, ""), protocol: `HTTP/${req.httpVersion}`,
          requestId: `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`, time: new Date(), apiId: spec.name, domainName: req.headers.host ?? "127.0.0.1",
        };
        const ran = fn ? await fn.invoke(functionUrlEvent(request, behaviour.origin)) : { ok: false as const, error: `no function for origin ${behaviour.origin}` };
        if (!ran.ok) {
          log(`${behaviour.origin} failed: ${ran.error}`);
          // A function URL answers a failed invocation with 502 "Internal Server Error", and CloudFront passes it on
          // (reported in https://github.com/awsdocs/aws-lambda-developer-guide/issues/430; the Lambda guide does not say).
          answer = { status: 502, headers: [["content-type", "text/plain"]], body: Buffer.from("Internal Server Error") };
        } else answer = responseV2(ran.result);
      }
      const headers = [...answer.headers.filter(([k]) => k.toLowerCase() !== "content-length"), ["content-length", String(answer.body.length)]];
      res.writeHead(answer.status, headers.flat());
      res.end(method === "HEAD" ? undefined : answer.body);
    }).catch((err) => {
      log(`request failed: ${(err as Error).message}`);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(spec.port, "127.0.0.1", () => resolve());
  });
  log(`serving the OpenNext build ${build.buildId} as CloudFront routes it (${output.behaviors.length} behaviours)`);
  return {
    build,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      for (const fn of functions.values()) await fn.close();
      await aws.close();
    },
  };
}

/**
 * The server's variables: the connections' (STP_*) with the stand-in's AWS
 * endpoints and key over theirs. A connected bucket's AWS_ENDPOINT_URL_S3
 * would take the site's own bucket away from it; the stand-in hands the
 * connected buckets' requests on instead (aws-standin.ts, `forward`).
 */
export function siteServerEnvironment(awsEnv: Record<string, string>, connections: Record<string, string>): Record<string, string> {
  return { ...connections, ...awsEnv };
}
