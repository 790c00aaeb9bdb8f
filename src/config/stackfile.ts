// A stack file from disk: load, analyze, position every problem.
import * as fs from "fs";
import { loadText, positionProblems, type LoadedFile, type PositionedProblem } from "./load";
import { analyze, type StackModel } from "./validate";

export interface StackfileResult {
  loaded: LoadedFile;
  model: StackModel;
  /** Sorted by line and column. */
  problems: PositionedProblem[];
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
    return { loaded, model: { resources: [] }, problems: loaded.syntaxProblems };
  }
  const { model, problems } = analyze(loaded.value);
  return { loaded, model, problems: sortProblems(positionProblems(loaded, problems)) };
}

export function loadStackfile(file: string): StackfileResult {
  return analyzeStackfile(file, readStackfile(file));
}

export function sortProblems(problems: PositionedProblem[]): PositionedProblem[] {
  return [...problems].sort((a, b) => a.line - b.line || a.col - b.col);
}

export function formatProblem(p: PositionedProblem): string {
  return `${p.file}:${p.line}:${p.col}: ${p.message}`;
}

/** Every secret name the stack reads, sorted, once each. */
export function secretNames(model: StackModel): string[] {
  return [...new Set(model.resources.flatMap((r) => r.secrets.map((s) => s.name)))].sort();
}
