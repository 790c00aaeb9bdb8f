/** Which bus, and which of its events, an `event-bus` event takes. */
export interface FunctionEventBusEventProperties {
  /**
   * Name of the `event-bus` resource of this stack whose events invoke the
   * function; leave it out and set `useDefaultBus` for the account's default bus.
   * @example "orders"
   */
  eventBusName?: string;
  /**
   * The account's default bus (where AWS services send their events) instead of a bus of the stack.
   * @default false
   * @example true
   */
  useDefaultBus?: boolean;
  /**
   * The events that invoke the function: an EventBridge event pattern
   * (https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-event-patterns.html),
   * a JSON object of at most 4,096 characters.
   * @example { "source": ["orders"], "detail-type": ["OrderPlaced"] }
   */
  eventPattern: Record<string, unknown>;
}

/** Events on a bus invoke the function (a rule, its target and an invoke permission). */
export interface FunctionEventBusEvent {
  type: "event-bus";
  properties: FunctionEventBusEventProperties;
}

/** When a `schedule` event fires. */
export interface FunctionScheduleEventProperties {
  /**
   * `rate(<value> <unit>)` (minute, hour or day: singular for 1, plural
   * otherwise) or `cron(<minutes> <hours> <day-of-month> <month> <day-of-week> <year>)`
   * (UTC; one of day-of-month and day-of-week is `?`), as EventBridge takes them
   * (https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-scheduled-rule-pattern.html).
   * @example "rate(5 minutes)"
   */
  scheduleRate: string;
}

/** The function runs on a schedule (a rule on the default bus, its target and an invoke permission, made with the function). */
export interface FunctionScheduleEvent {
  type: "schedule";
  properties: FunctionScheduleEventProperties;
}
