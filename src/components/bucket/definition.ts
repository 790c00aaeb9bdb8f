// The bucket resource type as data: what the YAML adapter, `dev` and the
// component read (schema name, parameters, child ids, literal-only fields,
// rules, what connectTo gives).
import { componentDefinition } from "../../shared/component/component-definition";
import { connectionTable } from "../../shared/workloads/connection-variables";
import { bucketParams } from "./properties";
import { bucketStaticProblems, bucketWarnings } from "./rules";
import { BUCKET_CHILD_IDS, BUCKET_CHILDREN } from "./child-ids";
import { describeS3Event, S3_EVENT, s3EventProblems } from "./s3-event";

/** connectTo's variables (the spec's row): the bucket's name and ARN. */
export const BUCKET_CONNECTION_VARIABLES = connectionTable(bucketParams, { NAME: ["name"], ARN: ["arn"] });

export const bucketDefinition = componentDefinition({
  type: "bucket",
  definition: "BucketProperties",
  propertiesFile: "src/components/bucket/properties.ts",
  token: "stackfile:index:Bucket",
  propertiesOptional: true,
  params: bucketParams,
  availableParams: () => Object.keys(bucketParams),
  // Each decides whether a child is made.
  literalOnly: [["versioning"], ["encryption"], ["accessibility", "accessibilityMode"], ["cors", "enabled"], ["lifecycleRules", "*", "type"]],
  connectable: { vpcOnly: false, variables: BUCKET_CONNECTION_VARIABLES },
  // A workload's `s3` event names a bucket: the bucket's notification invokes the workload's function.
  eventTarget: { ...S3_EVENT, eventProblems: s3EventProblems, describe: describeS3Event },
  childIds: BUCKET_CHILD_IDS,
  children: BUCKET_CHILDREN,
  staticRules: bucketStaticProblems,
  warnings: bucketWarnings,
});
