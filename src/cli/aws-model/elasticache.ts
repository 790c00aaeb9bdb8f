// ElastiCache replication groups.
import { arn, hex, type Answer } from "./model";

export const ELASTICACHE: Record<string, Answer> = {
  "aws:elasticache/replicationGroup:ReplicationGroup": (r) => {
    // AWS keeps replication group ids in lower case (the provider's state does too).
    const id = r.physical.toLowerCase();
    const domain = `${hex(r.region, 6)}.${r.region.replace(/-(\w)\w+-(\d)$/, "$1$2")}.cache.amazonaws.com`;
    const sharded = r.inputs.clusterMode === "enabled";
    return {
      id,
      state: {
        ...r.inputs,
        replicationGroupId: id,
        arn: arn(r.region, "elasticache", `replicationgroup:${id}`),
        primaryEndpointAddress: sharded ? undefined : `master.${id}.${domain}`,
        readerEndpointAddress: sharded ? undefined : `replica.${id}.${domain}`,
        configurationEndpointAddress: sharded ? `clustercfg.${id}.${domain}` : undefined,
        engineVersionActual: r.inputs.engineVersion,
      },
    };
  },
};
