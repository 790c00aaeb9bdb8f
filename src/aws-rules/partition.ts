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

/**
 * The region names of each AWS partition, as the AWS SDK's endpoint rules
 * match them (`regionRegex` of each partition in partitions.json,
 * https://github.com/aws/aws-sdk-js-v3/blob/main/packages/util-endpoints/src/lib/aws/partitions.json):
 * a region AWS opens later still matches its partition's pattern.
 */
export const PARTITION_REGIONS: Record<string, RegExp> = {
  aws: /^(us|eu|ap|sa|ca|me|af|il|mx)-\w+-\d+$/,
  "aws-cn": /^cn-\w+-\d+$/,
  "aws-us-gov": /^us-gov-\w+-\d+$/,
  "aws-iso": /^us-iso-\w+-\d+$/,
  "aws-iso-b": /^us-isob-\w+-\d+$/,
  "aws-iso-e": /^eu-isoe-\w+-\d+$/,
  "aws-iso-f": /^us-isof-\w+-\d+$/,
  "aws-eusc": /^eusc-(de)-\w+-\d+$/,
};

/** Whether some AWS partition has a region of this name (or of its pattern). */
export function isRegionName(region: string): boolean {
  return Object.values(PARTITION_REGIONS).some((re) => re.test(region));
}
