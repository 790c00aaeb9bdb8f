// What a table makes for each function reading its stream: the function's
// permission to read it (on the stream's ARN) and the event source mapping,
// after the permission (Lambda checks the role when the mapping is made).
import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import type { ChildFactory } from "../../shared/component/child-factory";
import type { DYNAMO_DB_TABLE_CHILDREN } from "./child-ids";
import type { FunctionDynamoDbStreamEventProperties } from "./event-properties";
import { DEFAULT_BATCH_SIZE, DEFAULT_STARTING_POSITION, STREAM_EVENT_INPUTS } from "./stream-events";

/** Each field may be a Pulumi Input (of a value, never of undefined). */
type Inputs<T> = { [K in keyof T]: pulumi.Input<Exclude<T[K], undefined>> };

/** A function reading the table's stream (a YAML function's `dynamo-db-stream` event): its Lambda function and role, and the event's settings. */
export interface TableStreamReader extends Inputs<Omit<FunctionDynamoDbStreamEventProperties, "dynamoDbTableName">> {
  /** Names its children (`<table>-stream-mapping-<name>`, `<table>-stream-read-policy-<name>`; YAML: the function's Lambda child's name). */
  name: string;
  /** The function's ARN. */
  functionArn: pulumi.Input<string>;
  /** Its execution role's name: it gets read access to the stream. */
  roleName: pulumi.Input<string>;
}

/**
 * The actions Lambda's event source mapping needs of a DynamoDB stream, on the
 * stream's ARN (DynamoDB's own example policy for a function reading a stream:
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/iam-policy-example-lamda-process-dynamodb-streams.html).
 */
export const STREAM_READ_ACTIONS = ["dynamodb:DescribeStream", "dynamodb:GetRecords", "dynamodb:GetShardIterator", "dynamodb:ListStreams"];

export function streamReaders(children: ChildFactory<typeof DYNAMO_DB_TABLE_CHILDREN>, streamArn: pulumi.Output<string>, readers: TableStreamReader[]): void {
  for (const r of readers) {
    const of = children.suffixed(`-${r.name}`);
    const policy = of.make("streamReadPolicy", aws.iam.RolePolicy, {
      role: r.roleName,
      policy: pulumi.jsonStringify({ Version: "2012-10-17", Statement: [{ Effect: "Allow", Action: STREAM_READ_ACTIONS, Resource: streamArn }] }),
    });
    const settings = Object.fromEntries(Object.entries(STREAM_EVENT_INPUTS).map(([field, input]) => [input, r[field as keyof typeof STREAM_EVENT_INPUTS]]));
    of.make("streamMapping", aws.lambda.EventSourceMapping, {
      eventSourceArn: streamArn,
      functionName: r.functionArn,
      ...settings,
      startingPosition: r.startingPosition ?? DEFAULT_STARTING_POSITION,
      batchSize: r.batchSize ?? DEFAULT_BATCH_SIZE,
    }, { dependsOn: [policy] });
  }
}
