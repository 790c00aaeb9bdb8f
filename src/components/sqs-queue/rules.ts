// Rules of sqs-queue as pure functions: plain values in, Problem[] out, for
// YAML validation and the component constructor. What SQS and Lambda refuse
// is the catalog's (src/aws-rules/sqs.ts, event-sources.ts: each entry with
// its source): these rules make the queue, its dead-letter queue and its
// event source mappings as `plan` would register them, judge them with those
// entries, and place each finding at the property it came from. A value of an
// unexpected type (a directive, an Output) is "not known yet" and never judged.
import type { Problem } from "../../shared/messages/problem";
import type { IncomingEvent } from "../../shared/component/resource-definition";
import type { AwsRule, PlannedResource } from "../../aws-rules/rule";
import { SQS_RULES } from "../../aws-rules/sqs";
import { EVENT_SOURCE_RULES } from "../../aws-rules/event-sources";
import { plainQueueInputs, propertyOfInput } from "./queue-inputs";

type Path = (string | number)[];

const QUEUE = "aws:sqs/queue:Queue";
const MAPPING = "aws:lambda/eventSourceMapping:EventSourceMapping";
const FUNCTION = "aws:lambda/function:Function";
/** Any one region: every resource of a stack is in the stack's. */
const REGION = "us-east-1";

const rules = (...ids: string[]): AwsRule[] => [...SQS_RULES, ...EVENT_SOURCE_RULES].filter((r) => ids.includes(r.id));
const QUEUE_RULES = rules("sqs/queue-attributes", "sqs/fifo-only-attributes", "sqs/redrive-policy");
const KIND_RULES = rules("sqs/redrive-policy");
const MAPPING_RULES = rules("sqs/event-source-visibility", "sqs/fifo-batch-size", "lambda/event-source-batching", "lambda/event-source-duplicate");

/** A finding of a catalog rule on one of the resources judged. */
interface Judged {
  rule: AwsRule;
  resource: PlannedResource;
  input: string;
  message: string;
}

/** The catalog's `rules` on `resources` as `plan` runs them (aws-rules/index.ts checkCatalog), without loading the whole catalog into `validate`. */
function judge(resources: PlannedResource[], chosen: AwsRule[]): Judged[] {
  const ctx = { resources, region: REGION, quotas: {} };
  return resources.flatMap((resource) => chosen.filter((rule) => rule.types.includes(resource.type))
    .flatMap((rule) => rule.check(resource, ctx, rule.quota?.default ?? Infinity).map((f) => ({ ...f, rule, resource }))));
}

const isMap = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Whether the queue is FIFO; undefined when not known yet. */
export function queueIsFifo(p: Record<string, unknown>): boolean | undefined {
  return p.fifoEnabled === undefined ? false : typeof p.fifoEnabled === "boolean" ? p.fifoEnabled : undefined;
}

/** A queue's ARN as AWS gives it (its name ends with .fifo when FIFO), for the catalog's rules. */
const arnOf = (name: string, fifo: boolean) => `arn:aws:sqs:${REGION}:000000000000:${name}${fifo ? ".fifo" : ""}`;

const planned = (type: string, name: string, inputs: Record<string, unknown>, dependsOn: string[] = []): PlannedResource => ({ type, name, parent: null, inputs, region: REGION, dependsOn });

/** A redrive policy's JSON as the queue's input, to a dead-letter queue of the given kind. */
function redrivePolicy(target: string, fifo: boolean, count: unknown): string {
  return JSON.stringify({ deadLetterTargetArn: arnOf(target, fifo), maxReceiveCount: count });
}

/** Rules that hold for any single configuration: the attributes' ranges, FIFO-only settings, the receive count. */
export function sqsQueueStaticProblems(p: Record<string, unknown>): Problem[] {
  const inputs: Record<string, unknown> = plainQueueInputs(p);
  const fifo = queueIsFifo(p);
  const redrive = isMap(p.redrivePolicy) ? p.redrivePolicy : undefined;
  // The receive count against a dead-letter queue of the queue's own kind: the other queue's kind is a rule across queues.
  if (redrive && typeof redrive.maxReceiveCount === "number" && fifo !== undefined) inputs.redrivePolicy = redrivePolicy("deadLetters", fifo, redrive.maxReceiveCount);
  return judge([planned(QUEUE, "queue", inputs)], QUEUE_RULES).map((f) => {
    if (f.input === "redrivePolicy") return { path: ["redrivePolicy", "maxReceiveCount"], message: f.message };
    const property = propertyOfInput(f.input) ?? f.input;
    const hint = f.rule.id === "sqs/fifo-only-attributes" ? "set fifoEnabled: true, or remove it" : undefined;
    return { path: [property], message: f.rule.id === "sqs/fifo-only-attributes" ? `${property} applies to FIFO queues only; this queue is standard` : f.message, ...(hint ? { hint } : {}) };
  });
}

/** The queue a redrive policy names, if it names one. */
function deadLetterTarget(p: Record<string, unknown>): string | undefined {
  const redrive = isMap(p.redrivePolicy) ? p.redrivePolicy : undefined;
  return typeof redrive?.targetSqsQueueName === "string" ? redrive.targetSqsQueueName : undefined;
}

/** Across the stack's queues: a dead-letter queue is of its queue's kind (FIFO or standard). */
export function sqsQueueCrossProblems(queues: { name: string; props: Record<string, unknown> }[]): { resource: string; problem: Problem }[] {
  const byName = new Map(queues.map((q) => [q.name, q.props]));
  const out: { resource: string; problem: Problem }[] = [];
  for (const q of queues) {
    const target = deadLetterTarget(q.props);
    const dlq = target === undefined ? undefined : byName.get(target);
    const fifo = queueIsFifo(q.props);
    const dlqFifo = dlq && queueIsFifo(dlq);
    if (target === undefined || fifo === undefined || dlqFifo === undefined) continue;
    const inputs = { fifoQueue: fifo, redrivePolicy: redrivePolicy(target, dlqFifo, 1) };
    for (const f of judge([planned(QUEUE, q.name, inputs)], KIND_RULES)) {
      out.push({
        resource: q.name,
        problem: { path: ["redrivePolicy", "targetSqsQueueName"], message: `${f.message}: '${target}' is ${dlqFifo ? "FIFO" : "standard"}`, hint: `name a ${fifo ? "FIFO" : "standard"} queue, or set fifoEnabled: ${fifo} on '${target}'` },
      });
    }
  }
  return out;
}

/** The property of an `sqs` event a finding on its event source mapping comes from. */
const EVENT_FIELD: Record<string, string> = { batchSize: "batchSize", maximumBatchingWindowInSeconds: "maxBatchWindowSeconds" };

/**
 * The `sqs` events of the stack's functions that name this queue, as the
 * event source mappings they make: the catalog's rules on a queue read by a
 * function (its visibility timeout, FIFO batches, batching windows, one
 * mapping per function and queue), each finding at the event.
 */
export function sqsEventProblems(target: { name: string; props: Record<string, unknown> }, events: IncomingEvent[]): { resource: string; problem: Problem }[] {
  const fifo = queueIsFifo(target.props);
  if (fifo === undefined) return [];
  const queue = planned(QUEUE, target.name, plainQueueInputs(target.props));
  const resources: PlannedResource[] = [queue];
  const at = new Map<PlannedResource, IncomingEvent>();
  for (const e of events) {
    const timeout = e.workload?.timeout;
    if (typeof timeout === "number" && !resources.some((r) => r.type === FUNCTION && r.name === e.source)) resources.push(planned(FUNCTION, e.source, { timeout }));
    const inputs: Record<string, unknown> = { eventSourceArn: arnOf(target.name, fifo), functionName: e.source };
    if (typeof e.properties.batchSize === "number") inputs.batchSize = e.properties.batchSize;
    if (typeof e.properties.maxBatchWindowSeconds === "number") inputs.maximumBatchingWindowInSeconds = e.properties.maxBatchWindowSeconds;
    const mapping = planned(MAPPING, `${e.source}-${String(e.at[1])}`, inputs, [target.name, e.source]);
    resources.push(mapping);
    at.set(mapping, e);
  }
  const mappings = resources.filter((r) => r.type === MAPPING);
  return judge(resources, MAPPING_RULES).flatMap((f) => {
    const e = at.get(f.resource);
    // A mapping listed twice is refused at the second event, not at both.
    const first = f.rule.id === "lambda/event-source-duplicate" && mappings.find((m) => m.inputs.functionName === f.resource.inputs.functionName) === f.resource;
    // A FIFO queue's batch over 10 is refused as such (sqs/fifo-batch-size): a window would not make it pass.
    const moot = fifo && f.rule.id === "lambda/event-source-batching" && f.input === "maximumBatchingWindowInSeconds" && f.resource.inputs.maximumBatchingWindowInSeconds === undefined;
    // A window not known yet (a directive) is not a missing one; nor is a visibility timeout not known yet the default 30 s.
    const unknown = (f.input === "maximumBatchingWindowInSeconds" && e !== undefined && e.properties.maxBatchWindowSeconds !== undefined && f.resource.inputs.maximumBatchingWindowInSeconds === undefined)
      || (f.rule.id === "sqs/event-source-visibility" && target.props.visibilityTimeoutSeconds !== undefined && queue.inputs.visibilityTimeoutSeconds === undefined);
    return e && !first && !moot && !unknown ? [{ resource: e.source, problem: eventProblem(f, e, target.name) }] : [];
  });
}

function eventProblem(f: Judged, e: IncomingEvent, queue: string): Problem {
  const field = EVENT_FIELD[f.input];
  const path: Path = [...e.at, field ?? "sqsQueueName"];
  if (f.rule.id === "sqs/event-source-visibility") {
    return { path, message: `${f.message}; Lambda refuses to read a queue whose visibility timeout is shorter than the function's timeout`, hint: `raise visibilityTimeoutSeconds of '${queue}' to at least ${String(e.workload?.timeout)}, or lower the function's timeout` };
  }
  if (f.rule.id === "lambda/event-source-duplicate") {
    return { path, message: `function '${e.source}' already reads queue '${queue}' through another sqs event; Lambda refuses a second event source mapping of the same queue and function`, hint: "remove one of them" };
  }
  return { path, message: f.message };
}

/** An `sqs` event as `diff` lists it. */
export const describeSqsEvent = (p: Record<string, unknown>) => `messages of queue ${String(p.sqsQueueName)}`;
