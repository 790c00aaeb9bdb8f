// Errors of the machine, not of the stack file or of stackfile: a full disk,
// a read-only file system, a permission, a symlink loop. One line naming the
// file and what to do, never "internal error (please report this)".
import * as path from "path";
import { escapeControl } from "../messages/user-text";

const WHAT: Record<string, string> = {
  ENOSPC: "no space left on the device; free some space and run again",
  EDQUOT: "the disk quota is used up; free some space and run again",
  EROFS: "the file system is read-only; run where the project folder is writable",
  EACCES: "permission denied; make it readable (and writable) by you, or run as its owner",
  EPERM: "operation not permitted; make it writable by you, or run as its owner",
  ELOOP: "a loop of symbolic links; remove or fix the link",
  EMFILE: "too many open files; raise the limit (ulimit -n) and run again",
  ENFILE: "too many open files on the system; close some programs and run again",
  EIO: "an input/output error of the device; check the disk",
};

/** The one-line message for a machine error (with `code`, and usually `path`), or undefined for anything else. */
export function systemErrorMessage(err: unknown): string | undefined {
  const e = err as NodeJS.ErrnoException | undefined;
  const code = e?.code;
  if (typeof code !== "string" || !(code in WHAT)) return undefined;
  const rel = typeof e!.path === "string" ? path.relative(process.cwd(), e!.path) : "";
  const shown = typeof e!.path === "string" ? (rel && !rel.startsWith("..") && !path.isAbsolute(rel) ? rel : e!.path) : "";
  const where = shown ? ` ${escapeControl(shown)}` : "";
  const op = typeof e!.syscall === "string" ? `${e!.syscall}${where}` : `a file${where}`;
  return `cannot ${op}: ${WHAT[code]} (${code})`;
}
