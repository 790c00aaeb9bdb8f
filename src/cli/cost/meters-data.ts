// Where data lives: cache nodes, tables, database instances and capacity,
// buckets, secrets. Each meter reads the inputs AWS bills by.
import { HOURS_PER_MONTH } from "./price-table";
import { count, list, num, obj, str, type Charges, type FixedCharge, type MeterContext, type PricedResource } from "./meter-types";

/**
 * An ElastiCache replication group: every node bills its node type's hourly
 * price. Cluster mode: shards × (1 primary + replicas each); otherwise the
 * number of cache clusters, 1 unless set (pulumi-aws replicationGroup:
 * numNodeGroups, replicasPerNodeGroup, numCacheClusters).
 */
export function replicationGroup(r: PricedResource): Charges {
  const shards = r.inputs.numNodeGroups;
  const nodes = typeof shards === "number" ? shards * (1 + num(r.inputs.replicasPerNodeGroup, 0)) : num(r.inputs.numCacheClusters, 1);
  return cacheNodes(r, nodes);
}

/** A single ElastiCache cluster: its nodes. */
export function cacheCluster(r: PricedResource): Charges {
  return cacheNodes(r, num(r.inputs.numCacheNodes, 1));
}

function cacheNodes(r: PricedResource, nodes: number): Charges {
  const type = str(r.inputs.nodeType) ?? "(unset)";
  const engine = str(r.inputs.engine) ?? "redis";
  return {
    fixed: [{ what: `${count(nodes, `${type} node`)} × ${HOURS_PER_MONTH} h`, price: `elasticache.${engine}.${type}`, quantity: nodes * HOURS_PER_MONTH }],
  };
}

/**
 * A DynamoDB table: provisioned capacity (the table's and its global secondary
 * indexes') bills by the hour; on demand (PAY_PER_REQUEST) bills requests. A
 * table with no billing mode is provisioned (the API's default).
 */
export function dynamodbTable(r: PricedResource): Charges {
  const storage = { what: "storage", price: "dynamodb.storage", keys: ["storageGb" as const], quantity: (u: { storageGb: number }) => u.storageGb };
  if (r.inputs.billingMode === "PAY_PER_REQUEST") {
    return {
      usage: [
        { what: "write request units", price: "dynamodb.on-demand.write", keys: ["writes"], quantity: (u) => u.writes / 1e6 },
        { what: "read request units", price: "dynamodb.on-demand.read", keys: ["reads"], quantity: (u) => u.reads / 1e6 },
        storage,
      ],
    };
  }
  const indexes = list(r.inputs.globalSecondaryIndexes).map(obj);
  const wcu = num(r.inputs.writeCapacity, 0) + indexes.reduce((s, i) => s + num(i.writeCapacity, 0), 0);
  const rcu = num(r.inputs.readCapacity, 0) + indexes.reduce((s, i) => s + num(i.readCapacity, 0), 0);
  return {
    fixed: [
      { what: `${count(wcu, "write capacity unit")} × ${HOURS_PER_MONTH} h`, price: "dynamodb.provisioned.write", quantity: wcu * HOURS_PER_MONTH },
      { what: `${count(rcu, "read capacity unit")} × ${HOURS_PER_MONTH} h`, price: "dynamodb.provisioned.read", quantity: rcu * HOURS_PER_MONTH },
    ],
    usage: [storage],
  };
}

/** An RDS instance: its class by the hour and its allocated storage, both twice over Multi-AZ (a standby). */
export function rdsInstance(r: PricedResource): Charges {
  const copies = r.inputs.multiAz === true ? 2 : 1;
  const az = copies === 2 ? "Multi-AZ" : "single-AZ";
  const cls = str(r.inputs.instanceClass) ?? "(unset)";
  const gb = num(r.inputs.allocatedStorage, 0);
  const storage = str(r.inputs.storageType) ?? "gp2";
  const fixed: FixedCharge[] = [{ what: `${cls} (${az}) × ${HOURS_PER_MONTH} h`, price: `rds.${str(r.inputs.engine)}.${cls}`, quantity: copies * HOURS_PER_MONTH }];
  if (gb > 0) fixed.push({ what: `${gb} GB ${storage} storage (${az})`, price: `rds.storage.${storage}`, quantity: copies * gb });
  return { fixed };
}

/**
 * An Aurora cluster instance: `db.serverless` bills the cluster's minimum
 * capacity (ACUs) every hour, and what it scales to above that by use; a
 * provisioned class bills by the hour.
 */
export function auroraInstance(r: PricedResource, ctx: MeterContext): Charges {
  const cls = str(r.inputs.instanceClass) ?? "(unset)";
  if (cls !== "db.serverless") {
    return { fixed: [{ what: `${cls} × ${HOURS_PER_MONTH} h`, price: `aurora.${str(r.inputs.engine)}.${cls}`, quantity: HOURS_PER_MONTH }] };
  }
  const cluster = ctx.resources.find((c) => c.type === "aws:rds/cluster:Cluster" && (c.state.clusterIdentifier ?? c.state.id) === r.inputs.clusterIdentifier);
  const min = obj(cluster?.inputs.serverlessv2ScalingConfiguration).minCapacity;
  if (typeof min !== "number") return { unpriced: [`the minimum capacity of ${r.name}'s cluster is not known`] };
  return { fixed: [{ what: `minimum ${min} ACU × ${HOURS_PER_MONTH} h (Serverless v2)`, price: "aurora.serverless-v2", quantity: min * HOURS_PER_MONTH }] };
}

/** An S3 bucket: storage by use. */
export function bucket(): Charges {
  return { usage: [{ what: "Standard storage", price: "s3.storage.standard", keys: ["storageGb"], quantity: (u) => u.storageGb }] };
}

/** A Secrets Manager secret: a month each, and its API calls by use. */
export function secret(): Charges {
  return {
    fixed: [{ what: "1 secret", price: "secretsmanager.secret", quantity: 1 }],
    usage: [{ what: "API calls", price: "secretsmanager.api-calls", keys: ["apiCalls"], quantity: (u) => u.apiCalls / 1e4 }],
  };
}

/** An SQS queue: its requests by use (the FIFO price for a FIFO queue). */
export function queue(r: PricedResource): Charges {
  const kind = r.inputs.fifoQueue === true ? "fifo" : "standard";
  return { usage: [{ what: `${kind === "fifo" ? "FIFO" : "standard"} queue requests`, price: `sqs.requests.${kind}`, keys: ["requests"], quantity: (u) => u.requests / 1e6 }] };
}
