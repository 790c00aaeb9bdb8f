/**
 * Child resources of an SnsTopic, by id. The child named `<name>-<child-id>`
 * (a subscription's: `<name>-<child-id>-<protocol>-<endpoint>`, an event's:
 * `<name>-<child-id>-<function>`) is what `overrides.<id>` (YAML) and
 * `transform.<id>` (TypeScript) adjust.
 * - `topic`: aws.sns.Topic, encrypted with the AWS-managed key `alias/aws/sns`
 * - `policy`: aws.sns.TopicPolicy refusing every request not sent over TLS
 * - `subscription`: aws.sns.TopicSubscription, one per entry of `subscriptions`
 * - `eventSubscription`: aws.sns.TopicSubscription of a function whose `sns` event names the topic
 * - `eventPermission`: aws.lambda.Permission letting SNS invoke that function, from this topic only
 */
export const SNS_TOPIC_CHILDREN = {
  topic: "aws:sns/topic:Topic",
  policy: "aws:sns/topicPolicy:TopicPolicy",
  subscription: "aws:sns/topicSubscription:TopicSubscription",
  eventSubscription: "aws:sns/topicSubscription:TopicSubscription",
  eventPermission: "aws:lambda/permission:Permission",
} as const;

export const SNS_TOPIC_CHILD_IDS = Object.keys(SNS_TOPIC_CHILDREN) as SnsTopicChildId[];

export type SnsTopicChildId = keyof typeof SNS_TOPIC_CHILDREN;
