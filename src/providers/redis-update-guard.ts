// Dynamic provider that refuses illegal redis-cluster updates during
// `pulumi preview` (its `check` runs then, before anything is touched).
// Self-contained: it captures only the pure rule functions (aws-rules/, which
// the component's rules read too), which Pulumi serializes by value, and holds
// no clients or live objects.
import type * as pulumi from "@pulumi/pulumi";
import { redisShapeProblems, redisUpdateProblems, type RedisRuleInput } from "../aws-rules/elasticache-updates";

/** Bump when the provider's behaviour changes, so deployed guards update. */
export const REDIS_GUARD_VERSION = 2;

/** The inputs of a guard: what the rules need, plus the password's verdict. */
export interface RedisGuardInputs extends RedisRuleInput {
  /** Why the password is refused ("" when it is fine); never the password itself. */
  passwordProblem?: string;
  /** The replication group as the stack's last saved state has it (null before it exists): what an update is judged against. */
  deployed?: RedisRuleInput | null;
  guardVersion: number;
}

export const redisUpdateGuardProvider: pulumi.dynamic.ResourceProvider = {
  async check(_olds: any, news: any) {
    // A value not known during preview arrives as this sentinel: never judge it.
    const PREVIEW_UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
    const known = (o: any): RedisRuleInput => {
      const out: any = {};
      for (const key of ["enableSharding", "numShards", "numReplicaNodes", "enableAutomaticFailover", "engineVersion"]) {
        const v = o?.[key];
        out[key] = v === PREVIEW_UNKNOWN ? null : v;
      }
      return out;
    };
    const problems = redisShapeProblems(known(news));
    // Judged against the group as the engine last saw it, never against this guard's own olds: a deploy
    // killed after the group changed (and before anything else) leaves those behind.
    const deployed = news.deployed;
    if (deployed && typeof deployed === "object") problems.push(...redisUpdateProblems(known(deployed), known(news)));
    if (typeof news.passwordProblem === "string" && news.passwordProblem !== "" && news.passwordProblem !== PREVIEW_UNKNOWN) {
      problems.push({ path: ["defaultUserPassword"], message: news.passwordProblem });
    }
    return {
      inputs: news,
      failures: problems.map((p) => ({
        property: String(p.path[0]),
        reason: p.hint ? `${p.message}; ${p.hint}` : p.message,
      })),
    };
  },
  async diff(_id: string, olds: any, news: any) {
    const keys = new Set([...Object.keys(olds ?? {}), ...Object.keys(news ?? {})]);
    keys.delete("__provider");
    // What the group was changes after each deploy of it; it is what the check reads, not a setting of the guard.
    keys.delete("deployed");
    const changed = [...keys].filter((k) => JSON.stringify(olds?.[k]) !== JSON.stringify(news?.[k]));
    return { changes: changed.length > 0, replaces: [], deleteBeforeReplace: false };
  },
  async create(inputs: any) {
    const { __provider: _p, ...outs } = inputs;
    return { id: "redis-update-guard", outs };
  },
  async update(_id: string, _olds: any, news: any) {
    const { __provider: _p, ...outs } = news;
    return { outs };
  },
  async delete() {
    // Nothing to delete: the guard exists only in Pulumi's state.
  },
};
