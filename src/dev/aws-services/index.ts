// dev's local AWS services, for the types' dev runners: each service on
// 127.0.0.1, the Lambda event shapes, and the event sources that invoke
// functions (docs/dev.md, "Local AWS services").
export { startS3, eventTypeMatches, type LocalS3Service, type S3NotificationConfig } from "./s3";
export { startDynamoDb, type LocalDynamoDb } from "./dynamodb";
export { startSqs, SqsService, type LocalSqs } from "./sqs";
export { startSns, SnsService, type LocalSns } from "./sns";
export { startEventBridge, EventBridgeService, type LocalEventBridge } from "./eventbridge";
export { startSqsSource, startStreamSource, asyncInvoker, type Invoke, type RunningSource } from "./sources";
export * from "./lambda-events";
export { LOCAL_ACCOUNT, LOCAL_REGION, LOCAL_CREDENTIALS, localSdkOutputs } from "./limits";
