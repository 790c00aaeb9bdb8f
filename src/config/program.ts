// Model -> components, in dependency order; returns the stack outputs
// (every resource's referenceable parameters). The same function runs under
// `pulumi up` and under `stackfile plan`.
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import type { StackModel } from "./validate";
import { parseDirectives, type Directive } from "./directives";
import { pulumiConfigFix, SecretKeys, SecretValueError } from "./secrets";
import { componentFactories } from "./components";
import { valuesAt } from "../shared/schema/check-properties";
import { SES_MACRO } from "../shared/workloads/connect-to";
import { DefaultVpcEndpoints } from "../shared/workloads/default-vpc";
import { joinsDefaultVpc, laterRouteMethods, sharedEndpointOverrides, withoutEndpointOverrides } from "./shared-resources";

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
 * later resource refers back to one made before (a function adding its route
 * to a gateway, connectTo, $ResourceParam): resources that refer to each
 * other are still made in one synchronous step, as under `pulumi up`. Nothing
 * waits for a step to end: a gateway's default CORS methods come from the
 * routes the program gives it when it is made (laterRouteMethods), and the
 * default VPC's endpoints from the one DefaultVpcEndpoints it passes along.
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
  const instances = new Map<string, pulumi.ComponentResource>();
  const outputs: StackOutputs = {};
  // Made once, when the first resource in the default VPC needs a gateway endpoint; given to each of them.
  let endpoints: DefaultVpcEndpoints | undefined;
  const endpointOverrides = sharedEndpointOverrides(model);
  // Every route of each gateway is known here: its default CORS methods count them when it is made.
  const routeMethods = laterRouteMethods(model);

  // Each secret is read once (the SDK parses the whole configuration at each read, so 200 reads of 200 secrets were quadratic).
  const secrets = new Map<string, ReturnType<SecretReader>>();
  const secretOf = (name: string) => {
    if (!secrets.has(name)) secrets.set(name, readSecret(name));
    return secrets.get(name);
  };
  const resolveDirective = (d: Directive): pulumi.Output<unknown> => {
    if (d.kind === "ResourceParam") {
      return (instances.get(d.resource) as any)[d.param] as pulumi.Output<unknown>;
    }
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

  const resolve = (v: unknown): unknown => {
    if (typeof v === "string") {
      const parsed = parseDirectives(v);
      if (!parsed) return v;
      if (parsed.whole) return resolveDirective(parsed.parts.find((p): p is Directive => typeof p !== "string")!);
      return pulumi
        .all(parsed.parts.map((part) => (typeof part === "string" ? part : resolveDirective(part))))
        .apply((parts) => parts.map(String).join(""));
    }
    if (Array.isArray(v)) return v.map(resolve);
    if (typeof v === "object" && v !== null) {
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, resolve(x)]));
    }
    return v;
  };

  for (const [index, r] of model.resources.entries()) {
    current.name = r.name;
    const args = resolve(r.properties) as Record<string, unknown>;
    if (hooks.onResolved && (r.refs.some((x) => x.param !== "") || r.secrets.length)) {
      hooks.onResolved(r.name, pulumi.output({ ...args }) as unknown as pulumi.Output<Record<string, unknown>>);
    }
    // Paths in the file are relative to the file.
    for (const key of r.entry.pathProperties ?? []) {
      if (typeof args[key] === "string") args[key] = path.resolve(baseDir, args[key] as string);
    }
    let overrides: Record<string, unknown> = r.overrides;
    if (joinsDefaultVpc(r)) {
      if (endpointOverrides.problem) throw new pulumi.RunError(endpointOverrides.problem);
      // Made when the first workload needs an endpoint: a stack whose workloads need none has none.
      args.defaultVpcEndpoints = () =>
        (endpoints ??= new DefaultVpcEndpoints("default-vpc", { transform: resolve(endpointOverrides.overrides) as DefaultVpcEndpointsTransform }));
      overrides = withoutEndpointOverrides(overrides);
    }
    // Overrides are map transforms, their directives resolved like the properties' own.
    if (Object.keys(overrides).length) args.transform = resolve(overrides);
    const laterMethods = routeMethods.get(r.name);
    if (r.type === "http-api-gateway" && laterMethods) args.routeMethods = laterMethods;
    if (Array.isArray(args.connectTo)) {
      args.connectTo = (args.connectTo as string[]).map((n) => (n === SES_MACRO ? SES_MACRO : { name: n, target: instances.get(n) }));
    }
    for (const spec of r.entry.resourceNames ?? []) {
      const named = valuesAt(r.prepared, spec.path).map((v) => v.value).filter((v): v is string => typeof v === "string");
      if (named.length) args[spec.arg] = Object.fromEntries(named.map((n) => [n, instances.get(n)]));
    }
    // protect / retainOnDelete: the component sets them on its children that hold data.
    const component = componentFactories[r.type](r.name, args, { ...r.options });
    instances.set(r.name, component);
    const params: Record<string, pulumi.Output<unknown>> = {};
    for (const param of r.entry.availableParams(r.prepared)) {
      const o = (component as any)[param];
      if (o !== undefined) params[param] = o;
    }
    outputs[r.name] = params;
    hooks.made?.(r.name, index + 1);
    yield index;
  }
  current.name = undefined;
  return outputs;
}
