// Applies a workload's connectTo list (a nextjs-web's server, a function): env
// vars STP_<NAME>_<VAR>, IAM statements on its role, ingress on the targets'
// security groups from its own, and gateway endpoints so S3 and DynamoDB stay
// reachable in the VPC. One implementation for every workload type.
import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import { connectionTo, envPrefix, SES_MACRO, type Connection, type ConnectTarget } from "./connect-to";
import type { ChildFactory } from "../component/child-factory";
import { defaultVpc, lambdaSubnetIds, VPC_ENDPOINT, type DefaultVpcEndpoints, type GatewayEndpointKind } from "./default-vpc";
import { own } from "../messages/own";
import type { PolicyStatement } from "./lambda-function";
import type { Problem } from "../messages/problem";

/** The stack's endpoints, or what makes them on first use. */
export type SharedEndpoints = DefaultVpcEndpoints | (() => DefaultVpcEndpoints);

/** What a workload that may join the default VPC takes beside its properties. */
export interface DefaultVpcEndpointsArg {
  /**
   * The stack's S3 and DynamoDB gateway endpoints, shared by its workloads in
   * the default VPC (create one `DefaultVpcEndpoints` and pass it to each; the
   * YAML program does). Without it a workload that needs endpoints makes its
   * own, as its children: enough for one workload per region, but a second one
   * would ask for a second route per service in the same route tables, which
   * AWS refuses (docs/connect-to.md). Or a function that gives it, called
   * only when the workload needs an endpoint (the YAML program's: a stack
   * whose workloads need none has no DefaultVpcEndpoints).
   */
  defaultVpcEndpoints?: SharedEndpoints;
}

/** A target with the name its variables are called by. */
export interface NamedTarget {
  name: string;
  target: ConnectTarget;
}

export type ConnectToEntry = ConnectTarget | NamedTarget;

function isNamed(e: ConnectToEntry): e is NamedTarget {
  return typeof e === "object" && e !== null && "target" in e && "name" in e && typeof (e as NamedTarget).name === "string";
}

/** The name of an entry: given, the macro itself, or the Pulumi name of a resource. */
function nameOf(e: ConnectToEntry): string {
  if (isNamed(e)) return e.name;
  if (e === SES_MACRO) return "ses";
  const name = (e as { __name?: string }).__name;
  if (!name) throw new pulumi.RunError("connectTo: give plain targets as { name, target } so their variables can be named");
  return name;
}

export interface ResolvedConnection extends Connection {
  name: string;
}

export function resolveConnections(entries: ConnectToEntry[]): ResolvedConnection[] {
  const out: ResolvedConnection[] = [];
  for (const e of entries) {
    const name = nameOf(e);
    if (out.some((c) => c.name === name)) throw new pulumi.RunError(`connectTo names '${name}' twice`);
    out.push({ name, ...connectionTo(isNamed(e) ? e.target : e) });
  }
  return out;
}

export function connectionEnvironment(connections: ResolvedConnection[]): Record<string, pulumi.Input<string>> {
  const env: Record<string, pulumi.Input<string>> = {};
  for (const c of connections) {
    for (const [k, v] of Object.entries(c.variables)) env[`${envPrefix(c.name)}${k}`] = v;
  }
  return env;
}

export function connectionStatements(connections: ResolvedConnection[]): PolicyStatement[] {
  return connections.flatMap((c) => c.statements);
}

/**
 * Ingress rules and gateway endpoints; call once the server's security group
 * exists. In the VPC the site's own bucket and table (and connected ones) are
 * reached through S3 and DynamoDB gateway endpoints.
 */
export function connectNetwork(
  children: ChildFactory, connections: ResolvedConnection[], serverSecurityGroupId: pulumi.Input<string> | undefined,
  vpc: { id: pulumi.Input<string> } | undefined, ownEndpoints: GatewayEndpointKind[] = [], workload = `the server function of ${children.name}`,
  endpoints?: SharedEndpoints,
): void {
  const { parent } = children;
  for (const c of connections) {
    if (!c.ingress || !serverSecurityGroupId) continue;
    const slug = c.name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();
    children.suffixed(`-${slug}`).make("connectIngress", aws.vpc.SecurityGroupIngressRule, {
      securityGroupId: c.ingress.securityGroupId,
      referencedSecurityGroupId: serverSecurityGroupId,
      ipProtocol: "tcp",
      fromPort: c.ingress.port,
      toPort: c.ingress.port,
      description: `From ${workload}`,
    });
  }
  if (!vpc) return;
  const kinds = [...new Set([...ownEndpoints, ...connections.map((c) => c.gatewayEndpoint).filter((k): k is GatewayEndpointKind => !!k)])].sort();
  if (!kinds.length) return;
  if (endpoints) {
    sharedEndpoints(children, typeof endpoints === "function" ? endpoints() : endpoints, kinds);
    return;
  }
  const provider = parent.getProvider(VPC_ENDPOINT);
  const routeTables = aws.ec2.getRouteTablesOutput({ vpcId: vpc.id }, { parent }).ids;
  for (const kind of kinds) {
    const id = `${kind}Endpoint`;
    const args = {
      vpcId: vpc.id,
      // Looked up: in China some services' names start with cn.com.amazonaws.
      serviceName: aws.ec2.getVpcEndpointServiceOutput({ service: kind, serviceType: "Gateway" }, { parent }).serviceName,
      vpcEndpointType: "Gateway",
      routeTableIds: routeTables.apply((ids) => [...ids].sort()),
    };
    // No DefaultVpcEndpoints given: the workload's own. Without an explicit
    // provider, a stack deployed when the endpoints were the stack's
    // unparented `default-vpc-<kind>-endpoint` keeps them (the alias).
    const aliases = provider ? [] : [pulumi.createUrn(`default-vpc-${kind}-endpoint`, VPC_ENDPOINT)];
    children.make(id, aws.ec2.VpcEndpoint, args, { aliases });
  }
}

/** The stack's endpoints, made by whichever workload asks first; refused when they are another provider's (another region's VPC). */
function sharedEndpoints(children: ChildFactory, endpoints: DefaultVpcEndpoints, kinds: GatewayEndpointKind[]): void {
  const { parent, name, transforms } = children;
  if (endpoints.endpointProvider() !== parent.getProvider(VPC_ENDPOINT)) {
    throw new pulumi.RunError(
      `'${name}': defaultVpcEndpoints '${endpoints.endpointsName}' uses another AWS provider than this workload (each provider is one region's default VPC); ` +
      "give the workloads of each provider a DefaultVpcEndpoints made with that provider",
    );
  }
  const adjusted = kinds.filter((k) => own(transforms as Record<string, unknown> | undefined, `${k}Endpoint`) !== undefined);
  if (adjusted.length) {
    throw new pulumi.RunError(
      `'${name}': transform ${adjusted.map((k) => `${k}Endpoint`).join(", ")} adjusts the stack's shared endpoints, which belong to defaultVpcEndpoints '${endpoints.endpointsName}'; ` +
      "give that transform to the DefaultVpcEndpoints instead",
    );
  }
  endpoints.endpoints(kinds);
}

/**
 * What the targets ask of the workload's network: VPC-only ones need
 * joinDefaultVpc, internet-only ones cannot be reached from the default VPC
 * (no NAT). For targets known only at construction (TypeScript objects).
 */
export function connectionProblems(connections: ResolvedConnection[], joinDefaultVpc: boolean): Problem[] {
  const out: Problem[] = [];
  const vpcOnly = connections.filter((c) => c.vpcOnly).map((c) => c.name);
  if (vpcOnly.length && !joinDefaultVpc) {
    out.push({ path: ["connectTo"], message: `${vpcOnly.join(", ")} ${vpcOnly.length > 1 ? "are" : "is"} reachable only inside the VPC`, hint: "set joinDefaultVpc: true" });
  }
  const internetOnly = connections.filter((c) => c.internetOnly).map((c) => c.name);
  if (internetOnly.length && joinDefaultVpc) {
    out.push({
      path: ["connectTo"],
      message: `${internetOnly.join(", ")} ${internetOnly.length > 1 ? "are" : "is"} reached over the internet, which a server in the default VPC cannot reach (no NAT)`,
      hint: "remove joinDefaultVpc, or that connectTo entry",
    });
  }
  return out;
}

export interface VpcPlacement {
  subnetIds: pulumi.Output<string[]>;
  securityGroupIds: pulumi.Output<string>[];
  securityGroupId: pulumi.Output<string>;
}

/**
 * A workload in the default VPC: its own security group (no ingress), the
 * subnets Lambda serves, ingress on the connected targets and the gateway
 * endpoints they (and `ownEndpoints`) need.
 */
export function joinDefaultVpc(
  children: ChildFactory, connections: ResolvedConnection[],
  opts: {
    securityGroupId: string; description: string; tagName: string; workload: string; ownEndpoints?: GatewayEndpointKind[];
    /** The stack's shared gateway endpoints; without them the workload makes its own. */
    endpoints?: SharedEndpoints;
  },
): VpcPlacement {
  const { parent } = children;
  const network = defaultVpc(parent);
  const securityGroup = children.make(opts.securityGroupId, aws.ec2.SecurityGroup, {
    description: opts.description,
    vpcId: network.id,
    // Lambda's network interfaces have no public IP and no NAT is made, so
    // internet calls fail whatever this says; VPC peers and endpoints work.
    egress: [{ protocol: "-1", fromPort: 0, toPort: 0, cidrBlocks: ["0.0.0.0/0"], description: "Any (no route to the internet)" }],
    tags: { Name: opts.tagName },
  });
  connectNetwork(children, connections, securityGroup.id, { id: network.id }, opts.ownEndpoints ?? [], opts.workload, opts.endpoints);
  return { subnetIds: lambdaSubnetIds(network, parent), securityGroupIds: [securityGroup.id], securityGroupId: securityGroup.id };
}
