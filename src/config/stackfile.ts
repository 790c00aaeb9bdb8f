// A stack file from disk: load, analyze, position every problem.
import * as fs from "fs";
import * as path from "path";
import { loadText, positionProblems, type LoadedFile, type PositionedProblem } from "./load";
import { analyze, type StackModel } from "./validate";
import type { Problem } from "../shared/problem";

export interface StackfileResult {
  loaded: LoadedFile;
  model: StackModel;
  /** Sorted by line and column. */
  problems: PositionedProblem[];
  /** Settings that have no effect, or paths that do not exist (yet): printed, but the file is valid. */
  warnings: PositionedProblem[];
}

export class UnreadableFileError extends Error {}

export function readStackfile(file: string): string {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a directory" : (err as Error).message;
    throw new UnreadableFileError(`cannot read ${file}: ${why}`);
  }
}

export function analyzeStackfile(file: string, text: string): StackfileResult {
  const loaded = loadText(file, text);
  if (loaded.syntaxProblems.length) {
    return { loaded, model: { resources: [] }, problems: loaded.syntaxProblems, warnings: [] };
  }
  const { model, problems } = analyze(loaded.value);
  const all = sortProblems(positionProblems(loaded, problems));
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
    for (const key of r.entry.pathProperties ?? []) {
      const v = r.properties[key];
      if (typeof v !== "string" || v.includes("$")) continue;
      if (!fs.existsSync(path.resolve(path.dirname(file), v))) {
        out.push({ path: ["resources", r.name, "properties", key], warning: true, message: `${key} ${v} does not exist (it is relative to the stack file); plan and pulumi up need it` });
      }
    }
  }
  return out;
}

export function loadStackfile(file: string): StackfileResult {
  return analyzeStackfile(file, readStackfile(file));
}

export function sortProblems(problems: PositionedProblem[]): PositionedProblem[] {
  return [...problems].sort((a, b) => a.line - b.line || a.col - b.col);
}

export function formatProblem(p: PositionedProblem): string {
  return `${p.file}:${p.line}:${p.col}: ${p.warning ? "warning: " : ""}${p.message}`;
}

/**
 * Why the given secrets cannot serve the stack: missing ones, and JSON ones
 * (`$Secret('name.key')`) that are not objects or lack the key. Each line
 * says the command that fixes it.
 */
export function secretProblems(model: StackModel, read: (name: string) => string | undefined): string[] {
  const out: string[] = [];
  for (const name of secretNames(model)) {
    const value = read(name);
    if (value === undefined) {
      out.push(`secret '${name}' is not set; run: pulumi config set --secret ${name} <value>`);
      continue;
    }
    const keys = [...new Set(model.resources.flatMap((r) => r.secrets.filter((s) => s.name === name && s.key).map((s) => s.key!)))].sort();
    if (!keys.length) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      parsed = undefined;
    }
    for (const key of keys) {
      if (typeof parsed !== "object" || parsed === null || (parsed as Record<string, unknown>)[key] == null) {
        out.push(`secret '${name}' has no key '${key}' (read by $Secret('${name}.${key}')); run: pulumi config set --secret --path '${name}.${key}' <value>`);
      }
    }
  }
  return out;
}

/** Every secret name the stack reads, sorted, once each. */
export function secretNames(model: StackModel): string[] {
  return [...new Set(model.resources.flatMap((r) => r.secrets.map((s) => s.name)))].sort();
}
