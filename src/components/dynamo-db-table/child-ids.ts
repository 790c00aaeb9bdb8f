/**
 * Child resources of a DynamoDbTable, by id. The child named `<name>-<id>` is
 * what `overrides.<id>` (YAML) and `transform.<id>` (TypeScript) adjust.
 * - `table`: aws.dynamodb.Table, the table itself (it holds the data: `protect` and `retainOnDelete` reach it)
 * - `readScalingTarget`, `readScalingPolicy`: aws.appautoscaling.Target and Policy scaling its read capacity (`provisionedThroughput.readScaling`)
 * - `writeScalingTarget`, `writeScalingPolicy`: the same for its write capacity (`provisionedThroughput.writeScaling`)
 * - per function reading its stream (a `dynamo-db-stream` event), suffixed `-<function's name>`:
 *   `streamMapping` (aws.lambda.EventSourceMapping) and `streamReadPolicy` (aws.iam.RolePolicy on the function's role: read the stream)
 */
export const DYNAMO_DB_TABLE_CHILDREN = {
  table: "aws:dynamodb/table:Table",
  readScalingTarget: "aws:appautoscaling/target:Target",
  readScalingPolicy: "aws:appautoscaling/policy:Policy",
  writeScalingTarget: "aws:appautoscaling/target:Target",
  writeScalingPolicy: "aws:appautoscaling/policy:Policy",
  streamReadPolicy: "aws:iam/rolePolicy:RolePolicy",
  streamMapping: "aws:lambda/eventSourceMapping:EventSourceMapping",
} as const;

export const DYNAMO_DB_TABLE_CHILD_IDS = Object.keys(DYNAMO_DB_TABLE_CHILDREN) as DynamoDbTableChildId[];

export type DynamoDbTableChildId = keyof typeof DYNAMO_DB_TABLE_CHILDREN;
