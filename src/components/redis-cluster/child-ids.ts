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
 */
export const REDIS_CHILD_IDS = [
  "subnetGroup",
  "securityGroup",
  "vpcIngress",
  "parameterGroup",
  "slowLog",
  "updateGuard",
  "replicationGroup",
] as const;

export type RedisChildId = (typeof REDIS_CHILD_IDS)[number];
