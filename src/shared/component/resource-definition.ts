// What a resource type is, as data: its schema name, parameters, child ids,
// literal-only fields and rules. Each component owns its definition
// (components/<type>/definition.ts); the YAML adapter only lists them.
import type { Problem } from "../messages/problem";
import type { PackageInputs } from "./package-inputs";

/** A referenceable parameter of a resource type. */
export interface ParamSpec {
  type: "string" | "number" | "boolean";
  secret?: boolean;
}

/** What a warning may need to know of the rest of the stack. */
export interface WarningContext {
  /** The resource's name. */
  resource?: string;
  /** Resources of the stack that name this one in a field (a function's event naming its gateway, connectTo). */
  namedBy: string[];
}

export interface ResourceTypeEntry {
  /** The `type:` value in YAML. */
  type: string;
  /** The interface in `propertiesFile` the JSON Schema is generated from. */
  definition: string;
  propertiesFile: string;
  /** The Pulumi type token of the component. */
  token: string;
  /** Whether `properties` may be omitted (no property is required). */
  propertiesOptional: boolean;
  params: Record<string, ParamSpec>;
  /** Which parameters a resource with these (plain) properties has. */
  availableParams(props: Record<string, unknown>): string[];
  /** Fields that decide the shape of what is made: no directives or Outputs there (`*`: every list item). */
  literalOnly: string[][];
  /** Fields holding paths, relative to the stack file in YAML. */
  pathProperties?: string[];
  /**
   * Fields whose values name another resource of the stack, of `type` (`*`:
   * every list item): checked like references, made first, and handed to the
   * component as `arg` (a map of those names to the components).
   */
  resourceNames?: { path: string[]; type: string; arg: string }[];
  /** `connectTo` may name resources of this type; `vpcOnly`: only from inside the VPC. */
  connectable?: { vpcOnly: boolean };
  /** Where the type's custom domains are (`*`: every list item): a domain belongs to one resource of the stack. */
  domainPaths?: string[][];
  /** Child ids `overrides` may name. */
  childIds: readonly string[];
  /** Each child's type token (`aws:...` for @pulumi/aws resources; their argument names are what `overrides` may set). */
  children: Readonly<Record<string, string>>;
  staticRules(props: Record<string, unknown>): Problem[];
  /**
   * Checks that read the files the (plain) properties name, relative to
   * `baseDir` (a function's bundle): `plan` runs them for every resource
   * before the program, so each resource's problems are said at once. Paths
   * within `properties`.
   */
  fileChecks?(props: Record<string, unknown>, baseDir: string, resource: string): Problem[];
  /** Settings that have no effect with the others (the file stays valid); paths within `properties`. */
  warnings?(props: Record<string, unknown>, ctx: WarningContext): Problem[];
  /** Rules across the stack's resources of this type; problems by resource name. */
  crossRules?(resources: { name: string; props: Record<string, unknown> }[]): { resource: string; problem: Problem }[];
  updateRules?(old: Record<string, unknown>, next: Record<string, unknown>): Problem[];
  /**
   * Inputs of the component in the Pulumi package (src/pulumi-package/) beside
   * its properties, for what a stack file says by naming another resource
   * (a gateway's routes to functions): passed to the constructor as given.
   */
  packageInputs?: PackageInputs;
}
