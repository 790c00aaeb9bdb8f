// AWS partitions by region: ARNs and service names differ between them.

export interface Partition {
  /** `aws`, `aws-cn`, `aws-us-gov`. */
  partition: string;
  dnsSuffix: string;
  /** Prefix of VPC endpoint service names (`com.amazonaws`, `cn.com.amazonaws`). */
  reverseDnsPrefix: string;
}

/** The partition a region belongs to (what `aws.getPartition()` answers there). */
export function partitionOf(region: string): Partition {
  if (region.startsWith("cn-")) return { partition: "aws-cn", dnsSuffix: "amazonaws.com.cn", reverseDnsPrefix: "cn.com.amazonaws" };
  if (region.startsWith("us-gov-")) return { partition: "aws-us-gov", dnsSuffix: "amazonaws.com", reverseDnsPrefix: "com.amazonaws" };
  return { partition: "aws", dnsSuffix: "amazonaws.com", reverseDnsPrefix: "com.amazonaws" };
}
