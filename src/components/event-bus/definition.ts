// The event-bus resource type as data: what the YAML adapter, `dev` and the
// component read (schema name, parameters, child ids, literal-only fields,
// rules, what connectTo gives).
import { componentDefinition } from "../../shared/component/component-definition";
import { connectionTable } from "../../shared/workloads/connection-variables";
import { eventBusParams } from "./properties";
import { eventBusStaticProblems } from "./rules";
import { EVENT_BUS_CHILD_IDS, EVENT_BUS_CHILDREN } from "./child-ids";

/** A function's `event-bus` event that names a bus of the stack (`useDefaultBus`: the function makes its own rule). */
export const BUS_EVENT = { eventType: "event-bus", nameField: "eventBusName" } as const;

/**
 * In `dev` only: what a connected workload's SDK reaches the local service with, from the resource's local outputs.
 * The endpoint's variable is named by the SDK's serviceId, "EventBridge" ("Identifiers for service-specific
 * endpoints": https://docs.aws.amazon.com/sdkref/latest/guide/ss-endpoints-table.html).
 */
export const EVENT_BUS_LOCAL_VARIABLES = {
  AWS_ENDPOINT_URL_EVENTBRIDGE: "localEndpoint", AWS_REGION: "localRegion", AWS_ACCESS_KEY_ID: "localAccessKeyId", AWS_SECRET_ACCESS_KEY: "localSecretAccessKey",
} as const;

/** connectTo's variables (the spec's Event bus row: ARN only). */
export const EVENT_BUS_CONNECTION_VARIABLES = connectionTable(eventBusParams, { ARN: ["arn"] });

export const eventBusDefinition = componentDefinition({
  type: "event-bus",
  definition: "EventBusProperties",
  propertiesFile: "src/components/event-bus/properties.ts",
  token: "stackfile:index:EventBus",
  propertiesOptional: true,
  params: eventBusParams,
  availableParams: () => Object.keys(eventBusParams),
  // Whether an archive exists, and the partner bus's name, are decided before deploying.
  literalOnly: [["archivation", "enabled"], ["eventSourceName"]],
  // A partner bus is named as its source, and a bus's name is unique in the account's region
  // (https://docs.aws.amazon.com/eventbridge/latest/APIReference/API_CreateEventBus.html).
  accountNames: [{ path: ["eventSourceName"], scope: "region", what: "partner event bus name", fix: "$Select a partner event source per stage (a source feeds one bus), or keep the bus in one stage" }],
  connectable: { vpcOnly: false, variables: EVENT_BUS_CONNECTION_VARIABLES, localVariables: EVENT_BUS_LOCAL_VARIABLES },
  // A function's `event-bus` event naming the bus: the bus makes the rule, target and permission, for the function's ARN.
  eventTarget: { ...BUS_EVENT, describe: (p) => `events of bus ${String(p.eventBusName ?? "default")} matching ${JSON.stringify(p.eventPattern)}` },
  childIds: EVENT_BUS_CHILD_IDS,
  children: EVENT_BUS_CHILDREN,
  staticRules: eventBusStaticProblems,
});
