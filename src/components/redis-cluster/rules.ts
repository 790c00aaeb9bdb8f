// Rules of redis-cluster as pure functions: plain values in, Problem[] out,
// for YAML validation and the component constructor. What ElastiCache refuses
// of the cluster's shape and updates is in aws-rules/elasticache-updates.ts,
// where the preview-time update guard (a dynamic provider) reads it too. A
// value of an unexpected type (a directive, an Output, a preview unknown) is
// "not known yet" and never judged.
import { disabledLoggingWarnings } from "../../shared/schema/no-effect";
import type { Problem } from "../../shared/messages/problem";
import { forwardingNeedsLogs } from "../../shared/logging/log-forwarding-rules";
import { redisPasswordProblem, redisShapeProblems, type RedisRuleInput } from "../../aws-rules/elasticache-updates";

export { redisEffective, redisPasswordProblem, redisUpdateProblems, type RedisEffective, type RedisRuleInput } from "../../aws-rules/elasticache-updates";

/** Rules that hold for any single configuration. */
export function redisStaticProblems(p: RedisRuleInput): Problem[] {
  const out: Problem[] = redisShapeProblems(p);
  out.push(...forwardingNeedsLogs(p.logging, ["logging"]));
  if (typeof p.defaultUserPassword === "string") {
    const why = redisPasswordProblem(p.defaultUserPassword);
    if (why) out.push({ path: ["defaultUserPassword"], message: why });
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
