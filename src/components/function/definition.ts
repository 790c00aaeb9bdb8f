// The function resource type as data: what the YAML adapter, `dev` and the
// component read (schema name, parameters, child ids, literal-only fields,
// rules, what connectTo gives, what the stack gives it as a workload).
import { componentDefinition } from "../../shared/component/component-definition";
import { functionAvailableParams, functionParams } from "./properties";
import { FUNCTION_CHILD_IDS, FUNCTION_CHILDREN } from "./child-ids";
import { connectionTable } from "../../shared/workloads/connection-variables";
import { functionStaticProblems } from "./rules";
import type { functionFileProblems } from "./bundle-check";
import { disabledLoggingWarnings } from "../../shared/schema/no-effect";

/** connectTo's variables (the spec's Function row). */
export const FUNCTION_CONNECTION_VARIABLES = connectionTable(functionParams, { ARN: ["arn"] });

export const functionDefinition = componentDefinition({
  type: "function",
  definition: "FunctionProperties",
  propertiesFile: "src/components/function/properties.ts",
  token: "stackfile:index:Function",
  propertiesOptional: false,
  params: functionParams,
  availableParams: functionAvailableParams,
  literalOnly: [
    ["entryfilePath"], ["handlerFunction"], ["runtime"], ["architecture"], ["logging", "disabled"], ["logging", "logForwarding", "type"],
    ["joinDefaultVpc"], ["connectTo", "*"], ["events", "*", "type"], ["events", "*", "properties", "httpApiGatewayName"],
    ["events", "*", "properties", "path"], ["events", "*", "properties", "method"], ["events", "*", "properties", "payloadFormat"],
    ["events", "*", "properties", "authorizer"], ["events", "*", "properties", "sqsQueueName"],
    ["events", "*", "properties", "bucketName"], ["events", "*", "properties", "s3EventType"], ["alarms"], ["alarms", "errors"], ["alarms", "throttles"], ["alarms", "duration"],
    ["events", "*", "properties", "snsTopicName"], ["events", "*", "properties", "eventBusName"],
    ["events", "*", "properties", "useDefaultBus"], ["events", "*", "properties", "scheduleRate"],
    ["events", "*", "properties", "dynamoDbTableName"],
  ],
  pathProperties: ["entryfilePath"],
  connectable: { vpcOnly: false, variables: FUNCTION_CONNECTION_VARIABLES },
  // Its events' targets make what each event needs, for its Lambda function (child `function`).
  workload: { joinsDefaultVpc: (p) => p.joinDefaultVpc === true, events: { lambdaChild: "function" } },
  childIds: FUNCTION_CHILD_IDS,
  children: FUNCTION_CHILDREN,
  staticRules: functionStaticProblems,
  // The bundler is loaded by `plan`, which reads the files; `validate` reads none (shared/process/lazy.ts says why that matters).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  fileChecks: (...args: Parameters<typeof functionFileProblems>) => (require("./bundle-check") as typeof import("./bundle-check")).functionFileProblems(...args),
  warnings: (p) => disabledLoggingWarnings(p.logging, ["logging"]),
});
