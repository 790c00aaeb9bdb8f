// The words of a Pulumi package schema
// (https://www.pulumi.com/docs/iac/extending-pulumi/schema/) a definition
// needs to add inputs for programs in other languages (`packageInputs`):
// types only. src/pulumi-package/ makes the rest of the schema.

/** A Pulumi schema type reference or inline type. */
export interface PulumiType {
  type?: "string" | "integer" | "number" | "boolean" | "array" | "object";
  /** `#/types/stackfile:index:<Name>`, or `pulumi.json#/Any`. */
  $ref?: string;
  items?: PulumiType;
  additionalProperties?: PulumiType;
  oneOf?: PulumiType[];
  discriminator?: { propertyName: string; mapping: Record<string, string> };
}

/** A property of a resource or an object type. */
export interface PulumiProperty extends PulumiType {
  description?: string;
  secret?: boolean;
  const?: unknown;
}

/** A named object or enum type. */
export interface PulumiNamedType {
  type: "object" | "string" | "integer" | "number";
  description?: string;
  properties?: Record<string, PulumiProperty>;
  required?: string[];
  enum?: { name: string; value: string | number; description?: string }[];
}

/**
 * Inputs of a component in the Pulumi package beside its stack-file
 * properties: what a program in another language gives where a stack file
 * names another resource. Named types by their name (`stackfile:index:<name>`).
 */
export interface PackageInputs {
  inputs: Record<string, PulumiProperty>;
  types?: Record<string, PulumiNamedType>;
}
