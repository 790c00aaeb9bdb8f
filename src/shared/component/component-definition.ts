// A resource type's definition as its component reads it: the entry the YAML
// adapter lists (resource-definition.ts), typed by its schema definition's
// name and its child table. Types only, and one identity function: the
// registry (and so `validate`) loads it without Pulumi.
import type { ResourceTypeEntry } from "./resource-definition";
import type { ChildTable } from "./children";
import type { SchemaDefaults } from "../schema/schema-defaults";

/** A resource type's definition, typed by its schema definition and its child table. */
export interface ComponentDefinition<D extends keyof SchemaDefaults = keyof SchemaDefaults, Table extends ChildTable = ChildTable>
  extends ResourceTypeEntry {
  definition: D;
  children: Table;
}

/**
 * A resource type's definition with the types the component needs: its
 * schema definition's name (inferred from the literal) and its child table.
 */
export function componentDefinition<D extends keyof SchemaDefaults, Table extends ChildTable>(
  entry: ResourceTypeEntry & { definition: D; children: Table },
): ComponentDefinition<D, Table> {
  return entry;
}

