// How the provider makes a component and reads its outputs: each type's own
// maker (components/<type>/stack.ts, through the registry's loader) makes it
// alone from its arguments and names its outputs (its parameters, typed
// against the component's fields).
import type * as pulumi from "@pulumi/pulumi";
import type { TypeEntry } from "../shared/component/type-entry";
import type { MadeComponent } from "../shared/component/stack-component";

/** Makes the component of `entry`'s type, with its referenceable parameters (its outputs in the package). */
export function makeComponent(
  entry: TypeEntry, name: string, args: Record<string, unknown>, opts: pulumi.ComponentResourceOptions,
): MadeComponent {
  return entry.stack().construct(name, args, opts);
}
