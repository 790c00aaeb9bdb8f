// When a change to a resource's inputs replaces it (a new resource, the old
// one deleted) instead of updating it in place, and what a resource holds that
// a replacement or a delete loses. The rows (replacement-table.ts) are data:
// the provider's force-new inputs per type, each row with its source file;
// this file holds their shape and the provider's own conditional rules.

/** The old and new value of any input path of the resource (for a rule that reads another input). */
export interface RuleInputs {
  old(path: string): unknown;
  next(path: string): unknown;
}

/** A conditional force-new rule of the provider (a CustomizeDiff, or a framework resource's ModifyPlan), judged on the old and new value of `input`. */
export interface ForceNewRule {
  /** The input path it judges, like `engineVersion`. */
  input: string;
  /** Why it replaces, in a few words ("an engine version downgrade"). */
  why: string;
  /** Called when `input` changes; `inputs` reads the resource's other inputs. */
  replaces(old: unknown, next: unknown, inputs?: RuleInputs): boolean;
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

const TFS = "terraform-provider-aws internal/service/";

/** Unset, null or an empty string: the provider reads these as "not set". */
const unset = (v: unknown) => v === undefined || v === null || v === "";

/** A group that belongs to a global datastore takes its engine from it: the provider's engine rules skip it. */
const inGlobalGroup = (inputs?: RuleInputs) => !unset(inputs?.next("globalReplicationGroupId"));

/**
 * ElastiCache replaces a group whose engine version goes down
 * (`customizeDiffEngineVersionForceNewOnDowngrade`, `engineVersionIsDowngrade`).
 * From `6.x`/`7.x` the provider compares with the running version
 * (`engine_version_actual`), whose minor version the inputs do not have: only
 * a lower major version counts then.
 */
export const ENGINE_VERSION_DOWNGRADE: ForceNewRule = {
  input: "engineVersion",
  why: "an engine version downgrade",
  source: `${TFS}elasticache/engine_version.go (customizeDiffEngineVersionForceNewOnDowngrade)`,
  replaces(old, next, inputs) {
    if (inGlobalGroup(inputs)) return false;
    const a = versionParts(old);
    const b = versionParts(next);
    if (!a || !b) return false;
    if (a[1] === Infinity) return b[0] < a[0];
    return b[0] < a[0] || (b[0] === a[0] && b[1] < a[1]);
  },
};

/** Any engine change replaces the group, except redis -> valkey (`customizeDiffEngineForceNewOnDowngrade`). */
export const ENGINE_CHANGE: ForceNewRule = {
  input: "engine",
  why: "an engine change other than redis to valkey",
  source: `${TFS}elasticache/engine_version.go (customizeDiffEngineForceNewOnDowngrade)`,
  replaces(old, next, inputs) {
    if (old === next || old === undefined || inGlobalGroup(inputs)) return false;
    return !(String(old).toLowerCase() === "redis" && String(next).toLowerCase() === "valkey");
  },
};

type NodeGroup = { nodeGroupId?: string; replicaCount?: number; slots?: string; primaryAvailabilityZone?: string; replicaAvailabilityZones?: string[] };

/**
 * An explicit node group layout that appears, disappears, gains or loses a
 * group, or changes a group's id, replica count or slots (or an availability
 * zone it had set): the ForceNewIf on node_group_configuration
 * (`hasSignificantNodeGroupConfigChanges`).
 */
export const NODE_GROUP_LAYOUT: ForceNewRule = {
  input: "nodeGroupConfigurations",
  why: "a change of the explicit node group layout",
  source: `${TFS}elasticache/replication_group.go (ForceNewIf node_group_configuration)`,
  replaces(old, next) {
    const groups = (v: unknown): NodeGroup[] => (Array.isArray(v) ? (v as NodeGroup[]) : []);
    const o = groups(old);
    const n = groups(next);
    if (o.length === 0 && n.length === 0) return false;
    if (o.length === 0 || n.length === 0) return true;
    const byId = (gs: NodeGroup[]) => new Map(gs.map((g) => [String(g?.nodeGroupId ?? ""), g ?? {}]));
    const om = byId(o);
    const nm = byId(n);
    if (om.size !== nm.size) return true;
    for (const [id, og] of om) {
      const ng = nm.get(id);
      if (!ng) return true;
      if (og.replicaCount !== ng.replicaCount || og.slots !== ng.slots) return true;
      if (!unset(og.primaryAvailabilityZone) && og.primaryAvailabilityZone !== ng.primaryAvailabilityZone) return true;
      if (Array.isArray(og.replicaAvailabilityZones) && og.replicaAvailabilityZones.length > 0 && JSON.stringify(og.replicaAvailabilityZones) !== JSON.stringify(ng.replicaAvailabilityZones ?? [])) return true;
    }
    return false;
  },
};

/**
 * In-transit encryption can only be turned on or off in place from Redis
 * 7.0.5; before, the group is replaced (ForceNewIf transit_encryption_enabled,
 * on `engine_version_actual` < 7.0.5). The running version is not an input:
 * this judges the old `engineVersion` and counts a major version below 7.
 */
export const TRANSIT_ENCRYPTION_BEFORE_7: ForceNewRule = {
  input: "transitEncryptionEnabled",
  why: "in-transit encryption changed on an engine version before 7.0.5",
  source: `${TFS}elasticache/replication_group.go (ForceNewIf transit_encryption_enabled)`,
  replaces(old, next, inputs) {
    if (old === next) return false;
    const v = versionParts(inputs?.old("engineVersion"));
    return v !== undefined && v[0] < 7;
  },
};

/**
 * A restore source (point in time by name or ARN, or a backup) that is set
 * to another value replaces the table; clearing it does not
 * (`customdiff.ForceNewIfChange` in the table's CustomizeDiff).
 */
const restoreSource = (input: string, attr: string): ForceNewRule => ({
  input,
  why: "a new restore source",
  source: `${TFS}dynamodb/table.go (ForceNewIfChange ${attr})`,
  replaces: (old, next) => old !== next && !unset(next),
});
export const TABLE_RESTORE_SOURCE_NAME = restoreSource("restoreSourceName", "restore_source_name");
export const TABLE_RESTORE_SOURCE_TABLE_ARN = restoreSource("restoreSourceTableArn", "restore_source_table_arn");
export const TABLE_RESTORE_BACKUP_ARN = restoreSource("restoreBackupArn", "restore_backup_arn");

/**
 * An Aurora cluster's storage type changes in place; any other engine's
 * cluster (Multi-AZ DB clusters) is replaced (`customdiff.ForceNewIf
 * storage_type` unless the engine starts with `aurora`).
 */
export const CLUSTER_STORAGE_TYPE: ForceNewRule = {
  input: "storageType",
  why: "a storage type change on a cluster whose engine is not Aurora",
  source: `${TFS}rds/cluster.go (CustomizeDiff ForceNewIf storage_type)`,
  replaces(old, next, inputs) {
    if (old === next) return false;
    return !String(inputs?.next("engine") ?? "").startsWith("aurora");
  },
};

/**
 * A cluster's snapshot identifier set to a new value restores a new cluster;
 * removing it does not (ForceNew with a DiffSuppressFunc that ignores an
 * empty new value).
 */
export const CLUSTER_SNAPSHOT_IDENTIFIER: ForceNewRule = {
  input: "snapshotIdentifier",
  why: "a new snapshot to restore from",
  source: `${TFS}rds/cluster.go (snapshot_identifier: ForceNew, DiffSuppressFunc new == "")`,
  replaces: (old, next) => old !== next && !unset(next),
};

/** Adding or removing `durableConfig` replaces a function; changing its fields does not (ForceNewIfChange durable_config). */
export const FUNCTION_DURABLE_CONFIG: ForceNewRule = {
  input: "durableConfig",
  why: "durable execution turned on or off",
  source: `${TFS}lambda/function.go (ForceNewIfChange durable_config)`,
  replaces: (old, next) => unset(old) !== unset(next),
};

/**
 * An invocation's `input` change re-invokes by replacing it under the
 * default `lifecycleScope` (CREATE_ONLY); under CRUD it is an update
 * (`customizeDiffInputChangeWithCreateOnlyScope`).
 */
export const INVOCATION_INPUT: ForceNewRule = {
  input: "input",
  why: "a new input under lifecycleScope CREATE_ONLY (the default)",
  source: `${TFS}lambda/invocation.go (customizeDiffInputChangeWithCreateOnlyScope)`,
  replaces(old, next, inputs) {
    if (old === next) return false;
    const scope = inputs?.next("lifecycleScope");
    return unset(scope) || scope === "CREATE_ONLY";
  },
};

/** `privateDnsEnabled` changes in place only on an Interface endpoint (the type defaults to Gateway): the endpoint's CustomizeDiff. */
export const ENDPOINT_PRIVATE_DNS: ForceNewRule = {
  input: "privateDnsEnabled",
  why: "private DNS changed on an endpoint that is not of type Interface",
  source: `${TFS}ec2/vpc_endpoint.go (CustomizeDiff diff.ForceNew private_dns_enabled)`,
  replaces(old, next, inputs) {
    if (old === next) return false;
    const type = inputs?.next("vpcEndpointType");
    return (unset(type) ? "Gateway" : type) !== "Interface";
  },
};

/**
 * A rule's source is exactly one of cidrIpv4, cidrIpv6, prefixListId and
 * referencedSecurityGroupId; moving to another kind of source replaces it
 * (`ModifyPlan`: "you cannot change the rule's source type"). One rule per
 * source input: it replaces when that input appears or disappears.
 */
export const INGRESS_SOURCE_TYPE: ForceNewRule[] = ["cidrIpv4", "cidrIpv6", "prefixListId", "referencedSecurityGroupId"].map((input) => ({
  input,
  why: "a change of the rule's source type",
  source: `${TFS}ec2/vpc_security_group_ingress_rule.go (securityGroupRuleResource.ModifyPlan)`,
  replaces: (old, next) => unset(old) !== unset(next),
}));

/** Does a change at `changed` (a dotted input path) touch the force-new input `input`? */
export function touches(changed: string, input: string): boolean {
  return changed === input || changed.startsWith(`${input}.`) || changed.startsWith(`${input}[`) || input.startsWith(`${changed}.`);
}
