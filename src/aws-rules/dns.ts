// ACM certificates, their validation, and Route 53 records.
import { asArray, type AwsRule, type Finding } from "./rule";

const CERT = "aws:acm/certificate:Certificate";
const VALIDATION = "aws:acm/certificateValidation:CertificateValidation";
const RECORD = "aws:route53/record:Record";

export const DNS_RULES: AwsRule[] = [
  {
    id: "acm/names",
    types: [CERT],
    summary: "A certificate's first name is at most 64 characters, the others 253; 10 names by default; lower case, no final dot, a wildcard only leftmost",
    source: "https://docs.aws.amazon.com/acm/latest/APIReference/API_RequestCertificate.html (DomainName 1-253, first name 64 octets); https://docs.aws.amazon.com/acm/latest/userguide/acm-limits.html (Domain names per ACM certificate: 10); terraform-provider-aws internal/service/acm/certificate.go (no final period)",
    quota: { default: 10, adjustable: true },
    check(r, _ctx, limit) {
      const names = [r.inputs.domainName, ...asArray(r.inputs.subjectAlternativeNames)].filter((n): n is string => typeof n === "string");
      const out: Finding[] = [];
      if (names.length > limit) out.push({ input: "subjectAlternativeNames", message: `${names.length} names on one certificate, more than the ${limit} ACM takes by default` });
      names.forEach((n, i) => {
        const input = i === 0 ? "domainName" : `subjectAlternativeNames.${i - 1}`;
        if (i === 0 && n.length > 64) out.push({ input, message: `the certificate's first name has ${n.length} characters; ACM takes 64` });
        if (n.length > 253) out.push({ input, message: `'${n.slice(0, 40)}...' is longer than 253 characters` });
        if (n.endsWith(".") || n !== n.toLowerCase()) out.push({ input, message: `'${n}' must be lower case without a final dot` });
        if (n.slice(1).includes("*")) out.push({ input, message: `in '${n}' a wildcard may only be the leftmost label` });
      });
      if (!["DNS", "EMAIL", undefined].includes(r.inputs.validationMethod)) out.push({ input: "validationMethod", message: "validation is DNS or EMAIL" });
      return out;
    },
    examples: { pass: [{ inputs: { domainName: "api.example.com", validationMethod: "DNS" } }], fail: [{ inputs: { domainName: `${"a".repeat(60)}.example.com`, validationMethod: "DNS" } }] },
  },
  {
    id: "acm/validation",
    types: [VALIDATION],
    summary: "A certificate validation waits for a certificate in its own region, through one record per distinct validation name",
    source: "https://registry.terraform.io/providers/hashicorp/aws/latest/docs/resources/acm_certificate_validation; https://docs.aws.amazon.com/acm/latest/userguide/dns-validation.html",
    check(r, ctx) {
      const out: Finding[] = [];
      if (typeof r.inputs.certificateArn !== "string" || r.inputs.certificateArn === "") out.push({ input: "certificateArn", message: "certificateArn is required" });
      const cert = ctx.resources.find((x) => x.type === CERT && r.dependsOn.includes(x.name));
      if (cert && cert.region !== r.region) out.push({ input: "region", message: `the certificate ${cert.name} is in ${cert.region}, the validation in ${r.region}` });
      const names = cert ? 1 + asArray(cert.inputs.subjectAlternativeNames).length : undefined;
      const fqdns = asArray(r.inputs.validationRecordFqdns).length;
      if (names !== undefined && fqdns > 0 && fqdns < new Set([cert!.inputs.domainName, ...asArray(cert!.inputs.subjectAlternativeNames)].map((n) => String(n).replace(/^\*\./, ""))).size) {
        out.push({ input: "validationRecordFqdns", message: `${fqdns} validation records for ${names} names` });
      }
      // ACM gives a name and its wildcard (example.com, *.example.com) one validation record: two
      // Route 53 records of that name each own it, and removing either deletes the record the other
      // name needs to renew ("DNS validation": the CNAME does not depend on the wildcard label).
      const all = asArray<string>(r.inputs.validationRecordFqdns).map((f) => String(f).toLowerCase().replace(/\.$/, ""));
      const twice = all.find((f, i) => all.indexOf(f) !== i);
      if (twice) out.push({ input: "validationRecordFqdns", message: `${twice} is listed twice: make one Route 53 record per distinct validation name (a name and its wildcard share one)` });
      return out;
    },
    examples: {
      pass: [{ inputs: { certificateArn: "arn:aws:acm:us-east-1:123456789012:certificate/abc", validationRecordFqdns: ["_a1.example.com"] } }],
      fail: [
        { inputs: { certificateArn: "" } },
        { inputs: { certificateArn: "arn:aws:acm:us-east-1:123456789012:certificate/abc", validationRecordFqdns: ["_a1.example.com", "_a1.example.com."] } },
      ],
    },
  },
  {
    id: "route53/record",
    types: [RECORD],
    summary: "A record is an alias or has records and a TTL, never both; its name has no empty label; a name and type belong to one record of the stack (a second would overwrite the first)",
    source: "https://docs.aws.amazon.com/Route53/latest/APIReference/API_ResourceRecordSet.html; terraform-provider-aws internal/service/route53/record.go (allow_overwrite)",
    check(r, ctx) {
      const i = r.inputs;
      const out: Finding[] = [];
      const alias = asArray(i.aliases).length > 0;
      if (alias && (i.records !== undefined || i.ttl !== undefined)) out.push({ input: "aliases", message: "an alias record takes no records and no TTL" });
      if (!alias && (asArray(i.records).length === 0 || i.ttl === undefined)) out.push({ input: "records", message: "a record that is not an alias needs records and a TTL" });
      const name = String(i.name ?? "");
      if (name.replace(/\.$/, "").split(".").some((l) => l === "")) out.push({ input: "name", message: `'${name}' has an empty label` });
      const key = (x: Record<string, any>) => `${x.zoneId}|${String(x.name).toLowerCase().replace(/\.$/, "")}|${x.type}`;
      const twin = ctx.resources.find((x) => x !== r && x.type === RECORD && key(x.inputs) === key(i));
      // Validation records of one name are the same record by design (ACM gives every certificate of a name the same one).
      if (twin && i.type !== "CNAME") out.push({ input: "name", message: `${i.type} ${name} is also made by ${twin.name}; one would overwrite the other` });
      return out;
    },
    examples: {
      pass: [{ inputs: { zoneId: "Z1", name: "api.example.com", type: "A", aliases: [{ name: "d.cloudfront.net", zoneId: "Z2FDTNDATAQYW2", evaluateTargetHealth: false }] } }],
      fail: [
        { inputs: { zoneId: "Z1", name: "api.example.com", type: "A", aliases: [{ name: "d.cloudfront.net", zoneId: "Z2FDTNDATAQYW2", evaluateTargetHealth: false }] } },
        { name: "other", inputs: { zoneId: "Z1", name: "api.example.com", type: "A", aliases: [{ name: "e.cloudfront.net", zoneId: "Z2FDTNDATAQYW2", evaluateTargetHealth: false }] } },
      ],
    },
  },
];
