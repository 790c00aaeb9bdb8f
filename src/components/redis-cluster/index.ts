import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import type { RedisClusterProperties, RedisLogging, RedisAccessibility } from "./properties";
import { redisPasswordProblem } from "./rules";
import type { REDIS_CHILDREN } from "./child-ids";
import { RedisUpdateGuard, type RedisUpdateGuardArgs } from "./update-guard";
import { REDIS_CONNECTION_VARIABLES, redisClusterDefinition } from "./definition";
import { redisClusterParams } from "./properties";
import { paramOutputs } from "../../shared/component/stack-component";
import { savedOutputs } from "../../shared/component/saved-state";
import { replicationGroupShape } from "../../aws-rules/elasticache-updates";
import { Component, literal } from "../../shared/component/component";
import type { ChildTransforms } from "../../shared/component/children";
import type { DeepInput } from "../../shared/component/inputs";
import type { LogForwarding } from "../../shared/logging/log-forwarding-properties";
import { defaultVpc } from "../../shared/workloads/default-vpc";
import { forwardLogs } from "../../shared/logging/log-forwarding";
import { makeAlarms, type AlarmSettings } from "../../shared/alarms/metric-alarms";
import type { AlarmTopicArg, AlarmTopicArns } from "../../shared/alarms/alarm-notifications";
import { redisAlarms, redisShards } from "../../shared/alarms/redis-alarms";
import { connectionVariablesOf, type Connectable, type Connection } from "../../shared/workloads/connect-to";

/** Each field may be a Pulumi Input (of a value, never of undefined). */
type Inputs<T> = { [K in keyof T]: pulumi.Input<Exclude<T[K], undefined>> };

/**
 * Arguments of {@link RedisCluster}: the YAML properties, where any value may
 * be a Pulumi Input except the fields that decide which resources are made
 * (`enableSharding`, `logging.disabled`, `accessibility`).
 */
export interface RedisClusterArgs
  extends Inputs<Omit<RedisClusterProperties, "enableSharding" | "logging" | "accessibility">>, AlarmTopicArg {
  enableSharding?: boolean;
  logging?: Inputs<Omit<RedisLogging, "disabled" | "logForwarding">> & Pick<RedisLogging, "disabled"> & { logForwarding?: DeepInput<LogForwarding> };
  accessibility?: RedisAccessibility;
  /** Adjusts a child's arguments before it is created, by child id (see the class docs). */
  transform?: ChildTransforms<typeof REDIS_CHILDREN, { "pulumi-nodejs:dynamic/stackfile:RedisUpdateGuard": RedisUpdateGuardArgs }>;
}

function engineFamily(version: string): string {
  return version.startsWith("6.") ? "redis6.x" : "redis7";
}

/**
 * A redis-compatible ElastiCache replication group in the default VPC, with TLS
 * in transit, encryption at rest and a password always on.
 *
 * Children (ids for `transform` / YAML `overrides`, names `<name>-<child-id>`):
 * `subnetGroup`, `securityGroup`, `vpcIngress` (mode `vpc` only), `parameterGroup`,
 * `slowLog` (unless logging is disabled), `updateGuard`, `replicationGroup`.
 *
 * @example
 * const cache = new RedisCluster("cache", {
 *   instanceSize: "cache.t4g.micro",
 *   numReplicaNodes: 1,
 *   enableAutomaticFailover: true,
 *   defaultUserPassword: config.requireSecret("redisPassword"),
 * });
 * export const host = cache.host;
 */
export class RedisCluster extends Component<typeof redisClusterDefinition, Omit<RedisClusterArgs, "transform" | "alarmTopic">> implements Connectable {
  /** Primary endpoint; the configuration endpoint when sharded. */
  public readonly host: pulumi.Output<string>;
  /** The topics its alarms notify (alarmTopic). */
  private readonly alarmTopic?: AlarmTopicArns;
  public readonly port: pulumi.Output<number>;
  /** `rediss://default:<password>@host:port` (secret). */
  public readonly connectionString: pulumi.Output<string>;
  /** `"enabled"` or `"disabled"`. */
  public readonly sharding: pulumi.Output<string>;
  /** Reader endpoint; only when not sharded. */
  public readonly readerHost?: pulumi.Output<string>;
  public readonly readerPort?: pulumi.Output<number>;
  public readonly readerConnectionString?: pulumi.Output<string>;
  /** The cluster's security group: `connectTo` adds ingress rules to it. */
  public readonly securityGroupId: pulumi.Output<string>;
  public readonly arn: pulumi.Output<string>;
  public readonly replicationGroup: aws.elasticache.ReplicationGroup;
  /** Whether connected workloads must be let in one by one (`scoping-workloads-in-vpc`). */
  public readonly scoped: boolean;

  constructor(name: string, args: RedisClusterArgs, opts?: pulumi.ComponentResourceOptions) {
    const { transform, alarmTopic, ...properties } = args;
    // The replication group keeps using these: a retained group keeps them too (AWS refuses their delete).
    const usedByData = ["aws:elasticache/subnetGroup:SubnetGroup", "aws:elasticache/parameterGroup:ParameterGroup", "aws:ec2/securityGroup:SecurityGroup"];
    super(redisClusterDefinition, name, { properties, transform, usedByData }, opts);
    this.alarmTopic = alarmTopic;
    const p = this.properties;
    const sharded = literal(p.enableSharding);
    const failover: pulumi.Input<boolean> = p.enableAutomaticFailover ?? sharded;
    const password = pulumi.secret(pulumi.output(p.defaultUserPassword));

    const network = this.network();
    const parameterGroup = this.parameterGroup(sharded);
    const slowLog = this.slowLog();
    const guard = this.guardUpdates(sharded, failover, password);
    const rg = this.replicationGroup = this.cluster({ sharded, failover, password, subnetGroup: network.subnetGroup, securityGroup: network.securityGroup, parameterGroup, slowLog, guard });

    this.alarms(sharded, rg);

    const port = pulumi.output(p.port);
    this.host = sharded ? rg.configurationEndpointAddress : rg.primaryEndpointAddress;
    this.port = port;
    this.sharding = pulumi.output(sharded ? "enabled" : "disabled");
    this.connectionString = connectionString(password, this.host, port);
    if (!sharded) {
      this.readerHost = rg.readerEndpointAddress;
      this.readerPort = port;
      this.readerConnectionString = connectionString(password, rg.readerEndpointAddress, port);
    }
    this.securityGroupId = network.securityGroup.id;
    this.scoped = literal(p.accessibility.accessibilityMode) === "scoping-workloads-in-vpc";
    this.arn = rg.arn;
    this.registerOutputs({
      host: this.host, port: this.port, connectionString: this.connectionString, sharding: this.sharding,
      readerHost: this.readerHost, readerPort: this.readerPort, readerConnectionString: this.readerConnectionString,
      securityGroupId: this.securityGroupId, arn: this.arn,
    });
  }

  /** The cluster's place in the default VPC: its subnet group, its security group, and (mode `vpc`) the port open to the VPC. */
  private network() {
    const { children } = this;
    const name = children.name;
    const p = this.properties;
    const vpc = defaultVpc(this);
    const subnetGroup = children.make("subnetGroup", aws.elasticache.SubnetGroup, {
      description: `Subnets of redis cluster ${name}`,
      subnetIds: vpc.subnetIds,
    });
    const securityGroup = children.make("securityGroup", aws.ec2.SecurityGroup, {
      // The same for every accessibilityMode: a security group's description is force-new
      // (terraform-provider-aws internal/service/ec2/vpc_security_group.go, "description": ForceNew),
      // and a replaced group recreates every ingress rule. The rules say where traffic comes from.
      description: `Redis cluster ${name}: ingress to its port only`,
      vpcId: vpc.id,
      tags: { Name: `${name}-redis` },
    });
    if (literal(p.accessibility.accessibilityMode) === "vpc") {
      children.make("vpcIngress", aws.vpc.SecurityGroupIngressRule, {
        securityGroupId: securityGroup.id,
        description: "Redis from inside the VPC",
        ipProtocol: "tcp",
        fromPort: p.port,
        toPort: p.port,
        cidrIpv4: vpc.cidrBlock,
      });
    }
    return { subnetGroup, securityGroup };
  }

  private parameterGroup(sharded: boolean): aws.elasticache.ParameterGroup {
    const { children } = this;
    const name = children.name;
    return children.make("parameterGroup", aws.elasticache.ParameterGroup, {
      description: `Redis cluster ${name}, cluster mode ${sharded ? "on" : "off"}`,
      family: pulumi.output(this.properties.engineVersion).apply(engineFamily),
      parameters: [{ name: "cluster-enabled", value: sharded ? "yes" : "no" }],
    });
  }

  /** The slow log's group (unless logging is disabled), forwarded with logForwarding. */
  private slowLog(): aws.cloudwatch.LogGroup | undefined {
    const logging = this.properties.logging;
    if (literal(logging.disabled)) return undefined;
    const slowLog = this.children.make("slowLog", aws.cloudwatch.LogGroup, { retentionInDays: logging.retentionDays });
    if (logging.logForwarding) forwardLogs(this.children, slowLog, logging.logForwarding);
    return slowLog;
  }

  private cluster(c: {
    sharded: boolean; failover: pulumi.Input<boolean>; password: pulumi.Output<string>; subnetGroup: aws.elasticache.SubnetGroup;
    securityGroup: aws.ec2.SecurityGroup; parameterGroup: aws.elasticache.ParameterGroup; slowLog?: aws.cloudwatch.LogGroup;
    guard: RedisUpdateGuard;
  }): aws.elasticache.ReplicationGroup {
    const { children } = this;
    const name = children.name;
    const p = this.properties;
    const shape = c.sharded
      ? { clusterMode: "enabled", numNodeGroups: p.numShards, replicasPerNodeGroup: p.numReplicaNodes }
      : { clusterMode: "disabled", numCacheClusters: pulumi.output(p.numReplicaNodes).apply((r) => r + 1) };
    return children.make("replicationGroup", aws.elasticache.ReplicationGroup, {
      description: `Redis cluster ${name} (stackfile)`,
      engine: "redis",
      engineVersion: p.engineVersion,
      nodeType: p.instanceSize,
      port: p.port,
      ...shape,
      automaticFailoverEnabled: c.failover,
      multiAzEnabled: c.failover,
      // TLS required: enabling transit encryption at creation means "required".
      // No transitEncryptionMode: ElastiCache refuses one below engine 7.0
      // (the default is 6.2), and the provider computes it when unset.
      transitEncryptionEnabled: true,
      atRestEncryptionEnabled: true,
      authToken: c.password,
      authTokenUpdateStrategy: "SET",
      snapshotRetentionLimit: p.automatedBackupRetentionDays,
      parameterGroupName: c.parameterGroup.name,
      subnetGroupName: c.subnetGroup.name,
      securityGroupIds: [c.securityGroup.id],
      applyImmediately: true,
      logDeliveryConfigurations: c.slowLog
        ? [{ destination: c.slowLog.name, destinationType: "cloudwatch-logs", logFormat: p.logging.format, logType: "slow-log" }]
        : [],
    },
    // After the guard: a change the guard refuses never reaches the group, not even with `up --skip-preview`.
    { dependsOn: [c.guard] });
  }

  /**
   * The dynamic resource that refuses, in every preview and before the group
   * is touched, the updates ElastiCache would refuse halfway. It judges the
   * change against the replication group as the stack's last saved state has
   * it (its outputs, as the engine last recorded or refreshed them), never
   * against a record of its own: a deploy that died between the group's
   * update and any other step cannot make a refused change pass.
   */
  private guardUpdates(sharded: boolean, failover: pulumi.Input<boolean>, password: pulumi.Output<string>): RedisUpdateGuard {
    const p = this.properties;
    const group = savedOutputs(this, "aws:elasticache/replicationGroup:ReplicationGroup", this.children.childName("replicationGroup"));
    return this.children.make("updateGuard", RedisUpdateGuard, {
      enableSharding: sharded,
      numShards: p.numShards,
      numReplicaNodes: p.numReplicaNodes,
      enableAutomaticFailover: failover,
      engineVersion: p.engineVersion,
      deployed: group.apply((state) => replicationGroupShape(state) ?? null),
      // Only the verdict on the password reaches the guard, never the password.
      passwordProblem: pulumi.unsecret(password.apply((pw) => redisPasswordProblem(pw) ?? "")),
    });
  }

  /**
   * Its alarms, one set per shard, each watching the highest of the shard's
   * nodes (src/shared/alarms/redis-alarms.ts says why): made when the node
   * counts and size are known values (a stack file's always are).
   */
  private alarms(sharded: boolean, rg: aws.elasticache.ReplicationGroup): void {
    const p = this.properties;
    const [size, shards, replicas] = [p.instanceSize, sharded ? p.numShards : 1, p.numReplicaNodes];
    if (typeof size !== "string" || typeof shards !== "number" || typeof replicas !== "number") return;
    const defaults = redisAlarms(size, replicas > 0);
    for (const shard of redisShards(sharded, shards, replicas)) {
      const nodes = shard.nodes.map((node) => ({ CacheClusterId: pulumi.interpolate`${rg.id}-${node}` }));
      makeAlarms(this.children.suffixed(shard.suffix), defaults, literal(p.alarms) as AlarmSettings | undefined, nodes.length === 1 ? nodes[0] : nodes, this.alarmTopic);
    }
  }

  /** connectTo: HOST, READER_HOST, PORT (never the password); VPC only; scoped clusters let the workload in. */
  public connection(): Connection {
    return {
      variables: connectionVariablesOf(REDIS_CONNECTION_VARIABLES, paramOutputs(this, redisClusterParams)),
      statements: [],
      vpcOnly: redisClusterDefinition.connectable?.vpcOnly,
      ingress: this.scoped ? { securityGroupId: this.securityGroupId, port: this.port } : undefined,
    };
  }
}

function connectionString(
  password: pulumi.Output<string>, host: pulumi.Output<string>, port: pulumi.Output<number>,
): pulumi.Output<string> {
  return pulumi.secret(
    pulumi.interpolate`rediss://default:${password.apply(encodeURIComponent)}@${host}:${port}`,
  );
}
