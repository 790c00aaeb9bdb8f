/**
 * Child resources of a RelationalDatabase, by id. The child named
 * `<name>-<child-id>` (read replicas and cluster instances: `-<n>` after it,
 * from 0) is what `overrides.<id>` (YAML) and `transform.<id>` (TypeScript) adjust.
 * - `subnetGroup`: aws.rds.SubnetGroup on the default VPC's subnets
 * - `securityGroup`: aws.ec2.SecurityGroup of the database
 * - `vpcIngress`: aws.vpc.SecurityGroupIngressRule, the port open to the VPC (mode `vpc` only)
 * - `parameterGroup`: aws.rds.ParameterGroup requiring TLS (RDS instances)
 * - `instance`: aws.rds.Instance, the primary (postgres, mysql, mariadb)
 * - `readReplica`: aws.rds.Instance, each read replica
 * - `clusterParameterGroup`: aws.rds.ClusterParameterGroup requiring TLS (Aurora)
 * - `cluster`: aws.rds.Cluster (Aurora)
 * - `clusterInstance`: aws.rds.ClusterInstance, each Aurora instance (the first is the writer)
 */
export const RELATIONAL_DATABASE_CHILDREN = {
  subnetGroup: "aws:rds/subnetGroup:SubnetGroup",
  securityGroup: "aws:ec2/securityGroup:SecurityGroup",
  vpcIngress: "aws:vpc/securityGroupIngressRule:SecurityGroupIngressRule",
  parameterGroup: "aws:rds/parameterGroup:ParameterGroup",
  instance: "aws:rds/instance:Instance",
  readReplica: "aws:rds/instance:Instance",
  clusterParameterGroup: "aws:rds/clusterParameterGroup:ClusterParameterGroup",
  cluster: "aws:rds/cluster:Cluster",
  clusterInstance: "aws:rds/clusterInstance:ClusterInstance",
} as const;

export const RELATIONAL_DATABASE_CHILD_IDS = Object.keys(RELATIONAL_DATABASE_CHILDREN) as RelationalDatabaseChildId[];

export type RelationalDatabaseChildId = keyof typeof RELATIONAL_DATABASE_CHILDREN;
