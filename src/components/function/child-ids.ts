import { LOG_FORWARDING_CHILD_IDS } from "../../shared/log-forwarding-ids";

/**
 * Child resources of a Function, by id (`overrides.<id>` in YAML,
 * `transform.<id>` in TypeScript); each is named `<name>-<child-id>`.
 * - `role`, `policy`: its IAM role and inline policy (logs, connectTo, iamRoleStatements)
 * - `logGroup`: its log group (unless logging is disabled)
 * - `function`: the aws.lambda.Function
 * - with joinDefaultVpc: `securityGroup` (its network-interface permissions are in `policy`); with connectTo: `connectIngress` (per target), `s3Endpoint`, `dynamodbEndpoint`
 * - with logForwarding: `logForwardingBucket`, `logForwardingBucketBlock`, `logForwardingBucketEncryption`, `logForwardingStreamRole`, `logForwardingStreamPolicy`, `logForwardingStream`, `logForwardingLogsRole`, `logForwardingLogsPolicy`, `logForwardingSubscription`
 *
 * The routes of its `events` are children of their gateway (ids
 * `integration`, `route`, `routePermission` there).
 */
export const FUNCTION_CHILD_IDS = [
  "role", "policy", "logGroup", "function",
  "securityGroup", "connectIngress", "s3Endpoint", "dynamodbEndpoint",
  ...LOG_FORWARDING_CHILD_IDS,
] as const;

export type FunctionChildId = (typeof FUNCTION_CHILD_IDS)[number];
