// Amazon S3, locally: s3rver (npm) on 127.0.0.1, requests signed with
// LOCAL_CREDENTIALS (the one key pair s3rver knows), its objects in a folder
// (memory stays bounded whatever is uploaded), path-style requests (what the
// SDK uses with an endpoint of an IP address: src/components/bucket/definition.ts
// cites its ruleset), buckets made at start or later, and event notifications:
// each object created or removed goes to the notification configurations
// whose event types and key filters it matches, as the S3 event of
// lambda-events.ts (s3rver's own event is read only for what happened).
// Event types: `s3:ObjectCreated:*` / `:Put` / `:Post` / `:Copy` /
// `:CompleteMultipartUpload`, `s3:ObjectRemoved:*` / `:Delete`
// ("Event notification types and destinations":
// https://docs.aws.amazon.com/AmazonS3/latest/userguide/notification-how-to-event-types-and-destinations.html);
// a filter's prefix and suffix apply to the key ("Configuring event
// notifications using object key name filtering": notification-how-to-filtering.html).
import * as fs from "fs";
import type { AddressInfo } from "net";
import { s3Event, type LambdaEvent } from "./lambda-events";
import { LOCAL_REGION } from "./limits";
import type { LocalServer } from "./protocol";
import { MissingToolError } from "../tls";

export interface S3NotificationConfig {
  /** The configuration's id (the event's `configurationId`). */
  id: string;
  bucket: string;
  /** `s3:ObjectCreated:*`, `s3:ObjectRemoved:Delete`, ... */
  events: string[];
  prefix?: string;
  suffix?: string;
  deliver(event: LambdaEvent): void;
}

export interface LocalS3Service extends LocalServer {
  /** Makes a bucket (a folder of the server's directory); one there already, with its objects, is kept. */
  createBucket(name: string): Promise<void>;
  /** Adds a notification configuration; returns its removal. */
  notify(config: S3NotificationConfig): () => void;
}

/** Whether an event name (`ObjectCreated:Put`) is one of the configured types. */
export function eventTypeMatches(types: string[], eventName: string): boolean {
  return types.some((t) => {
    const want = t.replace(/^s3:/, "");
    return want.endsWith(":*") ? eventName.startsWith(want.slice(0, -1)) : want === eventName;
  });
}

interface S3rverEvent { Records: { eventName: string; requestParameters: { sourceIPAddress: string }; s3: { bucket: { name: string }; object: { key: string; size?: number; eTag?: string } } }[] }

/** s3rver, loaded when a stack first needs a bucket (it is not needed otherwise). */
function loadS3rver(): new (options: Record<string, unknown>) => {
  run(): Promise<AddressInfo>; close(): Promise<void>; on(event: "event", f: (e: S3rverEvent) => void): void;
  /** s3rver's filesystem store (lib/stores/filesystem.js): putBucket makes the bucket's folder if it is not there. */
  store: { putBucket(name: string): Promise<unknown> };
} {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require("s3rver");
  } catch {
    throw new MissingToolError("a bucket runs locally on s3rver, which is not installed in this project: npm install --save-dev s3rver@3.7.1");
  }
}

export async function startS3(options: { directory: string; buckets?: string[]; port?: number; region?: string; log?(line: string): void }): Promise<LocalS3Service> {
  const S3rver = loadS3rver();
  fs.mkdirSync(options.directory, { recursive: true, mode: 0o700 });
  const server = new S3rver({
    address: "127.0.0.1", port: options.port ?? 0, silent: true, directory: options.directory,
    configureBuckets: (options.buckets ?? []).map((name) => ({ name })),
  });
  const configs = new Set<S3NotificationConfig>();
  let sequence = 0;
  server.on("event", (e: S3rverEvent) => {
    for (const r of e.Records ?? []) {
      const bucket = r.s3.bucket.name;
      const key = r.s3.object.key;
      const change = {
        eventName: r.eventName, bucket, key, size: r.s3.object.size, eTag: r.s3.object.eTag, time: new Date(),
        sourceIp: r.requestParameters.sourceIPAddress?.replace(/^::ffff:/, "") ?? "127.0.0.1", sequence: ++sequence,
      };
      for (const c of configs) {
        if (c.bucket !== bucket || !eventTypeMatches(c.events, r.eventName)) continue;
        if ((c.prefix && !key.startsWith(c.prefix)) || (c.suffix && !key.endsWith(c.suffix))) continue;
        options.log?.(`${bucket}: ${r.eventName} of a key -> ${c.id}`);
        c.deliver(s3Event(change, options.region ?? LOCAL_REGION, c.id));
      }
    }
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    async createBucket(name) {
      await server.store.putBucket(name);
    },
    notify(config) {
      configs.add(config);
      return () => configs.delete(config);
    },
    close: () => server.close(),
  };
}
