/**
 * Where a `dynamo-db-stream` event reads from: the stream of a table of this
 * stack, in batches. Lambda's parameters for DynamoDB event source mappings:
 * https://docs.aws.amazon.com/lambda/latest/dg/services-ddb-params.html.
 */
export interface FunctionDynamoDbStreamEventProperties {
  /**
   * Name of the `dynamo-db-table` resource of this stack whose stream the
   * function reads; the table needs a `streamType`.
   * @example "orders"
   */
  dynamoDbTableName: string;
  /**
   * Most records per invocation: 1 to 10,000.
   * @default 100
   * @multipleOf 1
   */
  batchSize?: number;
  /**
   * Where the function starts reading when the mapping is made: the oldest
   * record the stream keeps (24 hours: `TRIM_HORIZON`) or the records written
   * from then on (`LATEST`).
   * @default "TRIM_HORIZON"
   */
  startingPosition?: "TRIM_HORIZON" | "LATEST";
  /**
   * Seconds (0 to 300) Lambda gathers records before it invokes the function
   * with less than a full batch.
   * @default 0
   * @multipleOf 1
   */
  maxBatchWindowSeconds?: number;
  /**
   * Times a failed batch is retried (0 to 10,000) before Lambda skips it;
   * -1 or absent: Lambda's default, retried until its records leave the
   * stream (24 hours), holding back the records after them in their shard.
   * @example 3
   * @multipleOf 1
   */
  maximumRetryAttempts?: number;
  /**
   * When the function fails, Lambda splits the batch in two and retries each
   * half, so one bad record holds back fewer of the others.
   * @default false
   */
  bisectBatchOnFunctionError?: boolean;
}

/** Changes to a table of the stack invoke the function with its stream's records (an event source mapping and the function's permission to read the stream, made by the table). */
export interface FunctionDynamoDbStreamEvent {
  type: "dynamo-db-stream";
  properties: FunctionDynamoDbStreamEventProperties;
}
