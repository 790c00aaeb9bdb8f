// `stackfile diff OLD_FILE NEW_FILE`: the stack file changes, and an offline
// preview of what `pulumi up` would do to each AWS resource. Both files run
// under the mock engine as `plan` runs them, each from its own folder (so a
// base checked out elsewhere compares as if it were in place), in one
// process (the loaded modules serve both). Exit 0 when every change is
// allowed; 1 for a refused update, a change that loses data (unless
// `--allow-replace <resource>`), or a file with problems; 2 for usage.
import * as path from "path";
import { analyzeStackfile, formatProblem, formatProblems, formatWarnings, readStackfile, readStandardInput, RefusedFileError, sortProblems, type StackfileResult } from "../config/stackfile";
import { positionProblems, type PositionedProblem } from "../config/load";
import { RESOURCE_NAME_PATTERN } from "../config/names";
import { checkRegionOption, StackRegionError, stackRegion } from "./stack-region";
import { UsageError, optionName, unknownOption } from "./usage-error";
import type { Io } from "./io";
import { FOLLOW_LINKS_OPTION } from "../shared/files/links";
import { secretOption } from "../config/secrets";
import { stackInputs } from "./secret-sources";
import type { StageOptions } from "../config/stage";
import { noStageMessage, selectedStack, STAGE_DIRECTIVE, stageContext, stageLine } from "./stage-context";
import { secretNames } from "../config/stackfile";
import { setOwn } from "../shared/messages/own";
import { plan, PlanRunError } from "./plan";
import { planRunErrorLines } from "./plan-errors";
import { diffStacks } from "./diff";
import { diffResources } from "./resource-diff";
import { dataLossRefusals } from "./data-loss";
import * as render from "./diff-render";
import * as routeAuth from "./route-authorization";
import { costChange, overLimit, overLimitMessage } from "./cost/diff-cost";
import { staleWarning } from "./cost/render";

export type DiffFormat = "text" | "markdown" | "json";

export interface DiffArgs {
  /** [OLD, NEW], or [NEW] with `newStack`. `-` is standard input. */
  files: string[];
  format: DiffFormat;
  allowReplace: string[];
  /** `--allow-open <function>`: its routes may lose their authorizer. */
  allowOpen: string[];
  newStack: boolean;
  region?: string;
  stack?: string;
  /** `--against-stack NAME`: the one file planned as this stage is the base, as `--stack`'s the new (what that stage would get). */
  againstStack?: string;
  /** `--secret NAME=VALUE` */
  secrets: Record<string, string>;
  secretsFile?: string;
  /** `--follow-links`: read the files even when they are links out of their folders. */
  followLinks: boolean;
  /** `--max-monthly-increase AMOUNT`: the fixed monthly cost may rise by at most this (in the price table's currency). */
  maxMonthlyIncrease?: number;
}

const STDIN = "-";
const STDIN_LABEL = "<stdin>";

export function parseDiffArgs(args: string[]): DiffArgs {
  const out: DiffArgs = { files: [], format: "text", allowReplace: [], allowOpen: [], newStack: false, secrets: {}, followLinks: false };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const name = optionName(a);
    const value = () => (a.includes("=") ? a.slice(a.indexOf("=") + 1) : args[++i]);
    if (a === STDIN || !a.startsWith("-")) out.files.push(a);
    else if (name === "--format") {
      const f = value();
      if (f !== "text" && f !== "markdown" && f !== "json") throw new UsageError("--format takes text, markdown or json");
      out.format = f;
    } else if (name === "--allow-replace") {
      const r = value();
      if (!r || !RESOURCE_NAME_PATTERN.test(r)) throw new UsageError("--allow-replace takes the name of a resource of the stack file, like cache");
      out.allowReplace.push(r);
    } else if (name === "--allow-open") {
      const r = value();
      if (!r || !RESOURCE_NAME_PATTERN.test(r)) throw new UsageError("--allow-open takes the name of a function of the stack file whose routes may become public, like items");
      out.allowOpen.push(r);
    } else if (a === "--new-stack") out.newStack = true;
    else if (a === FOLLOW_LINKS_OPTION) out.followLinks = true;
    else if (name === "--secrets-file") {
      out.secretsFile = value();
      if (!out.secretsFile) throw new UsageError("--secrets-file takes the path of a YAML or JSON file of {name: value}");
    } else if (name === "--secret") {
      const given = secretOption(a.includes("=") ? a.slice(a.indexOf("=") + 1) : args[++i]);
      if ("problem" in given) throw new UsageError(given.problem);
      setOwn(out.secrets, given.name, given.value);
    }
    else if (name === "--region") {
      out.region = value();
      try {
        checkRegionOption(out.region);
      } catch (err) {
        throw new UsageError((err as Error).message);
      }
    } else if (name === "--max-monthly-increase") {
      const amount = value();
      if (!amount || !/^\d+(\.\d+)?$/.test(amount)) throw new UsageError("--max-monthly-increase takes an amount in USD, 0 or more, like 50 or 12.5");
      out.maxMonthlyIncrease = Number(amount);
    } else if (name === "--stack") {
      out.stack = value();
      if (!out.stack || !/^[A-Za-z0-9_./-]+$/.test(out.stack)) throw new UsageError("--stack takes the name of a Pulumi stack, like dev");
    } else if (name === "--against-stack") {
      out.againstStack = value();
      if (!out.againstStack || !/^[A-Za-z0-9_./-]+$/.test(out.againstStack)) throw new UsageError("--against-stack takes the name of a Pulumi stack to compare with, like prod");
    } else throw unknownOption(a, "diff");
  }
  if (out.againstStack && out.newStack) throw new UsageError("--against-stack compares one file under two stages; --new-stack compares with an empty stack: give one of them");
  if (out.againstStack) {
    if (out.files.length !== 1) throw new UsageError(`with --against-stack, diff takes one FILE, planned as --against-stack's stage (the base) and as --stack's (got ${out.files.length} files)`);
    return out;
  }
  const want = out.newStack ? 1 : 2;
  if (out.files.length !== want) {
    throw new UsageError(out.newStack
      ? `with --new-stack, diff takes only NEW_FILE (the base is an empty stack; got ${out.files.length} files)`
      : `diff takes OLD_FILE and NEW_FILE (got ${out.files.length} file${out.files.length === 1 ? "" : "s"}; for a stack the base does not have yet, use --new-stack NEW_FILE)`);
  }
  if (out.files.filter((f) => f === STDIN).length > 1) throw new UsageError("only one of the files can be - (standard input)");
  return out;
}

/** The file's text, or undefined after printing why it is refused (too large, not a regular file). */
function readInput(file: string, io: Io, followLinks: boolean): { label: string; text: string } | undefined {
  const label = file === STDIN ? STDIN_LABEL : file;
  try {
    return { label, text: file === STDIN ? readStandardInput() : readStackfile(file, { followLinks }) };
  } catch (err) {
    if (!(err instanceof RefusedFileError)) throw err;
    io.err(formatProblem({ file: label, line: 1, col: 1, message: err.message }));
    return undefined;
  }
}

/** A stage a file was resolved for: its name, where the name came from, its region. */
type StageSeen = { name: string; from: string; region?: string };

/**
 * The stage a file is resolved for (`stack`), when its text reads the stage
 * (cli/stage-context.ts): said on stderr and kept in `seen[role]` (json's `stages`).
 */
function stageFor(file: string, text: string, stack: string | undefined, args: DiffArgs, io: Io, role: "base" | "new", seen: Partial<Record<"base" | "new", StageSeen>>): StageOptions {
  if (!STAGE_DIRECTIVE.test(text)) return {};
  const context = stageContext(file, { stack, region: args.region, selected: () => selectedStack(file) });
  if (!context.options.stage) throw new UsageError(noStageMessage(context));
  const against = role === "base" && args.againstStack !== undefined;
  const stage = { ...context.stage!, ...(against && context.stage!.from === "--stack" ? { from: "--against-stack" } : {}) };
  seen[role] = stage;
  const line = stageLine(context)!;
  io.err(`diff: ${role}: ${against ? line.replace("(--stack)", "(--against-stack)") : line}`);
  return context.options;
}

/** The analyzed file, or undefined after printing its problems (warnings too, for the new file). */
function load(file: string, io: Io, warn: boolean, followLinks: boolean, stage: (text: string) => StageOptions, input = readInput(file, io, followLinks)): StackfileResult | undefined {
  if (!input) return undefined;
  const { label, text } = input;
  const r = analyzeStackfile(label, text, stage(text));
  // Bounded as validate's: the first problems (warnings), then a line counting the rest.
  for (const line of formatProblems(r.problems, label)) io.err(line);
  if (r.problems.length) return undefined;
  if (warn) for (const line of formatWarnings(r.warnings, label)) io.err(line);
  return r;
}

/** The folder a file's relative paths start from, and the one it is planned in. */
const folderOf = (file: string) => (file === STDIN ? process.cwd() : path.dirname(path.resolve(file)));

export async function diffCommand(argv: string[], io: Io): Promise<number> {
  const args = parseDiffArgs(argv);
  const [oldFile, newFile] = args.newStack ? [undefined, args.files[0]] : args.againstStack ? [args.files[0], args.files[0]] : args.files;
  // --against-stack: one file (read once), the base planned as that stage.
  const input = args.againstStack ? readInput(newFile, io, args.followLinks) : undefined;
  if (args.againstStack && !input) return 1;
  const oldStage = args.againstStack ?? args.stack;
  const stages: Partial<Record<"base" | "new", StageSeen>> = {};
  const a = oldFile === undefined ? undefined : load(oldFile, io, false, args.followLinks, (t) => stageFor(oldFile, t, oldStage, args, io, "base", stages), input);
  const b = load(newFile, io, true, args.followLinks, (t) => stageFor(newFile, t, args.stack, args, io, "new", stages), input);
  if ((oldFile !== undefined && !a) || !b) return 1;
  const names = new Set([...(a?.model.resources ?? []), ...b.model.resources].map((r) => r.name));
  if (args.allowReplace.some((r) => !names.has(r))) {
    throw new UsageError(`--allow-replace names a resource that is in neither file; resources: ${[...names].sort().join(", ")}`);
  }
  // The workloads whose events may open a way in (a function's routes).
  const functions = new Set(b.model.resources.filter((r) => r.entry.workload?.events).map((r) => r.name));
  if (args.allowOpen.some((r) => !functions.has(r))) {
    throw new UsageError(`--allow-open names no function of the new file; functions: ${[...functions].sort().join(", ") || "none"}`);
  }
  // One Pulumi stack and one secret reader for both files: the new file's project's.
  const inputs = stackInputs(newFile, args);
  let region: string;
  try {
    region = stackRegion(path.join(folderOf(newFile), "stack.yaml"), args, inputs.stack).region;
  } catch (err) {
    if (!(err instanceof StackRegionError)) throw err;
    throw new UsageError(err.message);
  }

  const planIn = async (r: StackfileResult, file: string, checks: boolean) => {
    const dir = folderOf(file);
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      return await plan(r, { json: false, secrets: inputs.secrets.pick(secretNames(r.model)), region, checks, baseDir: dir, for: "compare" });
    } catch (err) {
      if (!(err instanceof PlanRunError)) throw err;
      for (const line of planRunErrorLines(err, r)) io.err(line);
      return undefined;
    } finally {
      process.chdir(cwd);
    }
  };
  // The base only needs its resources; the new file gets every check `plan` makes.
  const before = a && oldFile !== undefined ? await planIn(a, oldFile, false) : undefined;
  if (a && !before) return 1;
  const after = await planIn(b, newFile, true);
  if (!after) return 1;

  const config = diffStacks(a, b);
  const resources = diffResources(before?.states ?? [], after.states);
  const losses = dataLossRefusals({ newFile: b, config: config.changes, changes: resources, allowed: new Set(args.allowReplace) });
  const planned = positionProblems(b.loaded, after.problems);
  const authorization = routeAuth.authorizationChanges(a?.model, b.model);
  const opened = routeAuth.openRouteRefusals(b, authorization, new Set(args.allowOpen));
  const refused = unique(sortProblems([...config.refused, ...losses, ...opened, ...planned]));
  const cost = costChange(before?.cost, after.cost, args.maxMonthlyIncrease);
  const report = { oldLabel: a?.loaded.file, newLabel: b.loaded.file, config: config.changes, configLines: config.lines, resources, refused, authorization, cost, stages };
  io.out(args.format === "json" ? render.renderJson(report) : args.format === "markdown" ? render.renderMarkdown(report) : render.renderText(report));
  // What was read of the Pulumi stack (or why not), when it was asked.
  const stackLine = inputs.stack?.summary();
  if (stackLine) io.err(`diff: ${stackLine}`);
  for (const p of refused) io.err(formatProblem(p));
  for (const p of config.notes) io.err(formatProblem(p));
  const stale = staleWarning(after.cost, new Date());
  if (stale) io.err(`diff: ${stale}`);
  if (overLimit(cost)) io.err(`${b.loaded.file}: ${overLimitMessage(cost)}`);
  return refused.length || overLimit(cost) ? 1 : 0;
}

/** Each line once (two children of one resource can be refused for the same cause). */
function unique(problems: PositionedProblem[]): PositionedProblem[] {
  const lines = problems.map(formatProblem);
  return problems.filter((_p, i) => lines.indexOf(lines[i]) === i);
}
