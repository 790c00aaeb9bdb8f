// The stand-in's AWS account: every resource it created, as AWS would hold it
// (type, id, state), in one JSON file of the engine folder, so that separate
// `pulumi` commands (up, then preview, then refresh) see one account, and a
// test can read what exists after a destroy. Several provider processes may
// run at once (one per provider resource): each change is made under a lock
// file and written whole with a rename.
import * as fs from "fs";
import * as path from "path";

export interface WorldResource {
  type: string;
  /** The Pulumi name it was created under (the URN's last part). */
  name: string;
  id: string;
  state: Record<string, unknown>;
  /** The inputs it was last created or updated with (what the next diff compares against). */
  inputs?: Record<string, unknown>;
}

export interface WorldFile {
  resources: Record<string, WorldResource>;
  /** Every create, update and delete, in order (`create aws:s3/bucket:Bucket site-bucket`). */
  log: string[];
}

export function worldPath(dir: string): string {
  return path.join(dir, "world.json");
}

export function readWorld(dir: string): WorldFile {
  try {
    return JSON.parse(fs.readFileSync(worldPath(dir), "utf8")) as WorldFile;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return { resources: {}, log: [] };
    throw err;
  }
}

export const worldKey = (type: string, id: string) => `${type}::${id}`;

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Runs `change` on the world under the lock and writes the result. */
export function changeWorld<T>(dir: string, change: (w: WorldFile) => T): T {
  fs.mkdirSync(dir, { recursive: true });
  const lock = path.join(dir, "world.lock");
  for (let i = 0; ; i++) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      if (i > 2000) throw new Error(`stand-in: ${lock} is held for over 20 s; remove it if no pulumi command runs`);
      sleep(10);
    }
  }
  try {
    const w = readWorld(dir);
    const result = change(w);
    const tmp = `${worldPath(dir)}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(w, null, 1));
    fs.renameSync(tmp, worldPath(dir));
    return result;
  } finally {
    fs.rmdirSync(lock);
  }
}
