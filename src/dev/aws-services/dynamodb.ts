// Amazon DynamoDB, locally: dynalite (npm, DynamoDB's API on LevelDB, its
// data in a folder) behind a front of ours on 127.0.0.1 that adds what
// dynalite lacks:
// - streams: a table created or updated with a StreamSpecification gets a
//   stream (LatestStreamArn in its description), and every item write
//   (PutItem, UpdateItem, DeleteItem, BatchWriteItem) that changes an item
//   makes a record, INSERT, MODIFY or REMOVE, with the keys and the images
//   of the view type; a write that changes nothing makes none ("Change data
//   capture for DynamoDB Streams":
//   https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Streams.html).
//   Writes to a table with a stream are made one at a time, so each record's
//   old and new images are the item just before and just after it.
// - UpdateTimeToLive: remembered and answered by DescribeTimeToLive (items
//   are not expired locally).
// Not run: transactions (TransactWriteItems, TransactGetItems) and PartiQL
// (dynalite answers UnknownOperationException), the DynamoDB Streams API
// (functions get the records through the stream source, not GetRecords).
import * as http from "http";
import type { AddressInfo } from "net";
import type { StreamChange, AttributeValue } from "./lambda-events";
import { LOCAL_ACCOUNT, LOCAL_REGION } from "./limits";
import { listenLoopback, type LocalServer } from "./protocol";
import { readBody } from "../request-body";
import { MissingToolError } from "../tls";

/** dynalite's own bound on a request (DynamoDB's 16 MB for a BatchWriteItem). */
const MAX_REQUEST_BYTES = 16 * 1024 * 1024;

type Item = Record<string, AttributeValue>;

interface TableStream { viewType: string; arn: string; label: string; keys: string[] }

export interface LocalDynamoDb extends LocalServer {
  region: string;
  /** Called with each table's new stream records, in order (the stream source of the dev runner). */
  onRecords(table: string, listener: (records: StreamChange[], stream: { arn: string; viewType: string }) => void): () => void;
  /** The stream of a table, when it has one. */
  streamOf(table: string): { arn: string; viewType: string } | undefined;
}

function loadDynalite(): (options: Record<string, unknown>) => http.Server {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require("dynalite");
  } catch {
    throw new MissingToolError("a dynamo-db-table runs locally on dynalite, which is not installed in this project: npm install --save-dev dynalite@4.0.0");
  }
}

export async function startDynamoDb(options: { directory?: string; port?: number; region?: string; log?(line: string): void } = {}): Promise<LocalDynamoDb> {
  const region = options.region ?? LOCAL_REGION;
  const dynalite = loadDynalite()({ path: options.directory, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve, reject) => {
    dynalite.once("error", reject);
    dynalite.listen(0, "127.0.0.1", resolve);
  });
  const backPort = (dynalite.address() as AddressInfo).port;
  const streams = new Map<string, TableStream>();
  const ttl = new Map<string, { AttributeName: string; Enabled: boolean }>();
  const listeners = new Map<string, Set<(records: StreamChange[], stream: { arn: string; viewType: string }) => void>>();
  let sequence = 0n;
  let writes: Promise<unknown> = Promise.resolve();

  /** A request to dynalite: status and parsed JSON answer. */
  const call = (op: string, body: Buffer | object, headers: http.IncomingHttpHeaders = {}) => new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const data = Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
    const req = http.request({
      host: "127.0.0.1", port: backPort, method: "POST", path: "/",
      headers: {
        "content-type": "application/x-amz-json-1.0", "x-amz-date": "20260101T000000Z",
        authorization: "AWS4-HMAC-SHA256 Credential=local/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host;x-amz-date, Signature=0",
        ...headers, "x-amz-target": `DynamoDB_20120810.${op}`, "content-length": String(data.length),
      },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 500, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(data);
  });
  const getItem = async (table: string, key: Item): Promise<Item | undefined> => {
    const r = await call("GetItem", { TableName: table, Key: key, ConsistentRead: true });
    return r.status === 200 ? (JSON.parse(r.body.toString()).Item as Item | undefined) : undefined;
  };
  const keyOf = (s: TableStream, item: Item): Item => Object.fromEntries(s.keys.map((k) => [k, item[k]]));

  const describeStream = (description: Record<string, unknown> | undefined) => {
    const s = description && streams.get(String(description.TableName));
    if (s && description) Object.assign(description, { StreamSpecification: { StreamEnabled: true, StreamViewType: s.viewType }, LatestStreamArn: s.arn, LatestStreamLabel: s.label });
    return description;
  };

  const emit = (table: string, s: TableStream, old: Item | undefined, now: Item | undefined, keys: Item) => {
    if (!old && !now) return;
    if (old && now && JSON.stringify(sorted(old)) === JSON.stringify(sorted(now))) return;
    const change: StreamChange = {
      eventName: !old ? "INSERT" : !now ? "REMOVE" : "MODIFY",
      keys, newImage: now, oldImage: old,
      sequenceNumber: String(++sequence * 100n).padStart(21, "0"),
      sizeBytes: Buffer.byteLength(JSON.stringify({ keys, ...(now ? { now } : {}), ...(old ? { old } : {}) })),
      approximateCreationDateTime: Math.floor(Date.now() / 1000),
    };
    const ls = listeners.get(table);
    if (ls?.size) for (const l of ls) l([change], { arn: s.arn, viewType: s.viewType });
    else options.log?.(`${table}: a stream record no source takes (${change.eventName})`);
  };

  /** The keys a write touches: [table, key] pairs. */
  const touched = (op: string, input: Record<string, any>): [string, Item][] => {
    if (op === "BatchWriteItem") {
      return Object.entries((input.RequestItems ?? {}) as Record<string, { PutRequest?: { Item: Item }; DeleteRequest?: { Key: Item } }[]>).flatMap(([table, reqs]) => {
        const s = streams.get(table);
        return s ? reqs.map((r): [string, Item] => [table, r.PutRequest ? keyOf(s, r.PutRequest.Item) : r.DeleteRequest!.Key]) : [];
      });
    }
    const s = streams.get(input.TableName);
    if (!s) return [];
    return [[input.TableName, op === "PutItem" ? keyOf(s, input.Item ?? {}) : input.Key ?? {}]];
  };

  const front = http.createServer((req, res) => {
    const answer = (r: { status: number; headers: http.IncomingHttpHeaders; body: Buffer }) => {
      const headers = { ...r.headers };
      delete headers["content-length"];
      delete headers["x-amz-crc32"];
      res.writeHead(r.status, { ...headers, "content-length": String(r.body.length) });
      res.end(r.body);
    };
    readBody(req, MAX_REQUEST_BYTES).then(async (body) => {
      if (body === undefined) {
        res.writeHead(413).end();
        return;
      }
      const op = String(req.headers["x-amz-target"] ?? "").split(".")[1] ?? "";
      let input: Record<string, any> = {};
      try {
        input = JSON.parse(body.toString() || "{}");
      } catch {
        // dynalite answers the malformed body.
      }
      const pass = { authorization: req.headers.authorization, "x-amz-date": req.headers["x-amz-date"], "content-type": req.headers["content-type"] } as http.IncomingHttpHeaders;
      if (op === "UpdateTimeToLive") {
        const spec = input.TimeToLiveSpecification;
        if (!input.TableName || !spec || typeof spec.AttributeName !== "string" || typeof spec.Enabled !== "boolean") {
          answer({ status: 400, headers: { "content-type": "application/x-amz-json-1.0" }, body: Buffer.from(JSON.stringify({ __type: "com.amazon.coral.validate#ValidationException", message: "TimeToLiveSpecification needs AttributeName and Enabled" })) });
          return;
        }
        ttl.set(input.TableName, { AttributeName: spec.AttributeName, Enabled: spec.Enabled });
        answer({ status: 200, headers: { "content-type": "application/x-amz-json-1.0" }, body: Buffer.from(JSON.stringify({ TimeToLiveSpecification: spec })) });
        return;
      }
      const isWrite = ["PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem"].includes(op);
      const keys = isWrite ? touched(op, input) : [];
      if (!keys.length) {
        const r = await call(op, body, pass);
        if (r.status === 200 && ["CreateTable", "UpdateTable", "DescribeTable"].includes(op)) {
          const out = JSON.parse(r.body.toString());
          const desc = out.TableDescription ?? out.Table;
          if (op !== "DescribeTable" && input.StreamSpecification) {
            const spec = input.StreamSpecification;
            if (spec.StreamEnabled) {
              const label = new Date().toISOString().replace(/Z$/, "");
              streams.set(desc.TableName, {
                viewType: spec.StreamViewType, label, keys: (desc.KeySchema as { AttributeName: string }[]).map((k) => k.AttributeName),
                arn: `arn:aws:dynamodb:${region}:${LOCAL_ACCOUNT}:table/${desc.TableName}/stream/${label}`,
              });
            } else streams.delete(desc.TableName);
          }
          describeStream(desc);
          r.body = Buffer.from(JSON.stringify(out));
        }
        if (r.status === 200 && op === "DeleteTable") streams.delete(input.TableName);
        if (r.status === 200 && op === "DescribeTimeToLive" && ttl.has(input.TableName)) {
          const t = ttl.get(input.TableName)!;
          r.body = Buffer.from(JSON.stringify({ TimeToLiveDescription: { TimeToLiveStatus: t.Enabled ? "ENABLED" : "DISABLED", AttributeName: t.AttributeName } }));
        }
        answer(r);
        return;
      }
      // A write to a table with a stream: one at a time, with the item before and after.
      const run = writes.then(async () => {
        const before = await Promise.all(keys.map(([t, k]) => getItem(t, k)));
        const r = await call(op, body, pass);
        if (r.status === 200) {
          const after = await Promise.all(keys.map(([t, k]) => getItem(t, k)));
          keys.forEach(([t, k], i) => emit(t, streams.get(t)!, before[i], after[i], k));
        }
        answer(r);
      });
      writes = run.catch(() => undefined);
      await run;
    }).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });
  const served = await listenLoopback(front, options.port);
  return {
    endpoint: served.endpoint,
    port: served.port,
    region,
    onRecords(table, listener) {
      const set = listeners.get(table) ?? new Set();
      set.add(listener);
      listeners.set(table, set);
      return () => set.delete(listener);
    },
    streamOf(table) {
      const s = streams.get(table);
      return s && { arn: s.arn, viewType: s.viewType };
    },
    async close() {
      await served.close();
      await new Promise((r) => dynalite.close(r));
    },
  };
}

/** An item with its attributes in name order (a change of order is no change). */
function sorted(item: Item): Item {
  return Object.fromEntries(Object.keys(item).sort().map((k) => [k, item[k]]));
}
