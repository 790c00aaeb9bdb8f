// The `stackfile` command: validate, plan, diff, schema, init, dev. Exit codes: 0 ok,
// 1 problems in the file (one `FILE:LINE:COL: message` line each),
// 2 usage errors or an unreadable file. Never a stack trace.
import * as fs from "fs";
import * as path from "path";
import { closest } from "../shared/messages/suggest";
import { analyzeStackfile, sortProblems, formatProblem, formatProblems, formatWarnings, missingPathWarnings, readStackfile, RefusedFileError, UnreadableFileError, type StackfileResult } from "../config/stackfile";
import { COMMAND_HELP, USAGE } from "./help";
import { UsageError, unknownOption } from "./usage-error";
import { systemErrorMessage } from "../shared/process/system-error";
import { stackFileArg } from "./stack-file-arg";
import { onDemand } from "./on-demand";
import { FOLLOW_LINKS_OPTION } from "../shared/files/links";
import { escapeControl } from "../shared/messages/user-text";
import type { Io } from "./io";
import type { StageOptions } from "../config/stage";
import type { StageContext } from "./stage-context";
import { STAGE_DIRECTIVE } from "../config/stage";

export type { Io } from "./io";

/** Pulumi's commands a user may try on stackfile, and the pulumi command that does it. */
const PULUMI_COMMANDS: Record<string, string> = { up: "up", deploy: "up", preview: "preview", destroy: "destroy", refresh: "refresh" };

/** A command word is echoed only when it looks like one (a mistyped secret is not). */
function unknownCommand(command: string): string {
  if (!/^[a-z][a-z-]{0,20}$/.test(command)) return "unknown command (not shown); the commands are " + Object.keys(COMMANDS).join(", ");
  const pulumi = Object.hasOwn(PULUMI_COMMANDS, command) ? PULUMI_COMMANDS[command] : undefined;
  if (pulumi) return `'${command}' is not a stackfile command: stackfile does not deploy; run pulumi ${pulumi} in the project's folder (docs/deploy.md)`;
  const near = closest(command, Object.keys(COMMANDS));
  return `unknown command '${command}'${near ? `; did you mean '${near}'?` : ""}`;
}

/** The stages a text is resolved for (`own`), and the project's other stacks whose names they must not claim too (`others`: plan's). */
interface StagesOf {
  own: StageOptions[];
  others?: StageOptions[];
}

/** The analyzed file, or the exit code after printing its problems; `warn`: also print its warnings; `stage`: the stages a text is resolved for. */
function load(file: string, io: Io, warn = true, followLinks = false, stage?: (text: string) => StagesOf): StackfileResult | number {
  let text: string;
  try {
    text = readStackfile(file, { followLinks });
  } catch (err) {
    if (!(err instanceof RefusedFileError)) throw err;
    io.err(formatProblem({ file, line: 1, col: 1, message: err.message }));
    return 1;
  }
  const result = analyzeEach(file, text, stage?.(text) ?? { own: [{}] });
  if (result.problems.length) {
    for (const line of formatProblems(result.problems, file)) io.err(line);
    return 1;
  }
  // Warnings once the file is valid: they are the next thing to look at.
  if (warn) for (const line of formatWarnings(result.warnings, file)) io.err(line);
  return result;
}

/**
 * The file analyzed for each stage (validate checks every stack of the
 * project), problems and warnings merged once each; with the names two
 * stages would both claim (plan: its stage's against the others').
 */
function analyzeEach(file: string, text: string, { own, others = [] }: StagesOf): StackfileResult {
  const results = own.map((s) => analyzeStackfile(file, text, s));
  const staged = [...own, ...others];
  const clashes = staged.length > 1 && staged.every((s) => s.stage)
    ? onDemand.stages().stageNameProblems([...results, ...others.map((s) => analyzeStackfile(file, text, s))].map((result, i) => ({ stage: staged[i].stage!, result })), others.length ? own[0].stage!.name : undefined)
    : [];
  if (results.length === 1 && !clashes.length) return results[0];
  const once = (list: StackfileResult["problems"]) => sortProblems([...new Map(list.map((p) => [formatProblem(p), p])).values()]);
  return { ...results[0], problems: once([...results.flatMap((r) => r.problems), ...clashes]), warnings: once(results.flatMap((r) => r.warnings)) };
}

function positional(args: string[], count: number, command: string): string[] {
  const files = args.filter((a) => !a.startsWith("--"));
  const flags = args.filter((a) => a.startsWith("--"));
  if (flags.length) throw unknownOption(flags[0], command);
  if (files.length !== count) {
    throw new UsageError(`${command} takes ${count === 1 ? "one file" : `${count} files`} (got ${files.length})`);
  }
  return files;
}

/** `--stack NAME` of `validate`, and the other arguments. */
function stackOption(args: string[]): { stack?: string; rest: string[] } {
  const rest: string[] = [];
  let stack: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a !== "--stack" && !a.startsWith("--stack=")) {
      rest.push(a);
      continue;
    }
    stack = a === "--stack" ? args[++i] : a.slice("--stack=".length);
    if (!stack || !/^[A-Za-z0-9_./-]+$/.test(stack)) throw new UsageError("--stack takes the name of a Pulumi stack, like dev");
  }
  return { stack, rest };
}

/** The stage options of a text that reads the stage (none read otherwise): `require`, a plan's, refuses a file with no stage to resolve for. */
function stageFor(file: string, how: { stack?: string; region?: string; validate?: boolean }, got: (c: StageContext) => void) {
  return (text: string): StagesOf => {
    if (!STAGE_DIRECTIVE.test(text)) return { own: [{}] };
    const stages = onDemand.stages();
    const context = stages.stageContext(file, { stack: how.stack, region: how.region, namedOnly: how.validate, selected: how.validate ? undefined : () => stages.selectedStack(file) });
    if (!how.validate && !context.options.stage) throw new UsageError(stages.noStageMessage(context));
    got(context);
    // validate without --stack checks every stack of the project; a named stage is compared with the others.
    if (how.validate && !context.options.stage) return { own: stages.stagesToCheck(context) };
    return { own: [context.options], others: stages.otherStages(context) };
  };
}

async function validate(args: string[], io: Io): Promise<number> {
  const followLinks = args.includes(FOLLOW_LINKS_OPTION);
  const { stack, rest } = stackOption(args.filter((a) => a !== FOLLOW_LINKS_OPTION));
  const flags = rest.filter((a) => a.startsWith("--"));
  if (flags.length) throw unknownOption(flags[0], "validate");
  const file = stackFileArg(rest, "validate");
  const r = load(file, io, true, followLinks, stageFor(file, { stack, validate: true }, () => undefined));
  if (typeof r === "number") return r;
  for (const w of missingPathWarnings(r)) io.err(formatProblem(w));
  const n = r.model.resources.length;
  io.out(`ok: ${n} resource${n === 1 ? "" : "s"}`);
  return 0;
}

async function planCommand(args: string[], io: Io): Promise<number> {
  const { parsePlanArgs } = onDemand.planArgs();
  const opts = parsePlanArgs(args);
  let context: StageContext | undefined;
  const r = load(opts.file, io, true, opts.followLinks, stageFor(opts.file, opts, (c) => (context = c)));
  if (typeof r === "number") return r;
  return onDemand.plan().planCommand(opts, r, io, context?.stage);
}

async function diffCommand(args: string[], io: Io): Promise<number> {
  return onDemand.diff().diffCommand(args, io);
}

async function devCommand(args: string[], io: Io): Promise<number> {
  return onDemand.dev().runDev(args, io);
}

async function schemaCommand(args: string[], io: Io): Promise<number> {
  positional(args, 0, "schema");
  const { fileSchema } = onDemand.schema();
  io.out(JSON.stringify(fileSchema(), null, 2));
  return 0;
}

async function initCommand(args: string[], io: Io): Promise<number> {
  const flags = args.filter((a) => a.startsWith("--"));
  if (flags.length) throw unknownOption(flags[0], "init");
  if (args.length > 1) throw new UsageError(`init takes at most one folder (got ${args.length})`);
  const { init, InitError, shellWord } = onDemand.init();
  const dir = args[0] ?? ".";
  try {
    const made = init(dir);
    // DIR as given may hold terminal escape sequences: printed escaped (the cd lines quote it for a shell).
    io.out(escapeControl(`wrote ${made.files.map((f) => path.join(dir, f)).join(", ")}`));
    if (made.ignoreAdded.length) io.out(escapeControl(`added ${made.ignoreAdded.join(", ")} to ${path.join(dir, ".gitignore")}`));
    if (made.packedFrom) io.out(escapeControl(`stackfile is not in the npm registry yet: package.json installs it from ${made.files[made.files.length - 1]}, packed from ${made.packedFrom}`));
    io.out(`next: ${dir === "." ? "" : `cd ${shellWord(dir)} && `}npm install && npx stackfile plan`);
    // The secret init's stack.yaml reads (init.ts), from the environment: not on the command line.
    io.out(`or run it on this machine, offline: ${dir === "." ? "" : `cd ${shellWord(dir)} && `}STACKFILE_SECRET_cachePassword=<16 to 128 characters> npx stackfile dev`);
    return 0;
  } catch (err) {
    if (!(err instanceof InitError)) throw err;
    io.err(`stackfile init: ${escapeControl(err.message)}`);
    return 2;
  }
}

function version(): string {
  return (JSON.parse(fs.readFileSync(path.join(__dirname, "..", "..", "package.json"), "utf8")) as { version: string }).version;
}

const COMMANDS: Record<string, (args: string[], io: Io) => Promise<number>> = {
  validate,
  init: initCommand,
  plan: planCommand,
  diff: diffCommand,
  schema: schemaCommand,
  dev: devCommand,
};

export async function runCli(argv: string[], io: Io): Promise<number> {
  const [command, ...args] = argv;
  if (command === "--help" || command === "-h" || command === "help") {
    const about = args[0] && COMMAND_HELP[args[0]];
    io.out(about || USAGE);
    return 0;
  }
  if (command === "--version" || command === "-v") {
    io.out(version());
    return 0;
  }
  const run = command ? COMMANDS[command] : undefined;
  if (run && (args.includes("--help") || args.includes("-h"))) {
    io.out(COMMAND_HELP[command]);
    return 0;
  }
  if (!run) {
    io.err(command ? `stackfile: ${unknownCommand(command)}\n${USAGE}` : USAGE);
    return 2;
  }
  try {
    return await run(args, io);
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`stackfile ${command}: ${err.message}\n${COMMAND_HELP[command]?.split("\n")[0] ?? USAGE}\n(stackfile ${command} --help for more)`);
      return 2;
    }
    if (err instanceof UnreadableFileError) {
      io.err(`stackfile ${command}: ${err.message}`);
      return 2;
    }
    // The machine's (a full disk, a read-only folder, a symlink loop): one line saying what to do.
    const system = systemErrorMessage(err);
    if (system) {
      io.err(`stackfile ${command}: ${system}`);
      return 2;
    }
    // A bug of ours, still shown without a stack trace.
    io.err(`stackfile ${command}: internal error: ${(err as Error)?.message ?? String(err)} (please report this)`);
    return 1;
  }
}

/**
 * Writes to a standard stream that may be gone: a reader that closed the pipe
 * (`| head -c1`, EPIPE) ends the output quietly; any other failure (ENOSPC on
 * `>/dev/full`) is said once on stderr and makes the exit code 1.
 */
function guardedStream(stream: NodeJS.WriteStream, name: string): (text: string) => void {
  let closed = false;
  const failed = (err: unknown) => {
    if (closed) return;
    closed = true;
    if ((err as NodeJS.ErrnoException)?.code === "EPIPE") return;
    process.exitCode = 1;
    if (stream !== process.stderr) {
      const why = systemErrorMessage(err) ?? (err as Error)?.message ?? String(err);
      try {
        process.stderr.write(`stackfile: cannot write ${name}: ${why.replace(/^cannot write: /, "")}\n`);
      } catch {
        // stderr is gone too: nothing more to say.
      }
    }
  };
  stream.on("error", failed);
  return (text) => {
    if (closed) return;
    try {
      stream.write(text + "\n");
    } catch (err) {
      failed(err);
    }
  };
}

/** The command line: one command, then the process ends. */
export function main(): void {
  const io: Io = { out: guardedStream(process.stdout, "standard output"), err: guardedStream(process.stderr, "standard error") };
  const argv = process.argv.slice(2);
  // They print the provider code as a placeholder; making it costs more than the rest of their work (provider-code.ts).
  if (argv[0] === "plan" || argv[0] === "diff") onDemand.providerCodeAsPlaceholder();
  runCli(argv, io).then(
    (code) => {
      // A failed write of the output (not a closed pipe) already set 1.
      process.exitCode = process.exitCode === 1 && code === 0 ? 1 : code;
    },
    (err) => {
      process.stderr.write(`stackfile: internal error: ${(err as Error)?.message ?? String(err)}\n`);
      process.exitCode = 1;
    },
  );
}
