import * as pulumi from "@pulumi/pulumi";
import { redisUpdateGuardProvider, REDIS_GUARD_VERSION } from "../../providers/redis-update-guard";
import { DYNAMIC_MODULE, type DynamicTypeName } from "../../providers";

export interface RedisUpdateGuardArgs {
  enableSharding: pulumi.Input<boolean>;
  numShards: pulumi.Input<number>;
  numReplicaNodes: pulumi.Input<number>;
  enableAutomaticFailover: pulumi.Input<boolean>;
  engineVersion: pulumi.Input<string>;
  passwordProblem: pulumi.Input<string>;
}

/**
 * Holds the sharding/replica/failover settings the cluster last accepted; its
 * provider's `check` fails the preview for an update the service refuses, so
 * `pulumi up` (which previews first) touches nothing. It depends on the
 * replication group: it is updated only after the group's update succeeded,
 * so a failed update leaves it judging against what the cluster has.
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
