// How Lambda calls a function for each kind of source, locally. The dev
// runners give `invoke` (it resolves with the function's answer and rejects
// when the function fails or times out):
// - SQS (an event source mapping that polls): batches of up to `batchSize`
//   gathered for up to `maxBatchWindowSeconds`; a batch that fails stays in
//   the queue and comes back after its visibility timeout (then the queue's
//   redrive policy moves it to the dead-letter queue); with
//   `reportBatchItemFailures`, only the messages the answer lists stay
//   ("Using Lambda with Amazon SQS": https://docs.aws.amazon.com/lambda/latest/dg/with-sqs.html,
//   and services-sqs-errorhandling.html).
// - Asynchronous invocation (S3 notifications, SNS, EventBridge): a failed
//   call is tried twice more, one and two minutes later, then dropped with a
//   log line (invocation-async-error-handling.html).
// - DynamoDB streams (an event source mapping on the table's stream): the
//   records in order, in batches of up to `batchSize`; a failed batch is
//   retried until it succeeds (or `maximumRetryAttempts`), blocking the
//   records after it, and with `reportBatchItemFailures` retried from the
//   lowest failed sequence number ("Using AWS Lambda with Amazon DynamoDB":
//   https://docs.aws.amazon.com/lambda/latest/dg/with-ddb.html, and
//   services-ddb-batchfailurereporting.html).
import type { LocalDynamoDb } from "./dynamodb";
import { dynamoDbStreamEvent, failedItems, sqsEvent, type LambdaEvent, type StreamChange } from "./lambda-events";
import { LAMBDA_ASYNC } from "./limits";
import { ServiceError } from "./protocol";
import type { SqsMessage, SqsService } from "./sqs";

export type Invoke = (event: LambdaEvent) => Promise<unknown>;

export interface SqsSourceOptions {
  sqs: SqsService;
  queueName: string;
  /** 1 to 10,000 (standard) or 10 (FIFO); default 10 (CreateEventSourceMapping). */
  batchSize?: number;
  /** 0 to 300 s: how long to gather a batch (MaximumBatchingWindowInSeconds). */
  maxBatchWindowSeconds?: number;
  /** The mapping's FunctionResponseTypes holds ReportBatchItemFailures. */
  reportBatchItemFailures?: boolean;
  invoke: Invoke;
  log(line: string): void;
}

export interface RunningSource {
  /** Resolves once the source has stopped (a batch being handled finishes first). */
  stop(): Promise<void>;
}

/** Polls a local queue and invokes the function with SQS events, as an event source mapping does. */
export function startSqsSource(o: SqsSourceOptions): RunningSource {
  let running = true;
  const batchSize = o.batchSize ?? 10;
  const windowMs = (o.maxBatchWindowSeconds ?? 0) * 1000;
  const loop = (async () => {
    while (running) {
      const queue = o.sqs.queues.get(o.queueName);
      if (!queue) {
        await new Promise((r) => setTimeout(r, 500));
        continue;
      }
      // Long polls of 1 s, so stop() ends the loop quickly.
      const batch: SqsMessage[] = await o.sqs.receive(queue, Math.min(10, batchSize), undefined, 1);
      if (!batch.length) continue;
      // The window ends early, before the first message's visibility timeout ends (it would be received again).
      const until = Math.min(Date.now() + windowMs, ...batch.map((m) => m.visibleAt - 100));
      while (running && batch.length < batchSize && Date.now() < until) {
        const more = await o.sqs.receive(queue, Math.min(10, batchSize - batch.length), undefined, Math.max(0, Math.min(1000, until - Date.now())) / 1000);
        for (const m of more) if (!batch.includes(m)) batch.push(m);
      }
      const ids = batch.map((m) => m.messageId);
      let keep: string[];
      try {
        const answer = await o.invoke(sqsEvent(batch, queue, o.sqs.region));
        const result = o.reportBatchItemFailures ? failedItems(answer, ids) : { all: false as const, failed: [] };
        keep = result.all ? ids : result.failed;
        if (result.all) o.log(`${o.queueName}: the function's batchItemFailures is not a list of this batch's message ids; the whole batch of ${ids.length} returns after its visibility timeout`);
        else if (keep.length) o.log(`${o.queueName}: ${keep.length} of ${ids.length} message(s) reported failed; they return after their visibility timeout`);
      } catch (err) {
        keep = ids;
        o.log(`${o.queueName}: the function failed (${(err as Error).message}); the batch of ${ids.length} returns after its visibility timeout`);
      }
      for (const m of batch) {
        if (keep.includes(m.messageId)) continue;
        try {
          o.sqs.deleteMessage(queue, m.receipt);
        } catch (err) {
          if (!(err instanceof ServiceError)) throw err;
        }
      }
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
    },
  };
}

export interface AsyncInvokerOptions {
  invoke: Invoke;
  log(line: string): void;
  /** Delays before the retries (Lambda's: 1 and 2 minutes). */
  retryDelaysMs?: number[];
}

/** Invokes as Lambda's asynchronous invocation does: the call, then the retries on failure. Resolves with whether it succeeded. */
export function asyncInvoker(o: AsyncInvokerOptions): { invoke(event: LambdaEvent, what: string): Promise<boolean>; stop(): void } {
  const delays = o.retryDelaysMs ?? LAMBDA_ASYNC.retryDelaysMs;
  const timers = new Map<NodeJS.Timeout, () => void>();
  let stopped = false;
  const wait = (ms: number) => new Promise<void>((resolve) => {
    const t = setTimeout(() => {
      timers.delete(t);
      resolve();
    }, ms);
    timers.set(t, resolve);
  });
  return {
    async invoke(event, what) {
      for (let attempt = 0; ; attempt++) {
        try {
          await o.invoke(event);
          return true;
        } catch (err) {
          if (attempt >= delays.length || stopped) {
            o.log(`${what}: the function failed ${attempt + 1} time(s) (${(err as Error).message}); the event is dropped, as Lambda drops it without a failure destination`);
            return false;
          }
          o.log(`${what}: the function failed (${(err as Error).message}); retried in ${Math.round(delays[attempt] / 1000)} s`);
          await wait(delays[attempt]);
          if (stopped) return false;
        }
      }
    },
    stop() {
      stopped = true;
      for (const [t, resolve] of timers) {
        clearTimeout(t);
        resolve();
      }
      timers.clear();
    },
  };
}

export interface StreamSourceOptions {
  dynamodb: LocalDynamoDb;
  table: string;
  /** 1 to 10,000; default 100 (CreateEventSourceMapping). */
  batchSize?: number;
  reportBatchItemFailures?: boolean;
  /** -1 (Lambda's default): until it succeeds. */
  maximumRetryAttempts?: number;
  /** Between the tries of a failed batch. */
  retryDelayMs?: number;
  invoke: Invoke;
  log(line: string): void;
}

/** Records of the table's stream waiting for the function (a local bound; DynamoDB keeps records 24 hours). */
export const MAX_PENDING_STREAM_RECORDS = 10_000;

/** Invokes the function with the table's stream records, as a DynamoDB event source mapping does. */
export function startStreamSource(o: StreamSourceOptions): RunningSource {
  const pending: StreamChange[] = [];
  let stream = o.dynamodb.streamOf(o.table);
  let wake: (() => void) | undefined;
  let running = true;
  const unsubscribe = o.dynamodb.onRecords(o.table, (records, s) => {
    stream = s;
    pending.push(...records);
    if (pending.length > MAX_PENDING_STREAM_RECORDS) {
      pending.splice(0, pending.length - MAX_PENDING_STREAM_RECORDS);
      o.log(`${o.table}: more than ${MAX_PENDING_STREAM_RECORDS} stream records wait for the function; the oldest were dropped`);
    }
    wake?.();
  });
  const sleep = (ms: number) => new Promise<void>((r) => {
    const t = setTimeout(() => { wake = undefined; r(); }, ms);
    wake = () => { clearTimeout(t); wake = undefined; r(); };
  });
  const loop = (async () => {
    let failures = 0;
    while (running) {
      if (!pending.length || !stream) {
        await sleep(1000);
        continue;
      }
      const batch = pending.slice(0, o.batchSize ?? 100);
      const ids = batch.map((r) => r.sequenceNumber);
      let done = batch.length;
      try {
        const answer = await o.invoke(dynamoDbStreamEvent(batch, stream.arn, stream.viewType, o.dynamodb.region));
        const result = o.reportBatchItemFailures ? failedItems(answer, ids) : { all: false as const, failed: [] };
        if (result.all) done = 0;
        else if (result.failed.length) done = Math.min(...result.failed.map((id) => ids.indexOf(id)));
      } catch (err) {
        done = 0;
        o.log(`${o.table}: the function failed on stream records (${(err as Error).message})`);
      }
      pending.splice(0, done);
      if (done === batch.length) {
        failures = 0;
        continue;
      }
      failures++;
      const max = o.maximumRetryAttempts ?? -1;
      if (max >= 0 && failures > max) {
        pending.splice(0, batch.length - done);
        o.log(`${o.table}: ${batch.length - done} stream record(s) dropped after ${failures} failed tries (maximumRetryAttempts ${max})`);
        failures = 0;
        continue;
      }
      o.log(`${o.table}: ${batch.length - done} stream record(s) tried again in ${Math.round((o.retryDelayMs ?? 1000) / 1000)} s; the records after them wait`);
      await sleep(o.retryDelayMs ?? 1000);
    }
  })();
  return {
    async stop() {
      running = false;
      unsubscribe();
      wake?.();
      await loop;
    },
  };
}
