// The shape of a catalog rule: what AWS or the provider refuses, as a pure
// function over one planned resource (and the others of the plan), with its
// source and the inputs it passes and refuses (which are its tests).

/** A resource as `plan` registered it, with plain inputs. */
export interface PlannedResource {
  /** Pulumi type token, `aws:lambda/function:Function`. */
  type: string;
  /** Pulumi name (the URN's name). */
  name: string;
  parent: string | null;
  /** Inputs as registered: secrets unwrapped (never print them), archives as text. */
  inputs: Record<string, any>;
  /** The region the resource is made in: its own `region` input, else the stack's. */
  region: string;
  /** Names of the resources it depends on. */
  dependsOn: string[];
}

export interface CatalogContext {
  /** Every resource of the plan (cross-resource rules compare with them). */
  resources: PlannedResource[];
  /** The stack's region. */
  region: string;
  /** A raised quota for the account, by rule id (`--quota ID=N`); the default otherwise. */
  quotas: Record<string, number>;
}

/** One refusal: which input, and why. Never holds a secret value. */
export interface Finding {
  /** Input path, like `transitEncryptionMode` or `defaultCacheBehavior.cachedMethods`. */
  input: string;
  message: string;
}

/** A resource of a rule's example: the judged one comes first. */
export interface ExampleResource {
  type?: string;
  name?: string;
  inputs: Record<string, any>;
  region?: string;
  dependsOn?: string[];
}

export interface AwsRule {
  /** Stable id, `<service>/<what>`: named in messages and in `--quota`. */
  id: string;
  /** Pulumi types the rule judges. */
  types: string[];
  /** What is refused, in one sentence. */
  summary: string;
  /** Where it comes from: an AWS documentation page or a provider source file. */
  source: string;
  /** An account quota, with AWS's default; a raised one is given with `plan --quota ID=N`. */
  quota?: { default: number; adjustable: boolean };
  /** `limit` is the rule's quota for this account (its default unless raised). */
  check(r: PlannedResource, ctx: CatalogContext, limit: number): Finding[];
  /** Inputs the rule passes and inputs it refuses (the first resource is judged), in a stack of `stackRegion` (us-east-1). */
  examples: { pass: ExampleResource[]; fail: ExampleResource[]; stackRegion?: string };
}

/** The value at a dotted input path (`a.b.0.c`). */
export function inputAt(inputs: Record<string, any>, path: string): any {
  return path.split(".").reduce<any>((o, k) => (o === null || o === undefined ? undefined : o[k]), inputs);
}

export const isObject = (v: unknown): v is Record<string, any> => typeof v === "object" && v !== null && !Array.isArray(v);
export const asArray = <T = any>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

/** The resources of `type` that `r` depends on (an input that reads their outputs, or dependsOn). */
export function dependenciesOf(r: { dependsOn: string[] }, ctx: { resources: PlannedResource[] }, type: string): PlannedResource[] {
  return ctx.resources.filter((x) => x.type === type && r.dependsOn.includes(x.name));
}

/** The parts of an ARN (`arn:partition:service:region:account:resource`), or undefined when `v` is not one. */
export function arnParts(v: unknown): { partition: string; service: string; region: string; account: string; resource: string } | undefined {
  if (typeof v !== "string") return undefined;
  const m = /^arn:([^:]+):([^:]+):([^:]*):([^:]*):(.+)$/.exec(v);
  return m ? { partition: m[1], service: m[2], region: m[3], account: m[4], resource: m[5] } : undefined;
}

/** A JSON document's value, or undefined when `v` is not JSON (objects are taken as given). */
export function parseJson(v: unknown): { ok: true; value: unknown } | { ok: false } {
  if (typeof v !== "string") return v === undefined ? { ok: false } : { ok: true, value: v };
  try {
    return { ok: true, value: JSON.parse(v) };
  } catch {
    return { ok: false };
  }
}
