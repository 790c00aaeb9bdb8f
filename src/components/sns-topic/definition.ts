// The sns-topic resource type as data: what the YAML adapter, `dev` and the
// component read (schema name, parameters, child ids, literal-only fields,
// rules, what connectTo gives).
import { componentDefinition } from "../../shared/component/component-definition";
import { connectionTable } from "../../shared/workloads/connection-variables";
import { snsTopicParams } from "./properties";
import { snsTopicStaticProblems } from "./rules";
import { SNS_TOPIC_CHILD_IDS, SNS_TOPIC_CHILDREN } from "./child-ids";
import { describeSnsEvent, SNS_EVENT, snsTopicEventProblems } from "./event-rules";

/** connectTo's variables (the spec's Notification topic row). */
/** In `dev` only: what a connected workload's SDK reaches the local service with, from the resource's local outputs. */
export const SNS_TOPIC_LOCAL_VARIABLES = {
  AWS_ENDPOINT_URL_SNS: "localEndpoint", AWS_REGION: "localRegion", AWS_ACCESS_KEY_ID: "localAccessKeyId", AWS_SECRET_ACCESS_KEY: "localSecretAccessKey",
} as const;

export const SNS_TOPIC_CONNECTION_VARIABLES = connectionTable(snsTopicParams, { ARN: ["arn"], NAME: ["name"] });

export const snsTopicDefinition = componentDefinition({
  type: "sns-topic",
  definition: "SnsTopicProperties",
  propertiesFile: "src/components/sns-topic/properties.ts",
  token: "stackfile:index:SnsTopic",
  propertiesOptional: true,
  params: snsTopicParams,
  availableParams: () => Object.keys(snsTopicParams),
  // Which subscriptions exist (their children's names) and whether the topic is FIFO are decided before deploying.
  literalOnly: [["fifoEnabled"], ["subscriptions", "*", "protocol"], ["subscriptions", "*", "endpoint"]],
  connectable: { vpcOnly: false, variables: SNS_TOPIC_CONNECTION_VARIABLES, localVariables: SNS_TOPIC_LOCAL_VARIABLES },
  // A function's `sns` event subscribes it to the topic (the topic makes the subscription and permission, for the function's ARN).
  eventTarget: { ...SNS_EVENT, eventProblems: snsTopicEventProblems, describe: describeSnsEvent, key: (p) => (typeof p.snsTopicName === "string" ? `sns ${p.snsTopicName}` : undefined) },
  childIds: SNS_TOPIC_CHILD_IDS,
  children: SNS_TOPIC_CHILDREN,
  staticRules: snsTopicStaticProblems,
});
