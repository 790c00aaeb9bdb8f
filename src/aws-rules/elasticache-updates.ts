// What ElastiCache refuses of a redis replication group's shape and of its
// updates, stated on a redis-cluster's properties: the component's rules
// (validate, the constructor) and the preview-time update guard (a dynamic
// provider, which serializes these functions by value) both read them here, so
// this file imports nothing. A value of an unexpected type (a directive, an
// Output, a preview unknown) is "not known yet" and never judged.
// Sources: the service spec's redis-cluster rules on sharding and failover
// (sharding set at creation only; replicas fixed on a sharded cluster; failover
// needs a replica, is always on when sharded, and changes in another deploy
// than the replica count); an engine-version downgrade replaces the group
// (terraform-provider-aws internal/service/elasticache/replication_group.go,
// CustomizeDiff); AUTH tokens: printable ASCII, 16 to 128 characters, only
// ! & # $ ^ < > - as special characters (https://docs.aws.amazon.com/AmazonElastiCache/latest/dg/auth.html).

/** A refusal, by property path (a Problem of shared/messages, which this file cannot import). */
export interface ShapeProblem {
  path: string[];
  message: string;
  hint?: string;
}

/** The properties the rules look at; any of them may be not known yet. */
export interface RedisRuleInput {
  enableSharding?: unknown;
  numShards?: unknown;
  numReplicaNodes?: unknown;
  enableAutomaticFailover?: unknown;
  defaultUserPassword?: unknown;
  engineVersion?: unknown;
  logging?: unknown;
}

/** Effective values after defaults; `undefined` means not known yet. */
export interface RedisEffective {
  sharded?: boolean;
  replicas?: number;
  failover?: boolean;
  engineVersion?: string;
}

export function redisEffective(p: RedisRuleInput): RedisEffective {
  const sharded =
    p.enableSharding === undefined ? false : typeof p.enableSharding === "boolean" ? p.enableSharding : undefined;
  const replicas =
    p.numReplicaNodes === undefined ? 0 : typeof p.numReplicaNodes === "number" ? p.numReplicaNodes : undefined;
  let failover: boolean | undefined;
  if (typeof p.enableAutomaticFailover === "boolean") failover = p.enableAutomaticFailover;
  else if (p.enableAutomaticFailover === undefined) failover = sharded;
  const engineVersion =
    p.engineVersion === undefined ? "6.2" : typeof p.engineVersion === "string" ? p.engineVersion : undefined;
  return { sharded, replicas, failover, engineVersion };
}

/**
 * Why a password is refused, or undefined when it is fine: a verdict that
 * names the rule broken, never the password, its length or a character of it
 * (the verdict is stored in the guard's state and printed in CI logs).
 */
export function redisPasswordProblem(password: string): string | undefined {
  const n = password.length;
  if (n < 16 || n > 128) return "defaultUserPassword must be 16 to 128 characters long";
  let special = false;
  for (let i = 0; i < n; i++) {
    const c = password[i];
    const code = password.charCodeAt(i);
    if (code < 0x21 || code > 0x7e) return "defaultUserPassword must be printable ASCII without spaces";
    if (c === "/" || c === "\\" || c === '"' || c === "@") return "defaultUserPassword must not contain '/', '\\', '\"' or '@'";
    if (!/[A-Za-z0-9]/.test(c) && "!&#$^<>-".indexOf(c) < 0) special = true;
  }
  if (special) return "defaultUserPassword may use only the special characters ! & # $ ^ < > - that ElastiCache accepts";
  return undefined;
}

/** The shape rules that hold for any single configuration (sharding, replicas, failover). */
export function redisShapeProblems(p: RedisRuleInput): ShapeProblem[] {
  const out: ShapeProblem[] = [];
  const e = redisEffective(p);
  if (e.sharded === true && e.replicas !== undefined && e.replicas < 1) {
    out.push({
      // Point at the line that asks for replicas when the count is not written.
      path: p.numReplicaNodes === undefined ? ["enableSharding"] : ["numReplicaNodes"],
      message: `numReplicaNodes must be at least 1 when enableSharding is true (it is ${e.replicas})`,
      hint: "set numReplicaNodes: 1 or more",
    });
  }
  if (e.sharded === true && p.enableAutomaticFailover === false) {
    out.push({
      path: ["enableAutomaticFailover"],
      message: "automatic failover is always on for a sharded cluster and cannot be disabled",
      hint: "remove enableAutomaticFailover or set it to true",
    });
  }
  if (e.sharded === false && e.failover === true && e.replicas === 0) {
    out.push({
      path: ["enableAutomaticFailover"],
      message: "enableAutomaticFailover needs at least 1 replica (numReplicaNodes is 0)",
      hint: "set numReplicaNodes: 1 or more, or remove enableAutomaticFailover",
    });
  }
  return out;
}

function versionNumber(v: string): number {
  const [major, minor] = v.split(".").map((x) => parseInt(x, 10));
  return (major || 0) * 1000 + (minor || 0);
}

/** Rules on changing a deployed cluster from `old` to `next`. */
export function redisUpdateProblems(old: RedisRuleInput, next: RedisRuleInput): ShapeProblem[] {
  const out: ShapeProblem[] = [];
  const a = redisEffective(old);
  const b = redisEffective(next);
  if (a.sharded !== undefined && b.sharded !== undefined && a.sharded !== b.sharded) {
    out.push({
      path: ["enableSharding"],
      message: `enableSharding cannot change after the cluster is created (it was ${a.sharded}, now ${b.sharded})`,
      hint: `keep enableSharding: ${a.sharded}; to change it, create a new cluster under a new resource name and move the data`,
    });
    return out; // the other rules compare like with like
  }
  const replicasChanged = a.replicas !== undefined && b.replicas !== undefined && a.replicas !== b.replicas;
  if (a.sharded === true && b.sharded === true && replicasChanged) {
    out.push({
      path: ["numReplicaNodes"],
      message: `numReplicaNodes cannot change on a sharded cluster (it was ${a.replicas}, now ${b.replicas})`,
      hint: `keep numReplicaNodes: ${a.replicas}, or delete the cluster and create it again (for example under a new resource name)`,
    });
  }
  const failoverChanged = a.failover !== undefined && b.failover !== undefined && a.failover !== b.failover;
  if (a.sharded === false && b.sharded === false && failoverChanged && replicasChanged) {
    if (b.failover) {
      out.push({
        path: ["enableAutomaticFailover"],
        message: `automatic failover cannot be enabled in the same deploy that changes numReplicaNodes (${a.replicas} -> ${b.replicas})`,
        hint: `first deploy numReplicaNodes: ${b.replicas} with enableAutomaticFailover: false, then enable failover in a second deploy`,
      });
    } else {
      out.push({
        path: ["numReplicaNodes"],
        message: `numReplicaNodes cannot change in the same deploy that disables automatic failover (${a.replicas} -> ${b.replicas})`,
        hint: `first deploy enableAutomaticFailover: false with numReplicaNodes: ${a.replicas}, then set numReplicaNodes: ${b.replicas} in a second deploy`,
      });
    }
  }
  if (a.engineVersion !== undefined && b.engineVersion !== undefined &&
      versionNumber(b.engineVersion) < versionNumber(a.engineVersion)) {
    out.push({
      path: ["engineVersion"],
      message: `engineVersion cannot be downgraded (from ${a.engineVersion} to ${b.engineVersion})`,
      hint: `keep engineVersion: "${a.engineVersion}" or a newer one`,
    });
  }
  return out;
}


/**
 * A replication group's state (pulumi-aws's outputs of
 * aws.elasticache.ReplicationGroup, as the engine last read them) in the
 * rules' terms: what the update rules compare a change with. Undefined when
 * the state does not say (no state: a cluster not created yet).
 * `engineVersion` is the group's `major.minor` (pulumi-aws keeps the version
 * asked for there, and reports the running one in `engineVersionActual`).
 */
export function replicationGroupShape(state: Record<string, unknown> | undefined): RedisRuleInput | undefined {
  if (!state || typeof state !== "object") return undefined;
  // null: the state does not say, so the rules do not judge it (undefined would read as the property's default).
  const sharded = state.clusterMode === "enabled" || (state.clusterMode === undefined && state.clusterEnabled === true);
  const num = (v: unknown) => (typeof v === "number" && Number.isInteger(v) ? v : null);
  const majorMinor = (v: unknown) => (typeof v === "string" ? /^\d+\.\d+/.exec(v)?.[0] ?? null : null);
  const clusters = num(state.numCacheClusters);
  return {
    enableSharding: sharded,
    numShards: sharded ? num(state.numNodeGroups) : 1,
    numReplicaNodes: sharded ? num(state.replicasPerNodeGroup) : clusters === null ? null : clusters - 1,
    enableAutomaticFailover: typeof state.automaticFailoverEnabled === "boolean" ? state.automaticFailoverEnabled : null,
    engineVersion: majorMinor(state.engineVersion) ?? majorMinor(state.engineVersionActual),
  };
}
