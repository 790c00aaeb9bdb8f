// `stackfile dev [FILE] [--secret NAME=VALUE]... [--secrets-file FILE] [--stack NAME] [--port BASE] [--prod]`:
// refuses a stack that does not validate (validate's messages and exit
// codes), starts every resource locally, prints one line per resource with
// its address, prefixes every log line with `[<resource>]`, applies each
// change of the stack file, and stops every child process on Ctrl-C.
import * as fs from "fs";
import { analyzeStackfile, formatProblem, formatProblems, readStackfile, RefusedFileError, sortProblems, type StackfileResult } from "../config/stackfile";
import { positionProblems } from "../config/load";
import { setOwn } from "../shared/messages/own";
import { UsageError, optionName } from "./usage-error";
import { killAllChildrenNow } from "../dev/children";
import { secretNames } from "../config/stackfile";
import { SecretsFileError, secretOption } from "../config/secrets";
import { stackInputs, type StackInputs } from "./secret-sources";
import { ApplyError, DevSession, type ResourceProblem } from "./dev-session";
import { MissingToolError } from "../dev/tls";
import { FOLLOW_LINKS_OPTION } from "../shared/files/links";
import type { StageOptions } from "../config/stage";
import { STAGE_DIRECTIVE, stageContext } from "./stage-context";

export interface DevIo {
  out(text: string): void;
  err(text: string): void;
}

export interface DevArgs {
  file: string;
  secrets: Record<string, string>;
  secretsFile?: string;
  /** `--stack NAME`: the stage dev runs (default dev) and the Pulumi stack whose secrets dev reads last (default: the selected one). */
  stack?: string;
  basePort: number;
  prod: boolean;
  /** `--follow-links`: read the stack file and the secrets file even when they are links out of their folders. */
  followLinks: boolean;
}

export const DEFAULT_BASE_PORT = 3000;

export function parseDevArgs(args: string[]): DevArgs {
  const files: string[] = [];
  const secrets: Record<string, string> = {};
  let secretsFile: string | undefined;
  let stack: string | undefined;
  let basePort = DEFAULT_BASE_PORT;
  let prod = false;
  let followLinks = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const value = (name: string) => (a === name ? args[++i] : a.slice(name.length + 1));
    if (a === "--prod") prod = true;
    else if (a === FOLLOW_LINKS_OPTION) followLinks = true;
    else if (a === "--secret" || a.startsWith("--secret=")) {
      const given = secretOption(value("--secret"));
      if ("problem" in given) throw new UsageError(given.problem);
      setOwn(secrets, given.name, given.value);
    } else if (a === "--secrets-file" || a.startsWith("--secrets-file=")) {
      secretsFile = value("--secrets-file");
      if (!secretsFile) throw new UsageError("--secrets-file takes a file (YAML or JSON, name: value)");
    } else if (a === "--stack" || a.startsWith("--stack=")) {
      stack = value("--stack");
      if (!stack || !/^[A-Za-z0-9_./-]+$/.test(stack)) throw new UsageError("--stack takes the name of a Pulumi stack, like dev");
    } else if (a === "--port" || a.startsWith("--port=")) {
      const v = value("--port");
      if (!v || !/^\d{1,5}$/.test(v) || Number(v) < 1 || Number(v) > 65535) throw new UsageError("--port takes a port number (1-65535), the first one gateways and sites use");
      basePort = Number(v);
    } else if (a.startsWith("--")) {
      const name = optionName(a);
      throw new UsageError(`unknown option ${/^--[a-z][a-z-]{0,30}$/.test(name) ? name : "(not shown)"} for dev`);
    } else files.push(a);
  }
  if (files.length > 1) throw new UsageError(`dev takes one file (got ${files.length})`);
  if (!files.length && !fs.existsSync("stack.yaml")) throw new UsageError("no FILE given and there is no ./stack.yaml; name the stack file (stackfile dev path/to/stack.yaml)");
  return { file: files[0] ?? "stack.yaml", secrets, secretsFile, stack, basePort, prod, followLinks };
}

/** The analyzed file, or its problems as lines; `stage`: the stage it is resolved for; `read`: its text when already read. */
function analyze(file: string, followLinks: boolean, stage: StageOptions = {}, read?: string): StackfileResult | string[] {
  let text: string;
  try {
    text = read ?? readStackfile(file, { followLinks });
  } catch (err) {
    if (!(err instanceof RefusedFileError)) throw err;
    return [formatProblem({ file, line: 1, col: 1, message: err.message })];
  }
  const result = analyzeStackfile(file, text, stage);
  return result.problems.length ? formatProblems(result.problems, file) : result;
}

function problemLines(result: StackfileResult, problems: ResourceProblem[], file: string): string[] {
  const placed = problems.map((p) => ({ path: ["resources", p.resource, "properties", ...p.path], message: p.message }));
  return formatProblems(sortProblems(positionProblems(result.loaded, placed)), file);
}

/** Runs until `stop` resolves (Ctrl-C in the CLI). */
export async function runDev(args: string[], io: DevIo, stopped: Promise<void> = ctrlC(), hooks: { started?(session: DevSession): void } = {}): Promise<number> {
  const opts = parseDevArgs(args);
  // The stage: --stack NAME, else dev (config/stage.ts); said at start when the file reads it.
  const stage = stageContext(opts.file, { stack: opts.stack, fallback: { name: "dev", from: "dev's default; --stack NAME runs another" } });
  const firstText = readText(opts.file, opts.followLinks);
  const first = analyze(opts.file, opts.followLinks, stage.options, firstText);
  if (Array.isArray(first)) {
    for (const l of first) io.err(l);
    return 1;
  }
  for (const w of first.warnings) io.err(formatProblem(w));
  if (STAGE_DIRECTIVE.test(JSON.stringify(first.loaded.value) ?? "")) io.out(`stackfile dev: stage ${stage.stage!.name} (${stage.stage!.from})`);
  let inputs: StackInputs;
  try {
    inputs = stackInputs(opts.file, { stack: opts.stack, secretsFile: opts.secretsFile, secrets: opts.secrets, followLinks: opts.followLinks });
  } catch (err) {
    if (!(err instanceof SecretsFileError)) throw err;
    io.err(`stackfile dev: ${err.message}`);
    return 2;
  }
  // The values of the secrets the stack file reads, from the one reader (config/secrets.ts); again after each edit.
  const secrets: Record<string, string> = {};
  const readSecrets = (model: StackfileResult["model"]) => Object.assign(secrets, inputs.secrets.pick(secretNames(model)));
  readSecrets(first.model);
  const stackLine = inputs.stack?.summary();
  if (stackLine) io.out(`stackfile dev: ${stackLine}`);
  const session = new DevSession({
    file: opts.file, secrets, basePort: opts.basePort, prod: opts.prod,
    say: (l) => io.out(l),
    log: (resource, line) => io.out(`[${resource}] ${line}`),
  });
  // Whatever happens, no child outlives this process.
  process.once("exit", killAllChildrenNow);
  const started = Date.now();
  try {
    await session.apply(first.model);
  } catch (err) {
    await session.close();
    if (err instanceof ApplyError) {
      for (const l of problemLines(first, err.problems, opts.file)) io.err(l);
      return 1;
    }
    if (err instanceof MissingToolError) {
      io.err(`stackfile dev: ${err.message}`);
      return 1;
    }
    throw err;
  }
  io.out(`stackfile dev: ${first.model.resources.length} resources running locally (ready in ${Date.now() - started} ms); Ctrl-C stops them`);
  for (const l of session.table()) io.out(l);
  hooks.started?.(session);
  const watcher = watchStackFile(opts.file, firstText, session, io, readSecrets, opts.followLinks, stage.options);
  await stopped;
  watcher.close();
  io.out("stackfile dev: stopping");
  await session.close();
  return 0;
}

/** The file's text as dev reads it, or undefined when it cannot be read now (then the next look decides). */
function readText(file: string, followLinks: boolean): string | undefined {
  try {
    return readStackfile(file, { followLinks });
  } catch {
    return undefined;
  }
}

/**
 * Applies each change of the stack file; a file with problems is reported and
 * not applied. A change is a text that differs from the last one seen, starting
 * from the text the first version was read from: an edit saved while dev was
 * starting (before the watcher's first look) is applied too, not taken as the
 * starting point. Stack files are small; reading one four times a second costs
 * nothing next to what dev runs.
 */
function watchStackFile(file: string, firstText: string | undefined, session: DevSession, io: DevIo, readSecrets: (model: StackfileResult["model"]) => void, followLinks: boolean, stage: StageOptions): { close(): void } {
  let seen = firstText;
  let busy = Promise.resolve();
  const changed = () => {
    busy = busy.then(async () => {
      const next = analyze(file, followLinks, stage);
      if (Array.isArray(next)) {
        io.err(`stackfile dev: ${file} changed but has problems; still running the last version`);
        for (const l of next) io.err(l);
        return;
      }
      try {
        readSecrets(next.model);
        await session.apply(next.model);
        io.out(`stackfile dev: applied the change of ${file}`);
        for (const l of session.table()) io.out(l);
      } catch (err) {
        if (err instanceof ApplyError) for (const l of problemLines(next, err.problems, file)) io.err(l);
        else io.err(`stackfile dev: could not apply the change: ${(err as Error).message}`);
      }
    });
  };
  const look = () => {
    const text = readText(file, followLinks);
    if (text === seen) return;
    seen = text;
    changed();
  };
  // Polls the text itself: fs.watchFile takes its first stat later, so a save
  // made just after start would become its baseline and never be seen.
  const timer = setInterval(look, 250);
  look();
  return { close: () => clearInterval(timer) };
}

/**
 * Resolves on the first Ctrl-C (SIGINT) or SIGTERM, which stops everything in
 * order. A second one does not wait: every child's group gets SIGKILL and the
 * command exits (a process ended by a signal runs no exit handlers, so the
 * handlers stay installed for that).
 */
export function ctrlC(): Promise<void> {
  return new Promise((resolve) => {
    let first = true;
    const signalled = () => {
      if (first) {
        first = false;
        resolve();
        return;
      }
      killAllChildrenNow();
      process.exit(130);
    };
    process.on("SIGINT", signalled);
    process.on("SIGTERM", signalled);
  });
}
