/** Keeping the events the bus receives, to replay them later (an EventBridge archive). */
export interface EventBusArchivation {
  /**
   * Archives every event the bus receives (replayed events excepted).
   * Switching it off deletes the archive and the events in it.
   * @default false
   * @example true
   */
  enabled?: boolean;
  /**
   * Days an archived event is kept; 0 keeps them indefinitely (EventBridge's
   * own default).
   * @default 0
   * @minimum 0
   * @multipleOf 1
   * @example 30
   */
  retentionDays?: number;
}

/**
 * An EventBridge event bus of the stack: a custom bus, or the bus of a
 * partner event source (a SaaS partner's events). Functions receive its
 * events through their `event-bus` events.
 */
export interface EventBusProperties {
  /**
   * The partner event source this bus receives from
   * (`aws.partner/<partner>/<account or id>/<name>`); the bus is then named
   * as the source, as EventBridge requires. Absent: a custom bus.
   * @example "aws.partner/example.com/123/orders"
   */
  eventSourceName?: string;
  /**
   * An archive of the bus's events.
   * @default { "enabled": false, "retentionDays": 0 }
   * @example { "enabled": true, "retentionDays": 30 }
   */
  archivation?: EventBusArchivation;
}

/** Parameters other resources can read with `$ResourceParam(name, param)`. */
export const eventBusParams = {
  /** The bus's ARN. */
  arn: { type: "string" },
  /** The bus's name. */
  name: { type: "string" },
} as const;
