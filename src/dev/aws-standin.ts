// What a nextjs-web's server reaches in AWS, stood in for on this machine for
// `dev --prod`: one HTTP server the AWS SDK in the OpenNext bundles is pointed
// at (AWS_ENDPOINT_URL_S3 / _DYNAMODB / _SQS, the SDK's service-specific
// endpoints: https://docs.aws.amazon.com/sdkref/latest/guide/feature-ss-endpoints.html).
// - S3, path-style (`/<bucket>/<key>`; the SDK uses path-style for an IP
//   endpoint): GET, HEAD, PUT, DELETE of objects. A bucket is a folder; the
//   assets bucket reads the build's own folders.
// - DynamoDB (JSON 1.0, `x-amz-target: DynamoDB_20120810.<op>`): the tag
//   cache's table in memory: Query (`=` and `>` key conditions joined by AND,
//   as OpenNext's dynamodb tag cache asks), GetItem, PutItem, BatchWriteItem.
// - SQS (query protocol, `Action=SendMessage`; JSON 1.0 too): the
//   revalidation queue. Each message goes to `onMessage` (the site revalidates
//   the page, as OpenNext's revalidation function does).
import { createHash, randomUUID } from "crypto";
import * as fs from "fs";
import * as http from "http";
import type { AddressInfo } from "net";
import * as path from "path";
import { readBody } from "./request-body";

type Item = Record<string, { S?: string; N?: string }>;

export interface StandInOptions {
  /** Bucket name -> folder (a key is a file under it). */
  buckets: Record<string, string>;
  /** Items the tag cache starts with (OpenNext's dynamodb-cache.json). */
  tagItems?: Item[];
  onMessage?(body: string): void;
  log(line: string): void;
  /**
   * Where requests for what it does not hold go: the session's local S3,
   * DynamoDB and SQS (the buckets, tables and queues the site connects to).
   * The site's server has one AWS_ENDPOINT_URL_<SERVICE> each, this
   * stand-in's, for its own resources and theirs.
   */
  forward?: { s3?: string; dynamodb?: string; sqs?: string };
  /** The tag cache's table name: requests for other tables go to `forward.dynamodb` (every table is the tag cache without it). */
  ownTable?: string;
  /** The revalidation queue's name (the last part of its URL): messages for other queues go to `forward.sqs`. */
  ownQueue?: string;
}

export interface AwsStandIn {
  endpoint: string;
  /** The tag cache's items (tests). */
  items: Item[];
  close(): Promise<void>;
}

const xml = (res: http.ServerResponse, status: number, body: string) => {
  res.writeHead(status, { "content-type": "application/xml" });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
};

/** An `aws-chunked` body (what the SDK sends for some uploads): the chunks' data without their headers. */
function unchunk(body: Buffer): Buffer {
  const out: Buffer[] = [];
  let at = 0;
  while (at < body.length) {
    const eol = body.indexOf("\r\n", at);
    if (eol < 0) break;
    const size = parseInt(body.subarray(at, eol).toString("latin1").split(";")[0], 16);
    if (!size) break;
    out.push(body.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
  return Buffer.concat(out);
}

function objectFile(buckets: Record<string, string>, bucket: string, key: string): string | undefined {
  const root = buckets[bucket];
  if (!root || !key) return undefined;
  const file = path.resolve(root, key);
  return file.startsWith(path.resolve(root) + path.sep) ? file : undefined;
}

/** Sends the request on to `endpoint` as it came (method, path, headers, body: its signature stays valid) and its answer back. */
function forwardRequest(endpoint: string, req: http.IncomingMessage, body: Buffer, res: http.ServerResponse, log: (line: string) => void, service = "S3", what = "a connected bucket"): void {
  const target = new URL(endpoint);
  const out = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  out.on("error", (err) => {
    log(`the local ${service} did not answer a request the site sent to ${what}: ${err.message}`);
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  out.end(body);
}

function s3(opts: StandInOptions, req: http.IncomingMessage, body: Buffer, res: http.ServerResponse, url: URL): void {
  const [, bucket, ...rest] = url.pathname.split("/");
  if (opts.forward?.s3 && bucket && !(decodeURIComponent(bucket) in opts.buckets)) return forwardRequest(opts.forward.s3, req, body, res, opts.log);
  const key = decodeURIComponent(rest.join("/"));
  const file = objectFile(opts.buckets, decodeURIComponent(bucket ?? ""), key);
  const missing = () => xml(res, 404, `<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message><Key>${key.replace(/[<&>]/g, "")}</Key></Error>`);
  if (!file) return missing();
  if (req.method === "PUT") {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const data = String(req.headers["content-encoding"] ?? "").includes("aws-chunked") ? unchunk(body) : body;
    fs.writeFileSync(file, data);
    res.writeHead(200, { etag: `"${createHash("md5").update(data).digest("hex")}"` });
    return void res.end();
  }
  if (req.method === "DELETE") {
    fs.rmSync(file, { force: true });
    res.writeHead(204);
    return void res.end();
  }
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) return missing();
  const data = fs.readFileSync(file);
  res.writeHead(200, {
    "content-length": String(data.length),
    "content-type": contentType(file),
    etag: `"${createHash("md5").update(data).digest("hex")}"`,
    "last-modified": fs.statSync(file).mtime.toUTCString(),
  });
  res.end(req.method === "HEAD" ? undefined : data);
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8", ".js": "application/javascript", ".mjs": "application/javascript", ".css": "text/css", ".json": "application/json",
  ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif", ".webp": "image/webp", ".avif": "image/avif", ".svg": "image/svg+xml",
  ".ico": "image/x-icon", ".txt": "text/plain; charset=utf-8", ".woff": "font/woff", ".woff2": "font/woff2", ".map": "application/json",
};

export function contentType(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";
}

/** The items of a Query: each `#name = :value` / `#name > :value` condition of its KeyConditionExpression, joined by AND. */
export function queryItems(items: Item[], input: { KeyConditionExpression?: string; ExpressionAttributeNames?: Record<string, string>; ExpressionAttributeValues?: Item }): Item[] {
  const names = input.ExpressionAttributeNames ?? {};
  const values = input.ExpressionAttributeValues ?? {};
  const conditions = (input.KeyConditionExpression ?? "").split(/\s+AND\s+/i).map((c) => {
    const m = /^\s*(#?\w+)\s*(=|>)\s*(:\w+)\s*$/.exec(c);
    if (!m) throw new Error(`key condition not understood by the local stand-in: ${c}`);
    return { name: names[m[1]] ?? m[1], op: m[2], value: values[m[3]] };
  });
  return items.filter((item) => conditions.every(({ name, op, value }) => {
    const a = item[name];
    if (!a || !value) return false;
    if (op === "=") return (a.S ?? a.N) === (value.S ?? value.N);
    return value.N !== undefined ? Number(a.N) > Number(value.N) : String(a.S) > String(value.S);
  }));
}

const KEYS = ["tag", "path"];
const sameKey = (a: Item, b: Item) => KEYS.every((k) => a[k]?.S === b[k]?.S);

/** Whether a DynamoDB request names `table` (its TableName, or a batch's RequestItems). */
function namesTable(input: { TableName?: string; RequestItems?: Record<string, unknown> }, table: string): boolean {
  return input.TableName === table || Object.keys(input.RequestItems ?? {}).includes(table);
}

function dynamo(opts: StandInOptions, items: Item[], op: string, input: Record<string, any>): unknown {
  const put = (item: Item) => {
    const at = items.findIndex((i) => sameKey(i, item));
    if (at >= 0) items[at] = item;
    else items.push(item);
  };
  switch (op) {
    case "Query": {
      const found = queryItems(items, input);
      return { Items: found, Count: found.length, ScannedCount: found.length };
    }
    case "GetItem":
      return { Item: items.find((i) => sameKey(i, input.Key ?? {})) };
    case "PutItem":
      put(input.Item);
      return {};
    case "BatchWriteItem":
      for (const requests of Object.values(input.RequestItems ?? {}) as { PutRequest?: { Item: Item }; DeleteRequest?: { Key: Item } }[][]) {
        for (const r of requests) {
          if (r.PutRequest) put(r.PutRequest.Item);
          if (r.DeleteRequest) {
            const at = items.findIndex((i) => sameKey(i, r.DeleteRequest!.Key));
            if (at >= 0) items.splice(at, 1);
          }
        }
      }
      return { UnprocessedItems: {} };
    default:
      opts.log(`the local tag cache does not answer DynamoDB ${op}`);
      return undefined;
  }
}

export function startAwsStandIn(opts: StandInOptions): Promise<AwsStandIn> {
  const items: Item[] = [...(opts.tagItems ?? [])];
  const server = http.createServer((req, res) => {
    void readBody(req).then((body) => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const target = String(req.headers["x-amz-target"] ?? "");
      if (target.startsWith("DynamoDB_20120810.")) {
        const input = JSON.parse(body.toString("utf8") || "{}");
        if (opts.forward?.dynamodb && opts.ownTable && !namesTable(input, opts.ownTable)) {
          return forwardRequest(opts.forward.dynamodb, req, body, res, opts.log, "DynamoDB", "a connected table");
        }
        const answer = dynamo(opts, items, target.slice(target.indexOf(".") + 1), input);
        if (answer === undefined) {
          res.writeHead(400, { "content-type": "application/x-amz-json-1.0" });
          return void res.end(JSON.stringify({ __type: "com.amazon.coral.validate#ValidationException", message: "not supported locally" }));
        }
        res.writeHead(200, { "content-type": "application/x-amz-json-1.0" });
        return void res.end(JSON.stringify(answer));
      }
      const form = req.method === "POST" && String(req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded") ? new URLSearchParams(body.toString("utf8")) : undefined;
      // An SQS request in AWS JSON 1.0 (the SDK's) or the query protocol (older clients'), read once.
      const sqsJson = target.startsWith("AmazonSQS.") ? (JSON.parse(body.toString("utf8") || "{}") as Record<string, unknown>) : undefined;
      const queueUrl = sqsJson ? String(sqsJson.QueueUrl ?? "") : form?.get("QueueUrl") ?? undefined;
      if (queueUrl !== undefined && opts.forward?.sqs && opts.ownQueue && queueUrl.split("/").pop() !== opts.ownQueue) {
        return forwardRequest(opts.forward.sqs, req, body, res, opts.log, "SQS", "a connected queue");
      }
      if (target === "AmazonSQS.SendMessage" || form?.get("Action") === "SendMessage") {
        const message = form ? form.get("MessageBody") ?? "" : String(sqsJson?.MessageBody ?? "");
        const id = randomUUID();
        const md5 = createHash("md5").update(message).digest("hex");
        opts.onMessage?.(message);
        if (form) return xml(res, 200, `<SendMessageResponse><SendMessageResult><MD5OfMessageBody>${md5}</MD5OfMessageBody><MessageId>${id}</MessageId></SendMessageResult><ResponseMetadata><RequestId>${randomUUID()}</RequestId></ResponseMetadata></SendMessageResponse>`);
        res.writeHead(200, { "content-type": "application/x-amz-json-1.0" });
        return void res.end(JSON.stringify({ MessageId: id, MD5OfMessageBody: md5 }));
      }
      s3(opts, req, body, res, url);
    }).catch((err) => {
      opts.log(`the local AWS stand-in failed a request: ${(err as Error).message}`);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      resolve({
        endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        items,
        close: () => new Promise((r) => {
          server.closeAllConnections();
          server.close(() => r());
        }),
      });
    });
  });
}
