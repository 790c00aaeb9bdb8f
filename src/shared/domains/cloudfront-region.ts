/**
 * Where CloudFront wants its certificates and Lambda@Edge functions, whatever
 * region the stack deploys to. Resources there are made by the default provider
 * with their per-resource \`region\` (\@pulumi/aws 7), so its credentials, assumed
 * role and default tags hold for them too.
 */
export const CLOUDFRONT_REGION = "us-east-1";
