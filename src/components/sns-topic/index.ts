import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import type { SnsTopicProperties, SnsTopicSubscription } from "./properties";
import { snsTopicParams } from "./properties";
import type { SNS_TOPIC_CHILDREN } from "./child-ids";
import { SNS_TOPIC_CONNECTION_VARIABLES, snsTopicDefinition } from "./definition";
import { paramOutputs } from "../../shared/component/stack-component";
import { Component, literal } from "../../shared/component/component";
import type { ChildTransforms } from "../../shared/component/children";
import { connectionTo, connectionVariablesOf, type Connectable, type Connection } from "../../shared/workloads/connect-to";

/**
 * Arguments of {@link SnsTopic}: the YAML properties; `fifoEnabled` and the
 * subscriptions decide which resources are made, so they are plain values.
 */
export interface SnsTopicArgs extends Omit<SnsTopicProperties, "contentBasedDeduplication"> {
  contentBasedDeduplication?: pulumi.Input<boolean>;
  /** Functions subscribed to the topic (a stack file's `sns` events): a subscription and an invoke permission each. */
  functionSubscriptions?: SnsTopicFunctionSubscription[];
  /** Adjusts a child's arguments before it is created, by child id (see the class docs). */
  transform?: ChildTransforms<typeof SNS_TOPIC_CHILDREN>;
}

/** A function subscribed to the topic. */
export interface SnsTopicFunctionSubscription {
  /** Names its children, `<topic>-event-subscription-<name>` and `<topic>-event-permission-<name>` (the function's resource name). */
  name: string;
  /** The function's ARN. */
  functionArn: pulumi.Input<string>;
  /** SNS filter policy on the message attributes; absent: every message. */
  filterPolicy?: pulumi.Input<Record<string, unknown>>;
}

/**
 * The AWS-managed key of SNS: messages are encrypted at rest with no key to
 * keep (https://docs.aws.amazon.com/sns/latest/dg/sns-server-side-encryption.html,
 * "AWS managed KMS key for Amazon SNS (alias/aws/sns)").
 */
export const SNS_MANAGED_KEY = "alias/aws/sns";

/** A subscription's name suffix: its protocol and endpoint in letters, digits and dashes. */
export function subscriptionSuffix(s: SnsTopicSubscription): string {
  return `-${s.protocol}-${s.endpoint.replace(/^https:\/\//, "").replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "")}`;
}

/**
 * The topic policy that refuses any request not sent over TLS, the SNS
 * security best practice "Enforce encryption of data in transit"
 * (https://docs.aws.amazon.com/sns/latest/dg/sns-security-best-practices.html#enforce-encryption-data-in-transit).
 */
export function tlsOnlyPolicy(topicArn: string): string {
  return JSON.stringify({
    Version: "2012-10-17",
    Statement: [{
      Sid: "AllowPublishThroughSSLOnly",
      Effect: "Deny",
      Principal: "*",
      Action: "sns:Publish",
      Resource: topicArn,
      Condition: { Bool: { "aws:SecureTransport": "false" } },
    }],
  });
}

/**
 * A notification topic (Amazon SNS), standard or FIFO, encrypted with the
 * AWS-managed key and refusing requests not sent over TLS; email and HTTPS
 * endpoints subscribed as listed.
 *
 * Children (ids for `transform` / YAML `overrides`): `topic`, `policy`,
 * `subscription` (one per entry, `<name>-subscription-<protocol>-<endpoint>`).
 *
 * @example
 * const alerts = new SnsTopic("alerts", { subscriptions: [{ protocol: "email", endpoint: "ops@example.com" }] });
 * export const topicArn = alerts.arn;
 */
export class SnsTopic extends Component<typeof snsTopicDefinition, Omit<SnsTopicArgs, "transform">> implements Connectable {
  /** The topic's ARN. */
  public readonly arn: pulumi.Output<string>;
  /** The topic's name (with `.fifo` for a FIFO topic). */
  public readonly name: pulumi.Output<string>;
  public readonly topic: aws.sns.Topic;

  constructor(name: string, args: SnsTopicArgs, opts?: pulumi.ComponentResourceOptions) {
    const { transform, functionSubscriptions = [], ...properties } = args;
    super(snsTopicDefinition, name, { properties, transform }, opts);
    const topic = this.topic = this.makeTopic();
    this.policy(topic);
    this.subscriptions(topic);
    for (const f of functionSubscriptions) this.subscribeFunction(topic, f);
    this.arn = topic.arn;
    this.name = topic.name;
    this.registerOutputs({ arn: this.arn, name: this.name });
  }

  private makeTopic(): aws.sns.Topic {
    const p = this.properties;
    const fifo = literal(p.fifoEnabled) === true;
    return this.children.make("topic", aws.sns.Topic, {
      fifoTopic: fifo,
      // Only FIFO topics take it (aws-rules/sns.ts, sns/fifo-only-attributes).
      contentBasedDeduplication: fifo ? p.contentBasedDeduplication : undefined,
      kmsMasterKeyId: SNS_MANAGED_KEY,
    });
  }

  private policy(topic: aws.sns.Topic): aws.sns.TopicPolicy {
    return this.children.make("policy", aws.sns.TopicPolicy, { arn: topic.arn, policy: topic.arn.apply(tlsOnlyPolicy) });
  }

  private subscriptions(topic: aws.sns.Topic): aws.sns.TopicSubscription[] {
    const list = (this.properties.subscriptions ?? []) as SnsTopicSubscription[];
    return list.map((s) => this.children.suffixed(subscriptionSuffix(s)).make("subscription", aws.sns.TopicSubscription, {
      topic: topic.arn,
      protocol: s.protocol,
      endpoint: s.endpoint,
    }));
  }

  /**
   * A function's subscription and the permission letting SNS invoke it from
   * this topic only (https://docs.aws.amazon.com/sns/latest/dg/sns-lambda-as-subscriber.html).
   */
  private subscribeFunction(topic: aws.sns.Topic, f: SnsTopicFunctionSubscription): void {
    const children = this.children.suffixed(`-${f.name}`);
    const permission = children.make("eventPermission", aws.lambda.Permission, {
      action: "lambda:InvokeFunction",
      function: f.functionArn,
      principal: "sns.amazonaws.com",
      sourceArn: topic.arn,
    });
    children.make("eventSubscription", aws.sns.TopicSubscription, {
      topic: topic.arn,
      protocol: "lambda",
      endpoint: f.functionArn,
      filterPolicy: f.filterPolicy === undefined ? undefined : pulumi.jsonStringify(pulumi.output(f.filterPolicy)),
    }, { dependsOn: [permission] });
  }

  /** connectTo: the spec's Notification topic row on this topic's ARN; ARN and NAME. */
  public connection(): Connection {
    return {
      ...connectionTo(this.topic),
      variables: connectionVariablesOf(SNS_TOPIC_CONNECTION_VARIABLES, paramOutputs(this, snsTopicParams)),
    };
  }
}
