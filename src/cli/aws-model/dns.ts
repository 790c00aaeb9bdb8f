// ACM certificates and Route 53 records.
import { arn, hex, type Answer } from "./model";

export const DNS: Record<string, Answer> = {
  "aws:acm/certificate:Certificate": (r) => {
    const names = [r.inputs.domainName, ...((r.inputs.subjectAlternativeNames as string[] | undefined) ?? [])];
    const n = r.name;
    const id = `${hex(n, 8)}-${hex(n + "1", 4)}-${hex(n + "2", 4)}-${hex(n + "3", 4)}-${hex(n + "4", 12)}`;
    return {
      id,
      state: {
        ...r.inputs,
        arn: arn(r.region, "acm", `certificate/${id}`),
        // As ACM answers: a wildcard name's record is its base name's (*.example.com and
        // example.com share one CNAME; ACM User Guide, "DNS validation").
        domainValidationOptions: names.map((d: string) => {
          const base = d.replace(/^\*\./, "");
          return { domainName: d, resourceRecordName: `_${hex(base, 32)}.${base}.`, resourceRecordType: "CNAME", resourceRecordValue: `_${hex(base + "v", 32)}.acm-validations.aws.` };
        }),
      },
    };
  },
  "aws:acm/certificateValidation:CertificateValidation": (r) => ({ id: String(r.inputs.certificateArn), state: { ...r.inputs } }),
  "aws:route53/record:Record": (r) => {
    const fqdn = String(r.inputs.name).replace(/\.$/, "");
    return { id: `${r.inputs.zoneId}_${fqdn}_${r.inputs.type}`, state: { ...r.inputs, fqdn } };
  },
};
