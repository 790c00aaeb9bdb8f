/** Child ids of a log forwarding (no Pulumi here: the registry imports it). */
export const LOG_FORWARDING_CHILD_IDS = [
  "logForwardingBucket", "logForwardingBucketBlock", "logForwardingBucketEncryption",
  "logForwardingStreamRole", "logForwardingStreamPolicy", "logForwardingStream",
  "logForwardingLogsRole", "logForwardingLogsPolicy", "logForwardingSubscription",
] as const;
