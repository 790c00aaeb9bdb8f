// What a type with `useFirewall` gives its distribution as the web ACL, when
// a stack file makes it: the named firewall's ARN, or the ARN as written.
import type * as pulumi from "@pulumi/pulumi";
import type { StackArgs } from "../../shared/component/stack-component";
import { FIREWALLS_ARG, isArn } from "./use-firewall";

export function firewallWebAclId(args: StackArgs, value: unknown): pulumi.Input<string> | undefined {
  if (typeof value !== "string") return value as pulumi.Input<string> | undefined;
  if (isArn(value)) return value;
  const made = args.named[FIREWALLS_ARG]?.[value];
  // validate made sure the name is a firewall of the stack, made first.
  if (!made?.outputs.arn) throw new Error(`web-app-firewall '${value}' was not made before the resource naming it`);
  return made.outputs.arn as pulumi.Output<string>;
}
