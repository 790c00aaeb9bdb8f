// The sqs-queue type in a stack file: validate's messages at their lines, and
// the plan of a stack with queues, a dead-letter queue, a function reading a
// queue through an `sqs` event and a function connected to one (the policy
// documents and the environment as registered), and what `diff` refuses.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { analyzeStackfile, formatProblem } from "../../src/config/stackfile";
import { cli } from "../cli/cli-helpers";

const problems = (text: string) => analyzeStackfile("s.yaml", text).problems.map(formatProblem);

const HANDLER = "export async function handler() {\n  return {};\n}\n";

/** A stack file in a fresh folder, with a handler beside it. */
function stack(text: string, name = "stack.yaml", dir = fs.mkdtempSync(path.join(os.tmpdir(), "sqs-yaml-"))): string {
  fs.writeFileSync(path.join(dir, "fn.ts"), HANDLER);
  fs.writeFileSync(path.join(dir, name), text);
  return path.join(dir, name);
}

const worker = (event: string, extra = "") => `  worker:
    type: function
    properties:
      entryfilePath: ./fn.ts
${extra}      events:
        - type: sqs
          properties: { ${event} }
`;

describe("sqs-queue in YAML: validate", () => {
  it("accepts queues with a dead-letter queue, a reader and a connected function; others read arn, name and url", () => {
    const text = `resources:
  dead:
    type: sqs-queue
  jobs:
    type: sqs-queue
    properties:
      visibilityTimeoutSeconds: 60
      redrivePolicy: { targetSqsQueueName: dead, maxReceiveCount: 5 }
${worker("sqsQueueName: jobs, batchSize: 20, maxBatchWindowSeconds: 2")}  sender:
    type: function
    properties:
      entryfilePath: ./fn.ts
      connectTo: [jobs]
      environment:
        - { name: A, value: "$ResourceParam('jobs', 'arn')" }
        - { name: B, value: "$ResourceParam('jobs', 'name')" }
        - { name: C, value: "$ResourceParam('jobs', 'url')" }
`;
    assert.deepStrictEqual(problems(text), []);
  });

  it("refuses each bad attribute at its line, with the limit", () => {
    const text = `resources:
  jobs:
    type: sqs-queue
    properties:
      visibilityTimeoutSeconds: 43201
      messageRetentionPeriodSeconds: 30
      delayMessagesSeconds: 901
      maxMessageSizeBytes: 2000000
      longPollingSeconds: 21
      contentBasedDeduplication: true
      redrivePolicy: { targetSqsQueueName: jobs2, maxReceiveCount: 1001 }
  jobs2:
    type: sqs-queue
`;
    assert.deepStrictEqual(problems(text), [
      "s.yaml:5:33: a visibility timeout is 0 to 43,200 seconds (12 hours), not 43201",
      "s.yaml:6:38: retention is 60 seconds to 1,209,600 (14 days), not 30",
      "s.yaml:7:29: a delay is 0 to 900 seconds, not 901",
      "s.yaml:8:28: a maximum message size is 1,024 to 1,048,576 bytes (1 KiB to 1 MiB), not 2000000",
      "s.yaml:9:27: long polling waits 0 to 20 seconds, not 21",
      "s.yaml:10:34: contentBasedDeduplication applies to FIFO queues only; this queue is standard; set fifoEnabled: true, or remove it",
      "s.yaml:11:68: maxReceiveCount is 1 to 1,000, not 1001",
    ]);
  });

  it("a dead-letter queue: a queue of the stack, of the same kind", () => {
    const text = `resources:
  plain:
    type: sqs-queue
  cache:
    type: redis-cluster
    properties: { instanceSize: cache.t3.micro, defaultUserPassword: Correct-Horse-Battery-1 }
  jobs:
    type: sqs-queue
    properties:
      fifoEnabled: true
      redrivePolicy: { targetSqsQueueName: plain, maxReceiveCount: 5 }
  other:
    type: sqs-queue
    properties:
      redrivePolicy: { targetSqsQueueName: cache, maxReceiveCount: 5 }
  third:
    type: sqs-queue
    properties:
      redrivePolicy: { targetSqsQueueName: plian, maxReceiveCount: 5 }
`;
    assert.deepStrictEqual(problems(text), [
      "s.yaml:11:44: the dead-letter queue of a FIFO queue must be a FIFO queue: 'plain' is standard; name a FIFO queue, or set fifoEnabled: true on 'plain'",
      "s.yaml:15:44: targetSqsQueueName names 'cache', a redis-cluster; it must name a sqs-queue (plain, jobs, other, third)",
      "s.yaml:19:44: targetSqsQueueName names 'plian', which is not a resource of this file; did you mean 'plain'?",
    ]);
  });

  it("sqs events: a queue of the stack, a visibility timeout at least the function's timeout, batches Lambda takes", () => {
    const text = `resources:
  jobs:
    type: sqs-queue
  ordered:
    type: sqs-queue
    properties: { fifoEnabled: true, visibilityTimeoutSeconds: 900 }
${worker("sqsQueueName: jobs", "      timeout: 60\n")}  second:
    type: function
    properties:
      entryfilePath: ./fn.ts
      events:
        - type: sqs
          properties: { sqsQueueName: ordered, batchSize: 20 }
        - type: sqs
          properties: { sqsQueueName: jbos }
`;
    assert.deepStrictEqual(problems(text), [
      "s.yaml:14:39: queue jobs hides a message for 30 s, less than function worker's timeout of 60 s; Lambda refuses to read a queue whose visibility timeout is shorter than the function's timeout; raise visibilityTimeoutSeconds of 'jobs' to at least 60, or lower the function's timeout",
      "s.yaml:21:59: a FIFO queue's batches are 1 to 10 messages, not 20",
      "s.yaml:23:39: sqsQueueName names 'jbos', which is not a resource of this file; did you mean 'jobs'?",
    ]);
  });
});

describe("sqs-queue in YAML: plan", function () {
  this.timeout(120000);
  type Planned = { type: string; name: string; parent: string; inputs: Record<string, any>; dependsOn?: string[] };
  let plan: { resources: Planned[]; outputs: Record<string, Record<string, string>> };
  const byName = (name: string) => plan.resources.find((x) => x.name === name)!;

  before(async () => {
    const file = stack(`resources:
  deadLetters:
    type: sqs-queue
    properties: { fifoEnabled: true }
  jobs:
    type: sqs-queue
    properties:
      fifoEnabled: true
      contentBasedDeduplication: true
      visibilityTimeoutSeconds: 60
      redrivePolicy: { targetSqsQueueName: deadLetters, maxReceiveCount: 5 }
${worker("sqsQueueName: jobs, batchSize: 5", "      timeout: 60\n")}  sender:
    type: function
    properties:
      entryfilePath: ./fn.ts
      connectTo: [jobs]
`);
    const r = await cli("plan", file, "--json");
    assert.strictEqual(r.code, 0, r.err);
    plan = JSON.parse(r.out);
  });

  it("the queues: FIFO names, SSE-SQS, the redrive policy to the dead-letter queue's ARN, a TLS-only policy each", () => {
    const jobs = plan.outputs.jobs;
    const dead = plan.outputs.deadLetters;
    assert.match(jobs.name, /^jobs-queue-[0-9a-f]{7}\.fifo$/);
    assert.strictEqual(jobs.arn, `arn:aws:sqs:us-east-1:123456789012:${jobs.name}`);
    assert.strictEqual(jobs.url, `https://sqs.us-east-1.amazonaws.com/123456789012/${jobs.name}`);
    const q = byName("jobs-queue").inputs;
    assert.deepStrictEqual([q.fifoQueue, q.contentBasedDeduplication, q.sqsManagedSseEnabled, q.visibilityTimeoutSeconds], [true, true, true, 60]);
    assert.deepStrictEqual(JSON.parse(q.redrivePolicy), { deadLetterTargetArn: dead.arn, maxReceiveCount: 5 });
    for (const name of ["jobs", "deadLetters"]) {
      const st = JSON.parse(byName(`${name}-queue-policy`).inputs.policy).Statement[0];
      assert.deepStrictEqual([st.Effect, st.Resource, st.Condition], ["Deny", plan.outputs[name].arn, { Bool: { "aws:SecureTransport": "false" } }]);
    }
  });

  it("the sqs event: an event source mapping of the queue to the function, and the function's role may receive, delete and get attributes", () => {
    const mappings = plan.resources.filter((x) => x.type === "aws:lambda/eventSourceMapping:EventSourceMapping");
    assert.deepStrictEqual(mappings.map((m) => [m.name, m.parent]), [["jobs-event-source-mapping-worker-function", "jobs"]]);
    assert.strictEqual(mappings[0].inputs.eventSourceArn, plan.outputs.jobs.arn);
    assert.match(mappings[0].inputs.functionName, /^arn:aws:lambda:us-east-1:123456789012:function:worker-function-[0-9a-f]{7}$/);
    assert.strictEqual(mappings[0].inputs.batchSize, 5);
    const policy = byName("jobs-consumer-policy-worker-function").inputs;
    assert.match(policy.role, /^worker-role-[0-9a-f]{7}$/);
    assert.strictEqual(byName("worker-policy").inputs.role, policy.role);
    assert.deepStrictEqual(JSON.parse(policy.policy).Statement, [{ Effect: "Allow", Action: ["sqs:ReceiveMessage", "sqs:DeleteMessage", "sqs:GetQueueAttributes"], Resource: plan.outputs.jobs.arn }]);
  });

  it("connectTo: STP_JOBS_ARN, _NAME, _URL and the spec's row on the queue's ARN, nothing more", () => {
    const env = byName("sender-function").inputs.environment.variables;
    assert.deepStrictEqual([env.STP_JOBS_ARN, env.STP_JOBS_NAME, env.STP_JOBS_URL], [plan.outputs.jobs.arn, plan.outputs.jobs.name, plan.outputs.jobs.url]);
    const statements = JSON.parse(byName("sender-policy").inputs.policy).Statement.filter((s: { Action: string[] }) => s.Action.some((a) => a.startsWith("sqs:")));
    assert.deepStrictEqual(statements, [{
      Effect: "Allow",
      Action: ["sqs:SendMessage", "sqs:ReceiveMessage", "sqs:DeleteMessage", "sqs:ChangeMessageVisibility", "sqs:PurgeQueue", "sqs:GetQueueAttributes", "sqs:GetQueueUrl"],
      Resource: [plan.outputs.jobs.arn],
    }]);
  });
});

describe("sqs-queue in YAML: diff", function () {
  this.timeout(120000);
  const queue = (props: string) => `resources:\n  jobs:\n    type: sqs-queue\n    properties:\n${props}`;
  const diff = async (before: string, after: string, ...more: string[]) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sqs-diff-"));
    const a = stack(before, "before.yaml", dir);
    const b = stack(after, "after.yaml", dir);
    const r = await cli("diff", a, b, "--format", "json", ...more);
    return { ...r, after: b, json: r.out ? JSON.parse(r.out) : undefined };
  };

  it("a FIFO flip replaces the queue and loses its messages: refused at fifoEnabled, accepted with --allow-replace", async () => {
    const refused = await diff(queue("      fifoEnabled: false\n"), queue("      fifoEnabled: true\n"));
    assert.strictEqual(refused.code, 1);
    const q = refused.json.resources.find((x: { name: string }) => x.name === "jobs-queue");
    assert.deepStrictEqual([q.action, q.dataLoss, q.replaceBecause.includes("fifoQueue")], ["replace", true, true]);
    assert.match(refused.err, new RegExp(`^${refused.after.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:5:20: jobs: jobs-queue \\(aws:sqs/queue:Queue\\) is replaced because .*fifoQueue.* forces a new resource: .*every message waiting in the queue; if that is intended, pass --allow-replace jobs$`));
    const allowed = await diff(queue("      fifoEnabled: false\n"), queue("      fifoEnabled: true\n"), "--allow-replace", "jobs");
    assert.strictEqual(allowed.code, 0, allowed.err);
  });

  it("every other attribute changes in place (exit 0)", async () => {
    const r = await diff(queue("      visibilityTimeoutSeconds: 30\n"), queue("      visibilityTimeoutSeconds: 90\n      longPollingSeconds: 20\n      maxMessageSizeBytes: 1048576\n"));
    assert.strictEqual(r.code, 0, r.err);
    const q = r.json.resources.find((x: { name: string }) => x.name === "jobs-queue");
    assert.deepStrictEqual([q.action, q.changed.sort()], ["update", ["maxMessageSize", "receiveWaitTimeSeconds", "visibilityTimeoutSeconds"]]);
  });
});
