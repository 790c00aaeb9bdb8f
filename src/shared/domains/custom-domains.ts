// Custom domains for any component: the hosted zone (longest matching parent
// zone of the account), a DNS-validated ACM certificate, and alias records.
import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import type { ChildFactory } from "../component/child-factory";

/** The component's children of its domains: ids `<prefix>Certificate`, `<prefix>RecordA`... (prefix `domain` or `cdn`). */
export interface DomainChildren {
  children: ChildFactory;
  /** Child-id prefix: `domain` or `cdn` (`domainCertificate`, `cdnRecordA`, ...). */
  prefix: string;
}

/** `api.example.com` -> `api-example-com`: a stable part of child names. */
export function domainSlug(domainName: string): string {
  return domainName.toLowerCase().replace(/\.$/, "").replace(/\*/g, "wildcard").replace(/[^a-z0-9]+/g, "-");
}

/** Zone names to try for a domain, most specific first (`a.b.example.com`, `b.example.com`, `example.com`). */
export function zoneCandidates(domainName: string): string[] {
  const labels = domainName.toLowerCase().replace(/\.$/, "").replace(/^\*\./, "").split(".");
  const out: string[] = [];
  for (let i = 0; i <= labels.length - 2; i++) out.push(labels.slice(i).join("."));
  return out;
}

/** The id of the public hosted zone that holds `domainName`: the longest matching one. */
export function hostedZoneId(domainName: string, parent: pulumi.Resource): pulumi.Output<string> {
  const lookup = async (): Promise<string> => {
    const tried = zoneCandidates(domainName);
    for (const zone of tried) {
      try {
        const found = await aws.route53.getZone({ name: zone, privateZone: false }, { parent });
        return found.zoneId;
      } catch {
        // No zone of this name in the account: try the parent domain.
      }
    }
    throw new pulumi.RunError(
      `no Route 53 hosted zone for ${domainName} in this account (looked for ${tried.join(", ")}); ` +
      `add a hosted zone for the domain or a parent domain, and point the registrar's name servers at it`,
    );
  };
  return pulumi.output(lookup());
}

/** The name ACM validates `domainName` under: `*.example.com` -> `example.com`. */
export function validationBase(domainName: string): string {
  return domainName.toLowerCase().replace(/\.$/, "").replace(/^\*\./, "");
}

/** The children of one domain: names end in `-<domain slug>`. */
function ofDomain(d: DomainChildren, domainName: string): ChildFactory {
  return d.children.suffixed(`-${domainSlug(domainName)}`);
}

/**
 * A managed certificate for the domains (the first is the subject, the others
 * alternative names), validated through one DNS record per domain in its
 * zone; resolves to the certificate's ARN once it is valid.
 */
export function managedCertificate(
  d: DomainChildren, domains: { domainName: string; zoneId: pulumi.Input<string> }[],
  /** Region of the certificate (us-east-1 for CloudFront); the stack's by default. */
  certificateRegion?: string,
): pulumi.Output<string> {
  // The default provider's settings (credentials, assumed role, default tags) hold in that region too.
  const region = certificateRegion !== undefined ? { region: certificateRegion } : {};
  const [first, ...others] = domains;
  const certificate = ofDomain(d, first.domainName).make(`${d.prefix}Certificate`, aws.acm.Certificate, {
    ...region,
    domainName: first.domainName,
    subjectAlternativeNames: others.length ? others.map((d) => d.domainName) : undefined,
    validationMethod: "DNS",
    keyAlgorithm: "RSA_2048",
    tags: { Name: first.domainName },
  });
  // One record per distinct validation name: ACM validates a name and its wildcard
  // (example.com, *.example.com) through one CNAME ("DNS validation",
  // https://docs.aws.amazon.com/acm/latest/userguide/dns-validation.html). Two records
  // of that name would each own it, and removing either name would delete it.
  // The record is named after the base name, so adding or removing the other
  // name of the pair leaves it alone; a lone wildcard keeps its earlier name.
  const bases = new Map<string, { domainName: string; zoneId: pulumi.Input<string> }[]>();
  for (const d of domains) {
    const base = validationBase(d.domainName);
    bases.set(base, [...(bases.get(base) ?? []), d]);
  }
  const records = [...bases.entries()].map(([base, group]) => {
    const names = group.map((g) => g.domainName);
    const option = certificate.domainValidationOptions.apply((all) => {
      const o = all.find((x) => names.includes(x.domainName)) ?? all[0];
      return { name: o.resourceRecordName!, type: o.resourceRecordType!, value: o.resourceRecordValue! };
    });
    const loneWildcard = names.length === 1 && names[0] !== base;
    return ofDomain(d, base).make(`${d.prefix}ValidationRecord`, aws.route53.Record, {
      zoneId: group[0].zoneId,
      name: option.name,
      type: option.type,
      records: [option.value],
      ttl: 60,
      // ACM gives every certificate of a name the same validation record.
      allowOverwrite: true,
    }, { aliases: loneWildcard ? [{ name: ofDomain(d, names[0]).childName(`${d.prefix}ValidationRecord`) }] : undefined });
  });
  const validation = ofDomain(d, first.domainName).make(`${d.prefix}CertificateValidation`, aws.acm.CertificateValidation, {
    ...region,
    certificateArn: certificate.arn,
    validationRecordFqdns: records.map((r) => r.fqdn),
  });
  return validation.certificateArn;
}

/** A and AAAA alias records pointing `domainName` at a target (CloudFront, API Gateway). */
export function aliasRecords(
  d: DomainChildren, domainName: string, zoneId: pulumi.Input<string>,
  target: { name: pulumi.Input<string>; zoneId: pulumi.Input<string> },
): aws.route53.Record[] {
  return (["A", "AAAA"] as const).map((type) => {
    const id = type === "A" ? "RecordA" : "RecordAaaa";
    return ofDomain(d, domainName).make(`${d.prefix}${id}`, aws.route53.Record, {
      zoneId,
      name: domainName,
      type,
      aliases: [{ name: target.name, zoneId: target.zoneId, evaluateTargetHealth: false }],
      // A record of the same name that already exists is not taken over silently:
      // the deploy stops (delete it, or let an override set allowOverwrite).
      allowOverwrite: false,
    });
  });
}
