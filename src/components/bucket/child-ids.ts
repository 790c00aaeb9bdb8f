/**
 * Child resources of a Bucket, by id. The child named `<name>-<id>` is what
 * `overrides.<id>` (YAML) and `transform.<id>` (TypeScript) adjust.
 * - `bucket`: aws.s3.Bucket, the bucket itself (it holds the data: `options.protect` and `retainOnDelete` reach it)
 * - `publicAccessBlock`: aws.s3.BucketPublicAccessBlock (all four on, but the policy ones with `public-read`)
 * - `encryption`: aws.s3.BucketServerSideEncryptionConfiguration, SSE-S3 (unless `encryption: false`)
 * - `versioning`: aws.s3.BucketVersioning (with `versioning: true`)
 * - `cors`: aws.s3.BucketCorsConfiguration (with `cors.enabled`)
 * - `lifecycle`: aws.s3.BucketLifecycleConfiguration (with `lifecycleRules`)
 * - `policy`: aws.s3.BucketPolicy: HTTPS only, and public reads with `public-read`
 * - `notification`: aws.s3.BucketNotification, every `s3` event of the stack's functions naming the bucket
 * - `eventPermission`: aws.lambda.Permission for S3 to invoke a function, from this bucket and account only, one per function (`<name>-event-permission-<function>`)
 * - `directorySync`: the asset-sync dynamic resource that syncs `directoryUpload.directoryPath` to the bucket (with `directoryUpload`)
 * - with `cdn.enabled`: `cdnAccessControl` (CloudFront origin access control for S3), `cdnDistribution`,
 *   `cdnServerErrorsAlarm` (in us-east-1, unless switched off in `alarms`), `cdnInvalidation` (with `directoryUpload`:
 *   the CDN's cache invalidated when the directory's files change), and per custom domain (names ending in
 *   `-<domain>`) `cdnCertificate`, `cdnValidationRecord`, `cdnCertificateValidation` (no custom certificate), `cdnRecordA`, `cdnRecordAaaa`
 */
export const BUCKET_CHILDREN = {
  bucket: "aws:s3/bucket:Bucket",
  publicAccessBlock: "aws:s3/bucketPublicAccessBlock:BucketPublicAccessBlock",
  encryption: "aws:s3/bucketServerSideEncryptionConfiguration:BucketServerSideEncryptionConfiguration",
  versioning: "aws:s3/bucketVersioning:BucketVersioning",
  cors: "aws:s3/bucketCorsConfiguration:BucketCorsConfiguration",
  lifecycle: "aws:s3/bucketLifecycleConfiguration:BucketLifecycleConfiguration",
  policy: "aws:s3/bucketPolicy:BucketPolicy",
  notification: "aws:s3/bucketNotification:BucketNotification",
  eventPermission: "aws:lambda/permission:Permission",
  directorySync: "pulumi-nodejs:dynamic/stackfile:AssetSync",
  cdnAccessControl: "aws:cloudfront/originAccessControl:OriginAccessControl",
  cdnDistribution: "aws:cloudfront/distribution:Distribution",
  cdnServerErrorsAlarm: "aws:cloudwatch/metricAlarm:MetricAlarm",
  cdnInvalidation: "pulumi-nodejs:dynamic/stackfile:CloudFrontInvalidation",
  cdnCertificate: "aws:acm/certificate:Certificate",
  cdnValidationRecord: "aws:route53/record:Record",
  cdnCertificateValidation: "aws:acm/certificateValidation:CertificateValidation",
  cdnRecordA: "aws:route53/record:Record",
  cdnRecordAaaa: "aws:route53/record:Record",
} as const;

export const BUCKET_CHILD_IDS = Object.keys(BUCKET_CHILDREN) as BucketChildId[];

export type BucketChildId = keyof typeof BUCKET_CHILDREN;
