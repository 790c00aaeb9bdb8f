// A resource type as the registry lists it: its definition (the type as data,
// what validate and the component read) with the lazy loaders of what makes it
// from a stack file and of what runs it locally. The loader is a `require` inside a function: listing the
// type loads neither Pulumi nor the component (`validate` reads the registry).
import type { ResourceTypeEntry } from "./resource-definition";
import type { StackComponent } from "./stack-component";
import type { DevType } from "./local-runner";

/** What loads a type's parts that only some commands need. */
export interface TypeLoaders {
  /** The type's maker (components/<type>/stack.ts), loaded when the stack first makes one (the program). */
  stack(): StackComponent;
  /** How it runs locally (components/<type>/dev.ts), loaded when `dev` first runs one. */
  dev(): DevType;
}

export interface TypeEntry extends ResourceTypeEntry, TypeLoaders {}

/** The registry's entry of a type: its definition and its loaders. */
export function typeEntry<D extends ResourceTypeEntry>(definition: D, loaders: TypeLoaders): D & TypeEntry {
  return { ...definition, ...loaders };
}
