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
