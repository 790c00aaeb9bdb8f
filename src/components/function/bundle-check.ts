// A function's bundle as the component needs it, or the problems that stop
// it, placed at the property to blame. `plan` runs it for every function
// before the program (so each broken function is said at once); the
// component's own call then reuses the bundle.
import * as path from "path";
import { bundleFunction, BundleProblem, type Bundle } from "./bundle";
import type { Problem } from "../../shared/messages/problem";

export interface BundleRequest {
  entryfilePath: string;
  runtime: string;
  handlerFunction: string;
  /** Whether handlerFunction was written (else a missing export is the entry's fault). */
  handlerWritten: boolean;
  /** Who bundles, in progress lines. */
  label: string;
}

export function bundleOrProblems(req: BundleRequest): Bundle | Problem[] {
  try {
    return bundleFunction(req.entryfilePath, { runtime: req.runtime, handlerFunction: req.handlerFunction, label: req.label });
  } catch (err) {
    if (!(err instanceof BundleProblem)) throw err;
    const at = err.property === "handlerFunction" && !req.handlerWritten ? "entryfilePath" : err.property;
    return [{ path: [at], message: err.message }];
  }
}

/** The bundle problems of a function's (plain) properties, the entry relative to `baseDir`; paths within properties. */
export function functionFileProblems(props: Record<string, unknown>, baseDir: string, label: string): Problem[] {
  if (typeof props.entryfilePath !== "string") return [];
  const made = bundleOrProblems({
    entryfilePath: path.resolve(baseDir, props.entryfilePath),
    runtime: typeof props.runtime === "string" ? props.runtime : "nodejs22.x",
    handlerFunction: typeof props.handlerFunction === "string" ? props.handlerFunction : "handler",
    handlerWritten: props.handlerFunction !== undefined,
    label,
  });
  return Array.isArray(made) ? made : [];
}
