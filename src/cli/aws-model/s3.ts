// S3 buckets and their settings.
import { arn, dnsSuffix, type Answer } from "./model";

/**
 * A bucket's setting resources have the bucket as id, or `bucket,owner` when
 * an expected owner is given (terraform-provider-aws internal/service/s3/id.go,
 * createResourceID).
 */
const bucketSetting: Answer = (r) => ({
  id: r.inputs.expectedBucketOwner ? `${r.inputs.bucket},${r.inputs.expectedBucketOwner}` : String(r.inputs.bucket),
  state: { ...r.inputs },
});

export const S3: Record<string, Answer> = {
  // terraform-provider-aws internal/service/s3/bucket.go: bucket_domain_name is `<bucket>.s3.<dns suffix>`,
  // bucket_regional_domain_name `<bucket>.s3.<region>.<dns suffix>` (bucketRegionalDomainName); the ARN
  // has no region or account (https://docs.aws.amazon.com/AmazonS3/latest/userguide/s3-arn-format.html).
  "aws:s3/bucket:Bucket": (r) => {
    const bucket = r.physical;
    const dns = dnsSuffix(r.region);
    return {
      id: bucket,
      state: {
        ...r.inputs,
        bucket,
        arn: arn(r.region, "s3", bucket, { regionless: true, accountless: true }),
        bucketDomainName: `${bucket}.s3.${dns}`,
        bucketRegionalDomainName: `${bucket}.s3.${r.region}.${dns}`,
        region: r.region,
      },
    };
  },
  "aws:s3/bucketVersioning:BucketVersioning": bucketSetting,
  "aws:s3/bucketServerSideEncryptionConfiguration:BucketServerSideEncryptionConfiguration": bucketSetting,
  "aws:s3/bucketPublicAccessBlock:BucketPublicAccessBlock": (r) => ({ id: String(r.inputs.bucket), state: { ...r.inputs } }),
  "aws:s3/bucketOwnershipControls:BucketOwnershipControls": (r) => ({ id: String(r.inputs.bucket), state: { ...r.inputs } }),
  "aws:s3/bucketCorsConfiguration:BucketCorsConfiguration": bucketSetting,
  "aws:s3/bucketLifecycleConfiguration:BucketLifecycleConfiguration": bucketSetting,
  "aws:s3/bucketPolicy:BucketPolicy": (r) => ({ id: String(r.inputs.bucket), state: { ...r.inputs } }),
  "aws:s3/bucketNotification:BucketNotification": (r) => ({ id: String(r.inputs.bucket), state: { ...r.inputs } }),
};
