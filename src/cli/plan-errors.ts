// A run of the program that stopped (a constructor refused its arguments, a
// build failed): its lines, `FILE:LINE:COL: message`, at the resource.
import type { StackfileResult } from "../config/stackfile";
import { formatProblem, sortProblems } from "../config/stackfile";
import { positionProblems } from "../config/load";
import type { PlanRunError } from "./plan";

export function planRunErrorLines(err: PlanRunError, r: StackfileResult): string[] {
  if (err.problems.length) {
    // A resource's problems are within its properties; without one they are the document's.
    const placed = err.resource ? err.problems.map((p) => ({ ...p, path: ["resources", err.resource!, "properties", ...p.path] })) : err.problems;
    return sortProblems(positionProblems(r.loaded, placed)).map(formatProblem);
  }
  const at = r.loaded.positionOf(err.resource ? ["resources", err.resource] : [], true);
  return [`${r.loaded.file}:${at.line}:${at.col}: ${err.message}`];
}
