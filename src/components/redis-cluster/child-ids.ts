import { LOG_FORWARDING_CHILD_IDS } from "../../shared/log-forwarding-ids";

/**
 * Child resources of a RedisCluster, by id. The child named `<name>-<id>` is
 * what `overrides.<id>` (YAML) and `transform.<id>` (TypeScript) adjust.
 * - `subnetGroup`: aws.elasticache.SubnetGroup on the default VPC's subnets
 * - `securityGroup`: aws.ec2.SecurityGroup of the cluster
 * - `vpcIngress`: aws.vpc.SecurityGroupIngressRule, the port open to the VPC (mode `vpc` only)
 * - `parameterGroup`: aws.elasticache.ParameterGroup (cluster mode on or off)
 * - `slowLog`: aws.cloudwatch.LogGroup receiving the slow log (unless logging is disabled)
 * - `updateGuard`: the dynamic resource that refuses illegal updates during preview
 * - `replicationGroup`: aws.elasticache.ReplicationGroup, the cluster itself
 * - with logForwarding: `logForwardingBucket`, `logForwardingBucketBlock`, `logForwardingBucketEncryption`, `logForwardingStreamRole`, `logForwardingStreamPolicy`, `logForwardingStream`, `logForwardingLogsRole`, `logForwardingLogsPolicy`, `logForwardingSubscription`
 */
export const REDIS_CHILD_IDS = [
  "subnetGroup",
  "securityGroup",
  "vpcIngress",
  "parameterGroup",
  "slowLog",
  "updateGuard",
  "replicationGroup",
  ...LOG_FORWARDING_CHILD_IDS,
] as const;

export type RedisChildId = (typeof REDIS_CHILD_IDS)[number];
