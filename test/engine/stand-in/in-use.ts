// AWS refuses to delete a resource another resource still uses. The stand-in
// models the refusals that matter when a resource is retained
// (retainOnDelete) and the resources it uses are not:
// - DeleteCacheSubnetGroup: CacheSubnetGroupInUse, "You cannot delete ... one
//   that is associated with any clusters" (ElastiCache API reference,
//   https://docs.aws.amazon.com/AmazonElastiCache/latest/APIReference/API_DeleteCacheSubnetGroup.html);
// - DeleteCacheParameterGroup: InvalidCacheParameterGroupState, "You cannot
//   delete a cache parameter group if it is associated with any cache
//   clusters" (API_DeleteCacheParameterGroup.html);
// - DeleteSecurityGroup: DependencyViolation while a network interface (a
//   cache node's, a Lambda's) is in it (EC2 API reference,
//   https://docs.aws.amazon.com/AWSEC2/latest/APIReference/API_DeleteSecurityGroup.html;
//   terraform-provider-aws internal/service/ec2/vpc_security_group.go retries
//   DependencyViolation, then fails);
// - DeleteDBSubnetGroup: InvalidDBSubnetGroupStateFault, "The DB subnet group
//   cannot be deleted because it's in use"; DeleteDBParameterGroup and
//   DeleteDBClusterParameterGroup: InvalidDBParameterGroupState, "The DB
//   parameter group is in use" (RDS API reference,
//   https://docs.aws.amazon.com/AmazonRDS/latest/APIReference/API_DeleteDBSubnetGroup.html,
//   API_DeleteDBParameterGroup.html, API_DeleteDBClusterParameterGroup.html);
// - DeleteDBCluster while the cluster holds DB instances: they are deleted
//   first (https://docs.aws.amazon.com/AmazonRDS/latest/AuroraUserGuide/USER_DeleteCluster.html).
import type { WorldFile } from "./world";

/** The types AWS refuses to delete while in use, with the state field of a user that names them and AWS's error code. */
const INSTANCE = "aws:rds/instance:Instance";
const CLUSTER = "aws:rds/cluster:Cluster";
const CLUSTER_INSTANCE = "aws:rds/clusterInstance:ClusterInstance";

const USED_BY: Record<string, { user: string; field: string; code: string }[]> = {
  "aws:rds/subnetGroup:SubnetGroup": [INSTANCE, CLUSTER, CLUSTER_INSTANCE].map((user) => ({ user, field: "dbSubnetGroupName", code: "InvalidDBSubnetGroupStateFault" })),
  "aws:rds/parameterGroup:ParameterGroup": [
    { user: INSTANCE, field: "parameterGroupName", code: "InvalidDBParameterGroupState" },
    { user: CLUSTER_INSTANCE, field: "dbParameterGroupName", code: "InvalidDBParameterGroupState" },
  ],
  "aws:rds/clusterParameterGroup:ClusterParameterGroup": [{ user: CLUSTER, field: "dbClusterParameterGroupName", code: "InvalidDBParameterGroupState" }],
  [CLUSTER]: [{ user: CLUSTER_INSTANCE, field: "clusterIdentifier", code: "InvalidDBClusterStateFault" }],
  "aws:elasticache/subnetGroup:SubnetGroup": [{ user: "aws:elasticache/replicationGroup:ReplicationGroup", field: "subnetGroupName", code: "CacheSubnetGroupInUse" }],
  "aws:elasticache/parameterGroup:ParameterGroup": [{ user: "aws:elasticache/replicationGroup:ReplicationGroup", field: "parameterGroupName", code: "InvalidCacheParameterGroupState" }],
  "aws:ec2/securityGroup:SecurityGroup": [
    { user: "aws:elasticache/replicationGroup:ReplicationGroup", field: "securityGroupIds", code: "DependencyViolation" },
    { user: "aws:lambda/function:Function", field: "vpcConfig.securityGroupIds", code: "DependencyViolation" },
    { user: INSTANCE, field: "vpcSecurityGroupIds", code: "DependencyViolation" },
    { user: CLUSTER, field: "vpcSecurityGroupIds", code: "DependencyViolation" },
  ],
};

function valuesAt(state: Record<string, unknown>, field: string): unknown[] {
  let v: unknown = state;
  for (const part of field.split(".")) v = v && typeof v === "object" ? (v as Record<string, unknown>)[part] : undefined;
  return Array.isArray(v) ? v : v === undefined ? [] : [v];
}

/** AWS's refusal to delete `id` of `type` while a resource of the account uses it, or undefined. */
export function inUseError(world: WorldFile, type: string, id: string): string | undefined {
  for (const rule of USED_BY[type] ?? []) {
    const user = Object.values(world.resources).find((r) => r.type === rule.user && valuesAt(r.state, rule.field).includes(id));
    if (user) return `${rule.code}: ${type.split(":").pop()} ${id} is in use by ${rule.user.split(":").pop()} ${user.id}`;
  }
  return undefined;
}
