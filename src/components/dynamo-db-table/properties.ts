/** A key attribute: its name and the type of its values. */
export interface DynamoDbAttribute {
  /**
   * Attribute name, 1 to 255 characters.
   * @example "id"
   */
  name: string;
  /**
   * Type of the attribute's values (DynamoDB's S, N and B).
   * @example "string"
   */
  type: "string" | "number" | "binary";
}

/** The table's primary key. Set when the table is created: a change replaces the table and loses its items. */
export interface DynamoDbPrimaryKey {
  /**
   * The attribute DynamoDB spreads items by (the hash key).
   * @example { "name": "id", "type": "string" }
   */
  partitionKey: DynamoDbAttribute;
  /**
   * The attribute items of one partition key are ordered by (the range key);
   * none by default.
   * @example { "name": "createdAt", "type": "number" }
   */
  sortKey?: DynamoDbAttribute;
}

/** Auto scaling of one capacity (Application Auto Scaling, target tracking). */
export interface DynamoDbCapacityScaling {
  /**
   * Lowest capacity units auto scaling sets.
   * @example 5
   * @minimum 1
   * @multipleOf 1
   */
  minUnits: number;
  /**
   * Highest capacity units auto scaling sets.
   * @example 100
   * @minimum 1
   * @multipleOf 1
   */
  maxUnits: number;
  /**
   * Consumed capacity, in percent of the provisioned, that auto scaling keeps the table under.
   * @default 70
   * @minimum 20
   * @maximum 90
   */
  keepUtilizationUnder?: number;
}

/** Provisioned capacity instead of on-demand, each with optional auto scaling. */
export interface DynamoDbProvisionedThroughput {
  /**
   * Read capacity units (of the table and of each secondary index); the starting value when reads scale.
   * @example 5
   * @minimum 1
   * @multipleOf 1
   */
  readUnits: number;
  /**
   * Write capacity units (of the table and of each secondary index); the starting value when writes scale.
   * @example 5
   * @minimum 1
   * @multipleOf 1
   */
  writeUnits: number;
  /**
   * Scales the table's read capacity between `minUnits` and `maxUnits`; fixed at `readUnits` when absent.
   * @example { "minUnits": 5, "maxUnits": 100 }
   */
  readScaling?: DynamoDbCapacityScaling;
  /**
   * Scales the table's write capacity between `minUnits` and `maxUnits`; fixed at `writeUnits` when absent.
   * @example { "minUnits": 5, "maxUnits": 100 }
   */
  writeScaling?: DynamoDbCapacityScaling;
}

/** A global secondary index: another key the table can be queried by. */
export interface DynamoDbSecondaryIndex {
  /**
   * Index name: 3 to 255 letters, digits, `_`, `.` and `-`, unique in the table.
   * @example "byStatus"
   */
  name: string;
  /**
   * The index's partition key.
   * @example { "name": "status", "type": "string" }
   */
  partitionKey: DynamoDbAttribute;
  /**
   * The index's sort key; none by default.
   * @example { "name": "createdAt", "type": "number" }
   */
  sortKey?: DynamoDbAttribute;
  /**
   * Which attributes the index copies: `all`, `keys-only` (the table's and the
   * index's keys), or `include` (the keys and `nonKeyAttributes`).
   * @default "all"
   */
  projectionType?: "all" | "keys-only" | "include";
  /**
   * With `projectionType: include`, the other attributes the index copies.
   * @example ["title"]
   */
  nonKeyAttributes?: string[];
}

/**
 * A DynamoDB table. Encryption at rest (an AWS managed KMS key) is always on;
 * billing is on-demand unless `provisionedThroughput` is set.
 */
export interface DynamoDbTableProperties {
  /**
   * The table's primary key. A change replaces the table (its items are lost):
   * `diff` refuses it unless `--allow-replace` names the table.
   * @example { "partitionKey": { "name": "id", "type": "string" } }
   */
  primaryKey: DynamoDbPrimaryKey;
  /**
   * Provisioned read and write capacity (with optional auto scaling); on-demand
   * (pay per request) when absent.
   * @example { "readUnits": 5, "writeUnits": 5 }
   */
  provisionedThroughput?: DynamoDbProvisionedThroughput;
  /**
   * Continuous backups: the table can be restored to any second of the last 35 days.
   * @default false
   */
  enablePointInTimeRecovery?: boolean;
  /**
   * Turns on the table's stream, with what each record holds of a changed item.
   * Functions read it through a `dynamo-db-stream` event. No stream when absent.
   * @example "NEW_AND_OLD_IMAGES"
   */
  streamType?: "KEYS_ONLY" | "NEW_IMAGE" | "OLD_IMAGE" | "NEW_AND_OLD_IMAGES";
  /**
   * Global secondary indexes (at most 20 per table).
   * @example [{ "name": "byStatus", "partitionKey": { "name": "status", "type": "string" } }]
   */
  secondaryIndexes?: DynamoDbSecondaryIndex[];
  /**
   * Attribute holding each item's expiry time (a number of seconds since the
   * epoch): DynamoDB deletes expired items. No expiry when absent.
   * @example "expiresAt"
   */
  ttlAttributeName?: string;
}

/** Parameters other resources can read with `$ResourceParam(name, param)`. */
export const dynamoDbTableParams = {
  /** The table's name. */
  name: { type: "string" },
  /** The table's ARN. */
  arn: { type: "string" },
  /** The stream's ARN; only with a `streamType`. */
  streamArn: { type: "string" },
} as const;
