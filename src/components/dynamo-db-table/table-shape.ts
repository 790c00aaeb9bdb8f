// A table's shape as DynamoDB takes it (no Pulumi): its attribute
// definitions, key schemas and projections, for the component (the table it
// registers) and for dev (the local table it creates).
import type { DynamoDbAttribute, DynamoDbSecondaryIndex, DynamoDbTableProperties } from "./properties";

/** DynamoDB's letter for a key type. */
export const TYPE_LETTER = { string: "S", number: "N", binary: "B" } as const;
/** DynamoDB's projection type for `projectionType`. */
export const PROJECTION = { all: "ALL", "keys-only": "KEYS_ONLY", include: "INCLUDE" } as const;

/** Each key attribute once (the rules refused one attribute with two types): DynamoDB's attribute definitions. */
export function attributeDefinitions(primary: DynamoDbTableProperties["primaryKey"], indexes: DynamoDbSecondaryIndex[]): { name: string; type: string }[] {
  const keys: (DynamoDbAttribute | undefined)[] = [primary.partitionKey, primary.sortKey, ...indexes.flatMap((i) => [i.partitionKey, i.sortKey])];
  const seen = new Map<string, string>();
  for (const k of keys) if (k && !seen.has(k.name)) seen.set(k.name, TYPE_LETTER[k.type]);
  return [...seen].map(([name, type]) => ({ name, type }));
}
