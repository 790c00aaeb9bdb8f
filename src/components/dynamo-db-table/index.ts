import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import type { DynamoDbCapacityScaling, DynamoDbTableProperties } from "./properties";
import { attributeDefinitions, PROJECTION } from "./table-shape";
import { dynamoDbTableParams } from "./properties";
import type { DYNAMO_DB_TABLE_CHILDREN } from "./child-ids";
import { DYNAMO_DB_TABLE_CONNECTION_VARIABLES, dynamoDbTableDefinition } from "./definition";
import { Component, literal } from "../../shared/component/component";
import type { ChildTransforms } from "../../shared/component/children";
import type { DeepInput } from "../../shared/component/inputs";
import { paramOutputs } from "../../shared/component/stack-component";
import { connectionVariablesOf, type Connectable, type Connection } from "../../shared/workloads/connect-to";
import { streamReaders, type TableStreamReader } from "./stream-readers";
import type { Problem } from "../../shared/messages/problem";

/**
 * Arguments of {@link DynamoDbTable}: the YAML properties. Keys, indexes, the
 * stream and the TTL attribute are plain values (they decide the table's
 * shape); capacities and point-in-time recovery may be Pulumi Inputs.
 */
export interface DynamoDbTableArgs extends Omit<DynamoDbTableProperties, "provisionedThroughput" | "enablePointInTimeRecovery"> {
  provisionedThroughput?: DeepInput<Omit<DynamoDbTableProperties["provisionedThroughput"] & object, "readScaling" | "writeScaling">> & {
    readScaling?: DeepInput<DynamoDbCapacityScaling>;
    writeScaling?: DeepInput<DynamoDbCapacityScaling>;
  };
  enablePointInTimeRecovery?: pulumi.Input<boolean>;
  /** Functions that read the table's stream (it needs a `streamType`): an event source mapping and a role policy each. */
  streamReaders?: TableStreamReader[];
  /** Adjusts a child's arguments before it is created, by child id (see the class docs). */
  transform?: ChildTransforms<typeof DYNAMO_DB_TABLE_CHILDREN>;
}

/** Stream readers need a stream: the same refusal as a stack file's `dynamo-db-stream` event naming a table without one. */
function readerProblems(view: Record<string, unknown>, readers: TableStreamReader[] | undefined): Problem[] {
  if (!readers?.length || view.streamType !== undefined) return [];
  return [{ path: ["streamReaders"], message: "streamReaders read the table's stream, and this table has none", hint: "set streamType (KEYS_ONLY, NEW_IMAGE, OLD_IMAGE or NEW_AND_OLD_IMAGES)" }];
}

/**
 * A DynamoDB table: on-demand unless `provisionedThroughput` is set (then
 * with optional auto scaling of its reads and writes), encryption at rest
 * with an AWS managed KMS key always on.
 *
 * Children (ids for `transform` / YAML `overrides`, names `<name>-<child-id>`):
 * `table`; `readScalingTarget`, `readScalingPolicy`, `writeScalingTarget`,
 * `writeScalingPolicy` (with auto scaling); per stream reader `streamMapping`
 * and `streamReadPolicy` (suffixed `-<reader's name>`).
 *
 * @example
 * const orders = new DynamoDbTable("orders", {
 *   primaryKey: { partitionKey: { name: "id", type: "string" } },
 *   streamType: "NEW_AND_OLD_IMAGES",
 * });
 * export const tableName = orders.name;
 */
export class DynamoDbTable extends Component<typeof dynamoDbTableDefinition, Omit<DynamoDbTableArgs, "transform" | "streamReaders">> implements Connectable {
  public readonly name: pulumi.Output<string>;
  public readonly arn: pulumi.Output<string>;
  /** The stream's ARN; only with a `streamType`. */
  public readonly streamArn?: pulumi.Output<string>;
  public readonly table: aws.dynamodb.Table;

  constructor(name: string, args: DynamoDbTableArgs, opts?: pulumi.ComponentResourceOptions) {
    const { transform, streamReaders: readers, ...properties } = args;
    super(dynamoDbTableDefinition, name, { properties, transform, problems: (view) => readerProblems(view, readers) }, opts);
    // What is given decides what is made (the defaults fill in objects that were left out).
    const given = properties.provisionedThroughput;
    const throughput = given ? { read: given.readScaling !== undefined, write: given.writeScaling !== undefined } : undefined;

    const table = this.table = this.makeTable(throughput);
    if (throughput?.read) this.autoScale("read", table);
    if (throughput?.write) this.autoScale("write", table);

    this.name = table.name;
    this.arn = table.arn;
    if (literal(this.properties.streamType) !== undefined) this.streamArn = table.streamArn;
    if (this.streamArn) streamReaders(this.children, this.streamArn, readers ?? []);
    this.registerOutputs({ name: this.name, arn: this.arn, streamArn: this.streamArn });
  }

  /** The table: keys, billing, indexes, stream, TTL, point-in-time recovery and encryption at rest. */
  private makeTable(scaling: { read: boolean; write: boolean } | undefined): aws.dynamodb.Table {
    const p = this.properties;
    const indexes = p.secondaryIndexes ?? [];
    const t = scaling ? p.provisionedThroughput : undefined;
    const capacity = t ? { readCapacity: t.readUnits, writeCapacity: t.writeUnits } : {};
    // Auto scaling changes the table's capacity: the program keeps its starting value and leaves the rest to it
    // (https://www.pulumi.com/registry/packages/aws/api-docs/appautoscaling/policy/, DynamoDB Table Autoscaling).
    const scaled = [scaling?.read ? "readCapacity" : undefined, scaling?.write ? "writeCapacity" : undefined].filter((x): x is string => !!x);
    return this.children.make("table", aws.dynamodb.Table, {
      attributes: attributeDefinitions(p.primaryKey, indexes),
      hashKey: p.primaryKey.partitionKey.name,
      rangeKey: p.primaryKey.sortKey?.name,
      billingMode: t ? "PROVISIONED" : "PAY_PER_REQUEST",
      ...capacity,
      globalSecondaryIndexes: indexes.map((i) => ({
        name: i.name,
        hashKey: i.partitionKey.name,
        rangeKey: i.sortKey?.name,
        projectionType: PROJECTION[i.projectionType ?? "all"],
        nonKeyAttributes: i.nonKeyAttributes,
        ...capacity,
      })),
      pointInTimeRecovery: { enabled: p.enablePointInTimeRecovery },
      streamEnabled: p.streamType !== undefined,
      streamViewType: p.streamType,
      ttl: p.ttlAttributeName !== undefined ? { enabled: true, attributeName: p.ttlAttributeName } : undefined,
      // Encrypted at rest with the AWS managed key (aws/dynamodb) rather than an AWS owned one: its use shows in CloudTrail
      // (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/EncryptionAtRest.html).
      serverSideEncryption: { enabled: true },
    }, scaled.length ? { ignoreChanges: scaled } : {});
  }

  /** A capacity's scalable target and its target-tracking policy (Application Auto Scaling). */
  private autoScale(kind: "read" | "write", table: aws.dynamodb.Table): void {
    const t = this.properties.provisionedThroughput;
    const scaling = kind === "read" ? t.readScaling : t.writeScaling;
    const Kind = kind === "read" ? "Read" : "Write";
    const target = this.children.make(`${kind}ScalingTarget`, aws.appautoscaling.Target, {
      serviceNamespace: "dynamodb",
      resourceId: pulumi.interpolate`table/${table.name}`,
      scalableDimension: `dynamodb:table:${Kind}CapacityUnits`,
      minCapacity: scaling.minUnits,
      maxCapacity: scaling.maxUnits,
    });
    this.children.make(`${kind}ScalingPolicy`, aws.appautoscaling.Policy, {
      name: pulumi.interpolate`DynamoDB${Kind}CapacityUtilization:${target.resourceId}`,
      policyType: "TargetTrackingScaling",
      serviceNamespace: target.serviceNamespace,
      resourceId: target.resourceId,
      scalableDimension: target.scalableDimension,
      targetTrackingScalingPolicyConfiguration: {
        predefinedMetricSpecification: { predefinedMetricType: `DynamoDB${Kind}CapacityUtilization` },
        targetValue: scaling.keepUtilizationUnder,
      },
    });
  }

  /** connectTo (the spec's key-value table row): items and queries on the table and its indexes, describing its stream. */
  public connection(): Connection {
    const statements: Connection["statements"] = [{
      Action: ["dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:DeleteItem", "dynamodb:Scan", "dynamodb:Query"],
      Resource: [this.arn, pulumi.interpolate`${this.arn}/index/*`],
    }];
    if (this.streamArn) statements.push({ Action: ["dynamodb:DescribeStream"], Resource: [this.streamArn] });
    return {
      variables: connectionVariablesOf(DYNAMO_DB_TABLE_CONNECTION_VARIABLES, paramOutputs(this, dynamoDbTableParams)),
      statements,
      // From a function in the default VPC, DynamoDB is reached through the VPC's gateway endpoint.
      gatewayEndpoint: "dynamodb",
    };
  }
}
