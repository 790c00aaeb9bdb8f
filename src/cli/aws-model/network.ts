// EC2 and VPC: security groups and their rules.
import { arn, hex, type Answer } from "./model";

export const NETWORK: Record<string, Answer> = {
  // https://docs.aws.amazon.com/service-authorization/latest/reference/list_amazonec2.html (security-group/${SecurityGroupId})
  "aws:ec2/securityGroup:SecurityGroup": (r) => {
    const id = `sg-${hex(`${r.type}/${r.name}`, 17)}`;
    return { id, state: { ...r.inputs, name: r.physical, arn: arn(r.region, "ec2", `security-group/${id}`) } };
  },
  "aws:vpc/securityGroupIngressRule:SecurityGroupIngressRule": (r) => {
    const id = `sgr-${hex(`${r.type}/${r.name}`, 17)}`;
    return { id, state: { ...r.inputs, securityGroupRuleId: id, arn: arn(r.region, "ec2", `security-group-rule/${id}`) } };
  },
  "aws:vpc/securityGroupEgressRule:SecurityGroupEgressRule": (r) => {
    const id = `sgr-${hex(`${r.type}/${r.name}`, 17)}`;
    return { id, state: { ...r.inputs, securityGroupRuleId: id, arn: arn(r.region, "ec2", `security-group-rule/${id}`) } };
  },
};
