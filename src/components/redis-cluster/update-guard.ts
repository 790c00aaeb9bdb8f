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
 * Holds the last deployed sharding/replica/failover settings of a cluster; its
 * provider's `check` fails the preview for an update the service refuses.
 * The replication group depends on it, so nothing is touched when it fails.
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
