// An sns-topic, locally: a topic of dev's local SNS (src/dev/aws-services/sns.ts),
// one server per session shared by the stack's topics (a workload's SDK
// client has one SNS endpoint). Its ARN and name are the local ones. The
// functions whose `sns` events name it are subscribed (protocol `lambda`,
// their filter policies) and invoked asynchronously with the SNS event, as
// Lambda is; a queue a workload subscribes (Subscribe, protocol `sqs`, a
// queue's local ARN) gets the messages in the local SQS. Email and HTTPS
// subscribers are logged, never reached (nothing leaves the machine).
// Made again (without what workloads subscribed) when its settings or the
// events naming it change.
import type { DevContext, DevType, LocalOutputs } from "../../shared/component/local-runner";
import { ApplyError } from "../../shared/component/local-runner";
import { LOCAL_ACCOUNT, startSns, localSdkOutputs } from "../../dev/aws-services";
import { ServiceError } from "../../dev/aws-services/protocol";
import { functionDelivery } from "../../dev/function-delivery";
import { localSqs } from "../sqs-queue/dev";
import { functionLocalOutputs } from "../function/dev";
import type { snsTopicParams } from "./properties";
import { snsTopicDefinition } from "./definition";

/** A topic's local outputs. */
export function snsTopicLocalOutputs(topicArn: string, name: string): LocalOutputs<typeof snsTopicParams> {
  return { arn: topicArn, name };
}

/** The topic's name locally: the resource's name (with `.fifo` for a FIFO topic), as AWS allows it. */
export function localTopicName(resource: string, fifo: boolean): string {
  return `${resource.replace(/[^A-Za-z0-9_-]/g, "-").slice(0, fifo ? 251 : 256)}${fifo ? ".fifo" : ""}`;
}

/** The session's local SNS: it delivers to the session's functions and to its local SQS. */
export const localSns = (ctx: DevContext) => ctx.shared("sns", async () => {
  const delivery = functionDelivery(ctx, ctx.logger("sns"));
  const server = await startSns({
    sqs: () => localSqs(ctx).current?.service,
    onLambda: (arn, event) => delivery.deliver(arn, event, `sns message to ${arn}`),
    onEndpoint: (protocol, endpoint, messageId) => ctx.logger("sns")(`message ${messageId} for ${protocol} ${endpoint}: not delivered (dev sends nothing off this machine)`),
    log: ctx.logger("sns"),
  });
  return { ...server, close: () => (delivery.stop(), server.close()) };
});

export const snsTopicDev: DevType = {
  runner(ctx) {
    const server = localSns(ctx);
    return {
      async apply({ name, props: p }) {
        const fifo = p.fifoEnabled === true;
        const subscriptions = (Array.isArray(p.subscriptions) ? p.subscriptions : []) as { protocol: string; endpoint: string }[];
        const events = ctx.eventsOf(name);
        const fingerprint = JSON.stringify({ fifo, cbd: p.contentBasedDeduplication === true, subscriptions, events });
        // Held under its settings: a topic made again holds the server before the old one lets go, so the endpoint stays.
        const holder = `${name} ${fingerprint}`;
        const local = await server.hold(holder);
        const topicName = localTopicName(name, fifo);
        const topicArn = `arn:aws:sns:${local.service.region}:${LOCAL_ACCOUNT}:${topicName}`;
        if (ctx.running(name)?.fingerprint !== fingerprint) {
          await ctx.stop(name);
          const remove = async () => {
            for (const [arn, sub] of local.service.subscriptions) if (sub.topicArn === topicArn) local.service.subscriptions.delete(arn);
            local.service.topics.delete(topicArn);
            await server.release(holder);
          };
          try {
            const topic = local.service.createTopic(topicName, fifo ? { FifoTopic: "true", ContentBasedDeduplication: String(p.contentBasedDeduplication === true) } : {});
            for (const s of subscriptions) local.service.subscribe(topic.arn, s.protocol, s.endpoint);
            // The functions' `sns` events: as the topic's subscription does in AWS (stack.ts), with the filter policy.
            for (const e of events) {
              const filter = e.properties.filterPolicy;
              local.service.subscribe(topic.arn, "lambda", String(functionLocalOutputs(e.source).arn), filter === undefined ? {} : { FilterPolicy: JSON.stringify(filter) });
            }
          } catch (err) {
            await remove();
            if (err instanceof ServiceError) throw new ApplyError([{ resource: name, path: [], message: `the local SNS refused topic ${topicName} or a subscription of it: ${err.message}` }]);
            throw err;
          }
          ctx.run(name, { type: snsTopicDefinition.type, fingerprint, address: `${local.endpoint} (${topicArn})`, stop: remove });
        }
        // Beside the parameters, what a connected workload's SDK reaches the local SNS with (definition.ts, SNS_TOPIC_LOCAL_VARIABLES).
        const sdk = localSdkOutputs(local.endpoint, local.service.region);
        ctx.setOutputs(name, { ...snsTopicLocalOutputs(topicArn, topicName), ...sdk });
      },
    };
  },
};
