// A bucket's CDN: CloudFront reads the private bucket through origin access
// control (OAC, not the legacy origin access identity), signed with SigV4,
// and the bucket's policy lets only this distribution read: the service
// principal cloudfront.amazonaws.com with the distribution's ARN as
// AWS:SourceArn (CloudFront Developer Guide, "Restrict access to an Amazon S3
// origin": https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/private-content-restricting-access-to-s3.html).
// Custom domains, the certificate and the alias records are the shared
// DomainConfiguration's (the gateway's CDN and nextjs-web's too), the cache
// policy is AWS's managed CachingOptimized (nextjs-web's static files'), and the
// alarm is the CDN alarm of every distribution (shared/alarms/cdn-alarms.ts).
import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import type { ChildFactory } from "../../shared/component/child-factory";
import { cloudFrontAliasRecords, cloudFrontCertificate, viewerCertificate } from "../../shared/domains/cloudfront-domains";
import { makeAlarms, type AlarmSettings } from "../../shared/alarms/metric-alarms";
import { cdnAlarms } from "../../shared/alarms/cdn-alarms";
import type { AlarmTopicArns } from "../../shared/alarms/alarm-notifications";
import { literal } from "../../shared/component/component";
import { MANAGED } from "../nextjs-web/cdn";
import { SYNC_JOURNAL_FOLDER } from "./directory-upload";
import type { BucketArgs } from "./args";

/** What the bucket's CDN made, and its outputs. */
export interface BucketCdnMade {
  distribution: aws.cloudfront.Distribution;
  /** The distribution's own domain. */
  domain: pulumi.Output<string>;
  /** The first custom domain's URL, else the distribution's. */
  url: pulumi.Output<string>;
}

/** The CDN's settings as the component holds them (schema defaults applied). */
type CdnProperties = Pick<BucketArgs, "cdn" | "useFirewall" | "alarms">;

/**
 * The origin access control, the distribution (S3 origin signed by the OAC,
 * HTTPS for viewers, GET/HEAD/OPTIONS only: writes go to S3 with
 * credentials), its custom domains, and its alarm.
 */
export function createBucketCdn(parent: pulumi.Resource, children: ChildFactory, bucket: aws.s3.Bucket, p: CdnProperties, alarmTopic?: AlarmTopicArns): BucketCdnMade {
  const { name } = children;
  const cdn = p.cdn!;
  const accessControl = children.make("cdnAccessControl", aws.cloudfront.OriginAccessControl, {
    description: `S3 bucket ${name}`, originAccessControlOriginType: "s3", signingBehavior: "always", signingProtocol: "sigv4",
  });
  const domains = cloudFrontCertificate({ children, prefix: "cdn" }, cdn.customDomains ?? []);
  const distribution = children.make("cdnDistribution", aws.cloudfront.Distribution, {
    enabled: true,
    comment: `S3 bucket ${name}`,
    isIpv6Enabled: true,
    httpVersion: "http2and3",
    priceClass: cdn.cloudfrontPriceClass,
    defaultRootObject: cdn.defaultRootObject,
    aliases: domains.names,
    origins: [{ originId: "s3", domainName: bucket.bucketRegionalDomainName, originAccessControlId: accessControl.id }],
    defaultCacheBehavior: {
      targetOriginId: "s3",
      viewerProtocolPolicy: "redirect-to-https",
      allowedMethods: ["GET", "HEAD", "OPTIONS"],
      cachedMethods: ["GET", "HEAD"],
      compress: true,
      cachePolicyId: MANAGED.cachingOptimized,
    },
    restrictions: { geoRestriction: { restrictionType: "none" } },
    viewerCertificate: viewerCertificate(domains),
    // The firewall (useFirewall): a web ACL of CLOUDFRONT scope.
    webAclId: p.useFirewall,
  });
  cloudFrontAliasRecords(domains, distribution);
  const partition = aws.getPartitionOutput({}, { parent }).partition;
  makeAlarms(children, cdnAlarms(partition), literal(p.alarms) as AlarmSettings | undefined, { DistributionId: distribution.id }, alarmTopic);
  const domain = distribution.domainName;
  const url = domains.names.length ? pulumi.output(`https://${domains.names[0]}`) : pulumi.interpolate`https://${domain}`;
  return { distribution, domain, url };
}

/**
 * The bucket policy's statements for the CDN: this distribution (only) gets
 * objects, never the sync's journal. No s3:ListBucket: a request for a
 * folder would list the bucket; a missing object is answered 403 by S3 then.
 */
export function cdnReadStatements(bucketArn: pulumi.Input<string>, distributionArn: pulumi.Input<string>): Record<string, unknown>[] {
  const fromDistribution = { StringEquals: { "AWS:SourceArn": distributionArn } };
  const principal = { Service: "cloudfront.amazonaws.com" };
  return [
    { Sid: "CdnReadsObjects", Effect: "Allow", Principal: principal, Action: "s3:GetObject", Resource: pulumi.interpolate`${bucketArn}/*`, Condition: fromDistribution },
    { Sid: "CdnSkipsSyncJournal", Effect: "Deny", Principal: principal, Action: "s3:GetObject", Resource: pulumi.interpolate`${bucketArn}/${SYNC_JOURNAL_FOLDER}/*` },
  ];
}
