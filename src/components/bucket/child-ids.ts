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
} as const;

export const BUCKET_CHILD_IDS = Object.keys(BUCKET_CHILDREN) as BucketChildId[];

export type BucketChildId = keyof typeof BUCKET_CHILDREN;
