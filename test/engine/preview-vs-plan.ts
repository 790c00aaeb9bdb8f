// What `stackfile plan --json` says a stack registers, against what the real
// engine's first `pulumi preview --json` registers: the same resources (type
// and name), each under the same parent, with the same inputs wherever the
// preview knows them. During a preview the engine does not create anything,
// so an input computed from another resource's outputs is unknown there (the
// string below; shared/notes/pulumi-facts.md): those are not compared, every
// other input is, both ways (one side's input missing on the other is a
// mismatch too).
import * as assert from "assert";
import * as fs from "fs";
import { folderDigest } from "../../src/cli/assets-view";
import { autoName, NAMES } from "../../src/aws-rules/naming";

/** What the engine puts where a value is not known during a preview (sdk/go/common/resource/plugin, UnknownStringValue). */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/**
 * Inputs only the engine knows, left out of the comparison, by type ("*" for
 * every type) and input name, each with why.
 */
export const ENGINE_ONLY_INPUTS: Record<string, Record<string, string>> = {
  "*": {
    __provider: "a dynamic resource's provider code, which @pulumi/pulumi serializes from its closure at registration; plan never serializes closures (src/cli/provider-code.ts) and shows a placeholder",
  },
};

/** The signature key of an asset or archive in the engine's JSON (sdk/go/common/resource/sig), and its `hash`. */
const SIG = "4dabf18193072939515e22adb298388d";

export interface PlannedResource {
  type: string;
  name: string;
  /** The parent's name; null at the top of the stack. */
  parent: string | null;
  inputs: unknown;
}

export interface PreviewJsonStep {
  op: string;
  urn: string;
  newState?: { type: string; urn: string; parent?: string; inputs?: Record<string, unknown> };
}

/** The name of a URN (its last `::` part). */
const nameOf = (urn: string) => urn.slice(urn.lastIndexOf("::") + 2);
/** The type of a URN (the last of its `$`-joined types). */
const typeOf = (urn: string) => urn.split("::")[2].split("$").pop()!;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Does `v` hold an unknown anywhere? */
function holdsUnknown(v: unknown): boolean {
  if (v === UNKNOWN) return true;
  if (Array.isArray(v)) return v.some(holdsUnknown);
  if (isObject(v)) return Object.values(v).some(holdsUnknown);
  return false;
}

/** Where `preview` (with unknowns) and `plan` disagree, as `path: preview X, plan Y` lines. */
function inputDifferences(preview: unknown, plan: unknown, at: string): string[] {
  if (preview === UNKNOWN) return [];
  if (isObject(preview) && SIG in preview) return archiveDifferences(preview, plan, at);
  if (isObject(preview) && isObject(plan)) {
    const keys = [...new Set([...Object.keys(preview), ...Object.keys(plan)])].sort();
    return keys.flatMap((k) => inputDifferences(preview[k], plan[k], at ? `${at}.${k}` : k));
  }
  if (Array.isArray(preview) && Array.isArray(plan) && preview.length === plan.length) {
    return preview.flatMap((v, i) => inputDifferences(v, plan[i], `${at}[${i}]`));
  }
  // An array or object holding unknowns may change shape once known (a list built from outputs): not judged.
  if (holdsUnknown(preview)) return [];
  if (JSON.stringify(preview) === JSON.stringify(plan)) return [];
  const show = (v: unknown) => (v === undefined ? "(none)" : JSON.stringify(v).slice(0, 200));
  return [`${at}: preview ${show(preview)}, plan ${show(plan)}`];
}

/**
 * An asset or archive in the preview (its signature, the engine's `hash`, and
 * `path`, `text` or `assets`) against plan's description of it
 * (src/cli/assets-view.ts). The engine's hash of a file, a text or a file
 * archive is the sha256 of its bytes, as plan's is
 * (sdk/go/common/resource/asset, archive: hash of the content read); a folder
 * archive's is the engine's own over the files it packs, so the folder the
 * preview names is digested here as plan digests it (folderDigest) and the two
 * digests compared; an archive of assets is compared member by member.
 */
function archiveDifferences(preview: Record<string, unknown>, plan: unknown, at: string): string[] {
  if (isObject(preview.assets)) {
    const members = isObject(plan) && isObject(plan.archive) ? plan.archive : undefined;
    if (!members) return [`${at}: preview an archive of ${Object.keys(preview.assets).length} members, plan ${JSON.stringify(plan)?.slice(0, 200)}`];
    const names = [...new Set([...Object.keys(preview.assets), ...Object.keys(members)])].sort();
    return names.flatMap((m) => {
      const asset = (preview.assets as Record<string, unknown>)[m];
      return isObject(asset) ? archiveDifferences(asset, members[m], `${at}.${m}`) : [`${at}.${m}: preview (none), plan ${JSON.stringify(members[m])}`];
    });
  }
  if (typeof plan !== "string") return [`${at}: preview an asset or archive, plan ${JSON.stringify(plan)?.slice(0, 200) ?? "(none)"}`];
  const folder = typeof preview.path === "string" && isFolder(preview.path) ? preview.path : undefined;
  const hash = folder ? folderDigest(folder).sha256 : preview.hash;
  const what = folder ? `the folder ${folder} of sha256 ${hash}` : `sha256 ${hash}`;
  return plan.includes(`sha256 ${hash}`) ? [] : [`${at}: preview ${what}, plan ${plan}`];
}

const isFolder = (p: string) => {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
};

/**
 * The disagreements between the engine's preview steps and plan's resources:
 * a resource on one side only, a different parent, an input known at preview
 * with another value (each line names the resource and the input).
 * `skipTypes`: types left out on both sides (the stack, providers).
 */
export function previewVsPlan(steps: readonly PreviewJsonStep[], planned: readonly PlannedResource[], skip: (type: string) => boolean = (t) => t.startsWith("pulumi:")): string[] {
  const out: string[] = [];
  const previewed = new Map<string, NonNullable<PreviewJsonStep["newState"]>>();
  for (const step of steps) {
    if (!step.newState || skip(typeOf(step.urn))) continue;
    previewed.set(`${typeOf(step.urn)} ${nameOf(step.urn)}`, step.newState);
  }
  const byKey = new Map(planned.filter((r) => !skip(r.type)).map((r) => [`${r.type} ${r.name}`, r]));
  for (const key of [...new Set([...previewed.keys(), ...byKey.keys()])].sort()) {
    const state = previewed.get(key);
    const plan = byKey.get(key);
    if (!state || !plan) {
      out.push(`${key}: ${state ? "in the preview, not in plan" : "in plan, not in the preview"}`);
      continue;
    }
    const parentUrn = state.parent;
    const parent = parentUrn && !typeOf(parentUrn).startsWith("pulumi:pulumi:Stack") ? nameOf(parentUrn) : null;
    if (parent !== plan.parent) out.push(`${key}: parent: preview ${parent ?? "(the stack)"}, plan ${plan.parent ?? "(the stack)"}`);
    const ignored = { ...ENGINE_ONLY_INPUTS["*"], ...ENGINE_ONLY_INPUTS[plan.type] };
    const strip = (inputs: unknown) => (isObject(inputs) ? Object.fromEntries(Object.entries(inputs).filter(([k]) => !(k in ignored))) : {});
    const planInputs = strip(plan.inputs);
    // The name pulumi-aws's Check gives a resource registered without one (src/aws-rules/naming.ts): in the
    // preview's inputs, not in what the program registered; compared with the auto-name plan's engine gives it.
    const named = autoName(plan.type, plan.name, planInputs);
    if (named && "name" in named) planInputs[NAMES[plan.type].property] = named.name;
    for (const d of inputDifferences(strip(state.inputs), planInputs, "")) out.push(`${key}: input ${d}`);
  }
  return out;
}

/** The steps of `pulumi preview --json`'s output (text before its JSON skipped). */
export function previewJsonSteps(out: string): PreviewJsonStep[] {
  const json = JSON.parse(out.slice(out.indexOf("{"))) as { steps?: PreviewJsonStep[] };
  return json.steps ?? [];
}

/** Fails naming every resource and input where the preview and plan disagree. */
export function assertPreviewMatchesPlan(steps: readonly PreviewJsonStep[], planned: readonly PlannedResource[]): void {
  const differences = previewVsPlan(steps, planned);
  assert.deepStrictEqual(differences, [], `pulumi preview (the engine) and stackfile plan disagree:\n${differences.join("\n")}`);
}
