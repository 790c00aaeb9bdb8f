// The local SQS, SNS and EventBridge of one dev session, wired to each other
// (SNS and EventBridge deliver to the local queues), for the tests.
import { startEventBridge, type LocalEventBridge } from "../../../src/dev/aws-services/eventbridge";
import { startSns, type LocalSns } from "../../../src/dev/aws-services/sns";
import { startSqs, type LocalSqs } from "../../../src/dev/aws-services/sqs";
import type { LambdaEvent } from "../../../src/dev/aws-services/lambda-events";

export interface LocalMessaging {
  sqs: LocalSqs;
  sns: LocalSns;
  events: LocalEventBridge;
  /** What the functions' hooks received: [function ARN, event]. */
  invoked: [string, LambdaEvent][];
  endpoint: string;
  endpoints: Record<string, string>;
  close(): Promise<void>;
}

export async function startMessaging(main: "sqs" | "sns" | "events"): Promise<LocalMessaging> {
  const invoked: [string, LambdaEvent][] = [];
  const sqs = await startSqs();
  const sns = await startSns({ sqs: sqs.service, onLambda: (arn, e) => invoked.push([arn, e]) });
  const events = await startEventBridge({ sqs: sqs.service, sns: sns.service, onLambda: (arn, e) => invoked.push([arn, e]) });
  const endpoints = { sqs: sqs.endpoint, sns: sns.endpoint, events: events.endpoint };
  return {
    sqs, sns, events, invoked, endpoints, endpoint: endpoints[main],
    async close() {
      await events.close();
      await sns.close();
      await sqs.close();
    },
  };
}
