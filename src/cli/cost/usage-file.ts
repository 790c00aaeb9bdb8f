// `plan --usage FILE`: a month's use by resource name, in YAML or JSON:
//
//   api: { requests: 5000000 }
//   hello: { invocations: 2000000, averageDurationMs: 120 }
//
// A name is a stack resource's (its AWS resources read the values) or an AWS
// resource's as `plan` prints it. Every problem is placed at its line.
import * as fs from "fs";
import type { Node } from "yaml";
import { yamlParser } from "../../shared/process/lazy";
import { escapeControl } from "../../shared/messages/user-text";
import { USAGE_KEYS, type Usage, type UsageKey } from "./meter-types";
import type { UsageProblem } from "./estimate";

/** A usage file larger than this is refused unread (a month's use is a few lines). */
const MAX_USAGE_FILE_BYTES = 1 << 20;

export interface UsageFile {
  file: string;
  values: Map<string, Usage>;
  /** Where each name (`name`) and value (`name.key`) is: 1-based line and column. */
  at: Map<string, { line: number; col: number }>;
}

/** Problems of a usage file, each `FILE:LINE:COL: message`. */
export class UsageFileError extends Error {
  constructor(public readonly lines: string[]) {
    super(lines.join("\n"));
  }
}

export function readUsageFile(file: string): UsageFile {
  const shown = escapeControl(file);
  let text: string;
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) throw new UsageFileError([`${shown}:1:1: cannot read the usage file: not a regular file`]);
    if (stat.size > MAX_USAGE_FILE_BYTES) throw new UsageFileError([`${shown}:1:1: the usage file is larger than 1 MiB; it holds {resource: {key: number}}`]);
    text = fs.readFileSync(file, "utf8");
  } catch (err) {
    if (err instanceof UsageFileError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    throw new UsageFileError([`${shown}:1:1: cannot read the usage file: ${code === "ENOENT" ? "no such file" : code ?? "unreadable"}`]);
  }
  return parseUsage(shown, text);
}

const KEYS = Object.keys(USAGE_KEYS) as UsageKey[];
const NAME = /^[A-Za-z][A-Za-z0-9-]*$/;

export function parseUsage(file: string, text: string): UsageFile {
  const { isMap, isScalar, LineCounter, parseDocument } = yamlParser();
  const lines = new LineCounter();
  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: true, lineCounter: lines });
  const pos = (n: Node | null | undefined) => {
    const p = lines.linePos(n?.range?.[0] ?? 0);
    return { line: p.line, col: p.col };
  };
  const where = (n: Node | null | undefined) => `${file}:${pos(n).line}:${pos(n).col}`;
  if (doc.errors.length) {
    const p = doc.errors[0].linePos?.[0];
    throw new UsageFileError([`${file}:${p?.line ?? 1}:${p?.col ?? 1}: the usage file is not valid YAML or JSON; it holds {resource: {key: number}}`]);
  }
  const root = doc.contents;
  const example = "like api: {requests: 5000000}";
  if (!isMap(root)) throw new UsageFileError([`${where(root)}: the usage file must map resource names to their month's use, ${example}`]);
  const values = new Map<string, Usage>();
  const at = new Map<string, { line: number; col: number }>();
  const problems: string[] = [];
  for (const pair of root.items) {
    const keyNode = pair.key as Node;
    const name = isScalar(keyNode) ? String(keyNode.value) : "";
    if (!NAME.test(name)) {
      problems.push(`${where(keyNode)}: a usage file's keys are resource names (a letter, then letters, digits and '-'), ${example}`);
      continue;
    }
    at.set(name, pos(keyNode));
    const body = pair.value as Node;
    if (!isMap(body)) {
      problems.push(`${where(body ?? keyNode)}: ${name}'s use is a map of ${KEYS.join(", ")} to numbers`);
      continue;
    }
    const usage: Usage = {};
    for (const item of body.items) {
      const k = item.key as Node;
      const key = isScalar(k) ? String(k.value) : "";
      const v = item.value as Node;
      if (!(KEYS as string[]).includes(key)) {
        problems.push(`${where(k)}: ${escapeControl(key).slice(0, 40) || "this key"} is not a usage value; use ${KEYS.join(", ")}`);
        continue;
      }
      const n = isScalar(v) ? v.value : undefined;
      if (typeof n !== "number" || !Number.isFinite(n) || n < 0) {
        problems.push(`${where(v ?? k)}: ${name}.${key} (${USAGE_KEYS[key as UsageKey]}) must be a number, 0 or more`);
        continue;
      }
      usage[key as UsageKey] = n;
      at.set(`${name}.${key}`, pos(k));
    }
    values.set(name, usage);
  }
  if (problems.length) throw new UsageFileError(problems);
  return { file, values, at };
}

/** The estimate's problems with the usage, each at the name or value it is about. */
export function placeUsageProblems(usage: UsageFile, problems: UsageProblem[]): string[] {
  return problems.map((p) => {
    const at = (p.key && usage.at.get(`${p.name}.${p.key}`)) || usage.at.get(p.name) || { line: 1, col: 1 };
    return `${usage.file}:${at.line}:${at.col}: ${p.message}`;
  });
}
