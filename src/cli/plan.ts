// `stackfile plan FILE`: runs the program `pulumi up` runs, under Pulumi's
// mock engine, and prints every resource it would register.
//
// The steps of a plan, in order (`planUnredacted`): the secrets' config (given
// or placeholders), the checks that need no program (secret keys, the files a
// resource reads), the program under the mock engine, the checks of what it
// registered (values from directives, the dynamic providers' `check`, the AWS
// rule catalog), and the copy the caller reads. This module is loaded only by
// `plan` and `diff` (cli/on-demand.ts), so it imports Pulumi and the
// components as any module does.
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import { describeAssets, type DigestCache } from "./assets-view";
import { lambdaPackages, renderPackages } from "./package-sizes";
import { secretOption, type StackfileResult } from "../config/stackfile";
import { envName, SecretKeys, secretIssues } from "../config/secrets";
import type { StackModel } from "../config/validate";
import { runProgramStepwise, type StackOutputs } from "../config/program";
import { DYNAMIC_PROVIDERS } from "../providers";
import { maskSecrets, shortValue, SECRET_TEXT } from "./format";
import { catalogProblems, dynamicCheckProblems, plannedResources } from "./plan-checks";
import { resolvedValueProblems } from "../config/resolved-values";
import { formatPath, under, type Problem } from "../shared/messages/problem";
import { redact, redactProblems, secretTexts } from "./redact";
import { systemErrorMessage } from "../shared/process/system-error";
import { heapGuard } from "./plan-memory";
import { isSecretOutput, outputValue, runWithMocks, type MockRun, type RegisteredResource } from "./mock-engine";
import { estimateCost, type CostEstimate, type UsageProblem } from "./cost/estimate";
import { pricedResources } from "./cost/from-plan";
import { renderCost } from "./cost/render";
import type { Usage } from "./cost/meter-types";
import { pulumiProjectAbove } from "../shared/files/project-folder";

export interface PlanOptions {
  json: boolean;
  /** `--secret NAME=VALUE` */
  secrets: Record<string, string>;
  /** The region the stack deploys to (us-east-1 unless told). */
  region?: string;
  /** Raised account quotas by catalog rule id (`--quota ID=N`). */
  quotas?: Record<string, number>;
  /** Run the checks of what AWS would refuse (default true; `diff` skips them for the base it compares with). */
  checks?: boolean;
  /** Where relative paths of the file point from (default: the file's folder). */
  baseDir?: string;
  /**
   * What the caller reads: `print` (default; `plan`): the masked resources and
   * outputs; `compare` (`diff`): the unmasked states. Only that copy is made.
   */
  for?: "print" | "compare";
  /** The heap size `plan` may fill before it stops (default: node's own limit; see plan-memory.ts). */
  heapLimit?: number;
  /** `--usage FILE`'s values by resource name: the estimate's costs billed by use get figures. */
  usage?: ReadonlyMap<string, Usage>;
}

/** A registered resource as `diff` compares it: inputs with assets described, secrets still wrapped (never print them). */
export interface PlannedState {
  type: string;
  name: string;
  parent: string | null;
  custom: boolean;
  dependsOn: string[];
  protect: boolean;
  retainOnDelete: boolean;
  inputs: Record<string, unknown>;
  /** What the mock engine answered: the inputs and the outputs the provider computes (ids, ARNs, endpoints). */
  state: Record<string, unknown>;
  id: string | undefined;
}

export interface PlanResult {
  /** `dependsOn`: names of the resources it is made after (explicit dependencies and those of its inputs), sorted. */
  resources: { type: string; name: string; parent: string | null; dependsOn: string[]; inputs: unknown }[];
  outputs: Record<string, Record<string, unknown>>;
  placeholders: string[];
  /** How to pass each placeholder's secret (`--secret name=VALUE`, or with its keys). */
  placeholderOptions: string[];
  /** What AWS or a preview would refuse, with document paths: a plan with problems is no promise. */
  problems: Problem[];
  /** Each Lambda package's zipped and unzipped size, and how it is uploaded (printed by renderPlan). */
  packages?: import("./package-sizes").PackageLine[];
  /** Every registered resource, unmasked, in name order: for `diff` only (`for: "compare"`; empty otherwise). */
  states: PlannedState[];
  /** The monthly estimate (cost/estimate.ts) at the plan's Region's prices. */
  cost: CostEstimate;
  /** Usage given that the estimate cannot use (a name no resource has...). */
  usageProblems: UsageProblem[];
}

const PROJECT = "stackfile";

/** A value for a secret that was not given: valid for every rule that reads secrets. */
function placeholder(name: string, keys: string[]): string {
  const base = `Placeholder-${name.replace(/[^A-Za-z0-9]/g, "")}-0000000000000000`.slice(0, 64);
  if (!keys.length) return base;
  return JSON.stringify(Object.fromEntries(keys.map((k) => [k, `${base}-${k.replace(/[^A-Za-z0-9]/g, "")}`.slice(0, 64)])));
}

export class PlanRunError extends Error {
  /** Problems a constructor placed at its properties (paths within `properties`), or, without a resource, the document's. */
  constructor(public readonly resource: string | undefined, message: string, public readonly problems: Problem[] = []) {
    super(message);
  }
}

export async function plan(result: StackfileResult, opts: PlanOptions): Promise<PlanResult> {
  // Every message a plan gives back is cleared of the secrets it was given.
  const texts = secretTexts(Object.values(opts.secrets));
  try {
    const planned = await planUnredacted(result, opts);
    return { ...planned, problems: redactProblems(planned.problems, texts) };
  } catch (err) {
    if (err instanceof PlanRunError) throw new PlanRunError(err.resource, redact(err.message, texts), redactProblems(err.problems, texts));
    throw err;
  }
}

async function planUnredacted(result: StackfileResult, opts: PlanOptions): Promise<PlanResult> {
  const region = opts.region ?? "us-east-1";
  const baseDir = opts.baseDir ?? path.dirname(path.resolve(result.loaded.file));
  const { config, placeholders } = secretConfig(result.model, opts.secrets);
  // One reader of `$Secret('name.key')` for the check and the program: each JSON secret is parsed once.
  const secretKeys = new SecretKeys();
  refuseMissingSecretKeys(result, config, secretKeys);
  refuseUnreadableFiles(result, baseDir);
  const { run, resolved } = await runUnderMocks(result, { config, region, baseDir, heapLimit: opts.heapLimit, secretKeys });
  /** Folder digests, read once per plan. */
  const digests: DigestCache = new Map();
  const problems = opts.checks === false ? [] : await checkRegistered(result, run, resolved, { region, quotas: opts.quotas, digests });
  // Only the copy the caller reads is made (a plan of thousands of resources holds each one once).
  const compare = opts.for === "compare";
  const outputs = compare ? {} : await printedOutputs(run.result);
  const { resources, states } = await registeredResources(run.resources, digests, compare);
  const placeholderOptions = placeholders.map((n) => secretOption(result.model, n));
  const packages = await lambdaPackages(run.resources);
  const { estimate: cost, problems: usageProblems } = estimateCost(pricedResources(run.resources), region, opts.usage);
  return { resources, outputs, placeholders, placeholderOptions, problems, states, packages, cost, usageProblems };
}

/** Step 1: each secret the file reads as config, the given value or a placeholder (sorted by name), and which are placeholders. */
function secretConfig(model: StackModel, given: Record<string, string>): { config: Record<string, string>; placeholders: string[] } {
  const config: Record<string, string> = {};
  const placeholders: string[] = [];
  const byName = new Map<string, string[]>();
  for (const r of [...model.resources, { secrets: model.notificationSecrets ?? [] }]) {
    for (const s of r.secrets) {
      const keys = byName.get(s.name) ?? [];
      if (s.key && !keys.includes(s.key)) keys.push(s.key);
      byName.set(s.name, keys);
    }
  }
  for (const [name, keys] of [...byName].sort(([a], [b]) => a.localeCompare(b))) {
    if (Object.hasOwn(given, name)) config[`${PROJECT}:${name}`] = given[name];
    else {
      config[`${PROJECT}:${name}`] = placeholder(name, keys);
      placeholders.push(name);
    }
  }
  return { config, placeholders };
}

/** Step 2: given secrets that lack a key the file reads, each at a directive that reads it, with the option to pass. */
function refuseMissingSecretKeys(result: StackfileResult, config: Record<string, string>, secretKeys: SecretKeys): void {
  const issues = secretIssues(result.model, (n) => config[`${PROJECT}:${n}`], secretKeys).map((i): Problem => ({
    path: i.path, message: i.message.replace(/; run: .*$/, `; pass ${secretOption(result.model, i.name)}`),
  }));
  if (issues.length) throw new PlanRunError(undefined, issues.map((i) => i.message).join("; "), issues);
}

/** Step 3: what reads the files a resource names (a function's bundle), for every resource at once. */
function refuseUnreadableFiles(result: StackfileResult, baseDir: string): void {
  const fileProblems = result.model.resources.flatMap((r) => under(["resources", r.name, "properties"], r.entry.fileChecks?.(r.prepared, baseDir, r.name) ?? []));
  if (fileProblems.length) throw new PlanRunError(undefined, fileProblems.map((p) => p.message).join("; "), fileProblems);
}

interface ProgramRun {
  run: MockRun<StackOutputs>;
  /** The properties of each resource that holds directives, as they resolved. */
  resolved: Map<string, pulumi.Output<Record<string, unknown>>>;
}

/**
 * Step 4: the program `pulumi up` runs, under the mock engine, a resource at
 * a time (plan-memory.ts stops it before the heap runs out). A plan never
 * deploys: with no build secret given, Next.js builds use the public
 * placeholder (reproducible everywhere; the program run's neverDeploys, components/nextjs-web/build/build-keys.ts).
 * An error a constructor throws is placed at the resource being made.
 */
async function runUnderMocks(
  result: StackfileResult, how: { config: Record<string, string>; region: string; baseDir: string; heapLimit?: number; secretKeys: SecretKeys },
): Promise<ProgramRun> {
  const resolved: ProgramRun["resolved"] = new Map();
  const program = async () => {
    const current = { name: undefined as string | undefined };
    try {
      const hooks = {
        current,
        onResolved: (name: string, props: pulumi.Output<Record<string, unknown>>) => resolved.set(name, props),
        made: heapGuard(result.model.resources.length, how.heapLimit),
        secretKeys: how.secretKeys,
        neverDeploys: true,
        // The folder `pulumi up` runs this stack file's project from: the one holding Pulumi.yaml at or above
        // the stack file (stackfile:file may name a file below it), else the stack file's, where init puts it.
        projectRoot: pulumiProjectAbove(how.baseDir) ?? how.baseDir,
      };
      return await runProgramStepwise(result.model, (n) => new pulumi.Config().getSecret(n), hooks, how.baseDir);
    } catch (err) {
      const placed = (err as { problems?: Problem[] }).problems;
      throw new PlanRunError(current.name, systemErrorMessage(err) ?? (err as Error).message, Array.isArray(placed) ? placed : []);
    }
  };
  const run = await runWithMocks(program, {
    project: PROJECT, stack: "plan", config: how.config, secretKeys: Object.keys(how.config), region: how.region, stackTraces: false,
  });
  if (run.errors.length) throw new PlanRunError(undefined, run.errors.map((e) => e.message).join("; "));
  return { run, resolved };
}

/**
 * Step 5: what AWS or a preview would refuse, in three families: values that
 * arrived through directives (now known), the dynamic providers' `check`
 * (what `pulumi preview` runs), and the AWS rule catalog over what AWS receives.
 */
async function checkRegistered(
  result: StackfileResult, run: MockRun<StackOutputs>, resolved: ProgramRun["resolved"],
  how: { region: string; quotas?: Record<string, number>; digests: DigestCache },
): Promise<Problem[]> {
  const problems: Problem[] = [];
  for (const r of result.model.resources) {
    const props = resolved.get(r.name);
    if (props) problems.push(...resolvedValueProblems(r, result.model, await outputValue(props)));
  }
  problems.push(...notSaidAlready(problems, await dynamicCheckProblems(run.resources, DYNAMIC_PROVIDERS)));
  // The catalog judges what AWS receives: wrong values of the file's own come first, alone.
  if (!problems.length) problems.push(...catalogProblems(await plannedResources(run.resources, how.region, how.digests), run.resources, result.model, { region: how.region, quotas: how.quotas }));
  return problems;
}

/**
 * The preview guard's problems but those a directive's check already said of
 * the same value: same path, and a message that begins with the guard's (the
 * directive's adds which directive gave the value).
 */
function notSaidAlready(said: Problem[], guard: Problem[]): Problem[] {
  const byPath = new Map<string, string[]>();
  for (const p of said) byPath.set(formatPath(p.path), [...(byPath.get(formatPath(p.path)) ?? []), p.message]);
  return guard.filter((d) => !(byPath.get(formatPath(d.path)) ?? []).some((m) => m.startsWith(d.message)));
}

/** Step 6 (`plan`): the stack outputs as printed, secrets masked. */
async function printedOutputs(result: StackOutputs): Promise<PlanResult["outputs"]> {
  const outputs: PlanResult["outputs"] = {};
  for (const [res, params] of Object.entries(result)) {
    outputs[res] = {};
    for (const [param, o] of Object.entries(params)) {
      outputs[res][param] = (await isSecretOutput(o)) ? SECRET_TEXT : maskSecrets(await outputValue(o));
    }
  }
  return outputs;
}

/** Step 7: every registered resource in name order (registration order follows async timing; what a plan prints must not), as `plan` prints it or as `diff` compares it. */
async function registeredResources(
  registered: RegisteredResource[], digests: DigestCache, compare: boolean,
): Promise<Pick<PlanResult, "resources" | "states">> {
  const resources: PlanResult["resources"] = [];
  const states: PlannedState[] = [];
  const ordered = [...registered].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.type < b.type ? -1 : a.type > b.type ? 1 : 0));
  for (const r of ordered) {
    const inputs = (await describeAssets(r.inputs, digests)) as Record<string, unknown>;
    const dependsOn = [...new Set(r.dependsOn)].sort();
    if (compare) states.push({ type: r.type, name: r.name, parent: r.parent, custom: r.custom, dependsOn, protect: r.protect, retainOnDelete: r.retainOnDelete, inputs, state: r.state, id: r.id });
    else resources.push({ type: r.type, name: r.name, parent: r.parent, dependsOn, inputs: maskSecrets(inputs) });
  }
  return { resources, states };
}

/** The resource tree as text: type, name and inputs of every resource, then the outputs and the monthly estimate. */
export function renderPlan(file: string, p: PlanResult, region?: string, stack?: string, cost: { now: Date; usageFile?: string } = { now: new Date() }): string {
  const lines: string[] = [];
  const components = p.resources.filter((r) => r.type.startsWith("stackfile:index:")).length;
  lines.push(`Plan for ${path.relative(process.cwd(), file) || file}: ${p.resources.length} resources (${components} component${components === 1 ? "" : "s"}), nothing deployed.`);
  if (region) lines.push(`Region: ${region}`);
  if (stack) lines.push(stack);
  lines.push("");
  const children = new Map<string | null, PlanResult["resources"]>();
  for (const r of p.resources) children.set(r.parent, [...(children.get(r.parent) ?? []), r]);
  const walk = (parent: string | null, indent: string) => {
    const list = children.get(parent) ?? [];
    list.forEach((r, i) => {
      const last = i === list.length - 1;
      const branch = parent === null ? "" : last ? "└─ " : "├─ ";
      const cont = parent === null ? "" : last ? "   " : "│  ";
      lines.push(`${indent}${branch}${r.name}  (${r.type})`);
      const inputs = r.inputs as Record<string, unknown>;
      const pad = `${indent}${cont}${children.has(r.name) ? "│  " : "   "}  `;
      for (const k of Object.keys(inputs)) {
        if (k === "__provider") continue;
        const members = archiveMembers(inputs[k]);
        // An archive shows each member whole: its digest is what review compares.
        if (members) lines.push(`${pad}${k}: archive of ${members.length} members`, ...members.map(([m, d]) => `${pad}  ${m}: ${d}`));
        else lines.push(`${pad}${k}: ${typeof inputs[k] === "string" && (inputs[k] as string).startsWith("archive of ") ? inputs[k] : shownValue(inputs[k])}`);
      }
      walk(r.name, indent + cont);
    });
  };
  walk(null, "");
  const packageLines = renderPackages(p.packages ?? []);
  if (packageLines.length) lines.push("", ...packageLines);
  lines.push("");
  // The stack's outputs are one object per resource (config/program.ts): each under the command that reads it.
  lines.push("Outputs after pulumi up, one object per resource:");
  for (const [res, params] of Object.entries(p.outputs)) {
    const secret = Object.values(params).some((v) => v === SECRET_TEXT);
    lines.push(`  pulumi stack output ${res} --json${secret ? " --show-secrets" : ""}`);
    for (const [param, v] of Object.entries(params)) lines.push(`    ${param}: ${shownValue(v)}`);
  }
  lines.push("", ...renderCost(p.cost, cost.now, cost.usageFile));
  if (p.placeholders.length) {
    lines.push("");
    // The command line is visible to every user of the machine: the footer points to the file and the
    // environment first (../shared/spec/decisions.md, docs/secrets.md), and shows each value's shape.
    lines.push(`Secrets not given, shown with placeholders: ${p.placeholders.join(", ")}. Give them in a --secrets-file or as ${p.placeholders.map(envName).join(", ")} (docs/secrets.md); each value as in ${p.placeholderOptions.join(" ")}.`);
  }
  return lines.join("\n");
}


/** A value on a line of the plan: shortened; an empty string as "" (not an empty line end). */
function shownValue(v: unknown): string {
  return v === "" ? '""' : shortValue(v);
}

/** The members of an archive as described by assets-view (`{archive: {...}}`), or undefined. */
function archiveMembers(v: unknown): [string, string][] | undefined {
  const a = typeof v === "object" && v !== null ? (v as { archive?: unknown }).archive : undefined;
  if (typeof a !== "object" || a === null) return undefined;
  return Object.entries(a).map(([k, d]) => [k, typeof d === "string" ? d : JSON.stringify(d)]);
}
