import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import type { RelationalAccessibility, RelationalDatabaseProperties, RelationalEngineProperties, RelationalEngineType, RelationalLogging } from "./properties";
import { relationalDatabaseParams } from "./properties";
import type { RELATIONAL_DATABASE_CHILDREN } from "./child-ids";
import { RELATIONAL_CONNECTION_VARIABLES, relationalDatabaseDefinition } from "./definition";
import { connectionUrls, defaultLogTypes, ENGINES, type EngineKind } from "./engines";
import { parameterFamily, tlsParameter } from "../../aws-rules/rds-facts";
import { paramOutputs } from "../../shared/component/stack-component";
import { Component, literal } from "../../shared/component/component";
import type { ChildTransforms } from "../../shared/component/children";
import type { DeepInput } from "../../shared/component/inputs";
import { defaultVpc } from "../../shared/workloads/default-vpc";
import { connectionVariablesOf, type Connectable, type Connection } from "../../shared/workloads/connect-to";
import { finalSnapshotName } from "./final-snapshot";
import { identifierPrefix } from "./identifier-prefix";

/**
 * Arguments of {@link RelationalDatabase}: the YAML properties, where any
 * scalar may be a Pulumi Input except the fields that decide which resources
 * are made (`engine.type`, the lists of instances, `accessibility`, `logging.disabled`).
 */
export interface RelationalDatabaseArgs extends Omit<DeepInput<RelationalDatabaseProperties>, "engine" | "accessibility" | "logging"> {
  engine: { type: RelationalEngineType; properties?: DeepInput<RelationalEngineProperties> };
  accessibility?: RelationalAccessibility;
  logging?: Pick<RelationalLogging, "disabled"> & DeepInput<Omit<RelationalLogging, "disabled">>;
  /** Adjusts a child's arguments before it is created, by child id (see the class docs). */
  transform?: ChildTransforms<typeof RELATIONAL_DATABASE_CHILDREN>;
}

/** What the database's steps share. */
interface Shared {
  kind: EngineKind;
  e: DeepInput<RelationalEngineProperties>;
  version: pulumi.Input<string>;
  port: pulumi.Input<number>;
  user: pulumi.Input<string>;
  /** The master password (secret); undefined: RDS manages it in Secrets Manager. */
  password?: pulumi.Output<string>;
  subnetGroup: aws.rds.SubnetGroup;
  securityGroup: aws.ec2.SecurityGroup;
  logTypes: pulumi.Input<pulumi.Input<string>[]>;
}

/** The writer's and the readers' endpoints. */
interface Endpoints {
  host: pulumi.Output<string>;
  readerHost?: pulumi.Output<string>;
  arn: pulumi.Output<string>;
}

/**
 * A relational database in the default VPC: an RDS instance (PostgreSQL,
 * MySQL, MariaDB, with optional read replicas) or an Aurora cluster
 * (provisioned or Serverless v2). Storage encrypted, TLS required by its
 * parameter group, automated backups, deletion protection and a final
 * snapshot on delete; never publicly accessible.
 *
 * Children (ids for `transform` / YAML `overrides`, names `<name>-<child-id>`,
 * `-<n>` after it for each read replica and cluster instance): `subnetGroup`,
 * `securityGroup`, `vpcIngress` (mode `vpc` only), then `parameterGroup`,
 * `instance`, `readReplica` (RDS instances) or `clusterParameterGroup`,
 * `cluster`, `clusterInstance` (Aurora).
 *
 * @example
 * const db = new RelationalDatabase("db", {
 *   engine: { type: "postgres", properties: { dbName: "app", primaryInstance: { instanceSize: "db.t4g.micro" } } },
 *   credentials: { masterUserPassword: config.requireSecret("dbPassword") },
 * });
 * export const host = db.host;
 */
export class RelationalDatabase extends Component<typeof relationalDatabaseDefinition, Omit<RelationalDatabaseArgs, "transform">> implements Connectable {
  /** The writer's endpoint. */
  public readonly host: pulumi.Output<string>;
  public readonly port: pulumi.Output<number>;
  public readonly dbName: pulumi.Output<string>;
  /** `postgresql://` or `mysql://` URL with the user and password (secret). */
  public readonly connectionString: pulumi.Output<string>;
  /** `jdbc:` URL with the user and password (secret). */
  public readonly jdbcConnectionString: pulumi.Output<string>;
  /** The readers' endpoint; only with readers. */
  public readonly readerHost?: pulumi.Output<string>;
  public readonly readerConnectionString?: pulumi.Output<string>;
  public readonly readerJdbcConnectionString?: pulumi.Output<string>;
  /** The database's security group: `connectTo` adds ingress rules to it. */
  public readonly securityGroupId: pulumi.Output<string>;
  /** The instance's or the cluster's ARN. */
  public readonly arn: pulumi.Output<string>;
  /** Whether connected workloads must be let in one by one (`scoping-workloads-in-vpc`). */
  public readonly scoped: boolean;

  constructor(name: string, args: RelationalDatabaseArgs, opts?: pulumi.ComponentResourceOptions) {
    const { transform, ...properties } = args;
    // The database keeps using these: a retained database keeps them too (RDS refuses their delete while it exists).
    const usedByData = ["aws:rds/subnetGroup:SubnetGroup", "aws:rds/parameterGroup:ParameterGroup", "aws:rds/clusterParameterGroup:ClusterParameterGroup", "aws:ec2/securityGroup:SecurityGroup"];
    super(relationalDatabaseDefinition, name, { properties, transform, usedByData }, opts);
    const p = this.properties;
    const kind = ENGINES[literal(p.engine.type)];
    const e: DeepInput<RelationalEngineProperties> = p.engine.properties ?? {};
    const given = p.credentials?.masterUserPassword;
    const network = this.network(kind, e.port ?? kind.defaultPort);
    const logging = p.logging ?? {};
    const shared: Shared = {
      kind, e,
      version: e.version ?? kind.defaultVersion,
      port: e.port ?? kind.defaultPort,
      user: p.credentials?.masterUserName ?? "dbadmin",
      password: given === undefined ? undefined : pulumi.secret(pulumi.output(given)),
      ...network,
      logTypes: literal(logging.disabled) ? [] : (logging.logTypes ?? defaultLogTypes(kind)),
    };
    const ends = kind.cluster ? this.auroraCluster(shared) : this.rdsInstance(shared);

    this.host = ends.host;
    this.port = pulumi.output(shared.port);
    this.dbName = pulumi.output(e.dbName ?? kind.defaultDb);
    const urls = (host: pulumi.Output<string>) => pulumi.secret(
      pulumi.all([shared.user, shared.password, host, shared.port, this.dbName]).apply(([user, password, h, port, db]) => connectionUrls(kind, { user, password, host: h, port, db })),
    );
    const writer = urls(ends.host);
    this.connectionString = writer.apply((u) => u.url);
    this.jdbcConnectionString = writer.apply((u) => u.jdbc);
    if (ends.readerHost) {
      const reader = urls(ends.readerHost);
      this.readerHost = ends.readerHost;
      this.readerConnectionString = reader.apply((u) => u.url);
      this.readerJdbcConnectionString = reader.apply((u) => u.jdbc);
    }
    this.securityGroupId = network.securityGroup.id;
    this.scoped = literal(p.accessibility?.accessibilityMode) === "scoping-workloads-in-vpc";
    this.arn = ends.arn;
    this.registerOutputs({
      host: this.host, port: this.port, dbName: this.dbName, connectionString: this.connectionString, jdbcConnectionString: this.jdbcConnectionString,
      readerHost: this.readerHost, readerConnectionString: this.readerConnectionString, readerJdbcConnectionString: this.readerJdbcConnectionString,
      securityGroupId: this.securityGroupId, arn: this.arn,
    });
  }

  /** The database's place in the default VPC: its subnet group, its security group, and (mode `vpc`) the port open to the VPC. */
  private network(kind: EngineKind, port: pulumi.Input<number>) {
    const { children } = this;
    const name = children.name;
    const vpc = defaultVpc(this);
    const subnetGroup = children.make("subnetGroup", aws.rds.SubnetGroup, {
      description: `Subnets of relational database ${name}`,
      subnetIds: vpc.subnetIds,
    });
    const securityGroup = children.make("securityGroup", aws.ec2.SecurityGroup, {
      // The same for every accessibilityMode: a security group's description is force-new
      // (aws-rules/replacement-table.ts); the rules say where traffic comes from.
      description: `Relational database ${name}: ingress to its port only`,
      vpcId: vpc.id,
      tags: { Name: `${name}-${kind.engine}` },
    });
    if (literal(this.properties.accessibility?.accessibilityMode ?? "vpc") === "vpc") {
      children.make("vpcIngress", aws.vpc.SecurityGroupIngressRule, {
        securityGroupId: securityGroup.id,
        description: "The database port from inside the VPC",
        ipProtocol: "tcp",
        fromPort: port,
        toPort: port,
        cidrIpv4: vpc.cidrBlock,
      });
    }
    return { subnetGroup, securityGroup };
  }

  /** The parameter family of the engine's version, and the parameter that refuses connections without TLS (aws-rules/rds-facts.ts). */
  private tls(s: Shared) {
    return {
      family: pulumi.output(s.version).apply((v) => parameterFamily(s.kind.engine, v) ?? `${s.kind.engine}${v}`),
      parameters: [{ ...tlsParameter(s.kind.engine), applyMethod: "immediate" }],
    };
  }

  /** What an instance or a cluster keeps the same way: backups, deletion protection, a final snapshot. */
  private keeping(s: Shared) {
    const p = this.properties;
    return {
      backupRetentionPeriod: p.automatedBackupRetentionDays ?? 7,
      deletionProtection: p.deletionProtection ?? true,
      copyTagsToSnapshot: true,
      skipFinalSnapshot: false,
      finalSnapshotIdentifier: finalSnapshotName(this.children.name, { engine: s.kind.engine, dbName: s.e.dbName, user: s.user }),
      storageEncrypted: true,
      allowMajorVersionUpgrade: s.e.allowMajorVersionUpgrade ?? false,
      applyImmediately: true,
    };
  }

  /** postgres, mysql, mariadb: the primary instance and its read replicas. */
  private rdsInstance(s: Shared): Endpoints {
    const { children } = this;
    const parameterGroup = children.make("parameterGroup", aws.rds.ParameterGroup, {
      description: `Relational database ${children.name}: TLS required`,
      ...this.tls(s),
    });
    const primary = s.e.primaryInstance;
    const instance = children.make("instance", aws.rds.Instance, {
      engine: s.kind.engine,
      engineVersion: s.version,
      instanceClass: primary?.instanceSize ?? "db.t4g.micro",
      multiAz: primary?.multiAz ?? false,
      allocatedStorage: s.e.allocatedStorage ?? 20,
      maxAllocatedStorage: s.e.maxAllocatedStorage,
      storageType: "gp3",
      dbName: s.e.dbName,
      port: s.port,
      username: s.user,
      ...(s.password ? { password: s.password } : { manageMasterUserPassword: true }),
      dbSubnetGroupName: s.subnetGroup.name,
      vpcSecurityGroupIds: [s.securityGroup.id],
      parameterGroupName: parameterGroup.name,
      publiclyAccessible: false,
      autoMinorVersionUpgrade: true,
      enabledCloudwatchLogsExports: s.logTypes,
      ...this.keeping(s),
    });
    const replicas = (s.e.readReplicas ?? []).map((r, i) => children.suffixed(`-${i}`).make("readReplica", aws.rds.Instance, {
      replicateSourceDb: instance.identifier,
      instanceClass: r.instanceSize,
      multiAz: r.multiAz ?? false,
      port: s.port,
      vpcSecurityGroupIds: [s.securityGroup.id],
      parameterGroupName: parameterGroup.name,
      publiclyAccessible: false,
      autoMinorVersionUpgrade: true,
      enabledCloudwatchLogsExports: s.logTypes,
      // A replica keeps no backups of its own and leaves no final snapshot: the primary has them.
      backupRetentionPeriod: 0,
      skipFinalSnapshot: true,
      deletionProtection: this.properties.deletionProtection ?? true,
      applyImmediately: true,
    }));
    return { host: instance.address, readerHost: replicas[0]?.address, arn: instance.arn };
  }

  /** Aurora: the cluster and its instances, the first the writer. */
  private auroraCluster(s: Shared): Endpoints {
    const { children } = this;
    const parameterGroup = children.make("clusterParameterGroup", aws.rds.ClusterParameterGroup, {
      description: `Relational database ${children.name}: TLS required`,
      ...this.tls(s),
    });
    const cluster = children.make("cluster", aws.rds.Cluster, {
      // pulumi-aws does not auto-name clusters (pulumi/pulumi-aws#1301 reverted it): without this, tf-<26 digits>.
      ...identifierPrefix("clusterIdentifierPrefix", children.name),
      engine: s.kind.engine,
      engineMode: "provisioned",
      engineVersion: s.version,
      databaseName: s.e.dbName,
      port: s.port,
      masterUsername: s.user,
      ...(s.password ? { masterPassword: s.password } : { manageMasterUserPassword: true }),
      dbSubnetGroupName: s.subnetGroup.name,
      vpcSecurityGroupIds: [s.securityGroup.id],
      dbClusterParameterGroupName: parameterGroup.name,
      enabledCloudwatchLogsExports: s.logTypes,
      serverlessv2ScalingConfiguration: s.kind.serverless ? { minCapacity: s.e.minCapacity ?? 0.5, maxCapacity: s.e.maxCapacity ?? 4 } : undefined,
      ...this.keeping(s),
    });
    const listed = s.e.instances ?? [];
    const instances = listed.length ? listed : [{}];
    instances.forEach((x, i) => children.suffixed(`-${i}`).make("clusterInstance", aws.rds.ClusterInstance, {
      ...identifierPrefix("identifierPrefix", `${children.name}-${i}`),
      clusterIdentifier: cluster.id,
      // A cluster's engine is aurora-postgresql or aurora-mysql (engines.ts), both of the provider's EngineType.
      engine: s.kind.engine as aws.rds.EngineType,
      engineVersion: cluster.engineVersion,
      instanceClass: s.kind.serverless ? "db.serverless" : (x.instanceSize ?? "db.t4g.medium"),
      dbSubnetGroupName: s.subnetGroup.name,
      publiclyAccessible: false,
      autoMinorVersionUpgrade: true,
      // The first is the writer: failover promotes the lowest tier first.
      promotionTier: i,
      applyImmediately: true,
    }));
    return { host: cluster.endpoint, readerHost: instances.length > 1 ? cluster.readerEndpoint : undefined, arn: cluster.arn };
  }

  /** connectTo: the connection strings (secrets), host and port; VPC only; scoped databases let the workload in. */
  public connection(): Connection {
    return {
      variables: connectionVariablesOf(RELATIONAL_CONNECTION_VARIABLES, paramOutputs(this, relationalDatabaseParams)),
      statements: [],
      vpcOnly: relationalDatabaseDefinition.connectable?.vpcOnly,
      ingress: this.scoped ? { securityGroupId: this.securityGroupId, port: this.port } : undefined,
    };
  }
}
