// SNS topics, subscriptions and topic policies.
import { arn, MOCK_ACCOUNT, uuid, type Answer } from "./model";

/** Protocols whose endpoint must confirm a subscription (terraform-provider-aws internal/service/sns/topic_subscription.go: email and http(s) are not waited for). */
const confirmedByEndpoint = (protocol: string, autoConfirms: boolean) => protocol.startsWith("email") || (protocol.startsWith("http") && !autoConfirms);

export const SNS: Record<string, Answer> = {
  // A topic's id is its ARN, arn:${Partition}:sns:${Region}:${Account}:${TopicName}
  // (terraform-provider-aws internal/service/sns/topic.go: d.SetId(TopicArn);
  // https://docs.aws.amazon.com/service-authorization/latest/reference/list_amazonsns.html).
  "aws:sns/topic:Topic": (r) => {
    const topicArn = arn(r.region, "sns", r.physical);
    return { id: topicArn, state: { ...r.inputs, name: r.physical, arn: topicArn, owner: MOCK_ACCOUNT } };
  },
  // A subscription's ARN is the topic's ARN and a UUID
  // (https://docs.aws.amazon.com/sns/latest/api/API_Subscribe.html: "arn:aws:sns:us-east-2:123456789012:MyTopic:6b0e71bd-7e97-4d97-80ce-4a0994e55286");
  // the provider asks for it even while a confirmation is pending (ReturnSubscriptionArn).
  "aws:sns/topicSubscription:TopicSubscription": (r) => {
    const subscriptionArn = `${r.inputs.topic}:${uuid(`${r.type}/${r.name}`)}`;
    const pending = confirmedByEndpoint(String(r.inputs.protocol ?? ""), r.inputs.endpointAutoConfirms === true);
    return {
      id: subscriptionArn,
      state: { ...r.inputs, arn: subscriptionArn, ownerId: MOCK_ACCOUNT, pendingConfirmation: pending, confirmationWasAuthenticated: !pending },
    };
  },
  "aws:sns/topicPolicy:TopicPolicy": (r) => ({ id: String(r.inputs.arn), state: { ...r.inputs, owner: MOCK_ACCOUNT } }),
};
