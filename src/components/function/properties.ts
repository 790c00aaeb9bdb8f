import type { EnvironmentVariable, FunctionLogging, IamRoleStatement } from "../../shared/workloads/workload-properties";
import type { RouteAuthorization } from "../http-api-gateway/authorizer-properties";
import type { FunctionS3Event } from "../bucket/s3-event";
import type { AlarmSetting } from "../../shared/alarms/alarm-setting";
import type { FunctionSnsEvent } from "../sns-topic/event-properties";
import type { FunctionEventBusEvent, FunctionScheduleEvent } from "../event-bus/event-properties";
import type { FunctionDynamoDbStreamEvent } from "../dynamo-db-table/event-properties";

/** Where a gateway event goes: the gateway, the route's path and method (the spec's integration fields). */
export interface FunctionHttpApiEventProperties extends RouteAuthorization {
  /** Name of the `http-api-gateway` resource of this stack that forwards the requests. */
  httpApiGatewayName: string;
  /**
   * Path pattern: `{param}` segments, and a greedy `{proxy+}` as the last one.
   * @example "/items/{id}"
   */
  path: string;
  /** HTTP method (upper case), or `*` for any method. */
  method: "*" | "DELETE" | "GET" | "HEAD" | "OPTIONS" | "PATCH" | "POST" | "PUT";
  /** Payload format of this route's events; the gateway's `payloadFormat` when absent (then `1.0`). */
  payloadFormat?: "1.0" | "2.0";
  /**
   * For container workloads only: a function receives requests as events and
   * takes no port, so stackfile refuses it here.
   * @refused containerPort is for container workloads; a function receives the request as an event and takes no port: remove it
   */
  containerPort?: number;
}

/** An HTTP route of a gateway to this function (integration, route and invoke permission). */
export interface FunctionHttpApiEvent {
  type: "http-api-gateway";
  properties: FunctionHttpApiEventProperties;
}

/** Where an `sqs` event reads from: a queue of this stack, in batches. */
export interface FunctionSqsEventProperties {
  /**
   * Name of the `sqs-queue` resource of this stack the function reads. Its
   * visibility timeout must be at least the function's timeout.
   * @example "jobs"
   */
  sqsQueueName: string;
  /**
   * Most messages per invocation: 1 to 10,000 (1 to 10 from a FIFO queue);
   * more than 10 needs `maxBatchWindowSeconds` of at least 1.
   * @default 10
   * @multipleOf 1
   */
  batchSize?: number;
  /**
   * Seconds (0 to 300) Lambda gathers messages before it invokes the function
   * with less than a full batch; a FIFO queue takes none.
   * @default 0
   * @multipleOf 1
   */
  maxBatchWindowSeconds?: number;
}

/** Messages of a queue of this stack invoke the function in batches (an event source mapping; the function may receive, delete and read the queue's attributes). */
export interface FunctionSqsEvent {
  type: "sqs";
  properties: FunctionSqsEventProperties;
}

/** An event of a function: each kind belongs to the type it names. */
export type FunctionEvent = FunctionHttpApiEvent | FunctionSqsEvent | FunctionS3Event | FunctionSnsEvent | FunctionEventBusEvent | FunctionScheduleEvent
  | FunctionDynamoDbStreamEvent;

/**
 * A Lambda function whose code stackfile bundles (esbuild) from one entry
 * file; gateways route to it through its `events`.
 */
export interface FunctionProperties {
  /**
   * The handler's file (`.ts`, `.mts`, `.js`, `.mjs` or `.cjs`), relative to
   * the stack file (in a TypeScript program: to the working directory, the
   * project folder where Pulumi.yaml is, as `pulumi up` runs it). It is bundled with what it imports into one file and a
   * source map, again only when those sources change.
   * @example "./functions/items.ts"
   */
  entryfilePath: string;
  /**
   * The exported function Lambda calls.
   * @default "handler"
   */
  handlerFunction?: string;
  /**
   * Node.js runtime (the bundle targets it).
   * @default "nodejs22.x"
   */
  runtime?: "nodejs22.x" | "nodejs20.x";
  /**
   * CPU architecture.
   * @default "arm64"
   */
  architecture?: "arm64" | "x86_64";
  /**
   * Memory in MB; CPU grows with it (1797 MB is one vCPU, 10240 MB six).
   * @default 1024
   * @minimum 128
   * @maximum 10240
   * @multipleOf 1
   */
  memory?: number;
  /**
   * Maximum run time of an invocation, in seconds.
   * @default 10
   * @minimum 1
   * @maximum 900
   * @multipleOf 1
   */
  timeout?: number;
  /** Environment variables; values may be `$ResourceParam` and `$Secret` directives. */
  environment?: EnvironmentVariable[];
  logging?: FunctionLogging;
  /**
   * Runs the function in the default VPC's subnets with its own security
   * group, so it reaches VPC-only resources (redis clusters, databases). Its
   * outbound internet requests then fail (no NAT is made).
   * @default false
   */
  joinDefaultVpc?: boolean;
  /**
   * Resources of this stack the function uses (or the macro `aws:ses`): it gets
   * their permissions, their variables as STP_<NAME>_<VAR>, and network access.
   */
  connectTo?: string[];
  /** Raw IAM statements appended to the function's role. */
  iamRoleStatements?: IamRoleStatement[];
  /**
   * Integrations that send events to the function: routes of this stack's
   * gateways, messages of its queues and topics, object changes of its buckets, changes of its tables (their streams), events of its buses or the default bus, schedules.
   */
  events?: FunctionEvent[];
  /** Its CloudWatch alarms, each on unless `false`: new thresholds and periods over the defaults. */
  alarms?: FunctionAlarms;
}

/** A function's alarms (docs/function.md): each a setting over its default, or `false` to switch it off. */
export interface FunctionAlarms {
  /** Errors as a percentage of invocations; default: 5 (%) in a period of 300 s. */
  errors?: AlarmSetting | false;
  /** Throttled invocations; default: 1 in a period of 300 s. */
  throttles?: AlarmSetting | false;
  /** The longest invocation, in milliseconds; default: 90% of the timeout, in a period of 300 s. */
  duration?: AlarmSetting | false;
}

/** Parameters other resources can read with `$ResourceParam(name, param)`. */
export const functionParams = {
  /** The function's ARN. */
  arn: { type: "string" },
  /** The function's name. */
  name: { type: "string" },
  /** ARN of its log group; only when logging is on. */
  logGroupArn: { type: "string" },
} as const;

/** Which parameters a function with these properties has. */
export function functionAvailableParams(p: { logging?: unknown }): string[] {
  const logging = typeof p.logging === "object" && p.logging !== null ? (p.logging as { disabled?: unknown }) : {};
  return Object.keys(functionParams).filter((k) => k !== "logGroupArn" || logging.disabled !== true);
}
