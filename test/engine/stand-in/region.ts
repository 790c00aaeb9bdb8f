// The region the stand-in answers in: the provider's own configuration, as
// pulumi-aws reads it. The engine sends a provider's configuration in
// Configure (`args`, and the legacy `aws:config:<key>` variables); the
// default provider's is the stack's `aws:region`. Without one, pulumi-aws
// reads AWS_REGION, then AWS_DEFAULT_REGION (the AWS SDK's order; registry
// docs of the aws provider, "region"). One provider plugin process serves one
// provider, so the value is the process's.
let configured: string | undefined;

/** Takes the region from a Configure request's args or variables, when it names one. */
export function configureRegion(args: Record<string, unknown> | undefined, variables: Map<string, string> | undefined): void {
  const fromArgs = typeof args?.region === "string" && args.region ? args.region : undefined;
  const fromVariables = variables?.get("aws:config:region") || undefined;
  configured = fromArgs ?? fromVariables ?? configured;
}

/** The region a resource or call without its own `region` input is in. */
export function standInRegion(): string {
  return configured ?? process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? "us-east-1";
}

/** A resource's or call's region: its own `region` input (pulumi-aws 7's per-resource region), else the provider's. */
export function regionOf(inputs: Record<string, unknown>): string {
  return typeof inputs.region === "string" && inputs.region ? inputs.region : standInRegion();
}
