// Amazon SNS, locally: topics and subscriptions behind the AWS query protocol
// the SDK's SNSClient speaks. A published message goes to every
// subscription whose filter policy it matches (patterns.ts; on the message
// attributes, or on the body with FilterPolicyScope MessageBody):
// - `sqs`: a local queue gets the notification JSON, or the bare message and
//   its attributes with RawMessageDelivery ("Amazon SNS raw message delivery");
// - `lambda`: the `onLambda` hook (the dev runner invokes the function
//   asynchronously with the SNS event);
// - `http`, `https`, `email`, `email-json`, `sms`: the `onEndpoint` hook (dev
//   logs that it would deliver; nothing leaves the machine). Such a
//   subscription is confirmed at once, as if its owner had confirmed.
// ("Amazon SNS message filtering", "Fanout to Amazon SQS queues":
// https://docs.aws.amazon.com/sns/latest/dg/sns-message-filtering.html.)
import { createHash, randomUUID } from "crypto";
import { snsEnvelope, snsEvent, type LambdaEvent, type SnsNotification } from "./lambda-events";
import { LOCAL_ACCOUNT, LOCAL_REGION, MAX_REQUEST_BYTES, SNS_LIMITS as L, utf8Bytes } from "./limits";
import { checkPattern, combinations, leafKeys, matches, PatternError } from "./patterns";
import { queryMap, serveQuery, ServiceError, xmlText, type LocalServer } from "./protocol";
import type { SqsService } from "./sqs";

interface Topic { name: string; arn: string; fifo: boolean; attributes: Record<string, string>; dedup: Map<string, number> }
interface Subscription { arn: string; topicArn: string; protocol: string; endpoint: string; attributes: Record<string, string> }

const invalid = (m: string) => new ServiceError("InvalidParameter", `Invalid parameter: ${m}`);
const notFound = (m: string) => new ServiceError("NotFound", m, 404);

const PROTOCOLS = ["sqs", "lambda", "http", "https", "email", "email-json", "sms", "application", "firehose"];

export interface SnsOptions {
  region?: string;
  /** The local SQS a subscribed queue is on (a function: the one running when a message is published). */
  sqs?: SqsService | (() => SqsService | undefined);
  /** A function subscribed to a topic: the dev runner invokes it (asynchronously, with Lambda's retries). */
  onLambda?(functionArn: string, event: LambdaEvent): void;
  /** An http(s), email or sms subscriber: dev does not deliver off the machine. */
  onEndpoint?(protocol: string, endpoint: string, messageId: string): void;
  log?(line: string): void;
  now?: () => Date;
}

export class SnsService {
  readonly topics = new Map<string, Topic>();
  readonly subscriptions = new Map<string, Subscription>();
  endpoint = "http://127.0.0.1";
  readonly region: string;
  private sequence = 0n;
  private readonly now: () => Date;

  constructor(private readonly options: SnsOptions = {}) {
    this.region = options.region ?? LOCAL_REGION;
    this.now = options.now ?? (() => new Date());
  }

  createTopic(name: string, attributes: Record<string, string> = {}): Topic {
    const fifo = name.endsWith(".fifo");
    if (!L.namePattern.test(fifo ? name.slice(0, -5) : name)) throw invalid("Topic Name");
    if ((attributes.FifoTopic === "true") !== fifo) throw invalid(fifo ? "Fifo Topic names must end with .fifo and FifoTopic must be true" : "Topic Name");
    const arn = `arn:aws:sns:${this.region}:${LOCAL_ACCOUNT}:${name}`;
    const existing = this.topics.get(arn);
    if (existing) return existing;
    if (this.topics.size >= L.localTopics) throw new ServiceError("TopicLimitExceeded", `stackfile dev holds at most ${L.localTopics} topics (a local bound)`, 403);
    const topic: Topic = { name, arn, fifo, attributes: { ...(fifo ? { FifoTopic: "true", ContentBasedDeduplication: "false" } : {}), ...attributes }, dedup: new Map() };
    this.topics.set(arn, topic);
    return topic;
  }

  topic(arn: unknown): Topic {
    const t = typeof arn === "string" ? this.topics.get(arn) : undefined;
    if (!t) throw notFound("Topic does not exist");
    return t;
  }

  subscribe(topicArn: string, protocol: string, endpoint: string, attributes: Record<string, string> = {}): Subscription {
    const topic = this.topic(topicArn);
    if (!PROTOCOLS.includes(protocol)) throw invalid(`Amazon SNS does not support this protocol string: ${protocol}`);
    if (protocol === "sqs" || protocol === "lambda") {
      if (!new RegExp(`^arn:aws:${protocol}:`).test(endpoint)) throw invalid(`${protocol === "sqs" ? "SQS" : "Lambda"} endpoint ARN`);
    }
    if ((protocol === "http" || protocol === "https") && !endpoint.startsWith(`${protocol}://`)) throw invalid("Endpoint must match the specified protocol");
    const same = [...this.subscriptions.values()].find((s) => s.topicArn === topicArn && s.protocol === protocol && s.endpoint === endpoint);
    if (same) return same;
    if (this.subscriptions.size >= L.localSubscriptions) throw new ServiceError("SubscriptionLimitExceeded", `stackfile dev holds at most ${L.localSubscriptions} subscriptions (a local bound)`, 403);
    const sub: Subscription = { arn: `${topic.arn}:${randomUUID()}`, topicArn, protocol, endpoint, attributes: {} };
    for (const [k, v] of Object.entries(attributes)) this.setSubscriptionAttribute(sub, k, v);
    this.subscriptions.set(sub.arn, sub);
    return sub;
  }

  setSubscriptionAttribute(sub: Subscription, name: string, value: string): void {
    if (!["FilterPolicy", "FilterPolicyScope", "RawMessageDelivery", "RedrivePolicy", "DeliveryPolicy", "SubscriptionRoleArn", "ReplayPolicy"].includes(name)) throw invalid(`AttributeName`);
    if (name === "FilterPolicy" && value !== "") this.checkFilterPolicy(value, sub.attributes.FilterPolicyScope ?? "MessageAttributes");
    if (name === "FilterPolicyScope" && !["MessageAttributes", "MessageBody"].includes(value)) throw invalid("Attribute Name: FilterPolicyScope, Attribute Value: must be MessageAttributes or MessageBody");
    if (name === "RawMessageDelivery" && !["true", "false"].includes(value)) throw invalid("Attribute Name: RawMessageDelivery, Attribute Value: must be true or false");
    sub.attributes[name] = value;
  }

  private checkFilterPolicy(text: string, scope: string): void {
    if (utf8Bytes(text) > L.filterPolicyBytes) throw invalid(`FilterPolicy: policy is larger than ${L.filterPolicyBytes} bytes`);
    let policy: Record<string, unknown>;
    try {
      policy = JSON.parse(text);
      checkPattern(policy);
    } catch (e) {
      throw invalid(`FilterPolicy: ${e instanceof PatternError ? e.message : "failed to parse JSON"}`);
    }
    if (scope === "MessageAttributes" && Object.values(policy).some((v) => v !== null && typeof v === "object" && !Array.isArray(v)) && !("$or" in policy)) {
      throw invalid("FilterPolicy: Filter policy scope MessageAttributes does not support nested filter policy");
    }
    if (leafKeys(policy) > L.filterPolicyKeys) throw invalid(`FilterPolicy: Filter policy can not have more than ${L.filterPolicyKeys} keys`);
    if (combinations(policy) > L.filterPolicyCombinations) throw invalid(`FilterPolicy: Filter policy is too complex (more than ${L.filterPolicyCombinations} combinations)`);
  }

  /** Publishes (the checks of Publish); answers the message id (and sequence number for FIFO). */
  publish(i: { topicArn: unknown; message: unknown; subject?: string; attributes: Record<string, { DataType: string; StringValue?: string; BinaryValue?: string }>; groupId?: string; dedupId?: string }): { MessageId: string; SequenceNumber?: string } {
    const topic = this.topic(i.topicArn);
    if (typeof i.message !== "string" || i.message === "") throw invalid("Empty message");
    const size = utf8Bytes(i.message) + Object.entries(i.attributes).reduce((n, [k, a]) => n + utf8Bytes(k) + utf8Bytes(a.DataType) + utf8Bytes(a.StringValue ?? a.BinaryValue ?? ""), 0);
    if (size > L.messageBytes) throw invalid(`Message too long: the message and its attributes are ${size} bytes; at most ${L.messageBytes}`);
    if (Object.keys(i.attributes).length > L.messageAttributes) throw invalid(`Too many message attributes: at most ${L.messageAttributes}`);
    if (i.subject !== undefined && (i.subject.length > 100 || /[\r\n]/.test(i.subject))) throw invalid("Subject");
    let sequenceNumber: string | undefined;
    if (topic.fifo) {
      if (!i.groupId) throw invalid("The MessageGroupId parameter is required for FIFO topics");
      const dedup = i.dedupId ?? (topic.attributes.ContentBasedDeduplication === "true" ? createHash("sha256").update(i.message).digest("hex") : undefined);
      if (!dedup) throw invalid("The topic should either have ContentBasedDeduplication enabled or MessageDeduplicationId provided explicitly");
      const t = this.now().getTime();
      for (const [k, at] of topic.dedup) if (t - at >= 5 * 60 * 1000) topic.dedup.delete(k);
      sequenceNumber = String(++this.sequence).padStart(20, "0");
      if (topic.dedup.has(dedup)) return { MessageId: randomUUID(), SequenceNumber: sequenceNumber };
      topic.dedup.set(dedup, t);
    } else if (i.groupId !== undefined && i.dedupId !== undefined) {
      throw invalid("MessageDeduplicationId: The request includes MessageDeduplicationId parameter that is not valid for this topic type");
    }
    const attributes = Object.fromEntries(Object.entries(i.attributes).map(([k, a]) => [k, { Type: a.DataType, Value: a.StringValue ?? a.BinaryValue ?? "" }]));
    const n: SnsNotification = { messageId: randomUUID(), topicArn: topic.arn, subject: i.subject, message: i.message, attributes, time: this.now() };
    for (const sub of this.subscriptions.values()) if (sub.topicArn === topic.arn && this.accepts(sub, n)) this.deliver(sub, n, i);
    return { MessageId: n.messageId, SequenceNumber: sequenceNumber };
  }

  /** For EventBridge targets: a message with no attributes. */
  publishTo(topicArn: string, message: string): void {
    this.publish({ topicArn, message, attributes: {}, ...(this.topics.get(topicArn)?.fifo ? { groupId: "events", dedupId: randomUUID() } : {}) });
  }

  private accepts(sub: Subscription, n: SnsNotification): boolean {
    if (!sub.attributes.FilterPolicy) return true;
    const policy = JSON.parse(sub.attributes.FilterPolicy);
    if (sub.attributes.FilterPolicyScope === "MessageBody") {
      try {
        return matches(policy, JSON.parse(n.message));
      } catch {
        return false;
      }
    }
    // Attributes as values: String as text, Number as a number, String.Array as its list; Binary is not matched.
    const data: Record<string, unknown> = {};
    for (const [k, a] of Object.entries(n.attributes)) {
      if (a.Type.startsWith("Number")) data[k] = Number(a.Value);
      else if (a.Type === "String.Array") {
        try {
          data[k] = JSON.parse(a.Value);
        } catch {
          data[k] = a.Value;
        }
      } else if (a.Type.startsWith("String")) data[k] = a.Value;
    }
    return matches(policy, data);
  }

  private deliver(sub: Subscription, n: SnsNotification, i: { attributes: Record<string, { DataType: string; StringValue?: string; BinaryValue?: string }>; groupId?: string; dedupId?: string }): void {
    if (sub.protocol === "lambda") {
      this.options.onLambda?.(sub.endpoint, snsEvent(n, sub.arn, this.endpoint));
    } else if (sub.protocol === "sqs") {
      const sqs = typeof this.options.sqs === "function" ? this.options.sqs() : this.options.sqs;
      const q = sqs && [...sqs.queues.values()].find((x) => x.arn === sub.endpoint);
      if (!sqs || !q) {
        this.options.log?.(`subscription ${sub.arn}: the queue ${sub.endpoint} does not run locally; message ${n.messageId} not delivered`);
        return;
      }
      const raw = sub.attributes.RawMessageDelivery === "true";
      sqs.send(q, {
        MessageBody: raw ? n.message : snsEnvelope(n, sub.arn, this.endpoint),
        ...(raw && Object.keys(i.attributes).length ? { MessageAttributes: i.attributes } : {}),
        ...(q.fifo ? { MessageGroupId: i.groupId ?? "sns", MessageDeduplicationId: i.dedupId ?? n.messageId } : {}),
      });
    } else {
      this.options.onEndpoint?.(sub.protocol, sub.endpoint, n.messageId);
    }
  }

  actions(): Record<string, (p: URLSearchParams) => string | undefined> {
    const member = (fields: Record<string, string | undefined>) => `<member>${Object.entries(fields).filter(([, v]) => v !== undefined).map(([k, v]) => `<${k}>${xmlText(v!)}</${k}>`).join("")}</member>`;
    const entries = (m: Record<string, string>) => `<Attributes>${Object.entries(m).map(([k, v]) => `<entry><key>${xmlText(k)}</key><value>${xmlText(v)}</value></entry>`).join("")}</Attributes>`;
    const attributesOf = (p: URLSearchParams, prefix: string) => {
      const out: Record<string, { DataType: string; StringValue?: string; BinaryValue?: string }> = {};
      for (let k = 1; p.has(`${prefix}.entry.${k}.Name`); k++) {
        const base = `${prefix}.entry.${k}`;
        const DataType = p.get(`${base}.Value.DataType`) ?? "";
        if (!/^(String|Number|Binary)(\..+)?$/.test(DataType)) throw invalid(`The message attribute '${p.get(`${base}.Name`)}' has an invalid message attribute type`);
        out[p.get(`${base}.Name`)!] = { DataType, ...(p.has(`${base}.Value.BinaryValue`) ? { BinaryValue: p.get(`${base}.Value.BinaryValue`)! } : { StringValue: p.get(`${base}.Value.StringValue`) ?? "" }) };
      }
      return out;
    };
    return {
      CreateTopic: (p) => `<TopicArn>${xmlText(this.createTopic(p.get("Name") ?? "", queryMap(p, "Attributes")).arn)}</TopicArn>`,
      DeleteTopic: (p) => {
        const t = this.topic(p.get("TopicArn"));
        this.topics.delete(t.arn);
        for (const [k, s] of this.subscriptions) if (s.topicArn === t.arn) this.subscriptions.delete(k);
        return undefined;
      },
      ListTopics: () => `<Topics>${[...this.topics.values()].map((t) => member({ TopicArn: t.arn })).join("")}</Topics>`,
      GetTopicAttributes: (p) => {
        const t = this.topic(p.get("TopicArn"));
        const subs = [...this.subscriptions.values()].filter((s) => s.topicArn === t.arn).length;
        return entries({ ...t.attributes, TopicArn: t.arn, Owner: LOCAL_ACCOUNT, SubscriptionsConfirmed: String(subs), SubscriptionsPending: "0", SubscriptionsDeleted: "0" });
      },
      SetTopicAttributes: (p) => {
        const t = this.topic(p.get("TopicArn"));
        t.attributes[p.get("AttributeName") ?? ""] = p.get("AttributeValue") ?? "";
        return undefined;
      },
      Subscribe: (p) => `<SubscriptionArn>${xmlText(this.subscribe(p.get("TopicArn") ?? "", p.get("Protocol") ?? "", p.get("Endpoint") ?? "", queryMap(p, "Attributes")).arn)}</SubscriptionArn>`,
      ConfirmSubscription: (p) => {
        const sub = [...this.subscriptions.values()].find((s) => s.topicArn === p.get("TopicArn"));
        if (!sub) throw notFound("Subscription does not exist");
        return `<SubscriptionArn>${xmlText(sub.arn)}</SubscriptionArn>`;
      },
      Unsubscribe: (p) => {
        if (!this.subscriptions.delete(p.get("SubscriptionArn") ?? "")) throw notFound("Subscription does not exist");
        return undefined;
      },
      ListSubscriptions: () => `<Subscriptions>${[...this.subscriptions.values()].map((s) => member({ TopicArn: s.topicArn, Protocol: s.protocol, SubscriptionArn: s.arn, Owner: LOCAL_ACCOUNT, Endpoint: s.endpoint })).join("")}</Subscriptions>`,
      ListSubscriptionsByTopic: (p) => {
        const t = this.topic(p.get("TopicArn"));
        return `<Subscriptions>${[...this.subscriptions.values()].filter((s) => s.topicArn === t.arn).map((s) => member({ TopicArn: s.topicArn, Protocol: s.protocol, SubscriptionArn: s.arn, Owner: LOCAL_ACCOUNT, Endpoint: s.endpoint })).join("")}</Subscriptions>`;
      },
      GetSubscriptionAttributes: (p) => {
        const s = this.subscriptions.get(p.get("SubscriptionArn") ?? "");
        if (!s) throw notFound("Subscription does not exist");
        return entries({ ...s.attributes, SubscriptionArn: s.arn, TopicArn: s.topicArn, Protocol: s.protocol, Endpoint: s.endpoint, Owner: LOCAL_ACCOUNT, PendingConfirmation: "false", ConfirmationWasAuthenticated: "true" });
      },
      SetSubscriptionAttributes: (p) => {
        const s = this.subscriptions.get(p.get("SubscriptionArn") ?? "");
        if (!s) throw notFound("Subscription does not exist");
        this.setSubscriptionAttribute(s, p.get("AttributeName") ?? "", p.get("AttributeValue") ?? "");
        return undefined;
      },
      Publish: (p) => {
        const r = this.publish({
          topicArn: p.get("TopicArn") ?? p.get("TargetArn"), message: p.get("Message"), subject: p.get("Subject") ?? undefined,
          attributes: attributesOf(p, "MessageAttributes"), groupId: p.get("MessageGroupId") ?? undefined, dedupId: p.get("MessageDeduplicationId") ?? undefined,
        });
        return `<MessageId>${r.MessageId}</MessageId>${r.SequenceNumber ? `<SequenceNumber>${r.SequenceNumber}</SequenceNumber>` : ""}`;
      },
      PublishBatch: (p) => {
        const topicArn = p.get("TopicArn");
        this.topic(topicArn);
        const ids: string[] = [];
        for (let k = 1; p.has(`PublishBatchRequestEntries.member.${k}.Id`); k++) ids.push(p.get(`PublishBatchRequestEntries.member.${k}.Id`)!);
        if (!ids.length) throw new ServiceError("EmptyBatchRequest", "The batch request doesn't contain any entries");
        if (ids.length > L.batchEntries) throw new ServiceError("TooManyEntriesInBatchRequest", `The batch request contains more entries than permissible (${L.batchEntries})`);
        if (new Set(ids).size !== ids.length) throw new ServiceError("BatchEntryIdsNotDistinct", "Two or more batch entries in the request have the same Id");
        const ok: string[] = [];
        const failed: string[] = [];
        ids.forEach((id, n) => {
          const base = `PublishBatchRequestEntries.member.${n + 1}`;
          try {
            const r = this.publish({
              topicArn, message: p.get(`${base}.Message`), subject: p.get(`${base}.Subject`) ?? undefined, attributes: attributesOf(p, `${base}.MessageAttributes`),
              groupId: p.get(`${base}.MessageGroupId`) ?? undefined, dedupId: p.get(`${base}.MessageDeduplicationId`) ?? undefined,
            });
            ok.push(member({ Id: id, MessageId: r.MessageId, SequenceNumber: r.SequenceNumber }));
          } catch (e) {
            if (!(e instanceof ServiceError)) throw e;
            failed.push(member({ Id: id, Code: e.code, Message: e.message, SenderFault: "true" }));
          }
        });
        return `<Successful>${ok.join("")}</Successful><Failed>${failed.join("")}</Failed>`;
      },
    };
  }
}

export interface LocalSns extends LocalServer {
  service: SnsService;
}

export async function startSns(options: SnsOptions & { port?: number } = {}): Promise<LocalSns> {
  const service = new SnsService(options);
  const server = await serveQuery({ port: options.port, maxBodyBytes: MAX_REQUEST_BYTES, xmlns: "http://sns.amazonaws.com/doc/2010-03-31/", actions: service.actions(), log: options.log });
  service.endpoint = server.endpoint;
  return { ...server, service };
}
