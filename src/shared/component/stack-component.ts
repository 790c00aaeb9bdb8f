// How a stack file's resource becomes a component: what the program hands a
// type's maker (its stack.ts) and what the maker hands back: the component,
// its referenceable outputs, and what the other resources of the stack may
// take from it (connectTo's target, its Lambda function for the targets of
// its events and for authorizers). The program loops over these; it knows no
// type.
import * as pulumi from "@pulumi/pulumi";
import type * as aws from "@pulumi/aws";
import type { Connectable } from "../workloads/connect-to";
import type { ConnectToEntry, SharedEndpoints } from "../workloads/workload-connections";
import type { AnyTransforms } from "./children";
import type { AlarmTopicArns } from "../alarms/alarm-notifications";
import type { IncomingEvent, ParamSpec } from "./resource-definition";

/**
 * The Lambda function of the workload whose event names a resource, as the
 * resource needs it before the workload is made (its targets are made first):
 * the values arrive when the workload is made, so what the target makes for
 * the event waits for them, and nothing is added to the target later.
 */
export interface EventHandler {
  /** The workload's name. */
  source: string;
  /** The Pulumi name of its Lambda function: what the target makes once per function is named after it. */
  lambdaName: string;
  arn: pulumi.Output<string>;
  functionName: pulumi.Output<string>;
  roleName: pulumi.Output<string>;
}

/** An event that names the resource being made, with its handler. */
export interface StackEvent extends IncomingEvent {
  handler: EventHandler;
}

/** What the program gives a type's maker. */
export interface StackArgs {
  /** The properties, their directives resolved (Outputs where not plain), paths absolute: what the schema and the rules accepted. */
  properties: Record<string, unknown>;
  /** Its `overrides`, as child transforms. */
  transform?: AnyTransforms;
  /** A workload's `connectTo` targets, in order. */
  connectTo?: ConnectToEntry[];
  /** A workload in the default VPC: the stack's shared gateway endpoints, made when first asked for. */
  defaultVpcEndpoints?: SharedEndpoints;
  /** The stack's notification topics (the file's `notifications`): a type with alarms passes them on as `alarmTopic`. */
  alarmTopic?: AlarmTopicArns;
  /** The resources its fields name (the definition's `resourceNames`), by the field's `arg`, then by name. */
  named: Record<string, Record<string, MadeComponent>>;
  /** The events of the stack's workloads that name it (an event target), in file order. */
  events: StackEvent[];
  /** The run never deploys (`plan`, `diff`: ProgramHooks.neverDeploys): what differs then is the type's to say (a site's build key). */
  neverDeploys?: boolean;
  /** The Pulumi project's folder, which the folders a deploy reads are stored relative to (ProgramHooks.projectRoot); else the program's (programRoot). */
  projectRoot?: string;
}

/** A made component, as the rest of the stack sees it. */
export interface MadeComponent {
  resource: pulumi.ComponentResource;
  /** Its referenceable parameters that it has, by name (paramOutputs). */
  outputs: Record<string, pulumi.Output<unknown>>;
  /** What `connectTo` connects to. */
  connectable?: Connectable;
  /** Its Lambda function and role: what its events' targets and a gateway's authorizers take. */
  lambda?: { function: aws.lambda.Function; role: aws.iam.Role };
}

/** A type's maker (components/<type>/stack.ts). */
export interface StackComponent {
  /** The component of a stack file's resource, linked to the rest of the stack. */
  make(name: string, args: StackArgs, opts: pulumi.ComponentResourceOptions): MadeComponent;
  /** The component made alone from its own arguments (the Pulumi package's `construct`: the inputs judged, paths absolute). */
  construct(name: string, args: Record<string, unknown>, opts: pulumi.ComponentResourceOptions): MadeComponent;
}

/**
 * The component's parameters as its fields hold them. Typed so that a
 * parameter that is not a field of the component does not compile (`K` must
 * be a key of `C`); a field that is not an Output is a defect, said at once.
 */
export function paramOutputs<C extends object, K extends keyof C & string>(
  component: C, params: Readonly<Record<K, ParamSpec>>,
): Record<string, pulumi.Output<unknown>> {
  const out: Record<string, pulumi.Output<unknown>> = {};
  for (const key of Object.keys(params) as K[]) {
    const value: unknown = component[key];
    if (value === undefined) continue;
    if (!pulumi.Output.isInstance(value)) throw new Error(`parameter '${key}' is not an Output of the component`);
    out[key] = value;
  }
  return out;
}

/**
 * The properties of a stack file's resource as the type's arguments: the
 * schema and the type's rules accepted them (validate), and the constructor
 * judges them again; this is where the plain values of the file become typed.
 */
export function checkedProperties<P>(properties: Record<string, unknown>): P {
  return properties as unknown as P;
}
