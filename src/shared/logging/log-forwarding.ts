// Log forwarding for any resource with a log group: a Firehose delivery stream
// to an HTTP endpoint, fed by a subscription filter; records that still fail
// go to an encrypted, private bucket. Each role may do one thing only.
import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import type { LogForwarding } from "./log-forwarding-properties";
import { failedLogsBucketName } from "./log-bucket-name";
import type { ChildFactory } from "../component/child-factory";
import type { DeepInput } from "../component/inputs";

interface Destination {
  name: string;
  url: pulumi.Input<string>;
  accessKey?: pulumi.Input<string>;
  attributes: Record<string, pulumi.Input<string>>;
  gzip: pulumi.Input<boolean>;
  retrySeconds: pulumi.Input<number>;
}

/** What each type sends where (defaults come from the schema, already filled). */
export function destination(f: DeepInput<LogForwarding>): Destination {
  const p = f.properties as Record<string, any>;
  switch (f.type) {
    case "logs-vendor-a":
      return { name: "logs-vendor-a", url: p.endpointUrl, accessKey: p.apiKey, attributes: {}, gzip: true, retrySeconds: 300 };
    case "logs-vendor-b":
      return { name: "logs-vendor-b", url: p.endpointUrl, attributes: { "x-highlight-project": p.projectId }, gzip: false, retrySeconds: 300 };
    default:
      return {
        name: "http-endpoint", url: p.endpointUrl, accessKey: p.accessKey, attributes: p.parameters ?? {},
        gzip: p.gzipEncodingEnabled ?? false, retrySeconds: p.retryDuration ?? 300,
      };
  }
}

/** A trust policy for one service principal, under the conditions that service documents (confused-deputy protection). */
const assume = (service: string, condition: pulumi.Input<Record<string, unknown>>) => pulumi.jsonStringify({
  Version: "2012-10-17",
  Statement: [{ Effect: "Allow", Principal: { Service: service }, Action: "sts:AssumeRole", Condition: condition }],
});

export function forwardLogs(children: ChildFactory, logGroup: aws.cloudwatch.LogGroup, forwarding: DeepInput<LogForwarding>): aws.kinesis.FirehoseDeliveryStream {
  const { parent, name } = children;
  const opts = { parent };
  const d = destination(forwarding);

  const account = aws.getCallerIdentityOutput({}, opts).accountId;
  const region = aws.getRegionOutput({}, opts).region;
  const partition = aws.getPartitionOutput({}, opts).partition;
  const bucket = children.make("logForwardingBucket", aws.s3.Bucket, {
    bucket: pulumi.all([account, region]).apply(([a, r]) => failedLogsBucketName(`${pulumi.getProject()}-${pulumi.getStack()}`, name, a, r)),
    forceDestroy: true,
  });
  children.make("logForwardingBucketBlock", aws.s3.BucketPublicAccessBlock, {
    bucket: bucket.id, blockPublicAcls: true, blockPublicPolicy: true, ignorePublicAcls: true, restrictPublicBuckets: true,
  });
  children.make("logForwardingBucketEncryption", aws.s3.BucketServerSideEncryptionConfiguration, {
    bucket: bucket.id, rules: [{ applyServerSideEncryptionByDefault: { sseAlgorithm: "AES256" } }],
  });

  const streamRole = children.make("logForwardingStreamRole", aws.iam.Role, {
    description: `Firehose of ${name}: writes failed records to its bucket only`,
    // Firehose assumes its role with this account's id as the external id ("Allow Firehose to assume an IAM role",
    // https://docs.aws.amazon.com/firehose/latest/dev/controlling-access.html).
    assumeRolePolicy: assume("firehose.amazonaws.com", pulumi.output({ StringEquals: { "sts:ExternalId": account } })),
  });
  const streamPolicy = children.make("logForwardingStreamPolicy", aws.iam.RolePolicy, {
    role: streamRole.id,
    policy: pulumi.jsonStringify({
      Version: "2012-10-17",
      Statement: [
        { Effect: "Allow", Action: ["s3:AbortMultipartUpload", "s3:GetBucketLocation", "s3:ListBucket", "s3:ListBucketMultipartUploads"], Resource: [bucket.arn] },
        { Effect: "Allow", Action: ["s3:PutObject", "s3:GetObject", "s3:AbortMultipartUpload"], Resource: [pulumi.interpolate`${bucket.arn}/*`] },
      ],
    }),
  });
  const stream = children.make("logForwardingStream", aws.kinesis.FirehoseDeliveryStream, {
    destination: "http_endpoint",
    httpEndpointConfiguration: {
      name: d.name,
      url: d.url,
      accessKey: d.accessKey === undefined ? undefined : pulumi.secret(d.accessKey),
      roleArn: streamRole.arn,
      bufferingSize: 1,
      bufferingInterval: 60,
      retryDuration: d.retrySeconds,
      s3BackupMode: "FailedDataOnly",
      s3Configuration: { roleArn: streamRole.arn, bucketArn: bucket.arn, compressionFormat: "GZIP" },
      requestConfiguration: {
        contentEncoding: pulumi.output(d.gzip).apply((g) => (g ? "GZIP" : "NONE")),
        commonAttributes: Object.entries(d.attributes).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => ({ name: k, value: v })),
      },
    },
  }, { dependsOn: [streamPolicy] });

  const logsRole = children.make("logForwardingLogsRole", aws.iam.Role, {
    description: `CloudWatch Logs of ${name}: puts records to its stream only`, 
    // Only CloudWatch Logs acting for this account and region: the condition of the guide's example
    // ("Subscription filters with Amazon Data Firehose",
    // https://docs.aws.amazon.com/AmazonCloudWatch/latest/logs/SubscriptionFilters.html#FirehoseExample:
    // aws:SourceArn like arn:aws:logs:region:account:*; the ARN names the account, so no aws:SourceAccount,
    // which that guide does not show the service sending).
    assumeRolePolicy: assume("logs.amazonaws.com", pulumi.all([partition, region, account]).apply(([p, r, a]) => ({
      StringLike: { "aws:SourceArn": `arn:${p}:logs:${r}:${a}:*` },
    }))),
  });
  const logsPolicy = children.make("logForwardingLogsPolicy", aws.iam.RolePolicy, {
    role: logsRole.id,
    policy: pulumi.jsonStringify({
      Version: "2012-10-17",
      Statement: [{ Effect: "Allow", Action: ["firehose:PutRecord", "firehose:PutRecordBatch"], Resource: [stream.arn] }],
    }),
  });
  children.make("logForwardingSubscription", aws.cloudwatch.LogSubscriptionFilter, {
    logGroup: logGroup.name, filterPattern: "", destinationArn: stream.arn, roleArn: logsRole.arn,
  }, { dependsOn: [logsPolicy] });
  return stream;
}
