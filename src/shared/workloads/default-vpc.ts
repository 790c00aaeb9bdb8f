import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import type { ChildTransforms } from "../component/children";
import { ChildFactory } from "../component/child-factory";

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

/** The AWS services a workload in the default VPC reaches through a gateway endpoint. */
export type GatewayEndpointKind = "s3" | "dynamodb";

export const VPC_ENDPOINT = "aws:ec2/vpcEndpoint:VpcEndpoint";

/** Children of DefaultVpcEndpoints by id (for `transform`). */
export const DEFAULT_VPC_ENDPOINTS_CHILDREN = { s3Endpoint: VPC_ENDPOINT, dynamodbEndpoint: VPC_ENDPOINT } as const;

export interface DefaultVpcEndpointsArgs {
  /** Adjusts an endpoint's arguments before it is created: `s3Endpoint`, `dynamodbEndpoint`. */
  transform?: ChildTransforms<typeof DEFAULT_VPC_ENDPOINTS_CHILDREN>;
}

const TOKEN = "stackfile:index:DefaultVpcEndpoints";

/** The name the stack's endpoints had before they had a parent (`default-vpc-<kind>-endpoint`, unparented). */
function unparentedUrn(kind: GatewayEndpointKind): pulumi.Output<string> {
  return pulumi.createUrn(`default-vpc-${kind}-endpoint`, VPC_ENDPOINT);
}

/**
 * The default VPC's S3 and DynamoDB gateway endpoints, shared by every
 * workload of the stack that joins the default VPC (`joinDefaultVpc`). A route
 * table holds one route per gateway endpoint service, so a VPC has one
 * endpoint per service for all its workloads ("You cannot create multiple
 * endpoint routes to the same service in a single route table",
 * https://docs.aws.amazon.com/vpc/latest/privatelink/gateway-endpoints.html).
 *
 * Create one per stack (per AWS provider: each is one region's default VPC)
 * and pass it to each workload as `defaultVpcEndpoints`. An endpoint is made
 * when the first workload needs it, as this component's child
 * `<name>-<kind>-endpoint` with this component's transform and provider:
 * which workload asks first changes nothing. The YAML program makes one,
 * named `default-vpc`, when a resource sets joinDefaultVpc.
 *
 * A stack deployed while the endpoints were unparented
 * (`default-vpc-s3-endpoint` at the stack's top) keeps them: each endpoint
 * carries that URN as an alias, so the engine moves it without a replace.
 *
 * @example
 * const endpoints = new DefaultVpcEndpoints("default-vpc");
 * new NextjsWeb("web", { appDirectory: "./app", joinDefaultVpc: true, defaultVpcEndpoints: endpoints });
 * new Function("worker", { entryfilePath: "./worker.ts", joinDefaultVpc: true, defaultVpcEndpoints: endpoints });
 */
export class DefaultVpcEndpoints extends pulumi.ComponentResource {
  /** Its name (its endpoints are `<name>-s3-endpoint`, `<name>-dynamodb-endpoint`). */
  public readonly endpointsName: string;
  private readonly children: ChildFactory<typeof DEFAULT_VPC_ENDPOINTS_CHILDREN>;
  private readonly made = new Map<GatewayEndpointKind, aws.ec2.VpcEndpoint>();
  private routeTableIds?: pulumi.Output<string[]>;
  private vpcId?: pulumi.Output<string>;

  constructor(name = "default-vpc", args: DefaultVpcEndpointsArgs = {}, opts?: pulumi.ComponentResourceOptions) {
    super(TOKEN, name, {}, opts);
    this.endpointsName = name;
    this.children = new ChildFactory(this, name, args.transform, DEFAULT_VPC_ENDPOINTS_CHILDREN);
    this.registerOutputs({});
  }

  /** The endpoints of these services, each made once (the same whoever asks first). */
  public endpoints(kinds: readonly GatewayEndpointKind[]): aws.ec2.VpcEndpoint[] {
    return [...new Set(kinds)].sort().map((kind) => this.made.get(kind) ?? this.make(kind));
  }

  /** The provider its endpoints are made with (a workload on another one needs endpoints of its own). */
  public endpointProvider(): pulumi.ProviderResource | undefined {
    return this.getProvider(VPC_ENDPOINT);
  }

  private make(kind: GatewayEndpointKind): aws.ec2.VpcEndpoint {
    const parent = this;
    this.vpcId ??= aws.ec2.getVpcOutput({ default: true }, { parent }).id;
    const vpcId = this.vpcId;
    this.routeTableIds ??= aws.ec2.getRouteTablesOutput({ vpcId }, { parent }).ids.apply((ids) => [...ids].sort());
    const endpoint = this.children.make(`${kind}Endpoint`, aws.ec2.VpcEndpoint, {
      vpcId,
      // Looked up: in China some services' names start with cn.com.amazonaws.
      serviceName: aws.ec2.getVpcEndpointServiceOutput({ service: kind, serviceType: "Gateway" }, { parent }).serviceName,
      vpcEndpointType: "Gateway",
      routeTableIds: this.routeTableIds,
    }, { aliases: [unparentedUrn(kind)] });
    this.made.set(kind, endpoint);
    return endpoint;
  }
}
