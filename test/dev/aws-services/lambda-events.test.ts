// The event shapes against the examples of AWS's pages (named in
// src/dev/aws-services/lambda-events.ts): the same keys, nesting and types.
import * as assert from "assert";
import { busEvent, dynamoDbStreamEvent, s3Event, scheduledEvent, snsEnvelope, snsEvent, sqsEvent } from "../../../src/dev/aws-services/lambda-events";

/** The shape of a JSON value: its keys (sorted) down to the leaves' types. */
function shape(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(shape);
  if (v !== null && typeof v === "object") return Object.fromEntries(Object.keys(v).sort().map((k) => [k, shape((v as Record<string, unknown>)[k])]));
  return v === null ? "null" : typeof v;
}

const time = new Date("2026-11-27T12:00:00.123Z");

describe("Lambda event shapes of the local services", () => {
  it("SQS: the record of with-sqs.html's standard-queue example", () => {
    const e = sqsEvent([{ messageId: "m", body: "b", attributes: { a: { DataType: "String", StringValue: "v" } }, sentAt: 1, visibleAt: 2, receiveCount: 1, firstReceivedAt: 1, receipt: "r", bytes: 1 }],
      { arn: "arn:aws:sqs:us-east-1:000000000000:q", fifo: false }, "us-east-1");
    assert.deepStrictEqual(shape(e), shape({ Records: [{
      messageId: "", receiptHandle: "", body: "",
      attributes: { ApproximateReceiveCount: "", SentTimestamp: "", SenderId: "", ApproximateFirstReceiveTimestamp: "" },
      messageAttributes: { a: { stringValue: "", stringListValues: [], binaryListValues: [], dataType: "" } },
      md5OfBody: "", eventSource: "", eventSourceARN: "", awsRegion: "",
    }] }));
  });

  it("S3: notification-content-structure.html, version 2.1; the key URL-encoded with + for spaces; removals without size and eTag", () => {
    const created = s3Event({ eventName: "ObjectCreated:Put", bucket: "uploads", key: "photos/my cat.jpg", size: 5, eTag: "e", time, sourceIp: "127.0.0.1", sequence: 1 }, "us-east-1", "on-upload");
    const r = (created.Records as any[])[0];
    assert.deepStrictEqual(shape(r), shape({
      eventVersion: "", eventSource: "", awsRegion: "", eventTime: "", eventName: "", userIdentity: { principalId: "" },
      requestParameters: { sourceIPAddress: "" }, responseElements: { "x-amz-request-id": "", "x-amz-id-2": "" },
      s3: { s3SchemaVersion: "", configurationId: "", bucket: { name: "", ownerIdentity: { principalId: "" }, arn: "" }, object: { key: "", size: 0, eTag: "", sequencer: "" } },
    }));
    assert.strictEqual(r.s3.object.key, "photos/my+cat.jpg");
    assert.strictEqual(r.eventTime, "2026-11-27T12:00:00.123Z");
    const removed = (s3Event({ eventName: "ObjectRemoved:Delete", bucket: "uploads", key: "a", time, sourceIp: "127.0.0.1", sequence: 2 }, "us-east-1", "c").Records as any[])[0];
    assert.deepStrictEqual(Object.keys(removed.s3.object).sort(), ["key", "sequencer"]);
  });

  it("SNS: with-sns.html's record (SigningCertUrl, UnsubscribeUrl) and the JSON an SQS subscriber gets (SigningCertURL, UnsubscribeURL)", () => {
    const n = { messageId: "m", topicArn: "arn:aws:sns:us-east-1:000000000000:t", message: "hi", subject: "s", attributes: { k: { Type: "String", Value: "v" } }, time };
    assert.deepStrictEqual(shape(snsEvent(n, "arn:sub", "http://127.0.0.1:1")), shape({ Records: [{
      EventVersion: "", EventSubscriptionArn: "", EventSource: "",
      Sns: { SignatureVersion: "", Timestamp: "", Signature: "", SigningCertUrl: "", MessageId: "", Message: "", MessageAttributes: { k: { Type: "", Value: "" } }, Type: "", UnsubscribeUrl: "", TopicArn: "", Subject: "" },
    }] }));
    assert.deepStrictEqual(Object.keys(JSON.parse(snsEnvelope(n, "arn:sub", "http://127.0.0.1:1"))).sort(),
      ["Message", "MessageAttributes", "MessageId", "Signature", "SignatureVersion", "SigningCertURL", "Subject", "Timestamp", "TopicArn", "Type", "UnsubscribeURL"]);
  });

  it("EventBridge: the event structure (version, id, detail-type, source, account, time to the second, region, resources, detail); the Scheduled Event", () => {
    const e = busEvent({ id: "i", detailType: "Order Placed", source: "shop", time, region: "us-east-1", resources: [], detail: { n: 1 } });
    assert.deepStrictEqual(Object.keys(e), ["version", "id", "detail-type", "source", "account", "time", "region", "resources", "detail"]);
    assert.strictEqual(e.time, "2026-11-27T12:00:00Z");
    const s = scheduledEvent("arn:aws:events:us-east-1:000000000000:rule/nightly", "us-east-1", time);
    assert.deepStrictEqual([s["detail-type"], s.source, s.resources, s.detail], ["Scheduled Event", "aws.events", ["arn:aws:events:us-east-1:000000000000:rule/nightly"], {}]);
  });

  it("DynamoDB streams: with-ddb.html's record; the images the view type gives", () => {
    const change = { eventName: "MODIFY" as const, keys: { id: { S: "1" } }, newImage: { id: { S: "1" }, n: { N: "2" } }, oldImage: { id: { S: "1" }, n: { N: "1" } }, sequenceNumber: "100", sizeBytes: 26, approximateCreationDateTime: 1700000000 };
    const both = (dynamoDbStreamEvent([change], "arn:stream", "NEW_AND_OLD_IMAGES", "us-east-1").Records as any[])[0];
    assert.deepStrictEqual(shape(both), shape({
      eventID: "", eventName: "", eventVersion: "", eventSource: "", awsRegion: "",
      dynamodb: { ApproximateCreationDateTime: 0, Keys: { id: { S: "" } }, NewImage: { id: { S: "" }, n: { N: "" } }, OldImage: { id: { S: "" }, n: { N: "" } }, SequenceNumber: "", SizeBytes: 0, StreamViewType: "" },
      eventSourceARN: "",
    }));
    const keysOnly = (dynamoDbStreamEvent([change], "arn:stream", "KEYS_ONLY", "us-east-1").Records as any[])[0];
    assert.deepStrictEqual(Object.keys(keysOnly.dynamodb).sort(), ["ApproximateCreationDateTime", "Keys", "SequenceNumber", "SizeBytes", "StreamViewType"]);
  });
});
