// Amazon SQS, locally: queues in memory behind the AWS JSON 1.0 protocol the
// SDK v3 client speaks (`x-amz-target: AmazonSQS.<Operation>`; errors carry
// the query protocol's code in `x-amzn-query-error`, as SQS's do). What each
// behaviour follows ("Amazon SQS Developer Guide" and API reference):
// - visibility timeout: a received message is hidden for the queue's (or the
//   request's) VisibilityTimeout, then visible again with its receive count
//   one higher (sqs-visibility-timeout.html);
// - dead-letter queues: a message received maxReceiveCount times goes to the
//   RedrivePolicy's queue instead of being received again, keeping its id
//   and attributes (sqs-dead-letter-queues.html);
// - FIFO: messages of a group are received in the order sent, and while one
//   of a group is in flight no later one of that group is received; a
//   MessageDeduplicationId (or the body's SHA-256 with
//   ContentBasedDeduplication) seen in the last 5 minutes is accepted and not
//   delivered again (FIFO-queues-exactly-once-processing.html);
// - delays, retention, long polling (WaitTimeSeconds up to 20 s), batches of
//   10, message size (MaximumMessageSize), and the MD5 digests of body and
//   attributes the SDK checks (sqs-message-metadata.html#sqs-attributes-md5-message-digest-calculation).
import { createHash, randomUUID } from "crypto";
import { LOCAL_ACCOUNT, LOCAL_REGION, MAX_REQUEST_BYTES, SQS_LIMITS as L, utf8Bytes } from "./limits";
import { serveJson, ServiceError, type LocalServer } from "./protocol";

export interface MessageAttributeValue {
  DataType: string;
  StringValue?: string;
  /** base64 on the wire. */
  BinaryValue?: string;
}

export interface SqsMessage {
  messageId: string;
  body: string;
  attributes: Record<string, MessageAttributeValue>;
  sentAt: number;
  /** When it may next be received (send + delay, or the end of its visibility timeout). */
  visibleAt: number;
  receiveCount: number;
  firstReceivedAt?: number;
  /** The receipt handle of its latest receive, while in flight. */
  receipt?: string;
  groupId?: string;
  dedupId?: string;
  sequenceNumber?: string;
  bytes: number;
}

export interface Queue {
  name: string;
  url: string;
  arn: string;
  fifo: boolean;
  attributes: Record<string, string>;
  messages: SqsMessage[];
  /** FIFO: deduplication id -> when accepted and the message's id and sequence number. */
  dedup: Map<string, { at: number; messageId: string; sequenceNumber: string }>;
  tags: Record<string, string>;
  createdAt: number;
  modifiedAt: number;
  lastPurge?: number;
}

const invalid = (message: string) => new ServiceError("InvalidParameterValue", message, 400, "InvalidParameterValue");
const noQueue = () => new ServiceError("QueueDoesNotExist", "The specified queue does not exist.", 400, "AWS.SimpleQueueService.NonExistentQueue");

/** Characters SQS accepts in a body ("Amazon SQS message quotas", Message content). */
const ALLOWED = /^[\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u;

const md5 = (data: string | Buffer) => createHash("md5").update(data).digest("hex");

/** MD5 of message attributes as SQS computes it: names sorted, each name, type, transport byte and value length-prefixed. */
export function attributesMd5(attributes: Record<string, MessageAttributeValue>): string | undefined {
  const names = Object.keys(attributes).sort();
  if (!names.length) return undefined;
  const parts: Buffer[] = [];
  const field = (b: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(b.length);
    parts.push(len, b);
  };
  for (const name of names) {
    const a = attributes[name];
    field(Buffer.from(name, "utf8"));
    field(Buffer.from(a.DataType, "utf8"));
    const binary = a.DataType.startsWith("Binary");
    parts.push(Buffer.from([binary ? 2 : 1]));
    field(binary ? Buffer.from(a.BinaryValue ?? "", "base64") : Buffer.from(a.StringValue ?? "", "utf8"));
  }
  return md5(Buffer.concat(parts));
}

const intIn = (name: string, v: unknown, r: { min: number; max: number }): number => {
  const n = typeof v === "number" ? v : Number(v);
  if (!Number.isInteger(n) || n < r.min || n > r.max) throw new ServiceError("InvalidAttributeValue", `Invalid value for the parameter ${name}: must be an integer from ${r.min} to ${r.max}.`, 400, "InvalidAttributeValue");
  return n;
};

const SETTABLE = ["DelaySeconds", "MaximumMessageSize", "MessageRetentionPeriod", "Policy", "ReceiveMessageWaitTimeSeconds", "VisibilityTimeout",
  "RedrivePolicy", "RedriveAllowPolicy", "ContentBasedDeduplication", "DeduplicationScope", "FifoThroughputLimit", "KmsMasterKeyId",
  "KmsDataKeyReusePeriodSeconds", "SqsManagedSseEnabled"];

export interface SqsOptions {
  /** The endpoint queue URLs start with (`http://127.0.0.1:PORT`); set when served. */
  endpoint?: string;
  region?: string;
  now?: () => number;
  log?(line: string): void;
}

/** The queues, their messages, and what the wire protocol and the event sources call. */
export class SqsService {
  readonly queues = new Map<string, Queue>();
  private storedBytes = 0;
  private sequence = 0n;
  private waiters = new Set<() => void>();
  private closed = false;
  endpoint: string;
  readonly region: string;
  private readonly now: () => number;

  constructor(private readonly options: SqsOptions = {}) {
    this.endpoint = options.endpoint ?? "http://127.0.0.1";
    this.region = options.region ?? LOCAL_REGION;
    this.now = options.now ?? Date.now;
  }

  // ---- queues

  createQueue(name: string, attributes: Record<string, string> = {}, tags: Record<string, string> = {}): Queue {
    const fifo = name.endsWith(".fifo");
    if (!L.namePattern.test(fifo ? name.slice(0, -5) : name) || name.length > 80) {
      throw invalid("Can only include alphanumeric characters, hyphens, or underscores. 1 to 80 in length");
    }
    if ((attributes.FifoQueue === "true") !== fifo) {
      throw invalid(fifo ? "The name of a FIFO queue can only include alphanumeric characters, hyphens, or underscores, must end with .fifo suffix and FifoQueue must be true" : "The name of a FIFO queue ... must end with .fifo suffix");
    }
    const existing = this.queues.get(name);
    const wanted = this.normalized(attributes, fifo);
    if (existing) {
      for (const [k, v] of Object.entries(wanted)) {
        if (existing.attributes[k] !== v) throw new ServiceError("QueueNameExists", `A queue already exists with the same name and a different value for attribute ${k}`, 400, "QueueAlreadyExists");
      }
      return existing;
    }
    if (this.queues.size >= L.localQueues) throw new ServiceError("OverLimit", `stackfile dev holds at most ${L.localQueues} queues (a local bound)`, 403, "OverLimit");
    const t = this.now();
    const queue: Queue = {
      name, fifo, url: `${this.endpoint}/${LOCAL_ACCOUNT}/${name}`, arn: `arn:aws:sqs:${this.region}:${LOCAL_ACCOUNT}:${name}`,
      attributes: {
        VisibilityTimeout: String(L.visibility.default), MaximumMessageSize: String(L.maxMessageSize.default), MessageRetentionPeriod: String(L.retention.default),
        DelaySeconds: "0", ReceiveMessageWaitTimeSeconds: "0", SqsManagedSseEnabled: "true",
        ...(fifo ? { FifoQueue: "true", ContentBasedDeduplication: "false", DeduplicationScope: "queue", FifoThroughputLimit: "perQueue" } : {}),
        ...wanted,
      },
      messages: [], dedup: new Map(), tags: { ...tags }, createdAt: t, modifiedAt: t,
    };
    this.queues.set(name, queue);
    return queue;
  }

  /** Checked attribute values, as SQS stores them. */
  private normalized(attributes: Record<string, string>, fifo: boolean): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(attributes)) {
      if (k === "FifoQueue") continue;
      if (!SETTABLE.includes(k)) throw new ServiceError("InvalidAttributeName", `Unknown Attribute ${k}.`, 400, "InvalidAttributeName");
      const s = String(v);
      if (k === "DelaySeconds") intIn(k, s, L.delay);
      if (k === "MaximumMessageSize") intIn(k, s, L.maxMessageSize);
      if (k === "MessageRetentionPeriod") intIn(k, s, L.retention);
      if (k === "ReceiveMessageWaitTimeSeconds") intIn(k, s, L.wait);
      if (k === "VisibilityTimeout") intIn(k, s, L.visibility);
      if ((k === "ContentBasedDeduplication" || k === "DeduplicationScope" || k === "FifoThroughputLimit") && !fifo) {
        throw new ServiceError("InvalidAttributeName", `Unknown Attribute ${k}.`, 400, "InvalidAttributeName");
      }
      if (k === "RedrivePolicy" && s !== "") this.checkRedrive(s);
      out[k] = s;
    }
    return out;
  }

  private checkRedrive(text: string): void {
    let p: { deadLetterTargetArn?: unknown; maxReceiveCount?: unknown };
    try {
      p = JSON.parse(text);
    } catch {
      throw new ServiceError("InvalidAttributeValue", "Invalid value for the parameter RedrivePolicy. Reason: Redrive policy is not a valid JSON map.", 400, "InvalidAttributeValue");
    }
    if (typeof p.deadLetterTargetArn !== "string") throw new ServiceError("InvalidAttributeValue", "Value for parameter RedrivePolicy is invalid. Reason: Redrive policy does not contain mandatory attribute: deadLetterTargetArn.", 400, "InvalidAttributeValue");
    intIn("RedrivePolicy maxReceiveCount", p.maxReceiveCount, L.maxReceiveCount);
  }

  queueByUrl(url: unknown): Queue {
    if (typeof url !== "string") throw invalid("QueueUrl is required");
    const name = url.split("/").pop() ?? "";
    const q = this.queues.get(name);
    if (!q) throw noQueue();
    return q;
  }

  queueByName(name: string): Queue {
    const q = this.queues.get(name);
    if (!q) throw noQueue();
    return q;
  }

  deleteQueue(q: Queue): void {
    for (const m of q.messages) this.storedBytes -= m.bytes;
    this.queues.delete(q.name);
  }

  setAttributes(q: Queue, attributes: Record<string, string>): void {
    Object.assign(q.attributes, this.normalized(attributes, q.fifo));
    q.modifiedAt = this.now();
  }

  attributesOf(q: Queue, names: string[] = ["All"]): Record<string, string> {
    this.expire(q);
    const t = this.now();
    const all: Record<string, string> = {
      ...q.attributes,
      QueueArn: q.arn,
      ApproximateNumberOfMessages: String(q.messages.filter((m) => m.visibleAt <= t).length),
      ApproximateNumberOfMessagesNotVisible: String(q.messages.filter((m) => m.visibleAt > t && m.receiveCount > 0).length),
      ApproximateNumberOfMessagesDelayed: String(q.messages.filter((m) => m.visibleAt > t && m.receiveCount === 0).length),
      CreatedTimestamp: String(Math.floor(q.createdAt / 1000)),
      LastModifiedTimestamp: String(Math.floor(q.modifiedAt / 1000)),
    };
    if (names.includes("All")) return all;
    const out: Record<string, string> = {};
    for (const n of names) {
      if (!(n in all) && !SETTABLE.includes(n) && n !== "FifoQueue") throw new ServiceError("InvalidAttributeName", `Unknown Attribute ${n}.`, 400, "InvalidAttributeName");
      if (n in all) out[n] = all[n];
    }
    return out;
  }

  purge(q: Queue): void {
    const t = this.now();
    if (q.lastPurge !== undefined && t - q.lastPurge < L.purgeIntervalMs) {
      throw new ServiceError("PurgeQueueInProgress", `Only one PurgeQueue operation on ${q.name} is allowed every 60 seconds.`, 403, "AWS.SimpleQueueService.PurgeQueueInProgress");
    }
    q.lastPurge = t;
    for (const m of q.messages) this.storedBytes -= m.bytes;
    q.messages = [];
  }

  // ---- messages

  /** Sends one message (the checks of SendMessage); answers as SendMessage does. */
  send(q: Queue, input: { MessageBody?: unknown; DelaySeconds?: unknown; MessageAttributes?: unknown; MessageGroupId?: unknown; MessageDeduplicationId?: unknown }): {
    MessageId: string; MD5OfMessageBody: string; MD5OfMessageAttributes?: string; SequenceNumber?: string;
  } {
    const body = input.MessageBody;
    if (typeof body !== "string" || body === "") throw new ServiceError("MissingParameter", "The request must contain the parameter MessageBody.", 400, "MissingParameter");
    if (!ALLOWED.test(body)) throw new ServiceError("InvalidMessageContents", "Invalid characters found. Valid unicode characters are #x9 | #xA | #xD | #x20 to #xD7FF | #xE000 to #xFFFD | #x10000 to #x10FFFF", 400, "InvalidMessageContents");
    const attributes = this.checkAttributes(input.MessageAttributes);
    const bytes = utf8Bytes(body) + Object.entries(attributes).reduce((n, [k, a]) => n + utf8Bytes(k) + utf8Bytes(a.DataType) + (a.StringValue !== undefined ? utf8Bytes(a.StringValue) : Buffer.from(a.BinaryValue ?? "", "base64").length), 0);
    const max = Number(q.attributes.MaximumMessageSize);
    if (bytes > max) throw invalid(`One or more parameters are invalid. Reason: Message must be shorter than ${max} bytes.`);
    let delay = Number(q.attributes.DelaySeconds);
    if (input.DelaySeconds !== undefined) {
      if (q.fifo) throw invalid("Value " + String(input.DelaySeconds) + " for parameter DelaySeconds is invalid. Reason: The request include parameter that is not valid for this queue type.");
      delay = intIn("DelaySeconds", input.DelaySeconds, L.delay);
    }
    const groupId = input.MessageGroupId === undefined ? undefined : String(input.MessageGroupId);
    let dedupId = input.MessageDeduplicationId === undefined ? undefined : String(input.MessageDeduplicationId);
    for (const [n, v] of [["MessageGroupId", groupId], ["MessageDeduplicationId", dedupId]] as const) {
      if (v !== undefined && (v.length < 1 || v.length > L.idLength || !/^[\x21-\x7E]+$/.test(v))) throw invalid(`Value ${v} for parameter ${n} is invalid. Reason: ${n} can only include alphanumeric and punctuation characters. 1 to 128 in length.`);
    }
    const t = this.now();
    if (q.fifo) {
      if (groupId === undefined) throw new ServiceError("MissingParameter", "The request must contain the parameter MessageGroupId.", 400, "MissingParameter");
      if (dedupId === undefined) {
        if (q.attributes.ContentBasedDeduplication !== "true") throw invalid("The queue should either have ContentBasedDeduplication enabled or MessageDeduplicationId provided explicitly");
        dedupId = createHash("sha256").update(body).digest("hex");
      }
      for (const [id, seen] of q.dedup) if (t - seen.at >= L.dedupMs) q.dedup.delete(id);
      const seen = q.dedup.get(dedupId);
      if (seen) return { MessageId: seen.messageId, MD5OfMessageBody: md5(body), MD5OfMessageAttributes: attributesMd5(attributes), SequenceNumber: seen.sequenceNumber };
    } else if (dedupId !== undefined) {
      throw invalid("Value " + dedupId + " for parameter MessageDeduplicationId is invalid. Reason: The request includes a parameter that is not valid for this queue type.");
    }
    if (this.storedBytes + bytes > L.localStoredBytes) {
      throw new ServiceError("OverLimit", `stackfile dev holds at most ${L.localStoredBytes / 1024 / 1024} MiB of messages in all queues together (a local bound; SQS has none): receive and delete some first`, 403, "OverLimit");
    }
    const message: SqsMessage = {
      messageId: randomUUID(), body, attributes, sentAt: t, visibleAt: t + delay * 1000, receiveCount: 0, groupId, dedupId, bytes,
      sequenceNumber: q.fifo ? String(++this.sequence).padStart(20, "0") : undefined,
    };
    if (q.fifo) q.dedup.set(dedupId!, { at: t, messageId: message.messageId, sequenceNumber: message.sequenceNumber! });
    q.messages.push(message);
    this.storedBytes += bytes;
    this.wake();
    return { MessageId: message.messageId, MD5OfMessageBody: md5(body), MD5OfMessageAttributes: attributesMd5(attributes), SequenceNumber: message.sequenceNumber };
  }

  private checkAttributes(raw: unknown): Record<string, MessageAttributeValue> {
    if (raw === undefined || raw === null) return {};
    if (typeof raw !== "object") throw invalid("MessageAttributes must be a map");
    const entries = Object.entries(raw as Record<string, MessageAttributeValue>);
    if (entries.length > L.messageAttributes) throw invalid(`Number of message attributes [${entries.length}] exceeds the allowed maximum [${L.messageAttributes}].`);
    const out: Record<string, MessageAttributeValue> = {};
    for (const [name, a] of entries) {
      if (!/^[A-Za-z0-9_\-.]{1,256}$/.test(name) || name.startsWith("AWS.") || name.startsWith("Amazon.") || name.startsWith(".") || name.endsWith(".") || name.includes("..")) {
        throw invalid(`Message attribute name '${name}' is invalid.`);
      }
      const type = a?.DataType;
      if (typeof type !== "string" || !/^(String|Number|Binary)(\..+)?$/.test(type)) throw invalid(`The type of message attribute '${name}' is invalid: String, Number or Binary (with an optional .custom suffix).`);
      if (type.startsWith("Binary") ? typeof a.BinaryValue !== "string" : typeof a.StringValue !== "string") throw invalid(`Message attribute '${name}' must contain a non-empty value of type '${type.split(".")[0]}'.`);
      if (type.startsWith("Number") && !/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(a.StringValue!)) throw invalid(`Can't cast the value of message attribute '${name}' to a number.`);
      out[name] = type.startsWith("Binary") ? { DataType: type, BinaryValue: a.BinaryValue } : { DataType: type, StringValue: a.StringValue };
    }
    return out;
  }

  /** Drops messages past the queue's retention period. */
  private expire(q: Queue): void {
    const limit = this.now() - Number(q.attributes.MessageRetentionPeriod) * 1000;
    const keep = q.messages.filter((m) => m.sentAt > limit);
    for (const m of q.messages) if (m.sentAt <= limit) this.storedBytes -= m.bytes;
    q.messages = keep;
  }

  /** Receives up to `max` messages now (no waiting): visibility, receive counts, redrive, FIFO groups. */
  receiveNow(q: Queue, max: number, visibilitySeconds?: number): SqsMessage[] {
    this.expire(q);
    const t = this.now();
    const visibility = visibilitySeconds ?? Number(q.attributes.VisibilityTimeout);
    const redrive = q.attributes.RedrivePolicy ? JSON.parse(q.attributes.RedrivePolicy) as { deadLetterTargetArn: string; maxReceiveCount: number } : undefined;
    const blocked = new Set<string>();
    if (q.fifo) for (const m of q.messages) if (m.receipt !== undefined && m.visibleAt > t) blocked.add(m.groupId!);
    const out: SqsMessage[] = [];
    for (const m of [...q.messages]) {
      if (out.length >= max) break;
      if (q.fifo && blocked.has(m.groupId!)) continue;
      if (m.visibleAt > t) {
        if (q.fifo) blocked.add(m.groupId!);
        continue;
      }
      if (redrive && m.receiveCount >= Number(redrive.maxReceiveCount)) {
        const dlq = [...this.queues.values()].find((x) => x.arn === redrive.deadLetterTargetArn);
        if (dlq) {
          q.messages.splice(q.messages.indexOf(m), 1);
          // Moved as it is (id, body, attributes, receive count); a standard queue keeps its original enqueue time.
          dlq.messages.push({ ...m, receipt: undefined, visibleAt: t });
          this.options.log?.(`message ${m.messageId} moved from ${q.name} to its dead-letter queue ${dlq.name} after ${m.receiveCount} receives`);
          continue;
        }
      }
      m.receiveCount++;
      m.firstReceivedAt ??= t;
      m.receipt = Buffer.from(`${q.name}:${m.messageId}:${randomUUID()}`).toString("base64");
      m.visibleAt = t + visibility * 1000;
      out.push(m);
    }
    return out;
  }

  /** Long polling: waits up to `waitSeconds` (fractions too) for messages (ends at once when some arrive, or when the service closes). */
  async receive(q: Queue, max: number, visibilitySeconds?: number, waitSeconds = 0): Promise<SqsMessage[]> {
    const deadline = this.now() + waitSeconds * 1000;
    for (;;) {
      const got = this.receiveNow(q, max, visibilitySeconds);
      const left = deadline - this.now();
      if (got.length || left <= 0 || this.closed || !this.queues.has(q.name)) return got;
      const t = this.now();
      const next = q.messages.filter((m) => m.visibleAt > t).reduce((n, m) => Math.min(n, m.visibleAt - t), Infinity);
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, Math.max(1, Math.min(left, next)));
        this.waiters.add(done);
      });
    }
  }

  private wake(): void {
    for (const w of [...this.waiters]) w();
  }

  private byReceipt(q: Queue, receipt: unknown): SqsMessage {
    const m = typeof receipt === "string" ? q.messages.find((x) => x.receipt === receipt) : undefined;
    if (!m) throw new ServiceError("ReceiptHandleIsInvalid", `The input receipt handle "${typeof receipt === "string" ? receipt.slice(0, 64) : ""}" is not a valid receipt handle.`, 400, "ReceiptHandleIsInvalid");
    return m;
  }

  deleteMessage(q: Queue, receipt: unknown): void {
    // A receipt handle of a message already deleted is accepted, as SQS accepts it.
    if (typeof receipt === "string" && !q.messages.some((m) => m.receipt === receipt) && this.wasIssued(q, receipt)) return;
    const m = this.byReceipt(q, receipt);
    q.messages.splice(q.messages.indexOf(m), 1);
    this.storedBytes -= m.bytes;
    this.wake();
  }

  private wasIssued(q: Queue, receipt: string): boolean {
    return Buffer.from(receipt, "base64").toString("utf8").startsWith(`${q.name}:`);
  }

  changeVisibility(q: Queue, receipt: unknown, seconds: unknown): void {
    const m = this.byReceipt(q, receipt);
    const s = intIn("VisibilityTimeout", seconds, L.visibility);
    if (m.visibleAt <= this.now()) throw new ServiceError("MessageNotInflight", "The message referred to isn't in flight.", 400, "AWS.SimpleQueueService.MessageNotInflight");
    m.visibleAt = this.now() + s * 1000;
    this.wake();
  }

  close(): void {
    this.closed = true;
    this.wake();
  }

  // ---- the wire protocol

  /** The AWS JSON 1.0 operations the SDK's SQSClient calls. */
  operations(): Record<string, (input: any) => unknown> {
    const batch = <T extends { Id?: unknown }>(entries: unknown, run: (e: T) => Record<string, unknown>) => {
      if (!Array.isArray(entries) || entries.length === 0) throw new ServiceError("EmptyBatchRequest", "There should be at least one SendMessageBatchRequestEntry in the request.", 400, "AWS.SimpleQueueService.EmptyBatchRequest");
      if (entries.length > L.batchEntries) throw new ServiceError("TooManyEntriesInBatchRequest", `Maximum number of entries per request are ${L.batchEntries}. You have sent ${entries.length}.`, 400, "AWS.SimpleQueueService.TooManyEntriesInBatchRequest");
      const ids = entries.map((e: T) => e?.Id);
      for (const id of ids) if (typeof id !== "string" || !L.batchIdPattern.test(id)) throw new ServiceError("InvalidBatchEntryId", "A batch entry id can only contain alphanumeric characters, hyphens and underscores. It can be at most 80 letters long.", 400, "AWS.SimpleQueueService.InvalidBatchEntryId");
      if (new Set(ids).size !== ids.length) throw new ServiceError("BatchEntryIdsNotDistinct", "Two or more batch entries in the request have the same Id.", 400, "AWS.SimpleQueueService.BatchEntryIdsNotDistinct");
      const Successful: unknown[] = [];
      const Failed: unknown[] = [];
      for (const e of entries as T[]) {
        try {
          Successful.push({ Id: e.Id, ...run(e) });
        } catch (err) {
          if (!(err instanceof ServiceError)) throw err;
          Failed.push({ Id: e.Id, SenderFault: err.status < 500, Code: err.queryCode ?? err.code, Message: err.message });
        }
      }
      return { Successful, Failed };
    };
    const messageOut = (m: SqsMessage, q: Queue, systemNames: string[], attributeNames: string[]) => {
      const system: Record<string, string> = {
        SenderId: LOCAL_ACCOUNT, SentTimestamp: String(m.sentAt), ApproximateReceiveCount: String(m.receiveCount),
        ApproximateFirstReceiveTimestamp: String(m.firstReceivedAt ?? m.sentAt),
        ...(q.fifo ? { MessageGroupId: m.groupId!, MessageDeduplicationId: m.dedupId!, SequenceNumber: m.sequenceNumber! } : {}),
      };
      const wantAll = systemNames.includes("All");
      const Attributes = Object.fromEntries(Object.entries(system).filter(([k]) => wantAll || systemNames.includes(k)));
      const wantAttrs = attributeNames.includes("All") || attributeNames.includes(".*");
      const picked = Object.fromEntries(Object.entries(m.attributes).filter(([k]) => wantAttrs || attributeNames.includes(k) || attributeNames.some((p) => p.endsWith(".*") && k.startsWith(p.slice(0, -1)))));
      return {
        MessageId: m.messageId, ReceiptHandle: m.receipt, MD5OfBody: md5(m.body), Body: m.body,
        ...(Object.keys(Attributes).length ? { Attributes } : {}),
        ...(Object.keys(picked).length ? { MD5OfMessageAttributes: attributesMd5(picked), MessageAttributes: picked } : {}),
      };
    };
    return {
      CreateQueue: (i) => ({ QueueUrl: this.createQueue(String(i.QueueName ?? ""), i.Attributes ?? {}, i.tags ?? {}).url }),
      GetQueueUrl: (i) => ({ QueueUrl: this.queueByName(String(i.QueueName ?? "")).url }),
      ListQueues: (i) => {
        const prefix = String(i.QueueNamePrefix ?? "");
        const urls = [...this.queues.values()].filter((q) => q.name.startsWith(prefix)).map((q) => q.url).sort();
        const max = i.MaxResults === undefined ? 1000 : intIn("MaxResults", i.MaxResults, { min: 1, max: 1000 });
        const start = i.NextToken ? Number(Buffer.from(String(i.NextToken), "base64").toString()) || 0 : 0;
        const page = urls.slice(start, start + max);
        return { ...(page.length ? { QueueUrls: page } : {}), ...(start + max < urls.length && i.MaxResults !== undefined ? { NextToken: Buffer.from(String(start + max)).toString("base64") } : {}) };
      },
      DeleteQueue: (i) => void this.deleteQueue(this.queueByUrl(i.QueueUrl)),
      GetQueueAttributes: (i) => ({ Attributes: this.attributesOf(this.queueByUrl(i.QueueUrl), i.AttributeNames ?? ["All"]) }),
      SetQueueAttributes: (i) => void this.setAttributes(this.queueByUrl(i.QueueUrl), i.Attributes ?? {}),
      PurgeQueue: (i) => void this.purge(this.queueByUrl(i.QueueUrl)),
      TagQueue: (i) => void Object.assign(this.queueByUrl(i.QueueUrl).tags, i.Tags ?? {}),
      UntagQueue: (i) => {
        const q = this.queueByUrl(i.QueueUrl);
        for (const k of i.TagKeys ?? []) delete q.tags[k];
      },
      ListQueueTags: (i) => {
        const tags = this.queueByUrl(i.QueueUrl).tags;
        return Object.keys(tags).length ? { Tags: tags } : {};
      },
      SendMessage: (i) => this.send(this.queueByUrl(i.QueueUrl), i),
      SendMessageBatch: (i) => {
        const q = this.queueByUrl(i.QueueUrl);
        const total = (Array.isArray(i.Entries) ? i.Entries : []).reduce((n: number, e: { MessageBody?: unknown }) => n + (typeof e?.MessageBody === "string" ? utf8Bytes(e.MessageBody) : 0), 0);
        if (total > L.batchBytes) throw new ServiceError("BatchRequestTooLong", `Batch requests cannot be longer than ${L.batchBytes} bytes. You have sent ${total} bytes.`, 400, "AWS.SimpleQueueService.BatchRequestTooLong");
        return batch(i.Entries, (e: any) => this.send(q, e));
      },
      ReceiveMessage: async (i) => {
        const q = this.queueByUrl(i.QueueUrl);
        const max = i.MaxNumberOfMessages === undefined ? 1 : Number(i.MaxNumberOfMessages);
        if (!Number.isInteger(max) || max < 1 || max > L.batchEntries) throw invalid(`Value ${String(i.MaxNumberOfMessages)} for parameter MaxNumberOfMessages is invalid. Reason: Must be between 1 and 10, if provided.`);
        const wait = i.WaitTimeSeconds === undefined ? Number(q.attributes.ReceiveMessageWaitTimeSeconds) : Number(i.WaitTimeSeconds);
        if (!Number.isInteger(wait) || wait < L.wait.min || wait > L.wait.max) throw invalid(`Value ${String(i.WaitTimeSeconds)} for parameter WaitTimeSeconds is invalid. Reason: Must be >= 0 and <= 20, if provided.`);
        const visibility = i.VisibilityTimeout === undefined ? undefined : intIn("VisibilityTimeout", i.VisibilityTimeout, L.visibility);
        const got = await this.receive(q, max, visibility, wait);
        const system = [...(i.MessageSystemAttributeNames ?? []), ...(i.AttributeNames ?? [])];
        return got.length ? { Messages: got.map((m) => messageOut(m, q, system, i.MessageAttributeNames ?? [])) } : {};
      },
      DeleteMessage: (i) => void this.deleteMessage(this.queueByUrl(i.QueueUrl), i.ReceiptHandle),
      DeleteMessageBatch: (i) => {
        const q = this.queueByUrl(i.QueueUrl);
        return batch(i.Entries, (e: any) => (this.deleteMessage(q, e.ReceiptHandle), {}));
      },
      ChangeMessageVisibility: (i) => void this.changeVisibility(this.queueByUrl(i.QueueUrl), i.ReceiptHandle, i.VisibilityTimeout),
      ChangeMessageVisibilityBatch: (i) => {
        const q = this.queueByUrl(i.QueueUrl);
        return batch(i.Entries, (e: any) => (this.changeVisibility(q, e.ReceiptHandle, e.VisibilityTimeout), {}));
      },
    };
  }
}

export interface LocalSqs extends LocalServer {
  service: SqsService;
}

/** Serves a new SqsService on 127.0.0.1 (`port` 0: a free one). */
export async function startSqs(options: SqsOptions & { port?: number } = {}): Promise<LocalSqs> {
  const service = new SqsService(options);
  const server = await serveJson({
    port: options.port, maxBodyBytes: MAX_REQUEST_BYTES, targetPrefix: "AmazonSQS", version: "1.0", errorNamespace: "com.amazonaws.sqs",
    queryCompatible: true, operations: service.operations(), log: options.log,
  });
  service.endpoint = server.endpoint;
  return {
    ...server, service,
    async close() {
      service.close();
      await server.close();
    },
  };
}
