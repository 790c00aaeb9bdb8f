// An sqs-queue, locally: a queue of dev's local SQS (src/dev/aws-services/sqs.ts,
// one server on 127.0.0.1 for every queue of the session), with the queue's
// attributes and its redrive policy to its dead-letter queue; the functions
// whose `sqs` events name it are invoked with the SQS event shape as an event
// source mapping would (sources.ts: batches, retries after the visibility
// timeout, then the dead-letter queue). A queue is made again (empty) only
// when its settings change.
import type { DevContext, DevResource, DevType, LocalOutputs } from "../../shared/component/local-runner";
import { ApplyError } from "../../shared/component/local-runner";
import { startSqs, startSqsSource, type RunningSource, localSdkOutputs } from "../../dev/aws-services";
import { ServiceError } from "../../dev/aws-services/protocol";
import type { sqsQueueParams } from "./properties";
import { SQS_LOCAL_VARIABLES, sqsQueueDefinition } from "./definition";

type Props = Record<string, any>;

/** SQS's attribute names of the properties (CreateQueue, https://docs.aws.amazon.com/AWSSimpleQueueService/latest/APIReference/API_CreateQueue.html). */
const ATTRIBUTES: Record<string, string> = {
  visibilityTimeoutSeconds: "VisibilityTimeout",
  messageRetentionPeriodSeconds: "MessageRetentionPeriod",
  delayMessagesSeconds: "DelaySeconds",
  maxMessageSizeBytes: "MaximumMessageSize",
  longPollingSeconds: "ReceiveMessageWaitTimeSeconds",
};

/** The queue's name in SQS: the resource's name, with `.fifo` for a FIFO queue (in AWS the provider adds a random suffix first). */
export const localQueueName = (name: string, p: Props) => `${name}${p.fifoEnabled === true ? ".fifo" : ""}`;

/** The queue's attributes as CreateQueue takes them; the dead-letter queue by its ARN. */
export function localQueueAttributes(p: Props, deadLetterArn: (resource: string) => string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (p.fifoEnabled === true) {
    out.FifoQueue = "true";
    out.ContentBasedDeduplication = String(p.contentBasedDeduplication === true);
  }
  for (const [prop, attribute] of Object.entries(ATTRIBUTES)) if (p[prop] !== undefined) out[attribute] = String(p[prop]);
  const target = p.redrivePolicy?.targetSqsQueueName;
  const arn = typeof target === "string" ? deadLetterArn(target) : undefined;
  if (arn) out.RedrivePolicy = JSON.stringify({ deadLetterTargetArn: arn, maxReceiveCount: p.redrivePolicy.maxReceiveCount });
  return out;
}

/** The session's local SQS (every queue of the session, and what topics deliver to). */
export const localSqs = (ctx: DevContext) => ctx.shared("sqs", () => startSqs({ log: ctx.logger("sqs") }));

export const sqsQueueDev: DevType = {
  runner(ctx) {
    const server = localSqs(ctx);
    /** The queues of this session, by resource name. */
    const queues = new Map<string, { arn: string; queueName: string }>();
    let sources: RunningSource[] = [];
    const stopSources = async () => {
      const stopping = sources;
      sources = [];
      await Promise.all(stopping.map((s) => s.stop()));
    };

    return {
      async apply({ name, props: p }) {
        const queueName = localQueueName(name, p);
        const attributes = localQueueAttributes(p, (target) => queues.get(target)?.arn);
        const fingerprint = JSON.stringify({ queueName, attributes });
        // Held under its settings: a queue made again holds the server before the old one lets go, so the endpoint stays.
        const holder = `${name} ${fingerprint}`;
        const sqs = await server.hold(holder);
        if (ctx.running(name)?.fingerprint !== fingerprint) {
          await ctx.stop(name);
          let queue;
          try {
            queue = sqs.service.createQueue(queueName, attributes);
          } catch (err) {
            await server.release(holder);
            if (err instanceof ServiceError) throw new ApplyError([{ resource: name, path: [], message: `the local SQS refused queue ${queueName}: ${err.message}` }]);
            throw err;
          }
          queues.set(name, { arn: queue.arn, queueName });
          ctx.run(name, {
            type: sqsQueueDefinition.type, fingerprint, address: queue.url,
            stop: async () => {
              await stopSources();
              const q = sqs.service.queues.get(queueName);
              if (q) sqs.service.deleteQueue(q);
              queues.delete(name);
              await server.release(holder);
            },
          });
        }
        const queue = sqs.service.queues.get(queueName)!;
        const outputs: LocalOutputs<typeof sqsQueueParams> = { arn: queue.arn, name: queueName, url: queue.url };
        // Beside the parameters, what a connected workload's SDK reaches the local SQS with (definition.ts, SQS_LOCAL_VARIABLES).
        const sdk: Record<(typeof SQS_LOCAL_VARIABLES)[keyof typeof SQS_LOCAL_VARIABLES], string> = localSdkOutputs(sqs.endpoint, sqs.service.region);
        ctx.setOutputs(name, { ...outputs, ...sdk });
      },

      /** The functions running here read their queues: one source per `sqs` event, started again each round. */
      settle(resources: DevResource[]) {
        void stopSources().then(() => {
          const sqs = server.current;
          if (!sqs) return;
          for (const r of resources) {
            const queueName = queues.get(r.name)?.queueName;
            if (!queueName) continue;
            for (const e of ctx.eventsOf(r.name)) {
              const invoker = ctx.invoker(e.source);
              if (!invoker) continue;
              const num = (v: unknown) => (typeof v === "number" ? v : undefined);
              sources.push(startSqsSource({
                sqs: sqs.service, queueName,
                batchSize: num(e.properties.batchSize), maxBatchWindowSeconds: num(e.properties.maxBatchWindowSeconds),
                invoke: async (event) => {
                  const got = await invoker(event);
                  if (!got.ok) throw new Error(got.error);
                  return got.result;
                },
                log: ctx.logger(r.name),
              }));
            }
          }
        });
      },
    };
  },
};
