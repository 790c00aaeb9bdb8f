// A resource type as the registry lists it: its definition (the type as data,
// what validate and the component read) with the lazy loader of what makes it
// from a stack file. The loader is a `require` inside a function: listing the
// type loads neither Pulumi nor the component (`validate` reads the registry).
import type { ResourceTypeEntry } from "./resource-definition";
import type { StackComponent } from "./stack-component";

export interface TypeEntry extends ResourceTypeEntry {
  /** The type's maker (components/<type>/stack.ts), loaded when the stack first makes one. */
  stack(): StackComponent;
}

/** The registry's entry of a type: its definition and its loaders. */
export function typeEntry<D extends ResourceTypeEntry>(definition: D, loaders: { stack(): StackComponent }): D & TypeEntry {
  return { ...definition, ...loaders };
}
