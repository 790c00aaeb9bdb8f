// The `stackfile` command: validate, plan, diff, schema, init, dev. Exit codes: 0 ok,
// 1 problems in the file (one `FILE:LINE:COL: message` line each),
// 2 usage errors or an unreadable file. Never a stack trace.
import * as fs from "fs";
import * as path from "path";
import { setOwn } from "../shared/messages/own";
import { closest } from "../shared/messages/suggest";
import { analyzeStackfile, formatProblem, formatProblems, formatWarnings, missingPathWarnings, readStackfile, RefusedFileError, sortProblems, UnreadableFileError, type StackfileResult } from "../config/stackfile";
import { positionProblems } from "../config/load";
import { COMMAND_HELP, USAGE } from "./help";
import { UsageError, unknownOption } from "./usage-error";
import { systemErrorMessage } from "../shared/process/system-error";

/**
 * What each command needs beyond reading a stack file, loaded when that
 * command runs and only then: `validate` needs none of it, and loading it
 * (`plan` brings Pulumi and the AWS rule catalog) would cost more than its own
 * work. The heavy libraries themselves load through shared/process/lazy.ts.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
const modules = {
  plan: () => require("./plan") as typeof import("./plan"),
  planJson: () => require("./plan-json") as typeof import("./plan-json"),
  planErrors: () => require("./plan-errors") as typeof import("./plan-errors"),
  stackRegion: () => require("./stack-region") as typeof import("./stack-region"),
  diff: () => require("./diff-command") as typeof import("./diff-command"),
  schema: () => require("../shared/schema/schema") as typeof import("../shared/schema/schema"),
  init: () => require("./init") as typeof import("./init"),
};
/* eslint-enable @typescript-eslint/no-require-imports */

export interface Io {
  out(text: string): void;
  err(text: string): void;
}


/** A command word is echoed only when it looks like one (a mistyped secret is not). */
function unknownCommand(command: string): string {
  if (!/^[a-z][a-z-]{0,20}$/.test(command)) return "unknown command (not shown); the commands are " + Object.keys(COMMANDS).join(", ");
  const near = closest(command, Object.keys(COMMANDS));
  return `unknown command '${command}'${near ? `; did you mean '${near}'?` : ""}`;
}

/** The analyzed file, or the exit code after printing its problems; `warn`: also print its warnings. */
function load(file: string, io: Io, warn = true): StackfileResult | number {
  let text: string;
  try {
    text = readStackfile(file);
  } catch (err) {
    if (!(err instanceof RefusedFileError)) throw err;
    io.err(formatProblem({ file, line: 1, col: 1, message: err.message }));
    return 1;
  }
  const result = analyzeStackfile(file, text);
  if (result.problems.length) {
    for (const line of formatProblems(result.problems, file)) io.err(line);
    return 1;
  }
  // Warnings once the file is valid: they are the next thing to look at.
  if (warn) for (const line of formatWarnings(result.warnings, file)) io.err(line);
  return result;
}

/** The stack file of a command that takes one: the one named, else ./stack.yaml. */
function stackFileArg(files: string[], command: string): string {
  if (files.length > 1) throw new UsageError(`${command} takes one file (got ${files.length})`);
  if (files.length === 1) return files[0];
  if (!fs.existsSync("stack.yaml")) throw new UsageError(`no FILE given and there is no ./stack.yaml; name the stack file (stackfile ${command} path/to/stack.yaml)`);
  return "stack.yaml";
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

async function validate(args: string[], io: Io): Promise<number> {
  const flags = args.filter((a) => a.startsWith("--"));
  if (flags.length) throw unknownOption(flags[0], "validate");
  const file = stackFileArg(args, "validate");
  const r = load(file, io);
  if (typeof r === "number") return r;
  for (const w of missingPathWarnings(r)) io.err(formatProblem(w));
  const n = r.model.resources.length;
  io.out(`ok: ${n} resource${n === 1 ? "" : "s"}`);
  return 0;
}

interface PlanArgs {
  file: string;
  json: boolean;
  secrets: Record<string, string>;
  secretsFile?: string;
  region?: string;
  stack?: string;
  quotas: Record<string, number>;
}

/** `--name VALUE` or `--name=VALUE`: the value, advancing `i` past it. */
function optionValue(args: string[], i: { at: number }, name: string): string | undefined {
  const a = args[i.at];
  if (a === name) return args[++i.at];
  return a.startsWith(`${name}=`) ? a.slice(name.length + 1) : undefined;
}

function parsePlanArgs(args: string[]): PlanArgs {
  let json = false;
  let region: string | undefined;
  let stack: string | undefined;
  const secrets: Record<string, string> = {};
  let secretsFile: string | undefined;
  const quotas: Record<string, number> = {};
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const at = { at: i };
    if (a === "--json") json = true;
    else if (a === "--region" || a.startsWith("--region=")) {
      region = optionValue(args, at, "--region");
      i = at.at;
      try {
        modules.stackRegion().checkRegionOption(region);
      } catch (err) {
        throw new UsageError((err as Error).message);
      }
    } else if (a === "--stack" || a.startsWith("--stack=")) {
      stack = optionValue(args, at, "--stack");
      i = at.at;
      if (!stack || !/^[A-Za-z0-9_./-]+$/.test(stack)) throw new UsageError("--stack takes the name of a Pulumi stack, like dev");
    } else if (a === "--quota" || a.startsWith("--quota=")) {
      const spec = optionValue(args, at, "--quota") ?? "";
      i = at.at;
      const m = /^([a-z0-9-]+\/[a-z0-9-]+)=(\d+)$/.exec(spec);
      if (!m) throw new UsageError("--quota takes RULE=NUMBER, like elasticache/nodes-per-cluster=250");
      quotas[m[1]] = Number(m[2]);
    }
    else if (a === "--secrets-file" || a.startsWith("--secrets-file=")) {
      secretsFile = optionValue(args, at, "--secrets-file");
      i = at.at;
      if (!secretsFile) throw new UsageError("--secrets-file takes the path of a YAML or JSON file of {name: value}");
    } else if (a === "--secret" || a.startsWith("--secret=")) {
      const spec = a === "--secret" ? args[++i] : a.slice("--secret=".length);
      const eq = spec?.indexOf("=") ?? -1;
      if (!spec || eq <= 0) throw new UsageError("--secret takes NAME=VALUE");
      setOwn(secrets, spec.slice(0, eq), spec.slice(eq + 1));
    } else if (a.startsWith("--")) throw unknownOption(a, "plan");
    else files.push(a);
  }
  return { file: stackFileArg(files, "plan"), json, secrets, secretsFile, region, stack, quotas };
}

async function planCommand(args: string[], io: Io): Promise<number> {
  const opts = parsePlanArgs(args);
  const r = load(opts.file, io);
  if (typeof r === "number") return r;
  const { gatherSecrets } = (require("./secret-sources") as typeof import("./secret-sources"));
  const { secretNames } = (require("../config/stackfile") as typeof import("../config/stackfile"));
  opts.secrets = gatherSecrets(secretNames(r.model), opts.secretsFile, opts.secrets);
  const { plan, renderPlan, PlanRunError } = modules.plan();
  const { stackRegion, StackRegionError } = modules.stackRegion();
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
      modules.planJson().writePlanJson(result, (text) => io.out(text));
      io.err(`plan: region ${region}`);
    } else io.out(renderPlan(opts.file, result, region));
    return 0;
  } catch (err) {
    if (!(err instanceof PlanRunError)) throw err;
    const { planRunErrorLines } = modules.planErrors();
    for (const line of planRunErrorLines(err, r)) io.err(line);
    return 1;
  }
}

async function diffCommand(args: string[], io: Io): Promise<number> {
  return modules.diff().diffCommand(args, io);
}

/** Loaded only for `dev` (its servers and process handling cost every other command nothing). */
async function devCommand(args: string[], io: Io): Promise<number> {
  return (require("../dev/command") as typeof import("../dev/command")).runDev(args, io);
}

async function schemaCommand(args: string[], io: Io): Promise<number> {
  positional(args, 0, "schema");
  const { fileSchema } = modules.schema();
  io.out(JSON.stringify(fileSchema(), null, 2));
  return 0;
}

async function initCommand(args: string[], io: Io): Promise<number> {
  const flags = args.filter((a) => a.startsWith("--"));
  if (flags.length) throw unknownOption(flags[0], "init");
  if (args.length > 1) throw new UsageError(`init takes at most one folder (got ${args.length})`);
  const { init, InitError, shellWord } = modules.init();
  const dir = args[0] ?? ".";
  try {
    const made = init(dir);
    io.out(`wrote ${made.files.map((f) => path.join(dir, f)).join(", ")}`);
    if (made.ignoreAdded.length) io.out(`added ${made.ignoreAdded.join(", ")} to ${path.join(dir, ".gitignore")}`);
    if (made.packedFrom) io.out(`stackfile is not in the npm registry yet: package.json installs it from ${made.files[made.files.length - 1]}, packed from ${made.packedFrom}`);
    io.out(`next: ${dir === "." ? "" : `cd ${shellWord(dir)} && `}npm install && npx stackfile plan`);
    // The secret init's stack.yaml reads (init.ts), from the environment: not on the command line.
    io.out(`or run it on this machine, offline: ${dir === "." ? "" : `cd ${shellWord(dir)} && `}STACKFILE_SECRET_cachePassword=<16 to 128 characters> npx stackfile dev`);
    return 0;
  } catch (err) {
    if (!(err instanceof InitError)) throw err;
    io.err(`stackfile init: ${err.message}`);
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

export function main(): void {
  const io: Io = { out: guardedStream(process.stdout, "standard output"), err: guardedStream(process.stderr, "standard error") };
  runCli(process.argv.slice(2), io).then(
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
