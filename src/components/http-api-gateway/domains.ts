// Regional custom domains of the gateway: certificate (managed unless given),
// API Gateway domain name (TLS 1.2), mapping to the stage, alias records.
import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import type { DomainConfiguration } from "../../shared/domains/domain-properties";
import { aliasRecords, domainSlug, hostedZoneId, managedCertificate, type DomainChildren } from "../../shared/domains/custom-domains";
import type { ChildFactory } from "../../shared/component/child-factory";
import type { DeepInput } from "../../shared/component/inputs";

/** Makes every custom domain; returns their names in order. */
export function createCustomDomains(
  children: ChildFactory, domains: DeepInput<DomainConfiguration>[], apiId: pulumi.Input<string>, stage: pulumi.Input<string>,
): string[] {
  const domainChildren: DomainChildren = { children, prefix: "domain" };
  return domains.map((d) => {
    const domainName = d.domainName as string;
    const slug = domainSlug(domainName);
    const makeRecords = d.disableDnsRecordCreation !== true;
    const zoneId = d.customCertificateArn === undefined || makeRecords ? hostedZoneId(domainName, children.parent) : undefined;
    const certificateArn = d.customCertificateArn ?? managedCertificate(domainChildren, [{ domainName, zoneId: zoneId! }]);
    const ofDomain = children.suffixed(`-${slug}`);
    const apiDomain = ofDomain.make("domainName", aws.apigatewayv2.DomainName, {
      domainName,
      domainNameConfiguration: {
        certificateArn,
        endpointType: "REGIONAL",
        securityPolicy: "TLS_1_2",
        ipAddressType: "dualstack",
      },
    });
    ofDomain.make("apiMapping", aws.apigatewayv2.ApiMapping, { apiId, domainName: apiDomain.domainName, stage });
    if (makeRecords) {
      aliasRecords(domainChildren, domainName, zoneId!, {
        name: apiDomain.domainNameConfiguration.targetDomainName.apply((t) => t!),
        zoneId: apiDomain.domainNameConfiguration.hostedZoneId.apply((z) => z!),
      });
    }
    return domainName;
  });
}
