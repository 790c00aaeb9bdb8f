import * as pulumi from "@pulumi/pulumi";
import { redisUpdateGuardProvider, REDIS_GUARD_VERSION } from "../../providers/redis-update-guard";
import { DYNAMIC_MODULE, type DynamicTypeName } from "../../providers";
import type { RedisRuleInput } from "../../aws-rules/elasticache-updates";

export interface RedisUpdateGuardArgs {
  enableSharding: pulumi.Input<boolean>;
  numShards: pulumi.Input<number>;
  numReplicaNodes: pulumi.Input<number>;
  enableAutomaticFailover: pulumi.Input<boolean>;
  engineVersion: pulumi.Input<string>;
  /** The replication group as the stack's last saved state has it, in the rules' terms; null before it exists. */
  deployed: pulumi.Input<RedisRuleInput | null>;
  passwordProblem: pulumi.Input<string>;
}

/**
 * Judges the settings asked for against the replication group as the stack's
 * last saved state has it (`deployed`): its provider's `check` fails the
 * preview, and the update, for a change the service refuses. The group
 * depends on it, so a refused change touches nothing, with or without a
 * preview. Its own state is never compared with (a deploy killed between
 * two steps leaves it behind; the group's state is what the engine last
 * read from AWS).
 */
export class RedisUpdateGuard extends pulumi.dynamic.Resource {
  constructor(name: string, args: RedisUpdateGuardArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      redisUpdateGuardProvider,
      name,
      { ...args, guardVersion: REDIS_GUARD_VERSION },
      opts,
      DYNAMIC_MODULE,
      "RedisUpdateGuard" satisfies DynamicTypeName,
    );
  }
}
