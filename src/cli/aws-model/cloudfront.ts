// CloudFront (global: ARNs have no region).
import { arn, hex, type Answer } from "./model";

/** Hosted zone id of every CloudFront distribution (Route 53 alias targets). */
export const CLOUDFRONT_ZONE = "Z2FDTNDATAQYW2";

const policyId = (r: { type: string; name: string }) => `E${hex(`${r.type}/${r.name}`, 13).toUpperCase()}`;

export const CLOUDFRONT: Record<string, Answer> = {
  "aws:cloudfront/distribution:Distribution": (r) => {
    const id = `E${hex(r.name, 13).toUpperCase()}`;
    return {
      id,
      state: { ...r.inputs, domainName: `d${hex(r.name, 13)}.cloudfront.net`, hostedZoneId: CLOUDFRONT_ZONE, arn: arn(r.region, "cloudfront", `distribution/${id}`, { regionless: true }), status: "Deployed" },
    };
  },
  "aws:cloudfront/function:Function": (r) => ({ id: r.physical, state: { ...r.inputs, name: r.physical, arn: arn(r.region, "cloudfront", `function/${r.physical}`, { regionless: true }) } }),
  "aws:cloudfront/originAccessControl:OriginAccessControl": (r) => ({ id: policyId(r), state: { ...r.inputs, name: r.physical } }),
  "aws:cloudfront/cachePolicy:CachePolicy": (r) => ({ id: policyId(r), state: { ...r.inputs, name: r.physical } }),
  "aws:cloudfront/originRequestPolicy:OriginRequestPolicy": (r) => ({ id: policyId(r), state: { ...r.inputs, name: r.physical } }),
};
