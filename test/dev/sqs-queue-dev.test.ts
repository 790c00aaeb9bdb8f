// `stackfile dev` with an sqs-queue: the queue runs on the local SQS, a
// connected function gets STP_<NAME>_* and the endpoint its SDK reaches the
// local SQS with, and a message sent there invokes the function whose `sqs`
// event names the queue, with the SQS event shape.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { SQSClient, SendMessageCommand, GetQueueAttributesCommand } from "@aws-sdk/client-sqs";
import { runDev } from "../../src/cli/dev-command";
import type { DevSession } from "../../src/cli/dev-session";
import { basePort } from "./dev-process";

const HANDLER = `import { appendFileSync } from "fs";
export async function handler(event) {
  const records = event.Records.map((r) => ({ body: r.body, source: r.eventSource, arn: r.eventSourceARN }));
  const env = { url: process.env.STP_JOBS_URL, endpoint: process.env.AWS_ENDPOINT_URL_SQS, region: process.env.AWS_REGION };
  appendFileSync(process.env.OUT, JSON.stringify({ records, env }) + "\\n");
  return {};
}
`;

describe("stackfile dev: sqs-queue", function () {
  // Hang guard for two busy cores (the function's bundle, the local server), not a timing.
  this.timeout(120_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sqs-dev-"));
  const out = path.join(dir, "received.jsonl");
  let stop!: () => void;
  let code: Promise<number>;
  let session: DevSession | undefined;
  const lines: string[] = [];

  before(async () => {
    fs.writeFileSync(path.join(dir, "worker.mjs"), HANDLER);
    fs.writeFileSync(path.join(dir, "stack.yaml"), `resources:
  deadLetters:
    type: sqs-queue
  jobs:
    type: sqs-queue
    properties:
      visibilityTimeoutSeconds: 20
      redrivePolicy: { targetSqsQueueName: deadLetters, maxReceiveCount: 3 }
  worker:
    type: function
    properties:
      entryfilePath: ./worker.mjs
      connectTo: [jobs]
      environment:
        - { name: OUT, value: ${JSON.stringify(out)} }
      events:
        - type: sqs
          properties: { sqsQueueName: jobs, batchSize: 5 }
`);
    const stopped = new Promise<void>((r) => (stop = r));
    let started!: () => void;
    const ready = new Promise<void>((r) => (started = r));
    code = runDev([path.join(dir, "stack.yaml"), "--port", String(basePort() + 7)], { out: (t) => lines.push(t), err: (t) => lines.push(t) }, stopped, { started: (s) => { session = s; started(); } });
    await Promise.race([ready, code.then((c) => assert.fail(`dev exited ${c}: ${lines.join("\n")}`))]);
  });

  after(async () => {
    stop?.();
    assert.strictEqual(await code, 0, lines.join("\n"));
  });

  it("the queue runs on the local SQS with its attributes and its redrive policy to the dead-letter queue", async () => {
    const url = String(session!.output("jobs", "url"));
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/\d+\/jobs$/);
    const sqs = new SQSClient({ endpoint: new URL(url).origin, region: "us-east-1", credentials: { accessKeyId: "x", secretAccessKey: "x" } });
    const got = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ["All"] }));
    assert.strictEqual(got.Attributes?.VisibilityTimeout, "20");
    assert.deepStrictEqual(JSON.parse(got.Attributes?.RedrivePolicy ?? "{}"), { deadLetterTargetArn: session!.output("deadLetters", "arn"), maxReceiveCount: 3 });
    sqs.destroy();
  });

  it("a message sent through the endpoint the worker is given invokes the worker with the SQS event; its STP_JOBS_URL is the local queue's", async () => {
    const url = String(session!.output("jobs", "url"));
    const sqs = new SQSClient({ endpoint: new URL(url).origin, region: "us-east-1", credentials: { accessKeyId: "x", secretAccessKey: "x" } });
    await sqs.send(new SendMessageCommand({ QueueUrl: url, MessageBody: "hello" }));
    sqs.destroy();
    // Polled until the worker wrote (the hang guard above bounds it).
    while (!fs.existsSync(out)) await new Promise((r) => setTimeout(r, 200));
    const first = JSON.parse(fs.readFileSync(out, "utf8").split("\n")[0]);
    assert.deepStrictEqual(first.records, [{ body: "hello", source: "aws:sqs", arn: session!.output("jobs", "arn") }]);
    assert.deepStrictEqual(first.env, { url, endpoint: new URL(url).origin, region: String(session!.output("jobs", "localRegion")) });
  });
});
