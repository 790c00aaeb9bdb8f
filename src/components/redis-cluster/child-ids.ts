import { LOG_FORWARDING_CHILDREN } from "../../shared/logging/log-forwarding-ids";

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
 * - `cpuAlarm`, `memoryAlarm`, `evictionsAlarm`, with replicas `replicationLagAlarm`: CloudWatch alarms, one set per shard over its nodes (`<name>-cpu-alarm`, sharded `<name>-cpu-alarm-0001`...; unless switched off in `alarms`)
 * - with logForwarding: `logForwardingBucket`, `logForwardingBucketBlock`, `logForwardingBucketEncryption`, `logForwardingStreamRole`, `logForwardingStreamPolicy`, `logForwardingStream`, `logForwardingLogsRole`, `logForwardingLogsPolicy`, `logForwardingSubscription`
 */
export const REDIS_CHILDREN = {
  subnetGroup: "aws:elasticache/subnetGroup:SubnetGroup",
  securityGroup: "aws:ec2/securityGroup:SecurityGroup",
  vpcIngress: "aws:vpc/securityGroupIngressRule:SecurityGroupIngressRule",
  parameterGroup: "aws:elasticache/parameterGroup:ParameterGroup",
  slowLog: "aws:cloudwatch/logGroup:LogGroup",
  updateGuard: "pulumi-nodejs:dynamic/stackfile:RedisUpdateGuard",
  replicationGroup: "aws:elasticache/replicationGroup:ReplicationGroup",
  cpuAlarm: "aws:cloudwatch/metricAlarm:MetricAlarm",
  memoryAlarm: "aws:cloudwatch/metricAlarm:MetricAlarm",
  evictionsAlarm: "aws:cloudwatch/metricAlarm:MetricAlarm",
  replicationLagAlarm: "aws:cloudwatch/metricAlarm:MetricAlarm",
  ...LOG_FORWARDING_CHILDREN,
} as const;

export const REDIS_CHILD_IDS = Object.keys(REDIS_CHILDREN) as RedisChildId[];

export type RedisChildId = keyof typeof REDIS_CHILDREN;
