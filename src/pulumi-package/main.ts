// Serves the provider to the Pulumi engine: what `pulumi-resource-stackfile`
// (bin/) and the PulumiPlugin.yaml route (provider/) run. The engine passes
// its address as the argument and reads the port from the first line printed.
import { main } from "@pulumi/pulumi/provider";
import { StackfileProvider } from "./provider";

export function serve(args: string[]): Promise<void> {
  return main(new StackfileProvider(), args);
}
