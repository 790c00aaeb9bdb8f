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
