/**
 * A custom domain: a DNS name you own, served over HTTPS by a resource.
 * The domain's hosted zone (or a parent's) must exist in the account, with the
 * registrar's name servers pointing at it.
 */
export interface DomainConfiguration {
  /**
   * Fully qualified domain name, without protocol or path.
   * @example "api.example.com"
   */
  domainName: string;
  /**
   * ARN of an ACM certificate you manage (for a CDN: in us-east-1). Without it a
   * free managed certificate is issued, validated through DNS and attached.
   */
  customCertificateArn?: string;
  /**
   * Skips the DNS alias record that points the domain at the resource. The
   * certificate is still issued (its validation record is still created).
   * @default false
   */
  disableDnsRecordCreation?: boolean;
}
