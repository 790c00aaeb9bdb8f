// Lambda functions, their URLs, permissions and event source mappings.
import { arn, hex, partition, timestamp, uuid, type Answer } from "./model";

const functionArn = (region: string, name: string) => arn(region, "lambda", `function:${name}`);

/**
 * The batch size Lambda takes when none is given: 10 for SQS, 100 for
 * DynamoDB and Kinesis streams
 * (https://docs.aws.amazon.com/lambda/latest/api/API_CreateEventSourceMapping.html, BatchSize).
 */
function defaultBatchSize(source: unknown): number | undefined {
  const service = typeof source === "string" ? source.split(":")[2] : undefined;
  if (service === "sqs") return 10;
  if (service === "dynamodb" || service === "kinesis") return 100;
  return undefined;
}

export const LAMBDA: Record<string, Answer> = {
  "aws:lambda/function:Function": (r) => {
    const version = r.inputs.publish === true ? "1" : "$LATEST";
    const fnArn = functionArn(r.region, r.physical);
    return {
      id: r.physical,
      state: {
        ...r.inputs,
        name: r.physical,
        arn: fnArn,
        version,
        qualifiedArn: `${fnArn}:${version}`,
        // API Gateway's integration URI: the service name stands where an account would.
        invokeArn: `arn:${partition(r.region)}:apigateway:${r.region}:lambda:path/2015-03-31/functions/${fnArn}/invocations`,
      },
    };
  },
  "aws:lambda/functionUrl:FunctionUrl": (r) => ({ id: String(r.inputs.functionName), state: { ...r.inputs, functionUrl: `https://${hex(r.name, 32)}.lambda-url.${r.region}.on.aws/` } }),
  // The statement id is the resource's id (terraform-provider-aws internal/service/lambda/permission.go: d.SetId(statementID)).
  "aws:lambda/permission:Permission": (r) => ({ id: r.physical, state: { ...r.inputs, statementId: r.physical } }),
  // CreateEventSourceMapping answers the mapping's UUID (the provider's id) and the function's ARN
  // (https://docs.aws.amazon.com/lambda/latest/api/API_CreateEventSourceMapping.html);
  // the mapping's ARN is arn:${Partition}:lambda:${Region}:${Account}:event-source-mapping:${UUID}
  // (https://docs.aws.amazon.com/service-authorization/latest/reference/list_awslambda.html).
  "aws:lambda/eventSourceMapping:EventSourceMapping": (r) => {
    const id = uuid(`${r.type}/${r.name}`);
    const fn = String(r.inputs.functionName ?? "");
    const batchSize = r.inputs.batchSize ?? defaultBatchSize(r.inputs.eventSourceArn);
    return {
      id,
      state: {
        ...r.inputs,
        ...(batchSize !== undefined ? { batchSize } : {}),
        uuid: id,
        arn: arn(r.region, "lambda", `event-source-mapping:${id}`),
        functionArn: fn.startsWith("arn:") ? fn : functionArn(r.region, fn),
        state: r.inputs.enabled === false ? "Disabled" : "Enabled",
        stateTransitionReason: "USER_INITIATED",
        lastModified: timestamp(`${r.type}/${r.name}`).toISOString(),
      },
    };
  },
};
