// The user's own cache folder: `$XDG_CACHE_HOME/stackfile`, else
// `~/.cache/stackfile` (the XDG Base Directory specification's cache home).
// What is kept there is run or deployed later (function bundles), so it is
// used only when no other user can write it: a folder, not a link, of this
// user, that group and others cannot write (created 0700). It also holds the
// key that seals what this user's runs record (sealWith), so a record
// another user or another machine wrote is never taken for one of ours.
import { createHmac, randomBytes, timingSafeEqual } from "crypto";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";

export class CacheFolderError extends Error {
  /** True when the folder cannot be made at all (no home, a read-only one), as opposed to refused as unsafe. */
  constructor(message: string, readonly unavailable = false) {
    super(message);
  }
}

const KEY_FILE = "seal-key";

/** The folder (created 0700 when missing), after checking that only this user can write it. */
export function userCacheRoot(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : path.join(os.homedir(), ".cache");
  const root = path.join(base, "stackfile");
  try {
    fs.mkdirSync(root, { recursive: true, mode: 0o700 });
  } catch (err) {
    throw new CacheFolderError(`cannot make the build cache folder ${root}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}; set XDG_CACHE_HOME to a folder of yours`, true);
  }
  checkPrivate(root, "folder");
  return root;
}

/** Refuses a path that is a link, not this user's, or writable by group or others (a file: readable by them either). */
function checkPrivate(p: string, kind: "folder" | "file"): void {
  const st = fs.lstatSync(p);
  const what = kind === "folder" ? `the build cache folder ${p}` : `the build cache's key ${p}`;
  if (st.isSymbolicLink()) throw new CacheFolderError(`${what} is a link; stackfile keeps function bundles only in a folder of yours, not through a link: remove the link`);
  if (kind === "folder" ? !st.isDirectory() : !st.isFile()) throw new CacheFolderError(`${what} is not a ${kind === "folder" ? "folder" : "regular file"}; remove it`);
  const uid = process.getuid?.();
  if (uid === undefined) return; // Windows: no POSIX owner or mode
  if (st.uid !== uid) {
    throw new CacheFolderError(`${what} belongs to another user (uid ${st.uid}); stackfile keeps function bundles only in a folder of yours: remove it, or set XDG_CACHE_HOME to a folder of yours`);
  }
  const open = kind === "folder" ? 0o022 : 0o077;
  if (st.mode & open) {
    const mode = (st.mode & 0o777).toString(8).padStart(4, "0");
    const fix = kind === "folder" ? `chmod 700 ${p}` : `chmod 600 ${p}`;
    throw new CacheFolderError(`${what} can be ${kind === "folder" ? "written" : "read or written"} by other users (mode ${mode}); stackfile keeps function bundles only where you alone can write: ${fix}, or remove it`);
  }
}

/** This user's sealing key (made once, 0600, in the cache folder). */
function sealKey(root: string): Buffer {
  const file = path.join(root, KEY_FILE);
  if (!fs.existsSync(file)) {
    // Written whole, then linked into place: a run racing this one reads either no key or the whole of one.
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    fs.writeFileSync(tmp, randomBytes(32).toString("hex"), { mode: 0o600, flag: "wx" });
    try {
      fs.linkSync(tmp, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  }
  checkPrivate(file, "file");
  return Buffer.from(fs.readFileSync(file, "utf8").trim(), "hex");
}

/** The seal of `record` with this user's key: what only this user's runs can write. */
export function sealWith(root: string, record: unknown): string {
  return createHmac("sha256", sealKey(root)).update(JSON.stringify(record)).digest("hex");
}

/** Whether `seal` is this user's seal of `record`. */
export function sealHolds(root: string, record: unknown, seal: unknown): boolean {
  if (typeof seal !== "string" || !/^[0-9a-f]{64}$/.test(seal)) return false;
  return timingSafeEqual(Buffer.from(sealWith(root, record), "hex"), Buffer.from(seal, "hex"));
}
