// How the provider makes a component and reads its outputs: the one place
// that knows where the constructors are (config/components.ts today; the
// definitions' own loaders once each type carries its constructor).
import type * as pulumi from "@pulumi/pulumi";
import type { ResourceTypeEntry } from "../shared/component/resource-definition";
import { componentFactories } from "../config/components";

/** Makes the component of `entry`'s type. */
export function makeComponent(
  entry: ResourceTypeEntry, name: string, args: Record<string, unknown>, opts: pulumi.ComponentResourceOptions,
): pulumi.ComponentResource {
  return componentFactories[entry.type](name, args, opts);
}

/** The component's referenceable parameters (its outputs in the package), those it has. */
export function componentOutputs(entry: ResourceTypeEntry, component: pulumi.ComponentResource): Record<string, pulumi.Output<unknown>> {
  const out: Record<string, pulumi.Output<unknown>> = {};
  for (const param of Object.keys(entry.params)) {
    const value = (component as unknown as Record<string, pulumi.Output<unknown> | undefined>)[param];
    if (value !== undefined) out[param] = value;
  }
  return out;
}
