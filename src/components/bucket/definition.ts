// The bucket resource type as data: what the YAML adapter, `dev` and the
// component read (schema name, parameters, child ids, literal-only fields,
// rules, what connectTo gives).
import { componentDefinition } from "../../shared/component/component-definition";
import { connectionTable } from "../../shared/workloads/connection-variables";
import { bucketAvailableParams, bucketParams } from "./properties";
import { bucketStaticProblems, bucketWarnings } from "./rules";
import { BUCKET_CHILD_IDS, BUCKET_CHILDREN } from "./child-ids";
import { describeS3Event, S3_EVENT, s3EventProblems } from "./s3-event";
import { useFirewallField } from "../web-app-firewall/use-firewall";
import type { directoryUploadProblems } from "./directory-upload";

/** connectTo's variables (the spec's row): the bucket's name and ARN. */
export const BUCKET_CONNECTION_VARIABLES = connectionTable(bucketParams, { NAME: ["name"], ARN: ["arn"] });

/**
 * In `dev`, a connected workload's AWS SDK reaches the session's local S3:
 * its service-specific endpoint (https://docs.aws.amazon.com/sdkref/latest/guide/feature-ss-endpoints.html),
 * the local region and key (dev.ts sets these local outputs). One server holds
 * every bucket, so one endpoint serves them all: with an endpoint whose host
 * is an IP address the SDK v3 S3 client addresses the bucket in the path
 * (@aws-sdk/client-s3's endpoint ruleset, dist-cjs/endpoint/ruleset.js: the
 * custom-endpoint rule with `parseURL(Endpoint).isIp` true gives
 * `{url#scheme}://{url#authority}{url#normalizedPath}{Bucket}`;
 * only a host name gets the virtual-hosted `{Bucket}.{url#authority}`).
 */
export const BUCKET_LOCAL_VARIABLES = {
  AWS_ENDPOINT_URL_S3: "localEndpoint", AWS_REGION: "localRegion", AWS_ACCESS_KEY_ID: "localAccessKeyId", AWS_SECRET_ACCESS_KEY: "localSecretAccessKey",
} as const;

export const bucketDefinition = componentDefinition({
  type: "bucket",
  definition: "BucketProperties",
  propertiesFile: "src/components/bucket/properties.ts",
  token: "stackfile:index:Bucket",
  propertiesOptional: true,
  params: bucketParams,
  availableParams: bucketAvailableParams,
  // Each decides whether a child is made (the directory's files are read as the program runs).
  literalOnly: [
    ["versioning"], ["encryption"], ["accessibility", "accessibilityMode"], ["cors", "enabled"], ["lifecycleRules", "*", "type"],
    ["directoryUpload", "directoryPath"], ["cdn", "enabled"], ["cdn", "customDomains", "*", "domainName"], ["cdn", "customDomains", "*", "disableDnsRecordCreation"],
    ["alarms"], ["alarms", "cdnServerErrors"],
  ],
  pathProperties: [["directoryUpload", "directoryPath"]],
  // The directory exists, relative to the stack file (read by plan, never by validate).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  fileChecks: (...args: Parameters<typeof directoryUploadProblems>) => (require("./directory-upload") as typeof import("./directory-upload")).directoryUploadProblems(...args),
  domainPaths: [["cdn", "customDomains", "*", "domainName"]],
  // A firewall of the stack is made before the bucket; its ARN is the CDN's web ACL.
  resourceNames: [useFirewallField()],
  connectable: { vpcOnly: false, variables: BUCKET_CONNECTION_VARIABLES, localVariables: BUCKET_LOCAL_VARIABLES },
  // A workload's `s3` event names a bucket: the bucket's notification invokes the workload's function.
  eventTarget: { ...S3_EVENT, eventProblems: s3EventProblems, describe: describeS3Event },
  childIds: BUCKET_CHILD_IDS,
  children: BUCKET_CHILDREN,
  staticRules: bucketStaticProblems,
  warnings: bucketWarnings,
});
