// `stackfile plan FILE` once its options are read and the file is valid:
// the secrets from where they are given, the region, the plan, and what it
// prints (the resource tree, or `--json`; problems as `FILE:LINE:COL` lines).
import { formatProblems, secretNames, sortProblems, type StackfileResult } from "../config/stackfile";
import { positionProblems } from "../config/load";
import { gatherSecrets } from "./secret-sources";
import { plan, renderPlan, PlanRunError } from "./plan";
import { writePlanJson } from "./plan-json";
import { planRunErrorLines } from "./plan-errors";
import { stackRegion, StackRegionError } from "./stack-region";
import { UsageError } from "./usage-error";
import type { PlanArgs } from "./plan-args";
import type { Io } from "./io";

export async function planCommand(opts: PlanArgs, r: StackfileResult, io: Io): Promise<number> {
  opts.secrets = gatherSecrets(secretNames(r.model), opts.secretsFile, opts.secrets);
  let where;
  try {
    where = stackRegion(opts.file, opts);
  } catch (err) {
    if (!(err instanceof StackRegionError)) throw err;
    throw new UsageError(err.message);
  }
  try {
    const result = await plan(r, { ...opts, region: where.region });
    if (result.problems.length) {
      for (const line of formatProblems(sortProblems(positionProblems(r.loaded, result.problems)), opts.file)) io.err(line);
      return 1;
    }
    const region = `${where.region} (${where.from})`;
    if (opts.json) {
      writePlanJson(result, (text) => io.out(text));
      io.err(`plan: region ${region}`);
    } else io.out(renderPlan(opts.file, result, region));
    return 0;
  } catch (err) {
    if (!(err instanceof PlanRunError)) throw err;
    for (const line of planRunErrorLines(err, r)) io.err(line);
    return 1;
  }
}
