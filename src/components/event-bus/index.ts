import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import type { EventBusArchivation, EventBusProperties } from "./properties";
import { eventBusParams } from "./properties";
import type { EVENT_BUS_CHILDREN } from "./child-ids";
import { EVENT_BUS_CONNECTION_VARIABLES, eventBusDefinition } from "./definition";
import { paramOutputs } from "../../shared/component/stack-component";
import { Component, literal } from "../../shared/component/component";
import type { ChildTransforms } from "../../shared/component/children";
import { ruleToFunction, type RuleIds } from "./rule-target";
import { connectionTo, connectionVariablesOf, type Connectable, type Connection } from "../../shared/workloads/connect-to";

const EVENT_IDS: RuleIds = { rule: "eventRule", target: "eventTarget", permission: "eventPermission" };

/**
 * Arguments of {@link EventBus}: the YAML properties; whether the archive
 * exists and the partner source (the bus's name) are plain values.
 */
export interface EventBusArgs extends Omit<EventBusProperties, "archivation"> {
  archivation?: Pick<EventBusArchivation, "enabled"> & { retentionDays?: pulumi.Input<number> };
  /** Functions its events invoke (a stack file's `event-bus` events that name it): a rule, target and permission each. */
  functionRules?: EventBusFunctionRule[];
  /** Adjusts a child's arguments before it is created, by child id (see the class docs). */
  transform?: ChildTransforms<typeof EVENT_BUS_CHILDREN>;
}

/** Events of the bus matching a pattern invoke a function. */
export interface EventBusFunctionRule {
  /** Names its children, `<bus>-event-rule-<name>` ...: unique within the bus (the function's name and the event's index). */
  name: string;
  functionArn: pulumi.Input<string>;
  /** An EventBridge event pattern. */
  eventPattern: pulumi.Input<Record<string, unknown>>;
}

/**
 * An EventBridge event bus: a custom bus, or a partner event source's (then
 * named as the source, as EventBridge requires), with an optional archive of
 * its events. EventBridge encrypts events at rest with an AWS owned key and
 * takes requests over TLS only.
 *
 * Children (ids for `transform` / YAML `overrides`): `bus`, `archive`
 * (with `archivation.enabled`).
 *
 * @example
 * const orders = new EventBus("orders", { archivation: { enabled: true, retentionDays: 30 } });
 * export const busArn = orders.arn;
 */
export class EventBus extends Component<typeof eventBusDefinition, Omit<EventBusArgs, "transform">> implements Connectable {
  /** The bus's ARN. */
  public readonly arn: pulumi.Output<string>;
  /** The bus's name. */
  public readonly name: pulumi.Output<string>;
  public readonly bus: aws.cloudwatch.EventBus;

  constructor(name: string, args: EventBusArgs, opts?: pulumi.ComponentResourceOptions) {
    const { transform, functionRules = [], ...properties } = args;
    super(eventBusDefinition, name, { properties, transform }, opts);
    const bus = this.bus = this.makeBus();
    this.archive(bus);
    for (const f of functionRules) {
      const pattern = pulumi.jsonStringify(pulumi.output(f.eventPattern));
      ruleToFunction(this.children.suffixed(`-${f.name}`), EVENT_IDS, { eventBusName: bus.name, eventPattern: pattern }, { arn: f.functionArn, name: f.functionArn }, `Events of bus ${name} for ${f.name} (stackfile)`);
    }
    this.arn = bus.arn;
    this.name = bus.name;
    this.registerOutputs({ arn: this.arn, name: this.name });
  }

  private makeBus(): aws.cloudwatch.EventBus {
    const source = literal(this.properties.eventSourceName);
    // A partner bus is named exactly as its source (aws-rules/events.ts, events/partner-bus-name).
    return this.children.make("bus", aws.cloudwatch.EventBus, source ? { name: source, eventSourceName: source } : {});
  }

  /** The archive of every event of the bus (EventBridge's CreateArchive: RetentionDays 0 keeps them indefinitely). */
  private archive(bus: aws.cloudwatch.EventBus): aws.cloudwatch.EventArchive | undefined {
    const a = this.properties.archivation;
    if (literal(a.enabled) !== true) return undefined;
    return this.children.make("archive", aws.cloudwatch.EventArchive, {
      eventSourceArn: bus.arn,
      retentionDays: a.retentionDays,
      description: `Events of bus ${this.children.name} (stackfile)`,
    });
  }

  /** connectTo: the spec's Event bus row (put events) on this bus's ARN; ARN. */
  public connection(): Connection {
    return {
      ...connectionTo(this.bus),
      variables: connectionVariablesOf(EVENT_BUS_CONNECTION_VARIABLES, paramOutputs(this, eventBusParams)),
    };
  }
}
