// An sns-topic, locally: a topic of dev's local SNS (src/dev/aws-services/sns.ts),
// one server per session shared by the stack's topics (a workload's SDK
// client has one SNS endpoint). Its ARN and name are the local ones; email
// and HTTPS subscribers are logged, never reached (nothing leaves the
// machine). Recreated only when its name or FIFO setting change.
import type { DevType, LocalOutputs } from "../../shared/component/local-runner";
import { LOCAL_ACCOUNT, LOCAL_CREDENTIALS, startSns, type LocalSns } from "../../dev/aws-services";
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

export const snsTopicDev: DevType = {
  runner(ctx) {
    let server: Promise<LocalSns> | undefined;
    const topics = new Set<string>();
    const sns = () => (server ??= startSns({
      onEndpoint: (protocol, endpoint, messageId) => ctx.logger("sns")(`message ${messageId} for ${protocol} ${endpoint}: not delivered (dev sends nothing off this machine)`),
    }));
    return {
      async apply({ name, props: p }) {
        const fifo = p.fifoEnabled === true;
        const subscriptions = (Array.isArray(p.subscriptions) ? p.subscriptions : []) as { protocol: string; endpoint: string }[];
        const fingerprint = JSON.stringify({ fifo, cbd: p.contentBasedDeduplication === true, subscriptions });
        const local = await sns();
        const topicName = localTopicName(name, fifo);
        const topicArn = `arn:aws:sns:${local.service.region}:${LOCAL_ACCOUNT}:${topicName}`;
        if (ctx.running(name)?.fingerprint !== fingerprint) {
          await ctx.stop(name);
          const topic = local.service.createTopic(topicName, fifo ? { FifoTopic: "true", ContentBasedDeduplication: String(p.contentBasedDeduplication === true) } : {});
          for (const s of subscriptions) local.service.subscribe(topic.arn, s.protocol, s.endpoint);
          topics.add(name);
          ctx.run(name, {
            type: snsTopicDefinition.type, fingerprint, address: `${local.endpoint} (${topic.arn})`,
            stop: async () => {
              for (const [arn, sub] of local.service.subscriptions) if (sub.topicArn === topic.arn) local.service.subscriptions.delete(arn);
              local.service.topics.delete(topic.arn);
              topics.delete(name);
              if (!topics.size && server) {
                server = undefined;
                await local.close();
              }
            },
          });
        }
        // Beside the parameters, what a connected workload's SDK reaches the local SNS with (definition.ts, SNS_TOPIC_LOCAL_VARIABLES).
        const sdk = { localEndpoint: local.endpoint, localRegion: local.service.region, localAccessKeyId: LOCAL_CREDENTIALS.accessKeyId, localSecretAccessKey: LOCAL_CREDENTIALS.secretAccessKey };
        ctx.setOutputs(name, { ...snsTopicLocalOutputs(topicArn, topicName), ...sdk });
      },
    };
  },
};
