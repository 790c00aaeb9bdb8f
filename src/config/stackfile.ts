// A stack file from disk: load, analyze, position every problem.
import * as fs from "fs";
import * as path from "path";
import { loadText, positionProblems, type LoadedFile, type PositionedProblem } from "./load";
import { analyze, type StackModel } from "./validate";
import type { StageOptions } from "./stage";
import type { Problem } from "../shared/messages/problem";
import { pathFields } from "../shared/component/resource-definition";
import { escapeControl, safeMessage } from "../shared/messages/user-text";
import { ALLOW_ON_COMMAND_LINE, leadsOutsideItsFolder, outsideLinkMessage } from "../shared/files/links";

export interface StackfileResult {
  loaded: LoadedFile;
  model: StackModel;
  /** Sorted by line and column. */
  problems: PositionedProblem[];
  /** Settings that have no effect, or paths that do not exist (yet): printed, but the file is valid. */
  warnings: PositionedProblem[];
}

export class UnreadableFileError extends Error {}

/** A path that names something stackfile will not read as a stack file (too large, not a regular file): a problem of the file. */
export class RefusedFileError extends UnreadableFileError {}

/** The largest stack file read (a stack of thousands of resources is far below it); larger ones are refused unread. */
export const MAX_STACK_FILE_BYTES = 2 * 1024 * 1024;

const KINDS: [(s: fs.Stats) => boolean, string][] = [
  [(s) => s.isCharacterDevice(), "a character device"],
  [(s) => s.isBlockDevice(), "a block device"],
  [(s) => s.isFIFO(), "a FIFO"],
  [(s) => s.isSocket(), "a socket"],
];

function mib(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

export interface ReadOptions {
  /** Read it even when it is a link to a file outside its folder (the user said the link is meant). */
  followLinks?: boolean;
  /** How the refusal tells the user to say the link is meant (the command line's option by default). */
  allowLinks?: string;
}

/**
 * The text of a stack file: a regular file of at most MAX_STACK_FILE_BYTES,
 * inside the folder it is named in (shared/files/links.ts), read without
 * ever waiting on a device or a pipe.
 */
export function readStackfile(file: string, opts: ReadOptions = {}): string {
  if (!opts.followLinks && leadsOutsideItsFolder(file)) {
    throw new RefusedFileError(outsideLinkMessage(path.basename(file), opts.allowLinks ?? ALLOW_ON_COMMAND_LINE));
  }
  let fd: number;
  try {
    const before = fs.statSync(file);
    if (before.isDirectory()) throw Object.assign(new Error(), { code: "EISDIR" });
    const kind = KINDS.find(([is]) => is(before))?.[1];
    if (kind) throw new RefusedFileError(`not a regular file (${kind}); a stack file must be a regular file`);
    // Non-blocking: should the path become a FIFO after the check, opening it does not wait for a writer.
    fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  } catch (err) {
    if (err instanceof UnreadableFileError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a directory" : (err as Error).message;
    throw new UnreadableFileError(`cannot read ${file}: ${why}`);
  }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) throw new RefusedFileError("not a regular file; a stack file must be a regular file");
    if (stat.size > MAX_STACK_FILE_BYTES) {
      throw new RefusedFileError(`the file is ${mib(stat.size)}; a stack file may be at most ${mib(MAX_STACK_FILE_BYTES).replace(".0", "")} (split the stack, or share settings with YAML anchors)`);
    }
    // Read at most one byte past the limit: a file that grows while read is refused too.
    const buf = Buffer.alloc(Math.min(stat.size, MAX_STACK_FILE_BYTES) + 1);
    let length = 0;
    for (let n = 1; n > 0 && length < buf.length; length += n) n = fs.readSync(fd, buf, length, buf.length - length, null);
    if (length > MAX_STACK_FILE_BYTES) throw new RefusedFileError(`the file grew past ${mib(MAX_STACK_FILE_BYTES)} while it was read`);
    return buf.toString("utf8", 0, length);
  } finally {
    fs.closeSync(fd);
  }
}

/** Standard input as a stack file: at most MAX_STACK_FILE_BYTES, read in pieces and refused one byte past the limit. */
export function readStandardInput(fd = 0): string {
  const chunks: Buffer[] = [];
  let length = 0;
  const piece = Buffer.alloc(64 * 1024);
  for (;;) {
    let n: number;
    try {
      n = fs.readSync(fd, piece, 0, piece.length, null);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === "EAGAIN") {
        // A non-blocking pipe with nothing yet: wait a little for its writer.
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
        continue;
      }
      if (code === "EOF") break;
      throw new UnreadableFileError(`cannot read standard input: ${code ?? (err as Error).message}`);
    }
    if (n === 0) break;
    length += n;
    if (length > MAX_STACK_FILE_BYTES) {
      throw new RefusedFileError(`standard input holds more than ${mib(MAX_STACK_FILE_BYTES).replace(".0", "")}; a stack file may be at most that (split the stack, or share settings with YAML anchors)`);
    }
    chunks.push(Buffer.from(piece.subarray(0, n)));
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** `stage`: the stage the file is resolved for, and the project's stacks (config/stage.ts). */
export function analyzeStackfile(file: string, text: string, stage: StageOptions = {}): StackfileResult {
  const loaded = loadText(file, text);
  if (loaded.syntaxProblems.length) {
    return { loaded, model: { resources: [] }, problems: loaded.syntaxProblems, warnings: [] };
  }
  const { model, problems } = analyze(loaded.value, stage);
  // A merged value (`<<: *defaults`) is checked for every resource that merges it, and placed once, at its source.
  const seen = new Set<string>();
  const all = sortProblems(positionProblems(loaded, problems)).filter((p) => {
    const key = `${p.line}:${p.col}:${p.warning ? "w" : ""}:${p.message}`;
    return !seen.has(key) && !!seen.add(key);
  });
  return { loaded, model, problems: all.filter((p) => !p.warning), warnings: all.filter((p) => p.warning) };
}

/**
 * Path properties (an app directory, an entry file) that do not exist
 * relative to the stack file: warnings of `validate`, which reads no other
 * file (plan and deploys refuse them as problems of their own).
 */
export function missingPathWarnings(result: StackfileResult): PositionedProblem[] {
  return sortProblems(positionProblems(result.loaded, missingPaths(result.loaded.file, result.model)));
}

function missingPaths(file: string, model: StackModel): Problem[] {
  const out: Problem[] = [];
  for (const r of model.resources) {
    for (const { path: at, value: v } of pathFields(r.entry, r.properties)) {
      if (v.includes("$")) continue;
      if (!fs.existsSync(path.resolve(path.dirname(file), v))) {
        const key = at[at.length - 1];
        out.push({ path: ["resources", r.name, "properties", ...at], warning: true, message: `${key} ${v} does not exist (it is relative to the stack file); plan and pulumi up need it` });
      }
    }
  }
  return out;
}

export function loadStackfile(file: string, opts: ReadOptions & StageOptions = {}): StackfileResult {
  return analyzeStackfile(file, readStackfile(file, opts), opts);
}

export function sortProblems(problems: PositionedProblem[]): PositionedProblem[] {
  return [...problems].sort((a, b) => a.line - b.line || a.col - b.col);
}

export function formatProblem(p: PositionedProblem): string {
  return `${escapeControl(p.file)}:${p.line}:${p.col}: ${p.warning ? "warning: " : ""}${safeMessage(p.message)}`;
}

/** At most this many problems are printed; a last line counts the rest. */
export const MAX_PRINTED_PROBLEMS = 100;

/** The lines for a list of problems: the first MAX_PRINTED_PROBLEMS, then how many more there are. */
export function formatProblems(problems: PositionedProblem[], file: string): string[] {
  const lines = [...new Set(problems.map(formatProblem))];
  if (lines.length <= MAX_PRINTED_PROBLEMS) return lines;
  const rest = lines.length - MAX_PRINTED_PROBLEMS;
  return [...lines.slice(0, MAX_PRINTED_PROBLEMS), `${escapeControl(file)}: ${rest} more problems not shown; fix the ones above and run again`];
}

/** At most this many warnings are printed (they do not stop a deploy, so more are shown than problems); a last line counts the rest. */
export const MAX_PRINTED_WARNINGS = 1_000;

/** The lines for a list of warnings: the first MAX_PRINTED_WARNINGS, then how many more there are. */
export function formatWarnings(warnings: PositionedProblem[], file: string): string[] {
  if (warnings.length <= MAX_PRINTED_WARNINGS) return warnings.map(formatProblem);
  const rest = warnings.length - MAX_PRINTED_WARNINGS;
  return [...warnings.slice(0, MAX_PRINTED_WARNINGS).map(formatProblem), `${escapeControl(file)}: ${rest} more warnings not shown`];
}

/** The keys the stack reads of a JSON secret (`$Secret('name.key')`), sorted, once each. */
export function secretKeys(model: StackModel, name: string): string[] {
  return [...new Set(model.resources.flatMap((r) => r.secrets.filter((s) => s.name === name && s.key).map((s) => s.key!)))].sort();
}

/** How to give a secret to `plan`: `--secret name=VALUE`, or with the JSON object of the keys the stack reads. */
export function secretOption(model: StackModel, name: string): string {
  const keys = secretKeys(model, name);
  return keys.length ? `--secret ${name}='${JSON.stringify(Object.fromEntries(keys.map((k) => [k, "VALUE"])))}'` : `--secret ${name}=VALUE`;
}

/** Every secret name the stack reads, sorted, once each. */
export function secretNames(model: StackModel): string[] {
  return [...new Set([...model.resources.flatMap((r) => r.secrets), ...(model.notificationSecrets ?? [])].map((s) => s.name))].sort();
}
