// Pure checks of DomainConfiguration values. Types only are imported.
import type { Problem } from "../messages/problem";

/** Why `name` is not a fully qualified domain name without protocol, or undefined. */
export function domainNameProblem(name: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(name)) {
    return `domainName must not include a protocol: write '${name.replace(/^[a-z][a-z0-9+.-]*:\/\//i, "").replace(/\/.*$/, "")}'`;
  }
  if (/[/?#:]/.test(name)) return `domainName must be a bare domain name, without port or path (got '${name}')`;
  // AWS refuses a final dot (ACM, CloudFront aliases) and keeps names in lower case.
  if (name.endsWith(".") && name.length > 1) return `domainName '${name}' must not end with a dot; write '${name.replace(/\.+$/, "")}'`;
  if (name !== name.toLowerCase()) return `domainName '${name}' must be in lower case; write '${name.toLowerCase()}'`;
  const labels = name.split(".");
  if (labels.length < 2) return `domainName must be fully qualified, like api.example.com (got '${name}')`;
  if (name.length > 253) return `domainName is longer than 253 characters`;
  for (const label of labels) {
    const wildcard = label === "*" && label === labels[0];
    if (!wildcard && !/^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i.test(label)) {
      return `domainName '${name}' has an invalid label '${label}': letters, digits and inner hyphens, 1 to 63 characters`;
    }
  }
  return undefined;
}

const CERT_ARN = /^arn:aws[a-z-]*:acm:[a-z0-9-]+:\d{12}:certificate\/[A-Za-z0-9-]+$/;

/** Problems of one DomainConfiguration (plain values; others are not judged). */
export function domainProblems(d: { domainName?: unknown; customCertificateArn?: unknown }, cdn: boolean): Problem[] {
  const out: Problem[] = [];
  if (typeof d.domainName === "string") {
    const why = domainNameProblem(d.domainName);
    if (why) out.push({ path: ["domainName"], message: why });
  }
  if (typeof d.customCertificateArn === "string") {
    if (!CERT_ARN.test(d.customCertificateArn)) {
      out.push({ path: ["customCertificateArn"], message: `customCertificateArn must be an ACM certificate ARN (arn:aws:acm:<region>:<account>:certificate/<id>)` });
    } else if (cdn && !d.customCertificateArn.includes(":us-east-1:")) {
      out.push({ path: ["customCertificateArn"], message: "a CDN (CloudFront) certificate must be in us-east-1", hint: "import or issue the certificate in us-east-1" });
    }
  }
  return out;
}

/** Problems of a list of domains: each one, and names used twice. */
export function domainListProblems(list: unknown, cdn: boolean, seen: Set<string>): Problem[] {
  if (!Array.isArray(list)) return [];
  const out: Problem[] = [];
  list.forEach((d, i) => {
    if (typeof d !== "object" || d === null) return;
    for (const p of domainProblems(d as Record<string, unknown>, cdn)) out.push({ ...p, path: [i, ...p.path] });
    const name = (d as { domainName?: unknown }).domainName;
    if (typeof name === "string") {
      const key = name.toLowerCase();
      if (seen.has(key)) out.push({ path: [i, "domainName"], message: `domain '${name}' is used twice in this resource` });
      seen.add(key);
    }
  });
  return out;
}

/** CloudFront domains share one certificate: the same ARN on all of them, or none. */
export function sharedCertificateProblems(list: unknown, path: (string | number)[]): Problem[] {
  const arns = (Array.isArray(list) ? list : []).map((d) => (typeof d === "object" && d !== null ? (d as Record<string, unknown>).customCertificateArn : undefined));
  const given = arns.filter((a) => a !== undefined);
  if (!given.length || (given.length === arns.length && given.every((a) => typeof a !== "string" || a === given[0]))) return [];
  return [{
    path: [...path, arns.findIndex((a) => a === undefined || a !== given[0]), "customCertificateArn"],
    message: "the domains of a CDN share one certificate: give all of them the same customCertificateArn (covering every domain), or none for a managed one",
  }];
}
