// The events Lambda hands a function for each event source, in the shapes of
// AWS's documentation (each builder names its page). Times are the caller's
// (no clock read here), so a test can give fixed ones.
import { createHash, randomUUID } from "crypto";
import { LOCAL_ACCOUNT } from "./limits";
import type { SqsMessage } from "./sqs";

export type LambdaEvent = Record<string, unknown>;

/**
 * An SQS batch ("Using Lambda with Amazon SQS", example standard and FIFO
 * message events: https://docs.aws.amazon.com/lambda/latest/dg/with-sqs.html):
 * attribute values in camel case (`stringValue`, `dataType`, and the list
 * fields Lambda always sends empty).
 */
export function sqsEvent(messages: SqsMessage[], queue: { arn: string; fifo: boolean }, region: string): LambdaEvent {
  return {
    Records: messages.map((m) => ({
      messageId: m.messageId,
      receiptHandle: m.receipt,
      body: m.body,
      attributes: {
        ApproximateReceiveCount: String(m.receiveCount),
        SentTimestamp: String(m.sentAt),
        ...(queue.fifo ? { SequenceNumber: m.sequenceNumber, MessageGroupId: m.groupId, MessageDeduplicationId: m.dedupId } : {}),
        SenderId: LOCAL_ACCOUNT,
        ApproximateFirstReceiveTimestamp: String(m.firstReceivedAt ?? m.sentAt),
      },
      messageAttributes: Object.fromEntries(Object.entries(m.attributes).map(([k, a]) => [k, {
        ...(a.StringValue !== undefined ? { stringValue: a.StringValue } : { binaryValue: a.BinaryValue }),
        stringListValues: [], binaryListValues: [], dataType: a.DataType,
      }])),
      md5OfBody: createHash("md5").update(m.body).digest("hex"),
      eventSource: "aws:sqs",
      eventSourceARN: queue.arn,
      awsRegion: region,
    })),
  };
}

export interface S3Change {
  /** `ObjectCreated:Put`, `ObjectCreated:Post`, `ObjectCreated:Copy`, `ObjectCreated:CompleteMultipartUpload`, `ObjectRemoved:Delete`, ... */
  eventName: string;
  bucket: string;
  key: string;
  /** Created objects only. */
  size?: number;
  eTag?: string;
  versionId?: string;
  time: Date;
  sourceIp: string;
  /** Increasing per key: orders events of one key (`sequencer`). */
  sequence: number;
}

/**
 * An S3 event notification ("Event message structure", version 2.1:
 * https://docs.aws.amazon.com/AmazonS3/latest/userguide/notification-content-structure.html).
 * The key is URL-encoded as S3 sends it (spaces as `+`); `size` and `eTag`
 * only for created objects.
 */
export function s3Event(change: S3Change, region: string, configurationId: string): LambdaEvent {
  const key = encodeURIComponent(change.key).replace(/%20/g, "+").replace(/%2F/g, "/");
  const created = change.eventName.startsWith("ObjectCreated:");
  return {
    Records: [{
      eventVersion: "2.1",
      eventSource: "aws:s3",
      awsRegion: region,
      eventTime: change.time.toISOString(),
      eventName: change.eventName,
      userIdentity: { principalId: `AWS:${LOCAL_ACCOUNT}` },
      requestParameters: { sourceIPAddress: change.sourceIp },
      responseElements: { "x-amz-request-id": randomUUID().replace(/-/g, "").slice(0, 16).toUpperCase(), "x-amz-id-2": randomUUID() },
      s3: {
        s3SchemaVersion: "1.0",
        configurationId,
        bucket: { name: change.bucket, ownerIdentity: { principalId: LOCAL_ACCOUNT }, arn: `arn:aws:s3:::${change.bucket}` },
        object: {
          key,
          ...(created ? { size: change.size ?? 0, eTag: change.eTag ?? "" } : {}),
          ...(change.versionId ? { versionId: change.versionId } : {}),
          sequencer: change.sequence.toString(16).toUpperCase().padStart(16, "0"),
        },
      },
    }],
  };
}

export interface SnsNotification {
  messageId: string;
  topicArn: string;
  subject?: string;
  message: string;
  attributes: Record<string, { Type: string; Value: string }>;
  time: Date;
}

/**
 * SNS to a function ("Invoking Lambda functions with Amazon SNS notifications":
 * https://docs.aws.amazon.com/lambda/latest/dg/with-sns.html): `SigningCertUrl`
 * and `UnsubscribeUrl` in this casing; the local signature is a placeholder
 * (nothing signs locally).
 */
export function snsEvent(n: SnsNotification, subscriptionArn: string, endpoint: string): LambdaEvent {
  return {
    Records: [{
      EventVersion: "1.0",
      EventSubscriptionArn: subscriptionArn,
      EventSource: "aws:sns",
      Sns: {
        SignatureVersion: "1",
        Timestamp: n.time.toISOString(),
        Signature: "LOCAL",
        SigningCertUrl: `${endpoint}/SimpleNotificationService-local.pem`,
        MessageId: n.messageId,
        Message: n.message,
        MessageAttributes: n.attributes,
        Type: "Notification",
        UnsubscribeUrl: `${endpoint}/?Action=Unsubscribe&SubscriptionArn=${encodeURIComponent(subscriptionArn)}`,
        TopicArn: n.topicArn,
        Subject: n.subject ?? null,
      },
    }],
  };
}

/**
 * What SNS delivers to an SQS queue or an HTTP(S) endpoint, unless raw
 * delivery is on ("Amazon SNS message and JSON formats", notification JSON:
 * https://docs.aws.amazon.com/sns/latest/dg/sns-message-and-json-formats.html):
 * `SigningCertURL` and `UnsubscribeURL` in this casing.
 */
export function snsEnvelope(n: SnsNotification, subscriptionArn: string, endpoint: string): string {
  return JSON.stringify({
    Type: "Notification",
    MessageId: n.messageId,
    TopicArn: n.topicArn,
    ...(n.subject !== undefined ? { Subject: n.subject } : {}),
    Message: n.message,
    Timestamp: n.time.toISOString(),
    SignatureVersion: "1",
    Signature: "LOCAL",
    SigningCertURL: `${endpoint}/SimpleNotificationService-local.pem`,
    UnsubscribeURL: `${endpoint}/?Action=Unsubscribe&SubscriptionArn=${encodeURIComponent(subscriptionArn)}`,
    ...(Object.keys(n.attributes).length ? { MessageAttributes: n.attributes } : {}),
  });
}

export interface BusEvent {
  id: string;
  detailType: string;
  source: string;
  time: Date;
  region: string;
  resources: string[];
  detail: unknown;
}

/**
 * An EventBridge event as a rule's target receives it ("Amazon EventBridge
 * events", structure: https://docs.aws.amazon.com/eventbridge/latest/ref/overiew-event-structure.html).
 * Time to the second, as EventBridge gives it.
 */
export function busEvent(e: BusEvent): LambdaEvent {
  return {
    version: "0",
    id: e.id,
    "detail-type": e.detailType,
    source: e.source,
    account: LOCAL_ACCOUNT,
    time: e.time.toISOString().replace(/\.\d{3}Z$/, "Z"),
    region: e.region,
    resources: e.resources,
    detail: e.detail,
  };
}

/**
 * What a schedule rule sends ("Creating an Amazon EventBridge rule that runs
 * on a schedule", the Scheduled Event example:
 * https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-run-lambda-schedule.html):
 * source `aws.events`, the rule's ARN as the only resource, an empty detail.
 */
export function scheduledEvent(ruleArn: string, region: string, time: Date): LambdaEvent {
  return busEvent({ id: randomUUID(), detailType: "Scheduled Event", source: "aws.events", time, region, resources: [ruleArn], detail: {} });
}

export type AttributeValue = Record<string, unknown>;

export interface StreamChange {
  eventName: "INSERT" | "MODIFY" | "REMOVE";
  keys: Record<string, AttributeValue>;
  newImage?: Record<string, AttributeValue>;
  oldImage?: Record<string, AttributeValue>;
  sequenceNumber: string;
  sizeBytes: number;
  /** Seconds since the epoch. */
  approximateCreationDateTime: number;
}

/**
 * A DynamoDB Streams batch ("Using AWS Lambda with Amazon DynamoDB", example
 * event: https://docs.aws.amazon.com/lambda/latest/dg/with-ddb.html), the images
 * given by the stream's view type (KEYS_ONLY, NEW_IMAGE, OLD_IMAGE,
 * NEW_AND_OLD_IMAGES).
 */
export function dynamoDbStreamEvent(changes: StreamChange[], streamArn: string, viewType: string, region: string): LambdaEvent {
  const withNew = viewType === "NEW_IMAGE" || viewType === "NEW_AND_OLD_IMAGES";
  const withOld = viewType === "OLD_IMAGE" || viewType === "NEW_AND_OLD_IMAGES";
  return {
    Records: changes.map((c) => ({
      eventID: createHash("md5").update(`${streamArn}:${c.sequenceNumber}`).digest("hex"),
      eventName: c.eventName,
      eventVersion: "1.1",
      eventSource: "aws:dynamodb",
      awsRegion: region,
      dynamodb: {
        ApproximateCreationDateTime: c.approximateCreationDateTime,
        Keys: c.keys,
        ...(withNew && c.newImage ? { NewImage: c.newImage } : {}),
        ...(withOld && c.oldImage ? { OldImage: c.oldImage } : {}),
        SequenceNumber: c.sequenceNumber,
        SizeBytes: c.sizeBytes,
        StreamViewType: viewType,
      },
      eventSourceARN: streamArn,
    })),
  };
}

/**
 * The items a function's answer reports as failed ("Handling errors for an SQS
 * event source in Lambda", partial batch responses, and the same for streams:
 * https://docs.aws.amazon.com/lambda/latest/dg/services-sqs-errorhandling.html#services-sqs-batchfailurereporting).
 * An answer that is not `{batchItemFailures: [...]}` with known identifiers
 * fails the whole batch; an empty list (or no answer at all) fails nothing.
 */
export function failedItems(answer: unknown, ids: string[]): { all: true } | { all: false; failed: string[] } {
  if (answer === null || answer === undefined || typeof answer !== "object") return { all: false, failed: [] };
  const list = (answer as { batchItemFailures?: unknown }).batchItemFailures;
  if (list === undefined || list === null) return { all: false, failed: [] };
  if (!Array.isArray(list)) return { all: true };
  const failed: string[] = [];
  for (const f of list) {
    const id = (f as { itemIdentifier?: unknown })?.itemIdentifier;
    if (typeof id !== "string" || id === "" || !ids.includes(id)) return { all: true };
    failed.push(id);
  }
  return { all: false, failed };
}
