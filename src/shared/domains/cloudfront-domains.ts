// Custom domains of a CloudFront distribution (a gateway's CDN, a Next.js
// site): one us-east-1 certificate for all names (a distribution holds one),
// then A/AAAA alias records to the distribution once it exists.
import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import type { DomainConfiguration } from "./domain-properties";
import type { DeepInput } from "../component/inputs";
import { CLOUDFRONT_REGION } from "./cloudfront-region";
import { aliasRecords, hostedZoneId, managedCertificate, type DomainChildren } from "./custom-domains";

export interface CloudFrontDomains {
  /** Where their children go (child-id prefix `cdn` for a gateway, `domain` for a site). */
  children: DomainChildren;
  domains: DeepInput<DomainConfiguration>[];
  names: string[];
  certificateArn?: pulumi.Input<string>;
  zoneOf(domain: string): pulumi.Output<string>;
}

/** The certificate for the domains: the given ARN, or a managed one in us-east-1. */
export function cloudFrontCertificate(children: DomainChildren, domains: DeepInput<DomainConfiguration>[]): CloudFrontDomains {
  const names = domains.map((d) => d.domainName as string);
  const zones = new Map<string, pulumi.Output<string>>();
  const zoneOf = (d: string) => zones.get(d) ?? zones.set(d, hostedZoneId(d, children.children.parent)).get(d)!;
  let certificateArn: pulumi.Input<string> | undefined;
  if (domains.length && domains[0].customCertificateArn !== undefined) {
    certificateArn = domains[0].customCertificateArn;
  } else if (domains.length) {
    certificateArn = managedCertificate(children, names.map((d) => ({ domainName: d, zoneId: zoneOf(d) })), CLOUDFRONT_REGION);
  }
  return { children, domains, names, certificateArn, zoneOf };
}

/** The distribution's viewer certificate: TLS 1.2+ on custom domains, CloudFront's own otherwise. */
export function viewerCertificate(d: CloudFrontDomains) {
  return d.certificateArn
    ? { acmCertificateArn: d.certificateArn, sslSupportMethod: "sni-only", minimumProtocolVersion: "TLSv1.2_2021" }
    : { cloudfrontDefaultCertificate: true };
}

/** A and AAAA records for every domain that wants them. */
export function cloudFrontAliasRecords(d: CloudFrontDomains, distribution: aws.cloudfront.Distribution): void {
  d.domains.forEach((domain, i) => {
    if (domain.disableDnsRecordCreation === true) return;
    aliasRecords(d.children, d.names[i], d.zoneOf(d.names[i]), { name: distribution.domainName, zoneId: distribution.hostedZoneId });
  });
}
