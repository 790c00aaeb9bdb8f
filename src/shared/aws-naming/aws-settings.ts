// The AWS provider's settings as the dynamic providers take them: what a
// component reads from the stack's provider (aws-provider-settings.ts) and
// what a provider's SDK clients are configured with (providers/aws-clients.ts).
// Types only.

/**
 * The AWS provider's settings a dynamic provider needs, in the shape of the
 * `aws` provider's arguments (`aws:profile`, `aws:assumeRoles`, ...). Keys,
 * when present, are Pulumi secrets where they are registered.
 */
export interface AwsSettings {
  profile?: string;
  sharedCredentialsFiles?: string[];
  sharedConfigFiles?: string[];
  accessKey?: string;
  secretKey?: string;
  token?: string;
  /** Assumed in order, each with the credentials of the one before. */
  assumeRoles?: AwsAssumeRole[];
  /** `[{ s3: "http://...", cloudfront: "...", sts: "..." }]` as `aws:endpoints` holds them. */
  endpoints?: Record<string, string>[] | Record<string, string>;
  s3UsePathStyle?: boolean | string;
  stsRegion?: string;
}

/** One entry of `aws:assumeRoles` (or the legacy `aws:assumeRole`). */
export interface AwsAssumeRole {
  roleArn?: string;
  sessionName?: string;
  externalId?: string;
  /** `1h`, `90m`, `3600s` (the provider's form). */
  duration?: string;
  /** The legacy `aws:assumeRole` form. */
  durationSeconds?: number;
  policy?: string;
  policyArns?: string[];
  tags?: Record<string, string>;
  transitiveTagKeys?: string[];
  sourceIdentity?: string;
}
