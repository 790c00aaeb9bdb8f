// What a resource type is, as data: its schema name, parameters, child ids,
// literal-only fields, rules, and how it links to the other resources of a
// stack (connectTo, the events of workloads, fields that name resources, the
// default VPC's shared endpoints). Each component owns its definition
// (components/<type>/definition.ts); the YAML adapter, `dev` and the CLI only
// loop over them. No Pulumi here: `validate` reads it.
import type { Problem } from "../messages/problem";
import type { PackageInputs } from "./package-inputs";

type Path = (string | number)[];

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
  /** Fields holding paths, relative to the stack file in YAML: a top-level key, or the path to a nested one (`["directoryUpload", "directoryPath"]`). */
  pathProperties?: (string | string[])[];
  /**
   * Fields whose values name another resource of the stack, of `type` (`*`:
   * every list item): checked like references, made first, and handed to the
   * component as `arg` (a map of those names to the components). `type` is a
   * resource type, or a kind that types list in their `namedAs` (the field
   * then reads the named resource by its parameters, never by its type).
   */
  resourceNames?: ResourceNameField[];
  /**
   * Kinds other types' `resourceNames` may name this type by, besides its
   * type (a gateway's `cognito` authorizer names a `cognito-user-pool`: any
   * type with `issuerUrl` and `clientId` parameters that says it is one).
   */
  namedAs?: string[];
  /** `connectTo` may name resources of this type (the spec's connectTo table row). */
  connectable?: Connectable;
  /** A workload (it runs code): what the stack gives it beside its properties. */
  workload?: Workload;
  /** The events of workloads may name resources of this type: the event kind, and who wires it. */
  eventTarget?: EventTarget;
  /** Where the type's custom domains are (`*`: every list item): a domain belongs to one resource of the stack. */
  domainPaths?: string[][];
  /**
   * Fields holding explicit names AWS takes once per account (in a region, or
   * everywhere), other than the custom domains (`domainPaths`, unique
   * everywhere): two stages of one account must not both claim one.
   */
  accountNames?: AccountName[];
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
  /** Changes refused old -> new; a problem marked `warning` is a note on an allowed change (`diff` prints it, a restart's downtime). */
  updateRules?(old: Record<string, unknown>, next: Record<string, unknown>): Problem[];
  /**
   * Inputs of the component in the Pulumi package (src/pulumi-package/) beside
   * its properties, for what a stack file says by naming another resource
   * (a gateway's routes to functions): passed to the constructor as given.
   */
  packageInputs?: PackageInputs;
}

/** A field holding a name AWS takes once per account: a second stage claiming it fails to deploy, or takes the first's. */
export interface AccountName {
  /** Where the names are (`*`: every list item). */
  path: string[];
  /** Where the name is unique: everywhere (a domain), or in the account's region. */
  scope: "global" | "region";
  /** What it is, for messages (`hosted UI domain prefix`). */
  what: string;
  /** How to make it differ between stages, when putting `$Stage()` in it cannot (a name a partner gives). */
  fix?: string;
  /** Whether resources of these (plain) properties make what the name names (a prefix without the hosted UI names nothing); absent: always. */
  claimed?(props: Record<string, unknown>): boolean;
}

/** Every field of a type holding a name unique in an account: its custom domains (global), then its `accountNames`. */
export function accountNameFields(entry: Pick<ResourceTypeEntry, "domainPaths" | "accountNames">): AccountName[] {
  return [...(entry.domainPaths ?? []).map((path): AccountName => ({ path, scope: "global", what: "domain" })), ...(entry.accountNames ?? [])];
}

/** A field whose values name another resource of the stack (a Lambda authorizer's function, `useFirewall`). */
export interface ResourceNameField {
  /** Where the names are (`*`: every list item). */
  path: string[];
  /** The type (or a kind types are `namedAs`) the named resource must be. */
  type: string;
  /** The key of `StackArgs.named` the named components are given under. */
  arg: string;
  /** A value that is not a name but names something outside the stack (an ARN): neither checked as a name nor made first. */
  external?(value: string): boolean;
  /**
   * Why the named resource, of the right type, cannot serve here (its plain
   * properties, and those of the resource naming it), with what to do; undefined: it can.
   */
  refusal?(target: Record<string, unknown>, props: Record<string, unknown>): { message: string; hint?: string } | undefined;
}

/** A type other resources may `connectTo`. */
export interface Connectable {
  /** Reachable only from inside the VPC: a workload must join it. */
  vpcOnly: boolean;
  /**
   * The variables a connected workload gets (`STP_<NAME>_<VAR>`), each read
   * from the first of its parameters the resource has: the component's
   * connection and `dev`'s local one both read them from here.
   */
  variables: Readonly<Record<string, readonly string[]>>;
  /**
   * In `dev` only: variables a connected workload gets as they are named
   * (the endpoint, region and credentials the AWS SDK reaches a local service
   * with: `AWS_ENDPOINT_URL_SQS`), each from a local output of the resource.
   */
  localVariables?: Readonly<Record<string, string>>;
}

/** Why a workload of these properties cannot reach what only the VPC reaches, and what to do. */
export interface VpcRefusal {
  why: string;
  hint: string;
}

/** A type that runs code: what it may be given by the stack. */
export interface Workload {
  /** Whether it runs in the default VPC (and so may need the stack's shared gateway endpoints). */
  joinsDefaultVpc(props: Record<string, unknown>): boolean;
  /** Why it cannot join the VPC at all with these properties (an edge function), if it cannot. */
  vpcRefusal?(props: Record<string, unknown>): VpcRefusal | undefined;
  /** Its `events` (each `{type, properties}`, the kind of an event target's type) name other resources of the stack. */
  events?: {
    /**
     * The child that handles them, a Lambda function: its Pulumi name names
     * what an event's target makes for it (one invoke permission per function).
     */
    lambdaChild: string;
  };
}

/** An event of a workload that names a resource of the type declaring the event kind. */
export interface IncomingEvent {
  /** The workload whose event it is. */
  source: string;
  /** The resource it names. */
  target: string;
  /** Where its properties are, within the source's properties (`events.<i>.properties`). */
  at: Path;
  /** Its properties, as validate prepared them (directives are unknown values). */
  properties: Record<string, unknown>;
  /** The workload's own properties, prepared, with the schema's defaults filled in (a queue compares its visibility timeout with a function's timeout). */
  workload?: Record<string, unknown>;
}

/** A type whose resources workloads' events name (a gateway's route; a queue, topic, bucket, table stream, bus). */
export interface EventTarget {
  /** The events' `type`. */
  eventType: string;
  /** The field of the event's properties that names the resource. */
  nameField: string;
  /**
   * Rules over each resource's events, judged together (a gateway's route
   * table): problems by the workload whose event it is, with paths within
   * its properties.
   */
  eventProblems?(target: { name: string; props: Record<string, unknown> }, events: IncomingEvent[]): { resource: string; problem: Problem }[];
  /** One event as a short phrase (`diff`'s list items): `route GET /items on api`. */
  describe?(properties: Record<string, unknown>): string;
  /** An event as its target tells it from the others (`GET /me`); undefined when it is not one it takes. */
  key?(properties: Record<string, unknown>): string | undefined;
  /**
   * What guards the way in an event opens (a route's authorizer), by name;
   * undefined: open to anyone. `diff` refuses an event that loses its guard
   * unless `--allow-open <workload>` says it is meant.
   */
  guard?(target: Record<string, unknown>, properties: Record<string, unknown>): string | undefined;
  /** The event's own field naming its guard (`authorizer`): a refusal points at it when it is written. */
  guardField?: string;
}

/** The path fields of `props` that hold a string, each with its path (a nested field counts when each map on its way is there). */
export function pathFields(entry: Pick<ResourceTypeEntry, "pathProperties">, props: Record<string, unknown>): { path: string[]; value: string }[] {
  const out: { path: string[]; value: string }[] = [];
  for (const field of entry.pathProperties ?? []) {
    const path = typeof field === "string" ? [field] : field;
    let value: unknown = props;
    for (const key of path) value = typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
    if (typeof value === "string") out.push({ path, value });
  }
  return out;
}

/** `props` with each path field's value mapped by `fn` (the maps on its way copied, never changed). */
export function mapPathFields(entry: Pick<ResourceTypeEntry, "pathProperties">, props: Record<string, unknown>, fn: (value: string) => string): Record<string, unknown> {
  let out = props;
  for (const { path, value } of pathFields(entry, props)) {
    const set = (map: Record<string, unknown>, i: number): Record<string, unknown> =>
      ({ ...map, [path[i]]: i === path.length - 1 ? fn(value) : set(map[path[i]] as Record<string, unknown>, i + 1) });
    out = set(out, 0);
  }
  return out;
}
