// `stackfile plan FILE` once its options are read and the file is valid:
// the secrets from where they are given, the region, the plan, and what it
// prints (the resource tree, or `--json`; problems as `FILE:LINE:COL` lines).
import { formatProblems, secretNames, sortProblems, type StackfileResult } from "../config/stackfile";
import { positionProblems } from "../config/load";
import { stackInputs } from "./secret-sources";
import { plan, renderPlan, PlanRunError } from "./plan";
import { writePlanJson } from "./plan-json";
import { planRunErrorLines } from "./plan-errors";
import { stackRegion, StackRegionError } from "./stack-region";
import { UsageError } from "./usage-error";
import type { PlanArgs } from "./plan-args";
import type { Io } from "./io";
import { placeUsageProblems, readUsageFile, UsageFileError, type UsageFile } from "./cost/usage-file";
import { costJson, staleWarning } from "./cost/render";

/** `stage`: the stage the file was resolved for (cli/stage-context.ts), when it reads one. */
export async function planCommand(opts: PlanArgs, r: StackfileResult, io: Io, stage?: { name: string; from: string }): Promise<number> {
  const inputs = stackInputs(opts.file, opts);
  opts.secrets = inputs.secrets.pick(secretNames(r.model));
  let where;
  try {
    where = stackRegion(opts.file, opts, inputs.stack);
  } catch (err) {
    if (!(err instanceof StackRegionError)) throw err;
    throw new UsageError(err.message);
  }
  let usage: UsageFile | undefined;
  try {
    usage = opts.usageFile === undefined ? undefined : readUsageFile(opts.usageFile);
  } catch (err) {
    if (!(err instanceof UsageFileError)) throw err;
    for (const line of err.lines) io.err(line);
    return 1;
  }
  try {
    const result = await plan(r, { ...opts, region: where.region, usage: usage?.values });
    if (result.problems.length) {
      for (const line of formatProblems(sortProblems(positionProblems(r.loaded, result.problems)), opts.file)) io.err(line);
      return 1;
    }
    if (usage && result.usageProblems.length) {
      for (const line of placeUsageProblems(usage, result.usageProblems)) io.err(line);
      return 1;
    }
    const now = new Date();
    const region = `${where.region} (${where.from})`;
    // What was read of the Pulumi stack (or why not), when it was asked.
    const stackLine = inputs.stack?.summary();
    const stageLine = stage ? `Stage: ${stage.name} (${stage.from})` : undefined;
    if (opts.json) {
      writePlanJson({ resources: result.resources, outputs: result.outputs, cost: costJson(result.cost), stage }, (text) => io.out(text));
      io.err(`plan: region ${region}`);
      if (stageLine) io.err(`plan: ${stageLine}`);
      if (stackLine) io.err(`plan: ${stackLine}`);
      const stale = staleWarning(result.cost, now);
      if (stale) io.err(`plan: ${stale}`);
    } else io.out(renderPlan(opts.file, result, region, [stageLine, stackLine].filter(Boolean).join("\n") || undefined, { now, usageFile: opts.usageFile }));
    return 0;
  } catch (err) {
    if (!(err instanceof PlanRunError)) throw err;
    for (const line of planRunErrorLines(err, r)) io.err(line);
    return 1;
  }
}
