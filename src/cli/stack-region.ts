// Which region `plan` plans for: `--region`, else `aws:region` of the Pulumi
// stack beside the stack file (`Pulumi.<stack>.yaml`: the one named by
// `--stack`, or the only one there), else us-east-1. The answer says where it
// came from, so a plan never silently shows another region than the deploy.
import * as fs from "fs";
import * as path from "path";
import * as yaml from "js-yaml";

export const DEFAULT_REGION = "us-east-1";
export const REGION_PATTERN = /^[a-z]{2}(-[a-z]+)+-\d$/;

export interface StackRegion {
  region: string;
  /** Where the region came from, for a line on stderr. */
  from: string;
}

export class StackRegionError extends Error {}

function stackFiles(dir: string): string[] {
  return fs.readdirSync(dir).filter((f) => /^Pulumi\.[^.]+\.ya?ml$/.test(f)).sort();
}

function regionOf(file: string): string | undefined {
  let doc: unknown;
  try {
    doc = yaml.load(fs.readFileSync(file, "utf8"));
  } catch (err) {
    throw new StackRegionError(`${file} is not valid YAML: ${(err as Error).message.split("\n")[0]}`);
  }
  const config = (doc as { config?: Record<string, unknown> } | null)?.config;
  const region = config?.["aws:region"];
  if (region === undefined) return undefined;
  if (typeof region !== "string" || !REGION_PATTERN.test(region)) throw new StackRegionError(`${file}: aws:region must be a region name, like eu-west-1`);
  return region;
}

export function stackRegion(stackFile: string, opts: { region?: string; stack?: string }): StackRegion {
  if (opts.region) return { region: opts.region, from: "--region" };
  const dir = path.dirname(path.resolve(stackFile));
  const rel = (f: string) => path.relative(process.cwd(), path.join(dir, f)) || f;
  const files = stackFiles(dir);
  let chosen: string | undefined;
  if (opts.stack) {
    chosen = files.find((f) => f === `Pulumi.${opts.stack}.yaml` || f === `Pulumi.${opts.stack}.yml`);
    if (!chosen) throw new StackRegionError(`there is no Pulumi.${opts.stack}.yaml beside ${stackFile}${files.length ? ` (stacks there: ${files.map((f) => f.split(".")[1]).join(", ")})` : ""}`);
  } else if (files.length === 1) {
    chosen = files[0];
  } else if (files.length > 1) {
    return { region: DEFAULT_REGION, from: `default: several stacks beside the file (${files.map((f) => f.split(".")[1]).join(", ")}); choose one with --stack NAME or give --region` };
  }
  if (!chosen) return { region: DEFAULT_REGION, from: "default: no Pulumi.<stack>.yaml beside the file; give --region to plan another" };
  const stack = chosen.split(".")[1];
  const region = regionOf(path.join(dir, chosen));
  if (!region) return { region: DEFAULT_REGION, from: `default: stack ${stack} (${rel(chosen)}) sets no aws:region` };
  return { region, from: `aws:region of stack ${stack} (${rel(chosen)})` };
}
