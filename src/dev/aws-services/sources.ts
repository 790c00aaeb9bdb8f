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
import { failedItems, sqsEvent, type LambdaEvent } from "./lambda-events";
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
