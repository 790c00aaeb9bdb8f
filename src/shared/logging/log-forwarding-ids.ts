/** Children of a log forwarding, by id, with their type tokens (no Pulumi here: the registry imports it). */
export const LOG_FORWARDING_CHILDREN = {
  logForwardingBucket: "aws:s3/bucket:Bucket",
  logForwardingBucketBlock: "aws:s3/bucketPublicAccessBlock:BucketPublicAccessBlock",
  logForwardingBucketEncryption: "aws:s3/bucketServerSideEncryptionConfiguration:BucketServerSideEncryptionConfiguration",
  logForwardingStreamRole: "aws:iam/role:Role",
  logForwardingStreamPolicy: "aws:iam/rolePolicy:RolePolicy",
  logForwardingStream: "aws:kinesis/firehoseDeliveryStream:FirehoseDeliveryStream",
  logForwardingLogsRole: "aws:iam/role:Role",
  logForwardingLogsPolicy: "aws:iam/rolePolicy:RolePolicy",
  logForwardingSubscription: "aws:cloudwatch/logSubscriptionFilter:LogSubscriptionFilter",
} as const;

export const LOG_FORWARDING_CHILD_IDS = Object.keys(LOG_FORWARDING_CHILDREN) as (keyof typeof LOG_FORWARDING_CHILDREN)[];
