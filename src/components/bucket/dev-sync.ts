// A bucket's `directoryUpload`, locally: the directory's files copied into the
// local bucket (s3rver) when dev starts and again when a file in it changes,
// by the same file list as the deploy's sync (directory-upload.ts: keys, hashes
// and content types). As the deploy does, a file removed from the directory is
// deleted from the bucket, and objects the copy did not put there are left
// alone: the keys it put are kept beside the bucket's folder, so a file removed
// while dev was stopped goes at the next start.
import * as fs from "fs";
import * as path from "path";
import type { LogLine } from "../../shared/component/local-runner";
import { directoryFiles } from "./directory-upload";

/** How often the directory is looked at for a change (a stat of each file; the files are read only when one changed). */
export const DIRECTORY_POLL_MS = 500;

export interface LocalDirectorySync {
  /** The first copy, done. */
  readonly ready: Promise<void>;
  /** Stops watching (an upload under way finishes). */
  stop(): void;
}

export interface DirectorySyncOptions {
  directory: string;
  bucket: string;
  /** The local S3 server. */
  endpoint: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  region: string;
  /** Where the keys the copy put are kept (beside the bucket's folder). */
  manifest: string;
  log: LogLine;
  pollMs?: number;
}

/** What the directory looks like without reading its files: each file's path, size and modification time. */
function stamp(dir: string): string {
  const out: string[] = [];
  const walk = (d: string, rel: string) => {
    if (!fs.existsSync(d)) return;
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(path.join(d, e.name), r);
      else if (e.isFile()) {
        const s = fs.statSync(path.join(d, e.name), { throwIfNoEntry: false });
        if (s) out.push(`${r}\0${s.size}\0${s.mtimeMs}`);
      }
    }
  };
  walk(dir, "");
  return out.sort().join("\n");
}

function readManifest(file: string): Record<string, string> {
  try {
    const v = JSON.parse(fs.readFileSync(file, "utf8"));
    return v !== null && typeof v === "object" && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
}

/** Copies the directory into the local bucket now and whenever a file in it changes. */
export function syncDirectoryLocally(o: DirectorySyncOptions): LocalDirectorySync {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const S3 = require("@aws-sdk/client-s3") as typeof import("@aws-sdk/client-s3");
  const client = new S3.S3Client({ region: o.region, endpoint: o.endpoint, forcePathStyle: true, credentials: o.credentials });
  let put = readManifest(o.manifest);
  let seen: string | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  const copy = async () => {
    const { files } = directoryFiles(o.directory);
    const next: Record<string, string> = {};
    let uploaded = 0;
    for (const f of files) {
      next[f.key] = f.hash;
      if (put[f.key] === f.hash) continue;
      await client.send(new S3.PutObjectCommand({ Bucket: o.bucket, Key: f.key, Body: fs.readFileSync(path.join(o.directory, f.key)), ContentType: f.headers["content-type"] }));
      uploaded++;
    }
    const gone = Object.keys(put).filter((k) => !(k in next));
    for (const key of gone) await client.send(new S3.DeleteObjectCommand({ Bucket: o.bucket, Key: key }));
    put = next;
    fs.writeFileSync(o.manifest, JSON.stringify(put));
    if (uploaded || gone.length) o.log(`directoryUpload: ${uploaded} file(s) copied, ${gone.length} deleted`);
  };

  const look = () => {
    const now = stamp(o.directory);
    if (now === seen) return running;
    seen = now;
    running = running.then(copy).catch((err) => {
      seen = undefined; // the next look tries again
      o.log(`directoryUpload: the copy into the local bucket failed: ${(err as Error).message}`);
    });
    return running;
  };

  const ready = look();
  const timer = setInterval(() => void (stopped || look()), o.pollMs ?? DIRECTORY_POLL_MS);
  timer.unref();
  return {
    ready,
    stop() {
      stopped = true;
      clearInterval(timer);
      void running.finally(() => client.destroy());
    },
  };
}
