// \`stackfile plan\`'s options: read and checked before the stack file is read
// (a usage error exits 2 before anything is loaded).
import { setOwn } from "../shared/messages/own";
import { checkRegionOption } from "./stack-region";
import { stackFileArg } from "./stack-file-arg";
import { UsageError, unknownOption } from "./usage-error";
import { FOLLOW_LINKS_OPTION } from "../shared/files/links";
import { secretOption } from "../config/secrets";

export interface PlanArgs {
  file: string;
  json: boolean;
  secrets: Record<string, string>;
  secretsFile?: string;
  region?: string;
  stack?: string;
  quotas: Record<string, number>;
  /** `--follow-links`: read the stack file and the secrets file even when they are links out of their folders. */
  followLinks: boolean;
  /** `--usage FILE`: a month's use by resource name (cost/usage-file.ts). */
  usageFile?: string;
}

/** `--name VALUE` or `--name=VALUE`: the value, advancing `i` past it. */
function optionValue(args: string[], i: { at: number }, name: string): string | undefined {
  const a = args[i.at];
  if (a === name) return args[++i.at];
  return a.startsWith(`${name}=`) ? a.slice(name.length + 1) : undefined;
}

export function parsePlanArgs(args: string[]): PlanArgs {
  let json = false;
  let followLinks = false;
  let region: string | undefined;
  let stack: string | undefined;
  const secrets: Record<string, string> = {};
  let secretsFile: string | undefined;
  let usageFile: string | undefined;
  const quotas: Record<string, number> = {};
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const at = { at: i };
    if (a === "--json") json = true;
    else if (a === FOLLOW_LINKS_OPTION) followLinks = true;
    else if (a === "--region" || a.startsWith("--region=")) {
      region = optionValue(args, at, "--region");
      i = at.at;
      try {
        checkRegionOption(region);
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
    else if (a === "--usage" || a.startsWith("--usage=")) {
      usageFile = optionValue(args, at, "--usage");
      i = at.at;
      if (!usageFile) throw new UsageError("--usage takes the path of a YAML or JSON file of a month's use by resource, like api: {requests: 5000000} (docs/cost.md)");
    } else if (a === "--secrets-file" || a.startsWith("--secrets-file=")) {
      secretsFile = optionValue(args, at, "--secrets-file");
      i = at.at;
      if (!secretsFile) throw new UsageError("--secrets-file takes the path of a YAML or JSON file of {name: value}");
    } else if (a === "--secret" || a.startsWith("--secret=")) {
      const given = secretOption(a === "--secret" ? args[++i] : a.slice("--secret=".length));
      if ("problem" in given) throw new UsageError(given.problem);
      setOwn(secrets, given.name, given.value);
    } else if (a.startsWith("--")) throw unknownOption(a, "plan");
    else files.push(a);
  }
  return { file: stackFileArg(files, "plan"), json, secrets, secretsFile, region, stack, quotas, followLinks, usageFile };
}

