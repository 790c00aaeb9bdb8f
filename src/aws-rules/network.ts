// Security groups, their ingress rules, and VPC gateway endpoints.
import { asArray, isObject, type AwsRule, type Finding } from "./rule";

const SG = "aws:ec2/securityGroup:SecurityGroup";
const INGRESS = "aws:vpc/securityGroupIngressRule:SecurityGroupIngressRule";
const ENDPOINT = "aws:ec2/vpcEndpoint:VpcEndpoint";

/** Characters EC2 takes in security group and rule descriptions. */
const DESCRIPTION = /^[A-Za-z0-9 ._\-:/()#,@[\]+=&;{}!$*]*$/;

export const NETWORK_RULES: AwsRule[] = [
  {
    id: "ec2/security-group",
    types: [SG],
    summary: "A security group's description is at most 255 characters of a-z, A-Z, 0-9, spaces and ._-:/()#,@[]+=&;{}!$*, and so are its rules'",
    source: "https://docs.aws.amazon.com/AWSEC2/latest/APIReference/API_CreateSecurityGroup.html (GroupDescription); terraform-provider-aws internal/service/ec2/validate.go (validSecurityGroupRuleDescription)",
    check(r) {
      const out: Finding[] = [];
      const d = r.inputs.description;
      if (typeof d === "string" && (d.length > 255 || !DESCRIPTION.test(d))) out.push({ input: "description", message: `the description may hold only letters, digits, spaces and ._-:/()#,@[]+=&;{}!$*, at most 255` });
      for (const dir of ["ingress", "egress"]) {
        asArray(r.inputs[dir]).forEach((rule, i) => {
          const rd = isObject(rule) ? rule.description : undefined;
          if (typeof rd === "string" && (rd.length > 255 || !DESCRIPTION.test(rd))) out.push({ input: `${dir}.${i}.description`, message: "a rule's description may hold only letters, digits, spaces and ._-:/()#,@[]+=&;{}!$*, at most 255" });
        });
      }
      return out;
    },
    examples: { pass: [{ inputs: { description: "Redis cluster cache: ingress to port only, from the VPC" } }], fail: [{ inputs: { description: "Redis cluster 'cache'" } }] },
  },
  {
    id: "ec2/ingress-rule",
    types: [INGRESS],
    summary: "An ingress rule has one source (a CIDR, a prefix list or a security group), ports 0 to 65535 with from <= to (or -1 for all protocols), and a description EC2 takes",
    source: "https://docs.aws.amazon.com/AWSEC2/latest/APIReference/API_IpPermission.html; terraform-provider-aws internal/service/ec2/vpc_security_group_ingress_rule.go (exactly one of cidr_ipv4, cidr_ipv6, prefix_list_id, referenced_security_group_id)",
    check(r) {
      const i = r.inputs;
      const out: Finding[] = [];
      const sources = ["cidrIpv4", "cidrIpv6", "prefixListId", "referencedSecurityGroupId"].filter((k) => i[k] !== undefined);
      if (sources.length !== 1) out.push({ input: sources[1] ?? "cidrIpv4", message: `a rule has exactly one source, not ${sources.length} (${sources.join(", ") || "none"})` });
      if (i.ipProtocol !== "-1") {
        const [from, to] = [i.fromPort, i.toPort];
        if (typeof from !== "number" || typeof to !== "number" || from < 0 || to > 65535 || from > to) out.push({ input: "fromPort", message: `ports must be 0 to 65535 with fromPort <= toPort (got ${from} to ${to})` });
      }
      if (typeof i.description === "string" && (i.description.length > 255 || !DESCRIPTION.test(i.description))) out.push({ input: "description", message: "the description may hold only letters, digits, spaces and ._-:/()#,@[]+=&;{}!$*, at most 255" });
      return out;
    },
    examples: { pass: [{ inputs: { securityGroupId: "sg-1", ipProtocol: "tcp", fromPort: 6379, toPort: 6379, cidrIpv4: "172.31.0.0/16" } }], fail: [{ inputs: { securityGroupId: "sg-1", ipProtocol: "tcp", fromPort: 6380, toPort: 6379, cidrIpv4: "172.31.0.0/16" } }] },
  },
  {
    id: "ec2/gateway-endpoint",
    types: [ENDPOINT],
    summary: "A gateway endpoint is attached to route tables (not subnets), and a route table holds one endpoint per service",
    source: "https://docs.aws.amazon.com/vpc/latest/privatelink/gateway-endpoints.html (an endpoint adds a route to the service's prefix list in each route table); https://docs.aws.amazon.com/AWSEC2/latest/APIReference/errors-overview.html (RouteAlreadyExists: a route table has one route per destination)",
    check(r, ctx) {
      const i = r.inputs;
      if (i.vpcEndpointType !== "Gateway") return [];
      const out: Finding[] = [];
      if (i.subnetIds !== undefined || asArray(i.routeTableIds).length === 0) out.push({ input: "routeTableIds", message: "a gateway endpoint takes route tables, not subnets" });
      const twin = ctx.resources.find((x) => x !== r && x.type === ENDPOINT && x.inputs.vpcEndpointType === "Gateway" && x.inputs.serviceName === i.serviceName &&
        asArray(x.inputs.routeTableIds).some((t) => asArray(i.routeTableIds).includes(t)));
      if (twin) out.push({ input: "routeTableIds", message: `${twin.name} is a gateway endpoint for ${i.serviceName} on the same route table` });
      return out;
    },
    examples: {
      pass: [{ inputs: { vpcEndpointType: "Gateway", serviceName: "com.amazonaws.us-east-1.s3", routeTableIds: ["rtb-1"] } }],
      fail: [{ inputs: { vpcEndpointType: "Gateway", serviceName: "com.amazonaws.us-east-1.s3", routeTableIds: ["rtb-1"] } }, { type: ENDPOINT, name: "twin", inputs: { vpcEndpointType: "Gateway", serviceName: "com.amazonaws.us-east-1.s3", routeTableIds: ["rtb-1"] } }],
    },
  },
];
