// The stack's notification targets (the stack file's top-level
// `notifications`, decisions.md "Alarms and cost (round four)"): one SNS topic
// with a subscription per target, which every alarm of the stack notifies
// when it fires and when it is OK again (alarmActions, okActions).
// An alarm's actions must be in the alarm's region: "Each action is specified
// as an Amazon Resource Name (ARN)" and the SNS topic of a notification action
// is in the alarm's own region (arn:aws:sns:region:account-id:sns-topic-name,
// PutMetricAlarm's AlarmActions:
// https://docs.aws.amazon.com/AmazonCloudWatch/latest/APIReference/API_PutMetricAlarm.html),
// so the CloudFront alarms made in us-east-1 notify a second topic made there.
// Subscriptions: email (the address confirms by mail) and https (the endpoint
// confirms by visiting SubscribeURL)
// (https://docs.aws.amazon.com/sns/latest/api/API_Subscribe.html,
// https://docs.aws.amazon.com/sns/latest/dg/sns-http-https-endpoint-as-subscriber.html).
import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import { ChildFactory } from "../component/child-factory";
import { CLOUDFRONT_REGION } from "../domains/cloudfront-region";

/** One target: an email address, or an HTTPS URL SNS posts each notification to. */
export type NotificationTarget =
  | { type: "email"; address: string }
  | { type: "webhook"; url: pulumi.Input<string> };

/** Where a component's alarms send their state changes (AlarmNotifications is one). */
export interface AlarmTopicArns {
  /** The SNS topic of the alarms made in the stack's region. */
  readonly arn: pulumi.Input<string>;
  /**
   * The SNS topic in us-east-1, for the CloudFront alarms made there (an
   * alarm's actions must be in its region). Without it those alarms notify
   * no one.
   */
  readonly cloudFrontArn?: pulumi.Input<string>;
}

const TOPIC = "aws:sns/topic:Topic";
const SUBSCRIPTION = "aws:sns/topicSubscription:TopicSubscription";

/** Children of AlarmNotifications by id. */
export const ALARM_NOTIFICATIONS_CHILDREN = {
  topic: TOPIC, subscription: SUBSCRIPTION, cloudFrontTopic: TOPIC, cloudFrontSubscription: SUBSCRIPTION,
} as const;

export interface AlarmNotificationsArgs {
  /** Who is told when an alarm fires or is OK again (at least one). */
  targets: NotificationTarget[];
}

const TOKEN = "stackfile:index:AlarmNotifications";

/** A target as an SNS subscription's protocol and endpoint. */
function subscription(t: NotificationTarget): { protocol: string; endpoint: pulumi.Input<string> } {
  return t.type === "email" ? { protocol: "email", endpoint: t.address } : { protocol: "https", endpoint: t.url };
}

/**
 * An SNS topic with one subscription per target (`<name>-topic`,
 * `<name>-subscription-<n>`), made once per stack and given to each component
 * as `alarmTopic`. The us-east-1 topic of the CloudFront alarms
 * (`<name>-cloud-front-topic`, with the same subscriptions) is made when the
 * first CDN alarm asks for it. The YAML program makes one, named
 * `notifications`, when the stack file lists `notifications`.
 *
 * @example
 * const notify = new AlarmNotifications("notifications", { targets: [{ type: "email", address: "ops@example.com" }] });
 * new Function("worker", { entryfilePath: "./worker.ts", alarmTopic: notify });
 */
export class AlarmNotifications extends pulumi.ComponentResource implements AlarmTopicArns {
  public readonly topic: aws.sns.Topic;
  private readonly children: ChildFactory<typeof ALARM_NOTIFICATIONS_CHILDREN>;
  private readonly targets: NotificationTarget[];
  private cloudFrontTopic?: aws.sns.Topic;

  constructor(name: string, args: AlarmNotificationsArgs, opts?: pulumi.ComponentResourceOptions) {
    super(TOKEN, name, {}, opts);
    if (args.targets.length === 0) throw new Error(`AlarmNotifications '${name}': give at least one target`);
    this.targets = args.targets;
    this.children = new ChildFactory(this, name, undefined, ALARM_NOTIFICATIONS_CHILDREN);
    this.topic = this.makeTopic("topic", "subscription");
    this.registerOutputs({});
  }

  public get arn(): pulumi.Output<string> {
    return this.topic.arn;
  }

  /** The us-east-1 topic's ARN, the topic made on first use. */
  public get cloudFrontArn(): pulumi.Output<string> {
    // us-east-1 is a region of the `aws` partition only: elsewhere the CDN alarms are made in the stack's region (cdn-alarms.ts), and so is this topic.
    const region = aws.getPartitionOutput({}, { parent: this }).partition.apply((p) => (p === "aws" ? CLOUDFRONT_REGION : undefined));
    this.cloudFrontTopic ??= this.makeTopic("cloudFrontTopic", "cloudFrontSubscription", region);
    return this.cloudFrontTopic.arn;
  }

  private makeTopic(topicId: "topic" | "cloudFrontTopic", subscriptionId: "subscription" | "cloudFrontSubscription", region?: pulumi.Input<string | undefined>): aws.sns.Topic {
    const at = region ? { region } : {};
    const topic = this.children.make(topicId, aws.sns.Topic, { ...at });
    this.targets.forEach((t, i) => {
      this.children.suffixed(`-${i + 1}`).make(subscriptionId, aws.sns.TopicSubscription, { ...at, topic: topic.arn, ...subscription(t) });
    });
    return topic;
  }
}

/** A component's argument: the topics its alarms notify. */
export interface AlarmTopicArg {
  /**
   * The SNS topics its alarms notify when they fire and when they are OK again
   * (an `AlarmNotifications`, made once per stack; the YAML program passes the
   * stack's when the file lists `notifications`). Without it the alarms notify no one.
   */
  alarmTopic?: AlarmTopicArns;
}
