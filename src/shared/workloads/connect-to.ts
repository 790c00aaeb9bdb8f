// connectTo: what a compute resource gets for each thing it connects to, as
// one contract: IAM statements scoped to the target's ARNs, the env vars it
// injects (STP_<NAME>_<VAR>), and the security-group rule it needs.
import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import { connectionVariables, SES_MACRO } from "./connection-variables";

export { envPrefix, SES_MACRO } from "./connection-variables";

export interface ConnectionStatement {
  Action: string[];
  Resource: pulumi.Input<string>[];
}

/** What connecting to one target means. */
export interface Connection {
  /** Variable names (without the `STP_<NAME>_` prefix) and values. */
  variables: Record<string, pulumi.Input<string>>;
  statements: ConnectionStatement[];
  /** The target's security group must let the workload in on this port. */
  ingress?: { securityGroupId: pulumi.Input<string>; port: pulumi.Input<number> };
  /** Reachable only from inside the VPC. */
  vpcOnly?: boolean;
  /** Reached over the internet: not from a function in the default VPC (no NAT). */
  internetOnly?: boolean;
  /** The VPC gateway endpoint that keeps it reachable from a workload in the VPC. */
  gatewayEndpoint?: "s3" | "dynamodb";
}

/** A resource that knows how to be connected to (RedisCluster implements it). */
export interface Connectable {
  connection(): Connection;
}

/** Plain descriptions of targets that are not AWS resources of this program. */
export type HostedTarget =
  | { kind: "hosted-streaming-topic"; topicName: pulumi.Input<string>; topicId: pulumi.Input<string>; username: pulumi.Input<string>; password: pulumi.Input<string>; tcpEndpoint: pulumi.Input<string>; restUrl: pulumi.Input<string> }
  | { kind: "hosted-redis"; host: pulumi.Input<string>; port: pulumi.Input<string>; password: pulumi.Input<string>; restToken: pulumi.Input<string>; restUrl: pulumi.Input<string>; redisUrl: pulumi.Input<string> }
  | { kind: "private-service"; address: pulumi.Input<string> }
  | { kind: "batch-job"; jobQueueArn: pulumi.Input<string>; jobDefinitionArn: pulumi.Input<string>; stateMachineArn: pulumi.Input<string> }
  | { kind: "user-pool"; userPool: aws.cognito.UserPool; client: aws.cognito.UserPoolClient }
  /** A function with its URL: invoke, and invoke via the URL. */
  | { kind: "function-with-url"; function: aws.lambda.Function; url: aws.lambda.FunctionUrl };


export type ConnectTarget =
  | Connectable | HostedTarget | typeof SES_MACRO
  | aws.s3.Bucket | aws.s3.BucketV2 | aws.dynamodb.Table | aws.docdb.Cluster | aws.rds.Instance | aws.rds.Cluster
  | aws.cloudwatch.EventBus | aws.lambda.Function | aws.sns.Topic | aws.sqs.Queue;

/** The spec's Bucket row: list objects (on the bucket); create, get, delete and tag objects (on its objects, `ARN/*`). */
export function bucketStatements(arn: pulumi.Input<string>): ConnectionStatement[] {
  return [
    { Action: ["s3:ListBucket"], Resource: [arn] },
    { Action: ["s3:PutObject", "s3:GetObject", "s3:DeleteObject", "s3:PutObjectTagging"], Resource: [pulumi.interpolate`${arn}/*`] },
  ];
}

function isConnectable(t: unknown): t is Connectable {
  return typeof t === "object" && t !== null && typeof (t as Connectable).connection === "function";
}

const all = <T>(x: pulumi.Input<T>) => pulumi.output(x);

/** The connection to `target`, by its kind (the rows of the spec's table). */
export function connectionTo(target: ConnectTarget): Connection {
  if (target === SES_MACRO) {
    return { variables: {}, statements: [{ Action: ["ses:*"], Resource: ["*"] }], internetOnly: true };
  }
  if (isConnectable(target)) return target.connection();
  if (target instanceof aws.s3.Bucket || target instanceof aws.s3.BucketV2) {
    return { variables: { NAME: target.bucket, ARN: target.arn }, statements: bucketStatements(target.arn), gatewayEndpoint: "s3" };
  }
  if (target instanceof aws.dynamodb.Table) {
    return {
      variables: { NAME: target.name, ARN: target.arn, STREAM_ARN: target.streamArn.apply((s) => s ?? "") },
      statements: [
        { Action: ["dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:DeleteItem", "dynamodb:Scan", "dynamodb:Query"], Resource: [target.arn, pulumi.interpolate`${target.arn}/index/*`] },
        { Action: ["dynamodb:DescribeStream"], Resource: [pulumi.interpolate`${target.arn}/stream/*`] },
      ],
      gatewayEndpoint: "dynamodb",
    };
  }
  if (target instanceof aws.docdb.Cluster) {
    const port = target.port.apply((p) => p ?? 27017);
    return {
      variables: { CONNECTION_STRING: pulumi.interpolate`mongodb://${target.endpoint}:${port}/?tls=true&replicaSet=rs0&readPreference=secondaryPreferred&retryWrites=false&authMechanism=MONGODB-AWS&authSource=%24external` },
      statements: [],
      ingress: { securityGroupId: firstSecurityGroup(target.vpcSecurityGroupIds), port },
      vpcOnly: true,
    };
  }
  if (target instanceof aws.rds.Instance || target instanceof aws.rds.Cluster) {
    const host = target instanceof aws.rds.Instance ? target.address : target.endpoint;
    const vars: Record<string, pulumi.Input<string>> = {
      ...databaseUrls("", target.engine, host, target.port),
      HOST: host,
      PORT: target.port.apply(String),
    };
    if (target instanceof aws.rds.Cluster) {
      Object.assign(vars, databaseUrls("READER_", target.engine, target.readerEndpoint, target.port), { READER_HOST: target.readerEndpoint });
    }
    return {
      variables: vars,
      statements: [],
      ingress: { securityGroupId: firstSecurityGroup(target.vpcSecurityGroupIds), port: target.port },
      vpcOnly: true,
    };
  }
  if (target instanceof aws.cloudwatch.EventBus) {
    return { variables: { ARN: target.arn }, statements: [{ Action: ["events:PutEvents"], Resource: [target.arn] }] };
  }
  if (target instanceof aws.lambda.Function) {
    return { variables: { ARN: target.arn }, statements: [{ Action: ["lambda:InvokeFunction"], Resource: [target.arn, pulumi.interpolate`${target.arn}:*`] }] };
  }
  if (target instanceof aws.sns.Topic) {
    return {
      variables: { ARN: target.arn, NAME: target.name },
      statements: [
        { Action: ["sns:ConfirmSubscription", "sns:ListSubscriptionsByTopic", "sns:Publish", "sns:Subscribe"], Resource: [target.arn] },
        { Action: ["sns:Unsubscribe"], Resource: [pulumi.interpolate`${target.arn}:*`] },
      ],
    };
  }
  if (target instanceof aws.sqs.Queue) {
    return {
      variables: { ARN: target.arn, NAME: target.name, URL: target.url },
      statements: [{ Action: ["sqs:SendMessage", "sqs:ReceiveMessage", "sqs:DeleteMessage", "sqs:ChangeMessageVisibility", "sqs:PurgeQueue"], Resource: [target.arn] }],
    };
  }
  return hostedConnection(target as HostedTarget);
}

function hostedConnection(t: HostedTarget): Connection {
  switch (t.kind) {
    case "hosted-streaming-topic":
      return { variables: { TOPIC_NAME: t.topicName, TOPIC_ID: t.topicId, USERNAME: t.username, PASSWORD: pulumi.secret(t.password), TCP_ENDPOINT: t.tcpEndpoint, REST_URL: t.restUrl }, statements: [], internetOnly: true };
    case "hosted-redis":
      return {
        variables: { HOST: t.host, PORT: t.port, PASSWORD: pulumi.secret(t.password), REST_TOKEN: pulumi.secret(t.restToken), REST_URL: t.restUrl, REDIS_URL: pulumi.secret(t.redisUrl) },
        statements: [],
        internetOnly: true,
      };
    case "private-service":
      return { variables: { ADDRESS: t.address }, statements: [] };
    case "function-with-url":
      return {
        variables: { ARN: t.function.arn },
        statements: [{ Action: ["lambda:InvokeFunction", "lambda:InvokeFunctionUrl"], Resource: [t.function.arn, pulumi.interpolate`${t.function.arn}:*`] }],
      };
    case "batch-job":
      return {
        variables: { JOB_DEFINITION_ARN: t.jobDefinitionArn, STATE_MACHINE_ARN: t.stateMachineArn },
        statements: [
          { Action: ["batch:SubmitJob"], Resource: [t.jobQueueArn, t.jobDefinitionArn] },
          // AWS has no resource-level permission for listing and describing jobs.
          { Action: ["batch:ListJobs", "batch:DescribeJobs"], Resource: ["*"] },
          { Action: ["batch:TerminateJob"], Resource: [pulumi.output(t.jobQueueArn).apply((a) => a.replace(/:job-queue\/.*$/, ":job/*"))] },
          { Action: ["states:ListExecutions", "states:StartExecution"], Resource: [t.stateMachineArn] },
          { Action: ["states:StopExecution"], Resource: [pulumi.output(t.stateMachineArn).apply((a) => `${a.replace(":stateMachine:", ":execution:")}:*`)] },
        ],
      };
    case "user-pool":
      return {
        variables: { ID: t.userPool.id, CLIENT_ID: t.client.id, ARN: t.userPool.arn },
        statements: [{ Action: ["cognito-idp:*"], Resource: [t.userPool.arn] }],
      };
    default:
      throw new pulumi.RunError(`connectTo cannot connect to ${JSON.stringify(t)}: not a resource of the kinds the spec lists`);
  }
}

/** The security group a workload is let into; a database without one cannot be connected to. */
function firstSecurityGroup(ids: pulumi.Output<string[] | undefined>): pulumi.Output<string> {
  return ids.apply((list) => {
    if (!list?.length) throw new pulumi.RunError("connectTo: the database has no vpcSecurityGroupIds to let the workload into; give it a security group");
    return list[0];
  });
}

function databaseUrls(
  prefix: string, engine: pulumi.Input<string>, host: pulumi.Input<string>, port: pulumi.Input<number>,
): Record<string, pulumi.Output<string>> {
  const parts = all(pulumi.all([engine, host, port]));
  return {
    [`${prefix}CONNECTION_STRING`]: parts.apply(([e, h, p]) => `${/postgres/.test(e) ? "postgresql" : "mysql"}://${h}:${p}`),
    [`${prefix}JDBC_CONNECTION_STRING`]: parts.apply(([e, h, p]) => `jdbc:${/postgres/.test(e) ? "postgresql" : "mysql"}://${h}:${p}`),
  };
}

/**
 * A stackfile type's connection variables (its definition's
 * `connectable.variables`) from its parameters' outputs, as text.
 */
export function connectionVariablesOf(table: Readonly<Record<string, readonly string[]>>, outputs: Record<string, pulumi.Input<unknown> | undefined>): Record<string, pulumi.Output<string>> {
  return connectionVariables(table, (param) => {
    const value = outputs[param];
    return value === undefined ? undefined : pulumi.output(value).apply(String);
  });
}
