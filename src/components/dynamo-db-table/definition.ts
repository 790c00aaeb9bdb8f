// The dynamo-db-table resource type as data: what the YAML adapter, `dev` and
// the component read (schema name, parameters, child ids, literal-only fields,
// rules, what connectTo gives).
import { componentDefinition } from "../../shared/component/component-definition";
import { connectionTable } from "../../shared/workloads/connection-variables";
import { dynamoDbTableParams } from "./properties";
import { dynamoDbTableStaticProblems, dynamoDbTableUpdateProblems, dynamoDbTableWarnings } from "./rules";
import { DYNAMO_DB_TABLE_CHILD_IDS, DYNAMO_DB_TABLE_CHILDREN } from "./child-ids";
import { describeStreamEvent, STREAM_EVENT, streamEventProblems } from "./stream-events";

/** connectTo's variables (the spec's key-value table row); STREAM_ARN only when the table has a stream. */
export const DYNAMO_DB_TABLE_CONNECTION_VARIABLES = connectionTable(dynamoDbTableParams, { NAME: ["name"], ARN: ["arn"], STREAM_ARN: ["streamArn"] });

/**
 * In `dev`, a connected workload's AWS SDK reaches the local DynamoDB: its
 * service-specific endpoint (https://docs.aws.amazon.com/sdkref/latest/guide/feature-ss-endpoints.html),
 * the local region and credentials (dev.ts sets these local outputs).
 */
export const DYNAMO_DB_LOCAL_VARIABLES = {
  AWS_ENDPOINT_URL_DYNAMODB: "localEndpoint", AWS_REGION: "localRegion", AWS_ACCESS_KEY_ID: "localAccessKeyId", AWS_SECRET_ACCESS_KEY: "localSecretAccessKey",
} as const;

const key = (...at: (string | number)[]) => [[...at, "name"], [...at, "type"]];

export const dynamoDbTableDefinition = componentDefinition({
  type: "dynamo-db-table",
  definition: "DynamoDbTableProperties",
  propertiesFile: "src/components/dynamo-db-table/properties.ts",
  token: "stackfile:index:DynamoDbTable",
  propertiesOptional: false,
  params: dynamoDbTableParams,
  availableParams: (props) => Object.keys(dynamoDbTableParams).filter((name) => name !== "streamArn" || props.streamType !== undefined),
  // Keys and indexes decide the table's attribute definitions; the stream decides its parameter and its events' mappings.
  literalOnly: [
    ...key("primaryKey", "partitionKey"), ...key("primaryKey", "sortKey"),
    ["secondaryIndexes", "*", "name"], ...key("secondaryIndexes", "*", "partitionKey"), ...key("secondaryIndexes", "*", "sortKey"),
    ["secondaryIndexes", "*", "projectionType"], ["streamType"], ["ttlAttributeName"],
  ].map((path) => path.map(String)),
  connectable: { vpcOnly: false, variables: DYNAMO_DB_TABLE_CONNECTION_VARIABLES, localVariables: DYNAMO_DB_LOCAL_VARIABLES },
  // A function's `dynamo-db-stream` event is an event source mapping on the table's stream, with the function's permission to read it, made by the table.
  eventTarget: { ...STREAM_EVENT, eventProblems: streamEventProblems, describe: describeStreamEvent },
  childIds: DYNAMO_DB_TABLE_CHILD_IDS,
  children: DYNAMO_DB_TABLE_CHILDREN,
  staticRules: dynamoDbTableStaticProblems,
  warnings: dynamoDbTableWarnings,
  updateRules: dynamoDbTableUpdateProblems,
});
