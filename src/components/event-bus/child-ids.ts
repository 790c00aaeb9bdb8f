/**
 * Child resources of an EventBus, by id. The child named `<name>-<child-id>`
 * (an event's: `<name>-<child-id>-<function>-<index>`) is what
 * `overrides.<id>` (YAML) and `transform.<id>` (TypeScript) adjust.
 * - `bus`: aws.cloudwatch.EventBus, a custom bus or a partner event source's
 * - `archive`: aws.cloudwatch.EventArchive of the bus's events (with `archivation.enabled`)
 * - `eventRule`: aws.cloudwatch.EventRule on the bus, one per function event that names it, with the event's pattern
 * - `eventTarget`: aws.cloudwatch.EventTarget sending the rule's events to the function
 * - `eventPermission`: aws.lambda.Permission letting EventBridge invoke the function, from that rule only
 */
export const EVENT_BUS_CHILDREN = {
  bus: "aws:cloudwatch/eventBus:EventBus",
  archive: "aws:cloudwatch/eventArchive:EventArchive",
  eventRule: "aws:cloudwatch/eventRule:EventRule",
  eventTarget: "aws:cloudwatch/eventTarget:EventTarget",
  eventPermission: "aws:lambda/permission:Permission",
} as const;

export const EVENT_BUS_CHILD_IDS = Object.keys(EVENT_BUS_CHILDREN) as EventBusChildId[];

export type EventBusChildId = keyof typeof EVENT_BUS_CHILDREN;
