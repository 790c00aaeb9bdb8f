// Offline answers to the data-source calls (invokes) the components make.
import { partitionOf } from "../../aws-rules/partition";
import { hex, MOCK_ACCOUNT, type MockContext } from "./model";

/** Availability zones of the mock account's regions (letters after the region's name). */
const MOCK_ZONES = ["a", "b", "c", "d"];

export function mockCall(token: string, inputs: Record<string, any>, ctx: MockContext): Record<string, any> {
  const region = ctx.region;
  const part = partitionOf(region);
  const P = part.partition;
  switch (token) {
    case "aws:ec2/getVpc:getVpc":
      return { id: "vpc-0a1b2c3d4e5f60718", cidrBlock: "172.31.0.0/16", default: true, arn: `arn:${P}:ec2:${region}:${MOCK_ACCOUNT}:vpc/vpc-0a1b2c3d4e5f60718` };
    case "aws:ec2/getSubnets:getSubnets": {
      // The default VPC has a subnet in each zone, and the filters hold.
      const zoneFilter = (inputs.filters as { name: string; values: string[] }[] | undefined)?.find((f) => f.name === "availability-zone");
      const zones = MOCK_ZONES.map((z) => `${region}${z}`).filter((z) => !zoneFilter || zoneFilter.values.includes(z));
      return { id: region, ids: zones.map((z) => `subnet-0${hex(z, 16)}`) };
    }
    case "aws:ec2/getRouteTables:getRouteTables":
      return { id: String(inputs.vpcId), ids: [`rtb-0${hex(String(inputs.vpcId), 16)}`] };
    case "aws:index/getRegion:getRegion":
      return { id: region, region, name: region, endpoint: `ec2.${region}.amazonaws.com` };
    case "aws:index/getCallerIdentity:getCallerIdentity":
      return { id: MOCK_ACCOUNT, accountId: MOCK_ACCOUNT, arn: `arn:${P}:iam::${MOCK_ACCOUNT}:user/plan`, userId: "AIDAPLAN" };
    case "aws:route53/getZone:getZone": {
      const zone = String(inputs.name).replace(/\.$/, "");
      const exists = ctx.zones ? ctx.zones.includes(zone) : zone.split(".").length === 2;
      if (!exists) throw new Error(`no matching Route 53 Hosted Zone found (${zone})`);
      return { id: `Z${hex(zone, 12).toUpperCase()}`, zoneId: `Z${hex(zone, 12).toUpperCase()}`, name: zone, privateZone: false };
    }
    case "aws:index/getPartition:getPartition":
      return { id: P, partition: P, dnsSuffix: part.dnsSuffix, reverseDnsPrefix: part.reverseDnsPrefix };
    case "aws:ec2/getVpcEndpointService:getVpcEndpointService": {
      const serviceName = `${part.reverseDnsPrefix}.${region}.${inputs.service}`;
      // As in real accounts, some zones lack a service: here Lambda is not in the last one.
      const zones = inputs.service === "lambda" ? MOCK_ZONES.slice(0, -1) : MOCK_ZONES;
      return { id: serviceName, serviceName, service: inputs.service, serviceType: inputs.serviceType ?? "Interface", serviceId: `vpce-svc-${hex(serviceName, 17)}`, availabilityZones: zones.map((z) => `${region}${z}`) };
    }
    case "pulumi:pulumi:readStackResourceOutputs":
      // The engine's built-in answer of a stack's last saved resources (shared/component/saved-state.ts): a plan has none.
      return { name: inputs.stackName, outputs: {} };
    default:
      throw new Error(`plan has no offline answer for the data source ${token} (inputs ${JSON.stringify(inputs)})`);
  }
}
