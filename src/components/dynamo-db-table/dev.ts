// A dynamo-db-table, locally: a table of dev's local DynamoDB
// (src/dev/aws-services/dynamodb.ts: dynalite behind a front of stackfile's
// that adds streams and TTL settings), one server per session shared by the
// stack's tables (a workload's SDK client has one DynamoDB endpoint), its
// items in memory for the session. The table is created with its keys,
// indexes, billing, stream and TTL attribute; made again (empty) only when
// those change. The functions whose `dynamo-db-stream` events name it get its
// stream records as an event source mapping would (sources.ts).
import type { DevResource, DevType, LocalOutputs } from "../../shared/component/local-runner";
import { ApplyError } from "../../shared/component/local-runner";
import { LOCAL_ACCOUNT, LOCAL_CREDENTIALS, startDynamoDb, startStreamSource, type RunningSource, localSdkOutputs } from "../../dev/aws-services";
import type { DynamoDbSecondaryIndex, DynamoDbTableProperties, dynamoDbTableParams } from "./properties";
import { DYNAMO_DB_LOCAL_VARIABLES, dynamoDbTableDefinition } from "./definition";
import { attributeDefinitions, PROJECTION } from "./table-shape";

/** The table's name locally: the resource's name as DynamoDB takes it (3 to 255 of `A-Za-z0-9_.-`). */
export const localTableName = (resource: string) => resource.replace(/[^A-Za-z0-9_.-]/g, "-").padEnd(3, "_").slice(0, 255);

const keySchema = (k: { partitionKey: { name: string }; sortKey?: { name: string } }) => [
  { AttributeName: k.partitionKey.name, KeyType: "HASH" }, ...(k.sortKey ? [{ AttributeName: k.sortKey.name, KeyType: "RANGE" }] : []),
];

/**
 * The capacity an on-demand table is created with locally: dynalite 4.0.0
 * takes no BillingMode (it requires ProvisionedThroughput) and throttles
 * nothing, so the number only fills the field.
 */
export const LOCAL_ON_DEMAND_UNITS = 1000;

/** CreateTable's input for the properties (https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_CreateTable.html). */
export function createTableInput(tableName: string, p: DynamoDbTableProperties): Record<string, unknown> {
  const indexes: DynamoDbSecondaryIndex[] = p.secondaryIndexes ?? [];
  // The schema's defaults fill in an object left out: provisioned means units given.
  const t = typeof p.provisionedThroughput?.readUnits === "number" ? p.provisionedThroughput : undefined;
  const throughput = {
    ProvisionedThroughput: t ? { ReadCapacityUnits: t.readUnits, WriteCapacityUnits: t.writeUnits } : { ReadCapacityUnits: LOCAL_ON_DEMAND_UNITS, WriteCapacityUnits: LOCAL_ON_DEMAND_UNITS },
  };
  return {
    TableName: tableName,
    AttributeDefinitions: attributeDefinitions(p.primaryKey, indexes).map((a) => ({ AttributeName: a.name, AttributeType: a.type })),
    KeySchema: keySchema(p.primaryKey),
    ...throughput,
    ...(indexes.length ? {
      GlobalSecondaryIndexes: indexes.map((i) => ({
        IndexName: i.name, KeySchema: keySchema(i),
        Projection: { ProjectionType: PROJECTION[i.projectionType ?? "all"], ...(i.nonKeyAttributes ? { NonKeyAttributes: i.nonKeyAttributes } : {}) },
        ...throughput,
      })),
    } : {}),
    ...(p.streamType ? { StreamSpecification: { StreamEnabled: true, StreamViewType: p.streamType } } : {}),
  };
}

/** One call of the local DynamoDB's API (AWS JSON 1.0); throws with DynamoDB's message when it refuses. */
async function call(endpoint: string, op: string, input: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await fetch(endpoint, {
    method: "POST",
    headers: {
      "content-type": "application/x-amz-json-1.0", "x-amz-target": `DynamoDB_20120810.${op}`, "x-amz-date": "20260101T000000Z",
      authorization: `AWS4-HMAC-SHA256 Credential=${LOCAL_CREDENTIALS.accessKeyId}/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host;x-amz-date, Signature=0`,
    },
    body: JSON.stringify(input),
  });
  const body = (await res.json().catch(() => ({}))) as Record<string, any>;
  if (!res.ok) throw new Error(`${op}: ${String(body.message ?? body.Message ?? res.status)}`);
  return body;
}

export const dynamoDbTableDev: DevType = {
  runner(ctx) {
    const server = ctx.shared("dynamodb", () => startDynamoDb({ log: ctx.logger("dynamodb") }));
    /** The tables of this session: resource name -> local table name. */
    const tables = new Map<string, string>();
    let sources: RunningSource[] = [];
    const stopSources = async () => {
      const stopping = sources;
      sources = [];
      await Promise.all(stopping.map((s) => s.stop()));
    };

    return {
      async apply({ name, props }) {
        const p = props as DynamoDbTableProperties;
        const tableName = localTableName(name);
        const input = createTableInput(tableName, p);
        const fingerprint = JSON.stringify({ input, ttl: p.ttlAttributeName });
        // Held under its settings: a table made again holds the server before the old one lets go, so the endpoint stays.
        const holder = `${name} ${fingerprint}`;
        const db = await server.hold(holder);
        if (ctx.running(name)?.fingerprint !== fingerprint) {
          await ctx.stop(name);
          try {
            await call(db.endpoint, "CreateTable", input);
            if (p.ttlAttributeName) await call(db.endpoint, "UpdateTimeToLive", { TableName: tableName, TimeToLiveSpecification: { AttributeName: p.ttlAttributeName, Enabled: true } });
          } catch (err) {
            // Nothing runs for the table: the server stops unless another table holds it.
            await call(db.endpoint, "DeleteTable", { TableName: tableName }).catch(() => undefined);
            await server.release(holder);
            throw new ApplyError([{ resource: name, path: [], message: `the local DynamoDB refused table ${tableName}: ${(err as Error).message}` }]);
          }
          tables.set(name, tableName);
          ctx.run(name, {
            type: dynamoDbTableDefinition.type, fingerprint, address: `${db.endpoint} (table ${tableName})`,
            stop: async () => {
              await stopSources();
              await call(db.endpoint, "DeleteTable", { TableName: tableName }).catch(() => undefined);
              tables.delete(name);
              await server.release(holder);
            },
          });
        }
        const outputs: LocalOutputs<typeof dynamoDbTableParams> = {
          name: tableName, arn: `arn:aws:dynamodb:${db.region}:${LOCAL_ACCOUNT}:table/${tableName}`, streamArn: db.streamOf(tableName)?.arn,
        };
        // Beside the parameters, what a connected workload's SDK reaches the local DynamoDB with (definition.ts, DYNAMO_DB_LOCAL_VARIABLES).
        const local: Record<(typeof DYNAMO_DB_LOCAL_VARIABLES)[keyof typeof DYNAMO_DB_LOCAL_VARIABLES], string> = localSdkOutputs(db.endpoint, db.region);
        ctx.setOutputs(name, { ...outputs, ...local });
      },

      /** The functions running here read their tables' streams: one source per `dynamo-db-stream` event, started again each round. */
      settle(resources: DevResource[]) {
        void stopSources().then(() => {
          const db = server.current;
          if (!db) return;
          for (const r of resources) {
            const table = tables.get(r.name);
            if (!table) continue;
            for (const e of ctx.eventsOf(r.name)) {
              const invoker = ctx.invoker(e.source);
              if (!invoker) continue;
              const num = (v: unknown) => (typeof v === "number" ? v : undefined);
              sources.push(startStreamSource({
                dynamodb: db, table,
                batchSize: num(e.properties.batchSize), maximumRetryAttempts: num(e.properties.maximumRetryAttempts),
                invoke: async (event) => {
                  const got = await invoker(event);
                  if (!got.ok) throw new Error(got.error);
                  return got.result;
                },
                log: ctx.logger(r.name),
              }));
            }
          }
        });
      },
    };
  },
};
