// When a change to a resource's inputs replaces it (a new resource, the old
// one deleted) instead of updating it in place, and what a resource holds that
// a replacement or a delete loses. The rows (replacement-table.ts) are data:
// the provider's force-new inputs per type, each row with its source file;
// this file holds their shape and the provider's own conditional rules.

/** A conditional force-new rule of the provider (a CustomizeDiff), judged on the old and new value of `input`. */
export interface ForceNewRule {
  /** The input path it judges, like `engineVersion`. */
  input: string;
  /** Why it replaces, in a few words ("an engine version downgrade"). */
  why: string;
  replaces(old: unknown, next: unknown): boolean;
  /** Where the provider says so. */
  source: string;
}

export interface ReplacementRow {
  /** Pulumi type token. */
  type: string;
  /** The provider source file that marks the inputs (terraform-provider-aws `internal/service/...`, or ours for dynamic providers). */
  source: string;
  /** Inputs whose change replaces the resource (Pulumi's names; a nested path names a field of an object input). */
  forceNew: string[];
  /** The type has no update at all: any input change replaces it. */
  everyInputForcesNew?: boolean;
  /** The provider's conditional force-new rules. */
  rules?: ForceNewRule[];
  /** What is lost when it is deleted or replaced: it holds data. */
  holds?: string;
  /** Outputs an update changes too (so inputs that read them change): a published Lambda function's version. */
  outputsChangedByUpdate?(inputs: Record<string, unknown>): string[];
}

/**
 * `region`: since terraform-provider-aws v6 every regional resource takes it,
 * and "changing the value of region will force resource replacement"
 * (website/docs/guides/enhanced-region-support.html.markdown).
 */
export const REGION = "region";

/** `major.minor` of an engine version (`7.1`, `6.x`, `6.2.6`), or undefined. */
function versionParts(v: unknown): [number, number] | undefined {
  const m = /^(\d+)\.(\d+|x)/.exec(String(v ?? ""));
  return m ? [Number(m[1]), m[2] === "x" ? Infinity : Number(m[2])] : undefined;
}

/**
 * ElastiCache replaces a group whose engine version goes down
 * (`customizeDiffEngineVersionForceNewOnDowngrade`, `engineVersionIsDowngrade`).
 */
export const ENGINE_VERSION_DOWNGRADE: ForceNewRule = {
  input: "engineVersion",
  why: "an engine version downgrade",
  source: "terraform-provider-aws internal/service/elasticache/engine_version.go (customizeDiffEngineVersionForceNewOnDowngrade)",
  replaces(old, next) {
    const a = versionParts(old);
    const b = versionParts(next);
    if (!a || !b) return false;
    return b[0] < a[0] || (b[0] === a[0] && b[1] < a[1]);
  },
};

/** Any engine change replaces the group, except redis -> valkey (`customizeDiffEngineForceNewOnDowngrade`). */
export const ENGINE_CHANGE: ForceNewRule = {
  input: "engine",
  why: "an engine change other than redis to valkey",
  source: "terraform-provider-aws internal/service/elasticache/engine_version.go (customizeDiffEngineForceNewOnDowngrade)",
  replaces(old, next) {
    if (old === next || old === undefined) return false;
    return !(String(old).toLowerCase() === "redis" && String(next).toLowerCase() === "valkey");
  },
};

/** An explicit node group layout that appears, disappears or moves slots (the ForceNewIf on node_group_configuration). */
export const NODE_GROUP_LAYOUT: ForceNewRule = {
  input: "nodeGroupConfigurations",
  why: "a change of the explicit node group layout",
  source: "terraform-provider-aws internal/service/elasticache/replication_group.go (ForceNewIf node_group_configuration)",
  replaces(old, next) {
    const n = (v: unknown) => (Array.isArray(v) ? v.length : 0);
    if (n(old) === 0 && n(next) === 0) return false;
    return JSON.stringify(old ?? []) !== JSON.stringify(next ?? []);
  },
};

/** Does a change at `changed` (a dotted input path) touch the force-new input `input`? */
export function touches(changed: string, input: string): boolean {
  return changed === input || changed.startsWith(`${input}.`) || changed.startsWith(`${input}[`) || input.startsWith(`${changed}.`);
}
