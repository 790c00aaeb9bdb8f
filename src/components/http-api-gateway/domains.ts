// Regional custom domains of the gateway: certificate (managed unless given),
// API Gateway domain name (TLS 1.2), mapping to the stage, alias records.
import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import type { DomainConfiguration } from "../../shared/domains/domain-properties";
import { aliasRecords, domainSlug, hostedZoneId, managedCertificate, type DomainScope } from "../../shared/domains/custom-domains";
import { childInputs, childName, type AnyTransforms } from "../../shared/component/children";
import type { DeepInput } from "../../shared/component/inputs";

export interface GatewayScope {
  parent: pulumi.ComponentResource;
  name: string;
  transforms?: AnyTransforms;
}

/** Makes every custom domain; returns their names in order. */
export function createCustomDomains(
  scope: GatewayScope, domains: DeepInput<DomainConfiguration>[], apiId: pulumi.Input<string>, stage: pulumi.Input<string>,
): string[] {
  const domainScope: DomainScope = { ...scope, prefix: "domain" };
  return domains.map((d) => {
    const domainName = d.domainName as string;
    const slug = domainSlug(domainName);
    const makeRecords = d.disableDnsRecordCreation !== true;
    const zoneId = d.customCertificateArn === undefined || makeRecords ? hostedZoneId(domainName, scope.parent) : undefined;
    const certificateArn = d.customCertificateArn ?? managedCertificate(domainScope, [{ domainName, zoneId: zoneId! }]);
    const apiDomain = new aws.apigatewayv2.DomainName(...childInputs(scope.transforms, "domainName",
      `${childName(scope.name, "domainName")}-${slug}`, {
        domainName,
        domainNameConfiguration: {
          certificateArn,
          endpointType: "REGIONAL",
          securityPolicy: "TLS_1_2",
          ipAddressType: "dualstack",
        },
      },
      { parent: scope.parent },));
    new aws.apigatewayv2.ApiMapping(...childInputs(scope.transforms, "apiMapping",
      `${childName(scope.name, "apiMapping")}-${slug}`, { apiId, domainName: apiDomain.domainName, stage },
      { parent: scope.parent },));
    if (makeRecords) {
      aliasRecords(domainScope, domainName, zoneId!, {
        name: apiDomain.domainNameConfiguration.targetDomainName.apply((t) => t!),
        zoneId: apiDomain.domainNameConfiguration.hostedZoneId.apply((z) => z!),
      });
    }
    return domainName;
  });
}
