// What `plan` checks once the program has run, beyond what `validate` could:
// values that arrived through directives (now known), and what the dynamic
// providers' `check` refuses during `pulumi preview`. Problems carry document
// paths (`resources.<name>.properties...`), positioned by the caller.
// (What the values directives gave must pass: config/resolved-values.ts.)
import type * as pulumi from "@pulumi/pulumi";
import type { StackModel } from "../config/validate";
import { SECRET_SIG, type RegisteredResource } from "./mock-engine";
import type { Problem } from "../shared/messages/problem";
import { checkCatalog, type PlannedResource } from "../aws-rules";
import { describeAssets, type DigestCache } from "./assets-view";

type Path = (string | number)[];

/** Inputs as a provider receives them: secrets unwrapped. */
export function plainInputs(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(plainInputs);
  if (typeof v === "object" && v !== null) {
    const o = v as Record<string, unknown>;
    if (o[SECRET_SIG] !== undefined) return plainInputs(o.value);
    return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, plainInputs(x)]));
  }
  return v;
}

/** The top-level resource (a YAML resource) a registered resource belongs to. */
export function ownerOf<R extends { name: string; parent: string | null }>(r: R, byName: Map<string, R>): string {
  let at = r;
  for (let i = 0; at.parent !== null && i < 100; i++) {
    const up = byName.get(at.parent);
    if (!up) return at.parent;
    at = up;
  }
  return at.name;
}

/** Dynamic providers by resource type: their `check` is what `pulumi preview` runs. */
export type DynamicProviders = Record<string, pulumi.dynamic.ResourceProvider>;

/**
 * What each dynamic resource's `check` refuses for a first deploy (the
 * preview of a new stack): the very messages `pulumi preview` would print.
 */
export async function dynamicCheckProblems(resources: RegisteredResource[], providers: DynamicProviders): Promise<Problem[]> {
  const byName = new Map(resources.map((r) => [r.name, r]));
  const out: Problem[] = [];
  for (const r of resources) {
    const provider = providers[r.type];
    if (!provider?.check) continue;
    const inputs = plainInputs(r.inputs) as Record<string, unknown>;
    const result = await provider.check({}, inputs);
    for (const f of result.failures ?? []) {
      out.push({ path: ["resources", ownerOf(r, byName), "properties", ...f.property.split(".")], message: f.reason });
    }
  }
  return out;
}

/** The child id a registered resource was made as (`cache-replication-group` -> `replicationGroup`). */
export function childIdOf(name: string, owner: string, childIds: readonly string[]): string | undefined {
  if (!name.startsWith(`${owner}-`)) return undefined;
  const rest = name.slice(owner.length + 1);
  const kebab = (id: string) => id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  return childIds
    .filter((id) => rest === kebab(id) || rest.startsWith(`${kebab(id)}-`))
    .sort((a, b) => kebab(b).length - kebab(a).length)[0];
}

/** Registered resources as the catalog judges them: plain inputs, archives as text, each one's region. */
export async function plannedResources(resources: RegisteredResource[], region: string, digests?: DigestCache): Promise<PlannedResource[]> {
  const out: PlannedResource[] = [];
  for (const r of resources) {
    if (!r.custom) continue;
    const inputs = plainInputs(await describeAssets(r.inputs, digests)) as Record<string, any>;
    out.push({ type: r.type, name: r.name, parent: r.parent, inputs, region: typeof inputs.region === "string" ? inputs.region : region, dependsOn: r.dependsOn });
  }
  return out;
}

/**
 * The value a refusal names: inputs that are JSON documents (a policy) are
 * read through, and a list of one value is that value.
 */
function refusedValue(inputs: Record<string, unknown>, path: string[]): unknown {
  let v: unknown = inputs;
  for (const k of path) {
    if (typeof v === "string" && /^\s*[[{]/.test(v)) {
      try {
        v = JSON.parse(v);
      } catch {
        return undefined;
      }
    }
    v = v !== null && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined;
  }
  return Array.isArray(v) && v.length === 1 ? v[0] : v;
}

/**
 * The property of the file that holds `value` as written (a certificate ARN,
 * a node type), when exactly one does: the place to point a refusal at.
 */
function propertyHolding(properties: Record<string, unknown>, value: unknown): Path | undefined {
  if ((typeof value !== "string" || value === "") && typeof value !== "number") return undefined;
  const found: Path[] = [];
  const walk = (v: unknown, path: Path) => {
    if (found.length > 1) return;
    if (v === value) found.push(path);
    else if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...path, i]));
    else if (typeof v === "object" && v !== null) for (const [k, x] of Object.entries(v)) walk(x, [...path, k]);
  };
  walk(properties, []);
  return found.length === 1 ? found[0] : undefined;
}

/**
 * What the catalog of AWS and provider rules refuses, positioned at the
 * override that set the input when there is one, else at the property that
 * holds the refused value, else at the resource.
 */
export function catalogProblems(planned: PlannedResource[], all: RegisteredResource[], model: StackModel, opts: { region: string; quotas?: Record<string, number> }): Problem[] {
  const byName = new Map(all.map((r) => [r.name, r]));
  const models = new Map(model.resources.map((r) => [r.name, r]));
  return checkCatalog(planned, opts).map((f) => {
    const registered = byName.get(f.resource.name);
    const owner = registered ? ownerOf(registered, byName) : f.resource.name;
    const m = models.get(owner);
    const child = m ? childIdOf(f.resource.name, owner, m.entry.childIds) : undefined;
    const key = f.input.split(".")[0];
    const overridden = child !== undefined && m?.overrides[child] && Object.hasOwn(m.overrides[child], key);
    const property = !overridden && m ? propertyHolding(m.properties, refusedValue(f.resource.inputs, f.input.split("."))) : undefined;
    return {
      path: overridden ? ["resources", owner, "overrides", child!, key] : property ? ["resources", owner, "properties", ...property] : ["resources", owner],
      atKey: !property,
      message: `${f.resource.name} (${f.resource.type}) ${f.input}: ${f.message} [rule ${f.rule.id}; source: ${f.rule.source}]`,
    };
  });
}
