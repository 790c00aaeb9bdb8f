// Model -> components, in dependency order; returns the stack outputs
// (every resource's referenceable parameters). The same function runs under
// `pulumi up` and under `stackfile plan`.
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import type { StackModel } from "./validate";
import { mapDirectives, type Directive } from "./directives";
import { pulumiConfigFix, SecretKeys, SecretValueError } from "./secrets";
import { valuesAt } from "../shared/schema/check-properties";
import { SES_MACRO } from "../shared/workloads/connection-variables";
import { DefaultVpcEndpoints } from "../shared/workloads/default-vpc";
import { AlarmNotifications, type NotificationTarget } from "../shared/alarms/alarm-notifications";
import type { AnyTransforms } from "../shared/component/children";
import { childName } from "../shared/component/children";
import { mapPathFields } from "../shared/component/resource-definition";
import type { EventHandler, MadeComponent, StackArgs } from "../shared/component/stack-component";
import type { ResourceModel } from "./model";
import { joinsDefaultVpc, sharedEndpointOverrides, withoutEndpointOverrides } from "./shared-resources";
import { stackEvents } from "./stack-names";

type DefaultVpcEndpointsTransform = NonNullable<ConstructorParameters<typeof DefaultVpcEndpoints>[1]>["transform"];

/** Reads `$Secret(name)`: a secret Output, or undefined when it is not set. */
export type SecretReader = (name: string) => pulumi.Output<string> | undefined;

export type StackOutputs = Record<string, Record<string, pulumi.Output<unknown>>>;

export interface ProgramHooks {
  /** The resource being made, so a caller can place an error a constructor throws. */
  current?: { name?: string };
  /**
   * Called for each resource whose properties hold directives, with the
   * properties as they resolve (`plan` checks them against the same rules as
   * literal values).
   */
  onResolved?(resource: string, properties: pulumi.Output<Record<string, unknown>>): void;
  /** Called once each resource is made, with how many are made; may throw to stop the program (`plan` does, before the heap runs out). */
  made?(resource: string, count: number): void;
  /** The reader of `$Secret('name.key')` values, shared with a check run before (each value parsed once). */
  secretKeys?: SecretKeys;
  /** The run never deploys (`plan`, `diff`): each maker is told (StackArgs.neverDeploys). */
  neverDeploys?: boolean;
  /** The Pulumi project's folder (`plan`, `diff`: the one at or above the stack file), each maker is told (StackArgs.projectRoot). */
  projectRoot?: string;
}

export function runProgram(
  model: StackModel, readSecret: SecretReader, hooks: ProgramHooks = {}, baseDir: string = process.cwd(),
): StackOutputs {
  const steps = programSteps(model, readSecret, hooks, baseDir);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The same program, letting the registrations made so far finish between
 * resources (`plan`): the SDK holds several times more for a registration
 * under way than for one done, so a stack of thousands of resources needs the
 * memory of a few at a time, not of all at once. It pauses only where no
 * later resource refers back to one made before (a function's event naming
 * its gateway, connectTo, $ResourceParam): resources that refer to each
 * other are still made in one synchronous step, as under `pulumi up`. Nothing
 * waits for a step to end: a gateway is given every route of the stack's
 * events when it is made (its functions' ARNs arrive later), and the default
 * VPC's endpoints come from the one DefaultVpcEndpoints it passes along.
 */
export async function runProgramStepwise(
  model: StackModel, readSecret: SecretReader, hooks: ProgramHooks = {}, baseDir: string = process.cwd(),
): Promise<StackOutputs> {
  const pause = pausePoints(model);
  const steps = programSteps(model, readSecret, hooks, baseDir);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (pause[step.value]) await new Promise((resolve) => setImmediate(resolve));
  }
}

/** A resource made before the one that names it (validate ordered them so). */
function madeOf(made: Map<string, MadeComponent>, name: string): MadeComponent {
  const m = made.get(name);
  if (!m) throw new Error(`'${name}' is named before it is made: the model is not in dependency order`);
  return m;
}

/** A `connectTo` target: a resource of a connectable type (validate refused others). */
function connectable(made: Map<string, MadeComponent>, name: string) {
  const target = madeOf(made, name).connectable;
  if (!target) throw new Error(`connectTo names '${name}', which is not connectable`);
  return target;
}

/**
 * The Lambda function of each workload whose events name a resource, as its
 * targets take it before the workload is made: Outputs that resolve to the
 * function's when the workload is made, so a target makes everything its
 * events need when it is made, and nothing is added to it later.
 */
class Handlers {
  private readonly pending = new Map<string, { handler: EventHandler; resolve(m: MadeComponent): void }>();
  private readonly done = new Map<string, MadeComponent>();
  private readonly byName: Map<string, ResourceModel>;

  constructor(model: StackModel) {
    this.byName = new Map(model.resources.map((r) => [r.name, r]));
  }

  /** The handler of the workload `source` (one for all its events). */
  of(source: string): EventHandler {
    const known = this.pending.get(source);
    if (known) return known.handler;
    const child = this.byName.get(source)?.entry.workload?.events?.lambdaChild;
    if (child === undefined) throw new Error(`'${source}' has events but its type names no function for them`);
    const [arn, setArn] = pulumi.deferredOutput<string>();
    const [functionName, setName] = pulumi.deferredOutput<string>();
    const [roleName, setRole] = pulumi.deferredOutput<string>();
    const handler: EventHandler = { source, lambdaName: childName(source, child), arn, functionName, roleName };
    this.pending.set(source, {
      handler,
      resolve: (m) => {
        if (!m.lambda) throw new Error(`'${source}' was made without its function, which its events' targets wait for`);
        setArn(m.lambda.function.arn);
        setName(m.lambda.function.name);
        setRole(m.lambda.role.name);
      },
    });
    const made = this.done.get(source);
    if (made) this.pending.get(source)!.resolve(made);
    return handler;
  }

  /** Gives the workload's function to what its events' targets made for it. */
  made(name: string, m: MadeComponent): void {
    this.done.set(name, m);
    this.pending.get(name)?.resolve(m);
  }
}

/** For each resource (in model order): whether no later resource refers to it or to any before it. */
export function pausePoints(model: StackModel): boolean[] {
  const at = new Map(model.resources.map((r, i) => [r.name, i]));
  // The last resource that refers to each one.
  const last = model.resources.map((_, i) => i);
  model.resources.forEach((r, j) => {
    for (const ref of r.refs) {
      const i = at.get(ref.resource);
      if (i !== undefined && j > last[i]) last[i] = j;
    }
  });
  let reach = -1;
  return last.map((l, i) => (reach = Math.max(reach, l)) <= i);
}

/** The program, one resource a step (each step yields its resource's index in the model). */
function* programSteps(
  model: StackModel, readSecret: SecretReader, hooks: ProgramHooks, baseDir: string,
): Generator<number, StackOutputs> {
  const current = hooks.current ?? {};
  const made = new Map<string, MadeComponent>();
  const outputs: StackOutputs = {};
  // Made once, when the first resource in the default VPC needs a gateway endpoint; given to each of them.
  let endpoints: DefaultVpcEndpoints | undefined;
  const endpointOverrides = sharedEndpointOverrides(model);
  // Every event of the stack is known here: each target is given those that name it when it is made (a gateway its routes).
  const events = stackEvents(model.resources);
  const handlers = new Handlers(model);

  // Each secret is read once (the SDK parses the whole configuration at each read, so 200 reads of 200 secrets were quadratic).
  const secrets = new Map<string, ReturnType<SecretReader>>();
  const secretOf = (name: string) => {
    if (!secrets.has(name)) secrets.set(name, readSecret(name));
    return secrets.get(name);
  };
  const resolveDirective = (d: Directive): pulumi.Output<unknown> => {
    if (d.kind === "ResourceParam") {
      const value = made.get(d.resource)?.outputs[d.param];
      // validate refused a parameter the resource does not have.
      if (value === undefined) throw new Error(`$ResourceParam('${d.resource}', '${d.param}'): the resource has no such output`);
      return value;
    }
    // The stage's directives resolved at analysis (config/stage.ts): a model with one left was analyzed for no stage.
    if (d.kind !== "Secret") throw new pulumi.RunError(`$${d.kind}() needs a stage: name the Pulumi stack (--stack NAME)`);
    const value = secretOf(d.name);
    if (!value) throw new pulumi.RunError(`secret '${d.name}' is not set; run: ${pulumiConfigFix(d.name, "not-set")}`);
    if (d.key === undefined) return value;
    return value.apply((text) => secretKey(d.name, d.key!, text));
  };
  // A secret read by key is parsed once, not once per key (200 clusters reading `redis.<name>` parsed it 200 times).
  const keys = hooks.secretKeys ?? new SecretKeys();
  const secretKey = (name: string, key: string, text: string): string => {
    try {
      return keys.require(name, key, text);
    } catch (err) {
      if (!(err instanceof SecretValueError)) throw err;
      throw new pulumi.RunError(`${err.message}; run: ${pulumiConfigFix(name, err.problem, [key])}`);
    }
  };

  const resolve = (v: unknown): unknown => mapDirectives(v, {
    value: resolveDirective,
    join: (values) => pulumi.all(values).apply((parts) => parts.map(String).join("")),
  });


  // The stack's notification targets: one topic, made before the resources, given to each (its alarms notify it).
  const alarmTopic = model.notifications
    ? new AlarmNotifications("notifications", { targets: resolve(model.notifications) as NotificationTarget[] })
    : undefined;

  for (const [index, r] of model.resources.entries()) {
    current.name = r.name;
    const resolved = resolve(r.properties) as Record<string, unknown>;
    if (hooks.onResolved && (r.refs.some((x) => x.param !== "") || r.secrets.length)) {
      hooks.onResolved(r.name, pulumi.output({ ...resolved }) as unknown as pulumi.Output<Record<string, unknown>>);
    }
    // Paths in the file are relative to the file.
    const args = mapPathFields(r.entry, resolved, (v) => path.resolve(baseDir, v));
    const stackArgs: StackArgs = {
      properties: args, named: {}, events: (events.get(r.name) ?? []).map((e) => ({ ...e, handler: handlers.of(e.source) })), neverDeploys: hooks.neverDeploys, projectRoot: hooks.projectRoot,
      ...(alarmTopic ? { alarmTopic } : {}),
    };
    let overrides: Record<string, unknown> = r.overrides;
    if (joinsDefaultVpc(r)) {
      if (endpointOverrides.problem) throw new pulumi.RunError(endpointOverrides.problem);
      // Made when the first workload needs an endpoint: a stack whose workloads need none has none.
      stackArgs.defaultVpcEndpoints = () =>
        (endpoints ??= new DefaultVpcEndpoints("default-vpc", { transform: resolve(endpointOverrides.overrides) as DefaultVpcEndpointsTransform }));
      overrides = withoutEndpointOverrides(overrides);
    }
    // Overrides are map transforms, their directives resolved like the properties' own.
    if (Object.keys(overrides).length) stackArgs.transform = resolve(overrides) as AnyTransforms;
    if (r.entry.workload && Array.isArray(args.connectTo)) {
      stackArgs.connectTo = args.connectTo.map((n) => (n === SES_MACRO ? SES_MACRO : { name: String(n), target: connectable(made, String(n)) }));
    }
    for (const spec of r.entry.resourceNames ?? []) {
      const named = valuesAt(r.prepared, spec.path).map((v) => v.value).filter((v): v is string => typeof v === "string" && !spec.external?.(v));
      if (named.length) stackArgs.named[spec.arg] = Object.fromEntries(named.map((n) => [n, madeOf(made, n)]));
    }
    // protect / retainOnDelete: the component sets them on its children that hold data.
    const component = r.entry.stack().make(r.name, stackArgs, { ...r.options });
    made.set(r.name, component);
    handlers.made(r.name, component);
    const params: Record<string, pulumi.Output<unknown>> = {};
    for (const param of r.entry.availableParams(r.prepared)) {
      const o = component.outputs[param];
      if (o !== undefined) params[param] = o;
    }
    outputs[r.name] = params;
    hooks.made?.(r.name, index + 1);
    yield index;
  }
  current.name = undefined;
  return outputs;
}
