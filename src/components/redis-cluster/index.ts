import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import type { RedisClusterProperties, RedisLogging, RedisAccessibility } from "./properties";
import { redisPasswordProblem } from "./rules";
import type { REDIS_CHILDREN } from "./child-ids";
import { RedisUpdateGuard, type RedisUpdateGuardArgs } from "./update-guard";
import { redisClusterDefinition } from "./definition";
import { checkProperties } from "../../shared/schema/check-properties";
import { withDefaults } from "../../shared/schema/schema";
import { knownView } from "../../shared/component/known";
import { componentOptions } from "../../shared/component/component-options";
import { argumentsError } from "../../shared/component/component-error";
import { childInputs, childName, type ChildTransforms } from "../../shared/component/children";
import { defaultVpc } from "../../shared/workloads/default-vpc";
import { forwardLogs } from "../../shared/logging/log-forwarding";
import type { Connectable, Connection } from "../../shared/workloads/connect-to";

type Inputs<T> = { [K in keyof T]: pulumi.Input<T[K]> };
/** Arguments after defaults: every field present. */
type Defaulted<T> = { [K in keyof T]-?: pulumi.Input<NonNullable<T[K]>> };
type Normalized = Defaulted<Omit<RedisClusterProperties, "enableSharding" | "enableAutomaticFailover" | "logging" | "accessibility">> & {
  enableSharding: boolean;
  enableAutomaticFailover?: pulumi.Input<boolean>;
  logging: Defaulted<Omit<RedisLogging, "disabled">> & { disabled: boolean };
  accessibility: Required<RedisAccessibility>;
};

/**
 * Arguments of {@link RedisCluster}: the YAML properties, where any value may
 * be a Pulumi Input except the fields that decide which resources are made
 * (`enableSharding`, `logging.disabled`, `accessibility`).
 */
export interface RedisClusterArgs
  extends Inputs<Omit<RedisClusterProperties, "enableSharding" | "logging" | "accessibility">> {
  enableSharding?: boolean;
  logging?: Inputs<Omit<RedisLogging, "disabled">> & Pick<RedisLogging, "disabled">;
  accessibility?: RedisAccessibility;
  /** Adjusts a child's arguments before it is created, by child id (see the class docs). */
  transform?: ChildTransforms<typeof REDIS_CHILDREN, { "pulumi-nodejs:dynamic/stackfile:RedisUpdateGuard": RedisUpdateGuardArgs }>;
}

const TOKEN = "stackfile:index:RedisCluster";

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
export class RedisCluster extends pulumi.ComponentResource implements Connectable {
  /** Primary endpoint; the configuration endpoint when sharded. */
  public readonly host: pulumi.Output<string>;
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
    const { transform, ...props } = args;
    const problems = checkProperties(redisClusterDefinition, knownView(props) as Record<string, unknown>);
    if (problems.length) throw argumentsError("RedisCluster", name, problems);
    // The replication group keeps using these: a retained group keeps them too (AWS refuses their delete).
    const names = componentOptions(opts, ["aws:elasticache/subnetGroup:SubnetGroup", "aws:elasticache/parameterGroup:ParameterGroup", "aws:ec2/securityGroup:SecurityGroup"]);
    super(TOKEN, name, {}, names.opts);
    names.bind(this);

    const p = withDefaults("RedisClusterProperties", props) as unknown as Normalized;
    const sharded = p.enableSharding === true;
    const failover: pulumi.Input<boolean> = p.enableAutomaticFailover ?? sharded;
    const parent = { parent: this };
    const vpc = defaultVpc(this);

    const subnetGroup = new aws.elasticache.SubnetGroup(...childInputs(transform, "subnetGroup",
      childName(name, "subnetGroup"), {
        description: `Subnets of redis cluster ${name}`,
        subnetIds: vpc.subnetIds,
      },
      parent,));

    const securityGroup = new aws.ec2.SecurityGroup(...childInputs(transform, "securityGroup",
      childName(name, "securityGroup"), {
        // The same for every accessibilityMode: a security group's description is force-new
        // (terraform-provider-aws internal/service/ec2/vpc_security_group.go, "description": ForceNew),
        // and a replaced group recreates every ingress rule. The rules say where traffic comes from.
        description: `Redis cluster ${name}: ingress to its port only`,
        vpcId: vpc.id,
        tags: { Name: `${name}-redis` },
      },
      parent,));
    if (p.accessibility.accessibilityMode === "vpc") {
      new aws.vpc.SecurityGroupIngressRule(...childInputs(transform, "vpcIngress",
        childName(name, "vpcIngress"), {
          securityGroupId: securityGroup.id,
          description: "Redis from inside the VPC",
          ipProtocol: "tcp",
          fromPort: p.port,
          toPort: p.port,
          cidrIpv4: vpc.cidrBlock,
        },
        parent,));
    }

    const parameterGroup = new aws.elasticache.ParameterGroup(...childInputs(transform, "parameterGroup",
      childName(name, "parameterGroup"), {
        description: `Redis cluster ${name}, cluster mode ${sharded ? "on" : "off"}`,
        family: pulumi.output(p.engineVersion).apply(engineFamily),
        parameters: [{ name: "cluster-enabled", value: sharded ? "yes" : "no" }],
      },
      parent,));

    let slowLog: aws.cloudwatch.LogGroup | undefined;
    if (!p.logging.disabled) {
      slowLog = new aws.cloudwatch.LogGroup(...childInputs(transform, "slowLog",
        childName(name, "slowLog"), { retentionInDays: p.logging.retentionDays },
        parent,));
      if (p.logging.logForwarding) forwardLogs({ parent: this, name, transforms: transform }, slowLog, p.logging.logForwarding as any);
    }

    const password = pulumi.secret(pulumi.output(p.defaultUserPassword));
    const shape = sharded
      ? { clusterMode: "enabled", numNodeGroups: p.numShards, replicasPerNodeGroup: p.numReplicaNodes }
      : { clusterMode: "disabled", numCacheClusters: pulumi.output(p.numReplicaNodes).apply((r) => r + 1) };
    this.replicationGroup = new aws.elasticache.ReplicationGroup(...childInputs(transform, "replicationGroup",
      childName(name, "replicationGroup"), {
        description: `Redis cluster ${name} (stackfile)`,
        engine: "redis",
        engineVersion: p.engineVersion,
        nodeType: p.instanceSize,
        port: p.port,
        ...shape,
        automaticFailoverEnabled: failover,
        multiAzEnabled: failover,
        // TLS required: enabling transit encryption at creation means "required".
        // No transitEncryptionMode: ElastiCache refuses one below engine 7.0
        // (the default is 6.2), and the provider computes it when unset.
        transitEncryptionEnabled: true,
        atRestEncryptionEnabled: true,
        authToken: password,
        authTokenUpdateStrategy: "SET",
        snapshotRetentionLimit: p.automatedBackupRetentionDays,
        parameterGroupName: parameterGroup.name,
        subnetGroupName: subnetGroup.name,
        securityGroupIds: [securityGroup.id],
        applyImmediately: true,
        logDeliveryConfigurations: slowLog
          ? [{ destination: slowLog.name, destinationType: "cloudwatch-logs", logFormat: p.logging.format, logType: "slow-log" }]
          : [],
      },
      parent,));

    new RedisUpdateGuard(...childInputs(transform, "updateGuard",
      childName(name, "updateGuard"), {
        enableSharding: sharded,
        numShards: p.numShards,
        numReplicaNodes: p.numReplicaNodes,
        enableAutomaticFailover: failover,
        engineVersion: p.engineVersion,
        // Only the verdict on the password reaches the guard, never the password.
        passwordProblem: pulumi.unsecret(password.apply((pw) => redisPasswordProblem(pw) ?? "")),
      },
      // After the replication group: its state records only what AWS accepted (a failed update of the
      // group leaves it at the last deployed values). Its check still runs in every preview, before
      // anything is touched (pulumi preview registers it and fails on its check).
      { parent: this, dependsOn: [this.replicationGroup] },));

    const rg = this.replicationGroup;
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
    this.securityGroupId = securityGroup.id;
    this.scoped = p.accessibility.accessibilityMode === "scoping-workloads-in-vpc";
    this.arn = rg.arn;
    this.registerOutputs({
      host: this.host,
      port: this.port,
      connectionString: this.connectionString,
      sharding: this.sharding,
      readerHost: this.readerHost,
      readerPort: this.readerPort,
      readerConnectionString: this.readerConnectionString,
      securityGroupId: this.securityGroupId,
      arn: this.arn,
    });
  }

  /** connectTo: HOST, READER_HOST, PORT (never the password); VPC only; scoped clusters let the workload in. */
  public connection(): Connection {
    return {
      variables: { HOST: this.host, READER_HOST: this.readerHost ?? this.host, PORT: this.port.apply(String) },
      statements: [],
      vpcOnly: true,
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
