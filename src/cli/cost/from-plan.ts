// The registered resources of a plan as the meters read them: inputs and
// engine answers with every secret as "[secret]" (no price reads a secret).
import { maskSecrets } from "../format";
import type { RegisteredResource } from "../mock-engine";
import type { PricedResource } from "./meter-types";

export function pricedResources(registered: readonly RegisteredResource[]): PricedResource[] {
  return registered.map((r) => ({
    type: r.type,
    name: r.name,
    parent: r.parent,
    inputs: maskSecrets(r.inputs) as Record<string, unknown>,
    state: maskSecrets(r.state) as Record<string, unknown>,
  }));
}
