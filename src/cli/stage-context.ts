// The stage `plan`, `diff`, `dev` and `validate` resolve a stack file for
// (config/stage.ts): `--stack NAME`; else (`plan`, `diff`) the stack
// `pulumi stack select` chose for the Pulumi.yaml above the file, else the
// project's only `Pulumi.<stack>.yaml`; `dev` defaults to `dev`. The stack's
// configuration is its `Pulumi.<stack>.yaml` (in Pulumi.yaml's
// `stackConfigDir` when it sets one): plain values are read offline, a
// `secure:` value is a secret (read with `$Secret`). Loaded only for a file
// that holds a stage directive.
import * as path from "path";
import type { Stage, StageOptions } from "../config/stage";
import { stageNameClashes } from "../config/stage-names";
import { positionProblems, type PositionedProblem } from "../config/load";
import type { StackfileResult } from "../config/stackfile";
import { findProject, PulumiStack } from "./pulumi-stack";
import { readYaml, stackFiles, stackRegion, StackRegionError } from "./stack-region";

export { STAGE_DIRECTIVE } from "../config/stage";

export interface StageContext {
  options: StageOptions;
  /** The stage resolved for, and where its name came from (printed by plan, diff and dev). */
  stage?: { name: string; from: string; region?: string };
}

export interface StageHow {
  /** `--stack NAME` (`org/project/stack` names the stage by its last part). */
  stack?: string;
  /** `--region`: the stage's region wins over the stack's. */
  region?: string;
  /** The stack `pulumi stack select` chose (asked only when no --stack). */
  selected?: () => string | undefined;
  /** The stage when nothing names one (`dev`: dev). */
  fallback?: { name: string; from: string };
  /** `validate`: no stage unless --stack names one (each stack of the project is checked instead). */
  namedOnly?: boolean;
}

interface Project {
  name: string;
  configDir: string;
  stacks: Map<string, string>;
}

function projectOf(file: string): Project {
  const fileDir = file === "-" ? process.cwd() : path.dirname(path.resolve(file));
  const project = findProject(fileDir);
  const dir = project ? path.resolve(project.dir, typeof project.doc.stackConfigDir === "string" ? project.doc.stackConfigDir : ".") : fileDir;
  return { name: project?.name ?? path.basename(fileDir), configDir: dir, stacks: stackFiles(dir) };
}

const isMap = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The stage of one stack: its name, region and configuration as its Pulumi.<stack>.yaml holds them. */
function stageOf(file: string, project: Project, name: string, region?: string): Stage {
  const stackFile = project.stacks.get(name);
  let config: Record<string, unknown> = {};
  if (stackFile) {
    try {
      const doc = readYaml(path.join(project.configDir, stackFile));
      if (isMap(doc.config)) config = doc.config;
    } catch (err) {
      if (!(err instanceof StackRegionError)) throw err;
    }
  }
  const keyOf = (key: string) => (key.includes(":") ? key : `${project.name}:${key}`);
  const raw = (key: string) => (Object.hasOwn(config, keyOf(key)) ? config[keyOf(key)] : undefined);
  let stageRegion = region;
  if (stageRegion === undefined) {
    try {
      stageRegion = stackRegion(file === "-" ? path.join(process.cwd(), "stack.yaml") : file, { stack: name }).region;
    } catch (err) {
      if (!(err instanceof StackRegionError)) throw err;
    }
  }
  return {
    name,
    region: stageRegion,
    config: (key) => {
      const v = raw(key);
      return isMap(v) && "secure" in v ? undefined : v;
    },
    isSecret: (key) => {
      const v = raw(key);
      return isMap(v) && "secure" in v;
    },
    setCommand: (key) => `pulumi config set ${key} <value> --stack ${name}`,
  };
}

/** The stage for `file`, or none (validate then checks each stack of the project offline). */
export function stageContext(file: string, how: StageHow): StageContext {
  const project = projectOf(file);
  const knownStages = [...project.stacks.keys()];
  const stageConfig = (s: string) => stageOf(file, project, s);
  const chosen = chooseStage(how, knownStages);
  if (!chosen) return { options: { knownStages, stageConfig } };
  const stage = stageOf(file, project, chosen.name, how.region);
  return { options: { stage, knownStages, stageConfig }, stage: { ...chosen, region: stage.region } };
}

function chooseStage(how: StageHow, known: string[]): { name: string; from: string } | undefined {
  if (how.stack) return { name: how.stack.split("/").pop()!, from: "--stack" };
  if (how.namedOnly) return undefined;
  const selected = how.selected?.();
  if (selected) return { name: selected.split("/").pop()!, from: "the stack pulumi stack select chose" };
  if (how.fallback) return how.fallback;
  if (known.length === 1) return { name: known[0], from: `the project's only stack, Pulumi.${known[0]}.yaml` };
  return undefined;
}

/**
 * The analyses `validate` runs: the stage named, else one per stack of the
 * project (each judged with the values it gives), else none (the stage's
 * values unknown).
 */
export function stagesToCheck(context: StageContext): StageOptions[] {
  const { options } = context;
  if (options.stage || !options.knownStages?.length) return [options];
  return options.knownStages.map((s) => ({ ...options, stage: options.stageConfig!(s) }));
}

/** The project's stacks other than the stage resolved for (plan compares the names they claim with its stage's). */
export function otherStages(context: StageContext): StageOptions[] {
  const { options } = context;
  if (!options.stage) return [];
  return (options.knownStages ?? []).filter((s) => s !== options.stage!.name).map((s) => ({ ...options, stage: options.stageConfig!(s) }));
}

/**
 * The names two of these stages would both claim, each at its field in the
 * file (config/stage-names.ts); `focus`: only those of that stage (plan's).
 */
export function stageNameProblems(runs: { stage: Stage; result: StackfileResult }[], focus?: string): PositionedProblem[] {
  return positionProblems(runs[0].result.loaded, stageNameClashes(runs.map(({ stage, result }) => ({ stage, model: result.model })), focus));
}

/** Why a plan of a file that reads the stage cannot run without one. */
export function noStageMessage(context: StageContext): string {
  const known = context.options.knownStages ?? [];
  return `the stack file reads the stage ($Stage(), $Region(), $Config or $Select): name it with --stack NAME${known.length ? ` (stacks of the project: ${known.join(", ")})` : ""}`;
}

/** The stack `pulumi stack select` chose for the project above `file`, when pulumi answers. */
export function selectedStack(file: string): string | undefined {
  const project = findProject(file === "-" ? process.cwd() : path.dirname(path.resolve(file)));
  return project ? new PulumiStack(project).name().name : undefined;
}

/** The line plan, diff and dev print: which stage was used and why. */
export function stageLine(context: StageContext): string | undefined {
  const s = context.stage;
  return s ? `Stage: ${s.name} (${s.from})` : undefined;
}
