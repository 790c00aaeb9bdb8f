import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";

export interface DefaultVpc {
  id: pulumi.Output<string>;
  cidrBlock: pulumi.Output<string>;
  subnetIds: pulumi.Output<string[]>;
}

/** The region's default VPC and its subnets (looked up, never created). */
export function defaultVpc(parent: pulumi.Resource): DefaultVpc {
  const vpc = aws.ec2.getVpcOutput({ default: true }, { parent });
  const subnets = aws.ec2.getSubnetsOutput(
    { filters: [{ name: "vpc-id", values: [vpc.id] }] },
    { parent },
  );
  return { id: vpc.id, cidrBlock: vpc.cidrBlock, subnetIds: subnets.ids.apply((ids) => [...ids].sort()) };
}

/**
 * The default VPC's subnets a Lambda function can use: those in the
 * Availability Zones where this account's Lambda service is offered (its
 * endpoint service lists them, by this account's zone names). Some zones have
 * no Lambda ("The provided subnets contain availability zone Lambda doesn't
 * support"); nothing is hard-coded.
 */
export function lambdaSubnetIds(vpc: DefaultVpc, parent: pulumi.Resource): pulumi.Output<string[]> {
  const zones = aws.ec2.getVpcEndpointServiceOutput({ service: "lambda", serviceType: "Interface" }, { parent }).availabilityZones;
  return aws.ec2.getSubnetsOutput(
    { filters: [{ name: "vpc-id", values: [vpc.id] }, { name: "availability-zone", values: zones.apply((z) => [...z].sort()) }] },
    { parent },
  ).ids.apply((ids) => [...ids].sort());
}
