// RDS: DB instances (with read replicas), Aurora clusters and their instances, subnet and parameter groups.
import { arn, dnsSuffix, fromAlphabet, LOWER_ALNUM, MOCK_ACCOUNT, timestamp, UPPER_ALNUM, uuid, type Answer, type ModelRequest } from "./model";
import { secretArn } from "./secretsmanager";

/**
 * The port an engine listens on when none is given: 3306 for MySQL, MariaDB
 * and Aurora MySQL, 5432 for PostgreSQL and Aurora PostgreSQL
 * (https://docs.aws.amazon.com/AmazonRDS/latest/APIReference/API_CreateDBInstance.html and
 * API_CreateDBCluster.html, Port).
 */
export function defaultPort(engine: unknown): number | undefined {
  const e = String(engine ?? "");
  if (/postgres/.test(e)) return 5432;
  if (/mysql|mariadb/.test(e)) return 3306;
  return undefined;
}

/**
 * Endpoints: `<identifier>.<12 characters of the account and region>.<region>.rds.<dns suffix>`
 * for an instance, `<cluster>.cluster-<same>...` for a cluster's writer and
 * `<cluster>.cluster-ro-<same>...` for its readers
 * (https://docs.aws.amazon.com/AmazonRDS/latest/AuroraUserGuide/Aurora.Overview.Endpoints.html:
 * mydbcluster.cluster-c7tj4example.us-east-1.rds.amazonaws.com).
 */
const host = (region: string, first: string) => `${first}.${fromAlphabet(`${MOCK_ACCOUNT}/${region}`, 12, LOWER_ALNUM)}.${region}.rds.${dnsSuffix(region)}`;
const clusterHost = (region: string, id: string, reader: boolean) => {
  const [, rest] = /^[^.]+\.(.*)$/.exec(host(region, "x"))!;
  return `${id}.${reader ? "cluster-ro" : "cluster"}-${rest}`;
};

/** Resource ids: `db-` or `cluster-` and upper-case letters and digits (DbiResourceId, DbClusterResourceId; https://docs.aws.amazon.com/AmazonRDS/latest/UserGuide/UsingWithRDS.IAMDBAuth.IAMPolicy.html). */
const resourceId = (prefix: string, seed: string) => `${prefix}-${fromAlphabet(seed, 26, UPPER_ALNUM)}`;

/**
 * With manageMasterUserPassword, RDS keeps the password in a secret of its own,
 * named `rds!db-<uuid>` or `rds!cluster-<uuid>`, and answers it in MasterUserSecret
 * (https://docs.aws.amazon.com/AmazonRDS/latest/UserGuide/rds-secrets-manager.html).
 */
function masterUserSecrets(r: ModelRequest, kind: "db" | "cluster"): Record<string, string>[] | undefined {
  if (r.inputs.manageMasterUserPassword !== true) return undefined;
  const name = `rds!${kind}-${uuid(`${r.type}/${r.name}/secret`)}`;
  return [{
    secretArn: secretArn(r.region, name, `${r.type}/${r.name}/secret`),
    secretStatus: "active",
    kmsKeyId: r.inputs.masterUserSecretKmsKeyId ?? arn(r.region, "kms", `key/${uuid(`${r.region}/aws/secretsmanager`)}`),
  }];
}

export const RDS: Record<string, Answer> = {
  // Since terraform-provider-aws v5 the instance's id is its resource id and the identifier an attribute
  // (internal/service/rds/instance.go); RDS keeps identifiers in lower case. ARN db:${DbInstanceName}
  // (https://docs.aws.amazon.com/AmazonRDS/latest/UserGuide/USER_Tagging.ARN.Constructing.html).
  "aws:rds/instance:Instance": (r) => {
    const identifier = r.physical.toLowerCase();
    const source = r.inputs.replicateSourceDb ? r.existing(r.type).find((x) => x.state.identifier === r.inputs.replicateSourceDb || x.state.arn === r.inputs.replicateSourceDb) : undefined;
    const engine = r.inputs.engine ?? source?.state.engine;
    const port = r.inputs.port ?? source?.state.port ?? defaultPort(engine);
    const address = host(r.region, identifier);
    return {
      id: resourceId("db", `${r.type}/${r.name}`),
      state: {
        ...r.inputs,
        identifier,
        engine,
        engineVersionActual: r.inputs.engineVersion ?? source?.state.engineVersionActual,
        arn: arn(r.region, "rds", `db:${identifier}`),
        address,
        port,
        endpoint: `${address}:${port}`,
        resourceId: resourceId("db", `${r.type}/${r.name}`),
        masterUserSecrets: masterUserSecrets(r, "db"),
        status: "available",
        latestRestorableTime: timestamp(`${r.type}/${r.name}`).toISOString(),
      },
    };
  },
  // A cluster's id is its identifier (internal/service/rds/cluster.go); ARN cluster:${DbClusterInstanceName}.
  "aws:rds/cluster:Cluster": (r) => {
    const id = r.physical.toLowerCase();
    return {
      id,
      state: {
        ...r.inputs,
        clusterIdentifier: id,
        arn: arn(r.region, "rds", `cluster:${id}`),
        endpoint: clusterHost(r.region, id, false),
        readerEndpoint: clusterHost(r.region, id, true),
        port: r.inputs.port ?? defaultPort(r.inputs.engine),
        clusterResourceId: resourceId("cluster", `${r.type}/${r.name}`),
        engineVersionActual: r.inputs.engineVersion,
        masterUserSecrets: masterUserSecrets(r, "cluster"),
        clusterMembers: [],
      },
    };
  },
  // A cluster instance's id is its identifier and its endpoint the address alone
  // (internal/service/rds/cluster_instance.go: endpoint = Endpoint.Address). The first instance of a
  // cluster is its writer (https://docs.aws.amazon.com/AmazonRDS/latest/AuroraUserGuide/Aurora.Overview.html).
  "aws:rds/clusterInstance:ClusterInstance": (r) => {
    const id = r.physical.toLowerCase();
    const cluster = r.existing("aws:rds/cluster:Cluster").find((c) => c.state.clusterIdentifier === r.inputs.clusterIdentifier);
    const writer = !r.existing(r.type).some((x) => x.inputs.clusterIdentifier === r.inputs.clusterIdentifier && x.state.identifier !== id);
    return {
      id,
      state: {
        ...r.inputs,
        identifier: id,
        arn: arn(r.region, "rds", `db:${id}`),
        endpoint: host(r.region, id),
        port: cluster?.state.port ?? defaultPort(r.inputs.engine),
        dbiResourceId: resourceId("db", `${r.type}/${r.name}`),
        engineVersionActual: r.inputs.engineVersion ?? cluster?.state.engineVersionActual,
        storageEncrypted: cluster?.inputs.storageEncrypted === true,
        writer,
      },
    };
  },
  // Groups have their name as id; ARNs subgrp:, pg:, cluster-pg: (USER_Tagging.ARN.Constructing.html).
  "aws:rds/subnetGroup:SubnetGroup": (r) => ({
    id: r.physical,
    state: { ...r.inputs, name: r.physical, arn: arn(r.region, "rds", `subgrp:${r.physical}`), supportedNetworkTypes: ["IPV4"] },
  }),
  "aws:rds/parameterGroup:ParameterGroup": (r) => ({ id: r.physical, state: { ...r.inputs, name: r.physical, arn: arn(r.region, "rds", `pg:${r.physical}`) } }),
  "aws:rds/clusterParameterGroup:ClusterParameterGroup": (r) => ({ id: r.physical, state: { ...r.inputs, name: r.physical, arn: arn(r.region, "rds", `cluster-pg:${r.physical}`) } }),
};
