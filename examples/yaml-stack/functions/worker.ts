// The function `worker` of stack.yaml: the queue `jobs` invokes it with
// batches of SQS messages (its `sqs` event). Each message is a job naming an
// object of the uploads bucket, `{"key": "<object key>"}`; the worker is
// connected to the bucket (STP_UPLOADS_NAME). A batch that throws is
// received again; a message received 5 times goes to the queue `jobFailures`.

interface SqsEvent {
  Records: { messageId: string; body: string }[];
}

export interface Job {
  key: string;
}

/** A message's job, or an error saying what is wrong with it. */
export function jobOf(body: string): Job {
  const job = JSON.parse(body) as Partial<Job>;
  if (typeof job?.key !== "string" || job.key === "") throw new Error(`a job is {"key": "<object key>"}, not ${body}`);
  return { key: job.key };
}

export async function handler(event: SqsEvent): Promise<{ processed: string[] }> {
  const bucket = process.env.STP_UPLOADS_NAME;
  if (!bucket) throw new Error("not connected to the uploads bucket (STP_UPLOADS_NAME)");
  const processed = event.Records.map((r) => {
    const { key } = jobOf(r.body);
    console.log(`job ${r.messageId}: s3://${bucket}/${key}`);
    return key;
  });
  return { processed };
}
