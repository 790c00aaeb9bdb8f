// Which region `plan` plans for: `--region`; else the Pulumi project's: the
// nearest Pulumi.yaml at or above the stack file, and its stack (`--stack`,
// else the one `pulumi stack select` chose): its `aws:region` as
// `pulumi config` answers it (pulumi-stack.ts). When pulumi cannot answer,
// the files: the stack's `Pulumi.<stack>.yaml` (in `stackConfigDir` when
// Pulumi.yaml sets one; the one named, else the only one) and its
// `aws:region`, else the project's own `config: aws:region` (a value,
// `{default: ...}` or `{value: ...}`); without a Pulumi.yaml, a
// `Pulumi.<stack>.yaml` beside the stack file; else us-east-1. The answer says where it came from, so a plan
// never silently shows another region than the deploy. A name no AWS
// partition has is refused.
import * as fs from "fs";
import * as path from "path";
import * as yaml from "js-yaml";
import { regionNameProblem } from "./region-name";
import { findProject, type PulumiStack } from "./pulumi-stack";

export const DEFAULT_REGION = "us-east-1";

export interface StackRegion {
  region: string;
  /** Where the region came from, for a line on stderr. */
  from: string;
}

export class StackRegionError extends Error {}

/** What a region name looks like (a value of another shape is not echoed: usage errors name an option without its value). */
export const REGION_PATTERN = /^[a-z]{2,4}(-[a-z]+)+-\d+$/;

/** The region of `--region`, or why it is refused. */
export function checkRegionOption(region: string | undefined): string {
  if (!region || !REGION_PATTERN.test(region)) throw new StackRegionError("--region takes a region name, like eu-west-1");
  const why = regionNameProblem(region);
  if (why) throw new StackRegionError(`--region: ${why}`);
  return region;
}

/** `Pulumi.<stack>.yaml` files of a folder (stack names may hold dots), by stack name. */
export function stackFiles(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  if (!fs.existsSync(dir)) return out;
  for (const f of fs.readdirSync(dir).sort()) {
    const m = /^Pulumi\.(.+)\.ya?ml$/.exec(f);
    if (m && !out.has(m[1])) out.set(m[1], f);
  }
  return out;
}

export function readYaml(file: string): Record<string, unknown> {
  let doc: unknown;
  try {
    doc = yaml.load(fs.readFileSync(file, "utf8"));
  } catch (err) {
    throw new StackRegionError(`${file} is not valid YAML: ${(err as Error).message.split("\n")[0]}`);
  }
  return typeof doc === "object" && doc !== null && !Array.isArray(doc) ? (doc as Record<string, unknown>) : {};
}

/** `aws:region` of a config map: a string, or (project config) `{value}` / `{default}`. */
function regionIn(config: unknown, file: string, shown: string): string | undefined {
  const raw = typeof config === "object" && config !== null ? (config as Record<string, unknown>)["aws:region"] : undefined;
  if (raw === undefined) return undefined;
  const obj = typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>) : undefined;
  const region = obj ? obj.value ?? obj.default : raw;
  if (region === undefined) return undefined;
  if (typeof region !== "string") throw new StackRegionError(`${shown}: aws:region must be a region name, like eu-west-1`);
  const why = regionNameProblem(region);
  if (why) throw new StackRegionError(`${shown}: aws:region ${why}`);
  return region;
}

/**
 * The region: `--region`, else the stack's `aws:region` as `pulumi config`
 * answers it (`stack`: the project's stack, asked on first need), else the files.
 */
export function stackRegion(stackFile: string, opts: { region?: string; stack?: string }, stack?: PulumiStack): StackRegion {
  if (opts.region) return { region: checkRegionOption(opts.region), from: "--region" };
  const rel = (f: string) => path.relative(process.cwd(), f) || f;
  const named = stack?.name().name;
  if (stack && named && stack.values()) {
    const region = stack.value("aws:region");
    if (region === undefined) return { region: DEFAULT_REGION, from: `default: stack ${named} sets no aws:region (pulumi config); set it with: pulumi config set aws:region <region>` };
    const why = regionNameProblem(region);
    if (why) throw new StackRegionError(`aws:region of stack ${named}: ${why}`);
    return { region, from: `aws:region of stack ${named} (pulumi config)` };
  }
  return regionFromFiles(stackFile, { stack: opts.stack ?? named }, rel);
}

/** The region the project's files give (when pulumi cannot answer). */
function regionFromFiles(stackFile: string, opts: { stack?: string }, rel: (f: string) => string): StackRegion {
  const fileDir = path.dirname(path.resolve(stackFile));
  const project = findProject(fileDir);
  const projectDoc = project ? readYaml(project.file) : undefined;
  const configDir = project
    ? path.resolve(project.dir, typeof projectDoc?.stackConfigDir === "string" ? projectDoc.stackConfigDir : ".")
    : fileDir;
  const where = project ? `in ${rel(configDir) === "." ? "the project" : rel(configDir)}` : "beside the file";
  const projectRegion = project ? regionIn(projectDoc?.config, project.file, rel(project.file)) : undefined;
  const projectName = typeof projectDoc?.name === "string" ? projectDoc.name : path.basename(project?.dir ?? "");
  const fromProject = (why: string): StackRegion | undefined =>
    projectRegion ? { region: projectRegion, from: `aws:region of project ${projectName} (${rel(project!.file)}); ${why}` } : undefined;

  const stacks = stackFiles(configDir);
  const names = [...stacks.keys()];
  // `org/project/stack` names the file by its last part.
  const wanted = opts.stack?.split("/").pop();
  let chosen: string | undefined;
  if (wanted) {
    if (!stacks.has(wanted)) throw new StackRegionError(`there is no Pulumi.${wanted}.yaml ${where} (${rel(configDir)})${names.length ? ` (stacks there: ${names.join(", ")})` : ""}`);
    chosen = wanted;
  } else if (names.length === 1) {
    chosen = names[0];
  } else if (names.length > 1) {
    return fromProject(`several stacks ${where} (${names.join(", ")}); choose one with --stack NAME to read its own`)
      ?? { region: DEFAULT_REGION, from: `default: several stacks ${where} (${names.join(", ")}); choose one with --stack NAME or give --region` };
  }
  if (!chosen) {
    return fromProject("no Pulumi.<stack>.yaml there")
      ?? { region: DEFAULT_REGION, from: project
        ? `default: project ${projectName} (${rel(project.file)}) has no Pulumi.<stack>.yaml and no aws:region; give --region to plan another`
        : "default: no Pulumi.yaml above the file and no Pulumi.<stack>.yaml beside it; give --region to plan another" };
  }
  const file = path.join(configDir, stacks.get(chosen)!);
  const region = regionIn(readYaml(file).config, file, rel(file));
  if (region) return { region, from: `aws:region of stack ${chosen} (${rel(file)})` };
  return fromProject(`stack ${chosen} sets none`) ?? { region: DEFAULT_REGION, from: `default: stack ${chosen} (${rel(file)}) sets no aws:region` };
}
