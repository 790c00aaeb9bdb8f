// Rules of redis-cluster as pure functions: plain values in, Problem[] out.
// One implementation serves YAML validation, the component constructor and the
// preview-time update guard (which serializes these functions by value, so
// this file imports types only). A value of an unexpected type (a directive,
// an Output, a preview unknown) is "not known yet" and never judged.
import { disabledLoggingWarnings } from "../../shared/schema/no-effect";
import type { Problem } from "../../shared/messages/problem";
import { forwardingNeedsLogs } from "../../shared/logging/log-forwarding-rules";

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

/** Rules that hold for any single configuration. */
export function redisStaticProblems(p: RedisRuleInput): Problem[] {
  const out: Problem[] = [];
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
  out.push(...forwardingNeedsLogs(p.logging, ["logging"]));
  if (typeof p.defaultUserPassword === "string") {
    const why = redisPasswordProblem(p.defaultUserPassword);
    if (why) out.push({ path: ["defaultUserPassword"], message: why });
  }
  return out;
}

function versionNumber(v: string): number {
  const [major, minor] = v.split(".").map((x) => parseInt(x, 10));
  return (major || 0) * 1000 + (minor || 0);
}

/** Rules on changing a deployed cluster from `old` to `next`. */
export function redisUpdateProblems(old: RedisRuleInput, next: RedisRuleInput): Problem[] {
  const out: Problem[] = [];
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

/** Settings that have no effect: the file is valid, but they are probably not what was meant. */
export function redisWarnings(p: Record<string, unknown>, ctx?: { resource?: string }): Problem[] {
  const out: Problem[] = [];
  // A literal password is in the file, so in its git history; validate cannot tell a placeholder from a real one.
  if (typeof p.defaultUserPassword === "string") {
    const name = `${ctx?.resource ?? "cache"}Password`;
    out.push({ path: ["defaultUserPassword"], warning: true, message: `defaultUserPassword is written in the file (and so in its history); use $Secret('${name}') and set it with: pulumi config set --secret ${name}` });
  }
  if (p.numShards !== undefined && p.enableSharding !== true) {
    out.push({ path: ["numShards"], warning: true, message: "numShards has no effect without enableSharding: true (which can be set only when the cluster is first created); remove it, or enable sharding" });
  }
  out.push(...disabledLoggingWarnings(p.logging, ["logging"]));
  return out;
}
