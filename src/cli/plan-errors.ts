// A run of the program that stopped (a constructor refused its arguments, a
// build failed): its lines, `FILE:LINE:COL: message`, at the resource.
import type { StackfileResult } from "../config/stackfile";
import { formatProblem } from "../config/stackfile";
import { positionProblems } from "../config/load";
import type { PlanRunError } from "./plan";

export function planRunErrorLines(err: PlanRunError, r: StackfileResult): string[] {
  if (err.resource && err.problems.length) {
    const placed = err.problems.map((p) => ({ ...p, path: ["resources", err.resource!, "properties", ...p.path] }));
    return positionProblems(r.loaded, placed).map(formatProblem);
  }
  const at = r.loaded.positionOf(err.resource ? ["resources", err.resource] : [], true);
  return [`${r.loaded.file}:${at.line}:${at.col}: ${err.message}`];
}
