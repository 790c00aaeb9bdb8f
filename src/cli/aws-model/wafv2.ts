// WAFv2 web ACLs, IP sets, associations and logging configurations.
import { arn, uuid, type Answer, type ModelRequest } from "./model";
import { webAclCapacity } from "../../aws-rules/wafv2-capacity";

/**
 * A CLOUDFRONT-scope entity lives in us-east-1 and its ARN says `global`; a
 * REGIONAL one says `regional`: arn:${Partition}:wafv2:${Region}:${Account}:${Scope}/webacl/${Name}/${Id}
 * (https://docs.aws.amazon.com/service-authorization/latest/reference/list_awswafv2.html). Ids and lock
 * tokens are UUIDs (https://docs.aws.amazon.com/waf/latest/APIReference/API_WebACLSummary.html: Id and LockToken
 * ^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$).
 */
function wafEntity(kind: "webacl" | "ipset") {
  return (r: ModelRequest) => {
    const id = uuid(`${r.type}/${r.name}`);
    const global = r.inputs.scope === "CLOUDFRONT";
    const region = global ? "us-east-1" : r.region;
    return { id, region, arn: arn(region, "wafv2", `${global ? "global" : "regional"}/${kind}/${r.physical}/${id}`, { partitionRegion: r.region }), lockToken: uuid(`${r.type}/${r.name}/lock`) };
  };
}

export const WAFV2: Record<string, Answer> = {
  "aws:wafv2/webAcl:WebAcl": (r) => {
    const e = wafEntity("webacl")(r);
    return { id: e.id, state: { ...r.inputs, name: r.physical, arn: e.arn, lockToken: e.lockToken, capacity: webAclCapacity(r.inputs.rules ?? r.inputs.ruleJson).total, applicationIntegrationUrl: "" } };
  },
  "aws:wafv2/ipSet:IpSet": (r) => {
    const e = wafEntity("ipset")(r);
    return { id: e.id, state: { ...r.inputs, name: r.physical, arn: e.arn, lockToken: e.lockToken } };
  },
  // `<web ACL ARN>,<resource ARN>` (terraform-provider-aws internal/service/wafv2/web_acl_association.go).
  "aws:wafv2/webAclAssociation:WebAclAssociation": (r) => ({ id: `${r.inputs.webAclArn},${r.inputs.resourceArn}`, state: { ...r.inputs } }),
  // The logged resource's ARN (internal/service/wafv2/web_acl_logging_configuration.go).
  "aws:wafv2/webAclLoggingConfiguration:WebAclLoggingConfiguration": (r) => ({ id: String(r.inputs.resourceArn), state: { ...r.inputs } }),
};
