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
import { FORWARDER_RUNTIME, FORWARDER_SOURCE } from "./slack-forwarder";

/** One target: an email address, or an HTTPS URL SNS posts each notification to. */
export type NotificationTarget =
  | { type: "email"; address: string }
  | { type: "webhook"; url: pulumi.Input<string> }
  /** A Slack-compatible incoming webhook: a forwarding function posts `{text}` to it (slack-forwarder.ts). */
  | { type: "slack"; webhookUrl: pulumi.Input<string> };

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
const FUNCTION = "aws:lambda/function:Function";
const PERMISSION = "aws:lambda/permission:Permission";
export const ALARM_NOTIFICATIONS_CHILDREN = {
  topic: TOPIC, subscription: SUBSCRIPTION, cloudFrontTopic: TOPIC, cloudFrontSubscription: SUBSCRIPTION,
  slackRole: "aws:iam/role:Role", slackRolePolicy: "aws:iam/rolePolicyAttachment:RolePolicyAttachment",
  slackFunction: FUNCTION, slackPermission: PERMISSION, cloudFrontSlackFunction: FUNCTION, cloudFrontSlackPermission: PERMISSION,
} as const;

/** The ids of one topic's children. */
const IDS = {
  here: { topic: "topic", subscription: "subscription", slackFunction: "slackFunction", slackPermission: "slackPermission" },
  cloudFront: { topic: "cloudFrontTopic", subscription: "cloudFrontSubscription", slackFunction: "cloudFrontSlackFunction", slackPermission: "cloudFrontSlackPermission" },
} as const;

export interface AlarmNotificationsArgs {
  /** Who is told when an alarm fires or is OK again (at least one). */
  targets: NotificationTarget[];
}

const TOKEN = "stackfile:index:AlarmNotifications";


/**
 * An SNS topic with one subscription per target (`<name>-topic`,
 * `<name>-subscription-<n>`; a `slack` target's is a forwarding function's,
 * `<name>-slack-function-<n>`, with its invoke permission and the one role
 * `<name>-slack-role` of all of them), made once per stack and given to each component
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
  private slackRole?: aws.iam.Role;

  constructor(name: string, args: AlarmNotificationsArgs, opts?: pulumi.ComponentResourceOptions) {
    super(TOKEN, name, {}, opts);
    if (args.targets.length === 0) throw new Error(`AlarmNotifications '${name}': give at least one target`);
    this.targets = args.targets;
    this.children = new ChildFactory(this, name, undefined, ALARM_NOTIFICATIONS_CHILDREN);
    this.topic = this.makeTopic(IDS.here);
    this.registerOutputs({});
  }

  public get arn(): pulumi.Output<string> {
    return this.topic.arn;
  }

  /** The us-east-1 topic's ARN, the topic made on first use. */
  public get cloudFrontArn(): pulumi.Output<string> {
    // us-east-1 is a region of the `aws` partition only: elsewhere the CDN alarms are made in the stack's region (cdn-alarms.ts), and so is this topic.
    const region = aws.getPartitionOutput({}, { parent: this }).partition.apply((p) => (p === "aws" ? CLOUDFRONT_REGION : undefined));
    this.cloudFrontTopic ??= this.makeTopic(IDS.cloudFront, region);
    return this.cloudFrontTopic.arn;
  }

  private makeTopic(ids: (typeof IDS)[keyof typeof IDS], region?: pulumi.Input<string | undefined>): aws.sns.Topic {
    const at = region ? { region } : {};
    const topic = this.children.make(ids.topic, aws.sns.Topic, { ...at });
    this.targets.forEach((t, i) => {
      const children = this.children.suffixed(`-${i + 1}`);
      const endpoint = t.type === "email" ? { protocol: "email", endpoint: t.address }
        : t.type === "webhook" ? { protocol: "https", endpoint: t.url }
        : { protocol: "lambda", endpoint: this.slackForwarder(children, ids, topic, t.webhookUrl, at).arn };
      children.make(ids.subscription, aws.sns.TopicSubscription, { ...at, topic: topic.arn, ...endpoint });
    });
    return topic;
  }

  /** A slack target's forwarding function in the topic's Region, which the topic may invoke. */
  private slackForwarder(
    children: ChildFactory<typeof ALARM_NOTIFICATIONS_CHILDREN>, ids: (typeof IDS)[keyof typeof IDS], topic: aws.sns.Topic,
    webhookUrl: pulumi.Input<string>, at: { region?: pulumi.Input<string | undefined> },
  ): aws.lambda.Function {
    const fn = children.make(ids.slackFunction, aws.lambda.Function, {
      ...at,
      role: this.forwarderRole().arn,
      runtime: FORWARDER_RUNTIME,
      handler: "index.handler",
      code: new pulumi.asset.AssetArchive({ "index.js": new pulumi.asset.StringAsset(FORWARDER_SOURCE) }),
      timeout: 10,
      // The webhook URL is a credential: kept secret in the state.
      environment: { variables: { WEBHOOK_URL: pulumi.secret(webhookUrl) } },
    });
    children.make(ids.slackPermission, aws.lambda.Permission, {
      ...at, action: "lambda:InvokeFunction", function: fn.name, principal: "sns.amazonaws.com", sourceArn: topic.arn,
    });
    return fn;
  }

  /** The forwarders' role (IAM is global: one for all of them), with Lambda's basic execution policy (its logs). */
  private forwarderRole(): aws.iam.Role {
    if (this.slackRole) return this.slackRole;
    const role = this.slackRole = this.children.make("slackRole", aws.iam.Role, {
      assumeRolePolicy: JSON.stringify({ Version: "2012-10-17", Statement: [{ Effect: "Allow", Principal: { Service: "lambda.amazonaws.com" }, Action: "sts:AssumeRole" }] }),
    });
    const partition = aws.getPartitionOutput({}, { parent: this }).partition;
    this.children.make("slackRolePolicy", aws.iam.RolePolicyAttachment, {
      role: role.name, policyArn: pulumi.interpolate`arn:${partition}:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole`,
    });
    return role;
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
