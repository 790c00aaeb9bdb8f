// DynamoDB tables.
import { arn, timestamp, type Answer } from "./model";

/**
 * A stream's label: an ISO 8601 timestamp with milliseconds and no zone,
 * `2015-05-11T21:21:33.291`; the stream's ARN is the table's with
 * `/stream/<label>` (https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_TableDescription.html,
 * LatestStreamLabel and LatestStreamArn).
 */
export const streamLabel = (seed: string) => timestamp(seed).toISOString().replace(/Z$/, "");

export const DYNAMODB: Record<string, Answer> = {
  // arn:${Partition}:dynamodb:${Region}:${Account}:table/${TableName}
  // (https://docs.aws.amazon.com/service-authorization/latest/reference/list_amazondynamodb.html).
  "aws:dynamodb/table:Table": (r) => {
    const tableArn = arn(r.region, "dynamodb", `table/${r.physical}`);
    const state: Record<string, unknown> = { ...r.inputs, name: r.physical, arn: tableArn };
    if (r.inputs.streamEnabled === true) {
      const label = streamLabel(`${r.type}/${r.name}/stream/${r.inputs.streamViewType ?? ""}`);
      state.streamLabel = label;
      state.streamArn = `${tableArn}/stream/${label}`;
    }
    return { id: r.physical, state };
  },
};
