import { LOG_FORWARDING_CHILDREN } from "../../shared/logging/log-forwarding-ids";

/**
 * Child resources of a Function, by id (`overrides.<id>` in YAML,
 * `transform.<id>` in TypeScript); each is named `<name>-<child-id>`.
 * - `role`, `policy`: its IAM role and inline policy (logs, connectTo, iamRoleStatements)
 * - `logGroup`: its log group (unless logging is disabled)
 * - `function`: the aws.lambda.Function
 * - with joinDefaultVpc: `securityGroup` (its network-interface permissions are in `policy`); with connectTo: `connectIngress` (per target), `s3Endpoint`, `dynamodbEndpoint` (its own endpoints, made only when no `defaultVpcEndpoints` is given; with one, the shared ones are that DefaultVpcEndpoints' children)
 * - `errorsAlarm`, `throttlesAlarm`, `durationAlarm`: its CloudWatch alarms (unless switched off in `alarms`)
 * - `eventRule`, `eventTarget`, `eventPermission`: per `schedule` event and per `event-bus` event on the default bus, its EventBridge rule, the rule's target (the function) and the permission letting EventBridge invoke it from that rule (`<name>-<child-id>-<n>`, n counting those events in order from 0)
 * - with logForwarding: `logForwardingBucket`, `logForwardingBucketBlock`, `logForwardingBucketEncryption`, `logForwardingStreamRole`, `logForwardingStreamPolicy`, `logForwardingStream`, `logForwardingLogsRole`, `logForwardingLogsPolicy`, `logForwardingSubscription`
 *
 * The routes of its `events` are children of their gateway (ids
 * `integration`, `route`, `routePermission` there).
 */
export const FUNCTION_CHILDREN = {
  role: "aws:iam/role:Role",
  policy: "aws:iam/rolePolicy:RolePolicy",
  logGroup: "aws:cloudwatch/logGroup:LogGroup",
  function: "aws:lambda/function:Function",
  securityGroup: "aws:ec2/securityGroup:SecurityGroup",
  connectIngress: "aws:vpc/securityGroupIngressRule:SecurityGroupIngressRule",
  s3Endpoint: "aws:ec2/vpcEndpoint:VpcEndpoint",
  dynamodbEndpoint: "aws:ec2/vpcEndpoint:VpcEndpoint",
  errorsAlarm: "aws:cloudwatch/metricAlarm:MetricAlarm",
  throttlesAlarm: "aws:cloudwatch/metricAlarm:MetricAlarm",
  durationAlarm: "aws:cloudwatch/metricAlarm:MetricAlarm",
  eventRule: "aws:cloudwatch/eventRule:EventRule",
  eventTarget: "aws:cloudwatch/eventTarget:EventTarget",
  eventPermission: "aws:lambda/permission:Permission",
  ...LOG_FORWARDING_CHILDREN,
} as const;

export const FUNCTION_CHILD_IDS = Object.keys(FUNCTION_CHILDREN) as FunctionChildId[];

export type FunctionChildId = keyof typeof FUNCTION_CHILDREN;
