// The queue's properties as aws.sqs.Queue's inputs: one table, read by the
// component (what it registers) and by the rules (which judge the inputs with
// the catalog's SQS entries, src/aws-rules/sqs.ts, and map each finding back
// to the property it came from).
import type { SqsQueueProperties } from "./properties";

/** Each numeric property and the queue input it sets. */
export const QUEUE_ATTRIBUTE_INPUTS = {
  visibilityTimeoutSeconds: "visibilityTimeoutSeconds",
  messageRetentionPeriodSeconds: "messageRetentionSeconds",
  delayMessagesSeconds: "delaySeconds",
  maxMessageSizeBytes: "maxMessageSize",
  longPollingSeconds: "receiveWaitTimeSeconds",
} as const satisfies Partial<Record<keyof SqsQueueProperties, string>>;

/** The flag properties and their inputs. */
export const QUEUE_FLAG_INPUTS = {
  fifoEnabled: "fifoQueue",
  contentBasedDeduplication: "contentBasedDeduplication",
} as const satisfies Partial<Record<keyof SqsQueueProperties, string>>;

/** The property an input of the queue comes from. */
export function propertyOfInput(input: string): string | undefined {
  const all: Record<string, string> = { ...QUEUE_ATTRIBUTE_INPUTS, ...QUEUE_FLAG_INPUTS };
  return Object.keys(all).find((k) => all[k] === input);
}

/**
 * The queue's inputs from plain properties: a value not known yet (a
 * directive, an Output) is left out, so it is never judged.
 */
export function plainQueueInputs(p: Record<string, unknown>): Record<string, number | boolean> {
  const out: Record<string, number | boolean> = {};
  for (const [prop, input] of Object.entries(QUEUE_ATTRIBUTE_INPUTS)) if (typeof p[prop] === "number") out[input] = p[prop] as number;
  for (const [prop, input] of Object.entries(QUEUE_FLAG_INPUTS)) if (typeof p[prop] === "boolean") out[input] = p[prop] as boolean;
  return out;
}
