// Runs a Pulumi program under Pulumi's mock engine and records every resource
// registration (type, name, parent, dependencies, inputs). Used by `plan` and
// by the tests: the very program `pulumi up` runs, offline.
import * as pulumi from "@pulumi/pulumi";
import { mockCall, mockState, type MockContext } from "./mock-state";
import { mockProviderCall } from "./mock-provider-call";

export interface RegisteredResource {
  type: string;
  name: string;
  /** Name of the parent resource, or null for top-level ones. */
  parent: string | null;
  custom: boolean;
  /** Names of the resources it depends on (`dependsOn` and inputs). */
  dependsOn: string[];
  /** Name of its explicit provider resource, if any. */
  provider: string | null;
  /** Its delete timeout (the `customTimeouts` option), if set. */
  deleteTimeout?: string;
  /** URNs it was known by before (the `aliases` option). */
  aliases: string[];
  /** The `protect` option as registered (inherited from the parent when not set). */
  protect: boolean;
  /** The `retainOnDelete` option as registered (never inherited). */
  retainOnDelete: boolean;
  inputs: Record<string, any>;
  id: string | undefined;
  state: Record<string, any>;
}

export interface MockRunOptions {
  project?: string;
  stack?: string;
  preview?: boolean;
  region?: string;
  /** Public hosted zones of the mock account (see MockContext). */
  zones?: string[];
  /** Plain config values by full key (`proj:key`). */
  config?: Record<string, string>;
  /** Keys of `config` that are secrets. */
  secretKeys?: string[];
  /**
   * False: no stack traces while the program runs (`Error.stackTraceLimit = 0`,
   * restored after). The SDK records one for every promise it makes (leak
   * diagnostics that only a real deployment prints); `plan` never shows them,
   * and skipping them halves its time. Errors keep their messages.
   */
  stackTraces?: boolean;
}

export interface MockRun<T> {
  resources: RegisteredResource[];
  invokes: { token: string; inputs: Record<string, any> }[];
  result: T;
  /** Errors raised while resources were registered (failed applies and the like). */
  errors: Error[];
}

/** `urn:...::pulumi:providers:aws::name::id` -> `name`; default providers -> null. */
function providerName(ref: string | undefined): string | null {
  if (!ref) return null;
  const name = ref.split("::").slice(-2)[0];
  return name.startsWith("default") ? null : name;
}

/** The aliases of a registration as URNs, whichever form the SDK sent (URNs, or specs of name and parent). */
function aliasUrns(req: any): string[] {
  const urns: string[] = [...(req.getAliasurnsList?.() ?? [])];
  for (const a of req.getAliasesList?.() ?? []) {
    const o = a.toObject();
    if (o.urn) urns.push(o.urn);
    else if (o.spec) urns.push(`${o.spec.parenturn ?? "(no parent)"}::${o.spec.name ?? req.getName()}`);
  }
  return urns;
}

function nameFromUrn(urn: string): string {
  return urn.slice(urn.lastIndexOf("::") + 2);
}

export async function runWithMocks<T>(program: () => T | Promise<T>, opts: MockRunOptions = {}): Promise<MockRun<T>> {
  const project = opts.project ?? "stackfile";
  const stack = opts.stack ?? "plan";
  const ctx: MockContext = { region: opts.region ?? "us-east-1", zones: opts.zones };
  const resources: RegisteredResource[] = [];
  const invokes: MockRun<T>["invokes"] = [];
  const errors: Error[] = [];
  const pending = new Map<string, RegisteredResource>();
  const nestedInputs = new WeakMap<RegisteredResource, Record<string, unknown>>();

  pulumi.runtime.setAllConfig({ "aws:region": ctx.region, ...(opts.config ?? {}) }, opts.secretKeys ?? []);
  await pulumi.runtime.setMocks(
    {
      newResource(args) {
        const key = `${args.type}::${args.name}`;
        const rec = pending.get(key);
        // A resource's own `region` (us-east-1 ones for CloudFront) wins over the stack's.
        const region = typeof args.inputs.region === "string" ? args.inputs.region : ctx.region;
        // What the account already holds of a type: the resources registered before this one.
        const existing = (t: string) => resources.filter((x) => x.type === t && x.id !== undefined).map((x) => ({ inputs: x.inputs, state: x.state }));
        const { id, state } = mockState(args.type, args.name, args.inputs, args.custom !== false, { ...ctx, region }, existing);
        if (rec) {
          // The SDK's decoding marks an object secret whole when one value in it is;
          // the engine keeps the secret where it is nested, so the record does too.
          rec.inputs = nestedInputs.get(rec) ?? args.inputs;
          rec.id = id;
          rec.state = state;
        }
        return { id, state };
      },
      call(args) {
        invokes.push({ token: args.token, inputs: args.inputs });
        return mockCall(args.token, args.inputs, ctx);
      },
    },
    project,
    stack,
    opts.preview ?? false,
    // The organization a self-managed (file) backend gives every stack, as the engine tells a program.
    "organization",
  );
  // Record parents and dependencies, which the mock API does not pass on.
  const monitor = pulumi.runtime.getMonitor() as any;
  // Provider methods (the mock monitor has none): aws.Provider's terraformConfig(), as pulumi-aws answers it.
  monitor.call = mockProviderCall((name) => resources.find((r) => r.type === "pulumi:providers:aws" && r.name === name)?.inputs);
  const register = monitor.registerResource.bind(monitor);
  monitor.registerResource = (req: any, callback: any) => {
    const parent = req.getParent();
    const rec: RegisteredResource = {
      type: req.getType(),
      name: req.getName(),
      parent: parent ? nameFromUrn(parent) : null,
      custom: req.getCustom(),
      dependsOn: (req.getDependenciesList() as string[]).map(nameFromUrn),
      provider: providerName(req.getProvider()),
      deleteTimeout: req.getCustomtimeouts()?.getDelete() || undefined,
      aliases: aliasUrns(req),
      protect: req.getProtect() === true,
      retainOnDelete: req.getRetainondelete() === true,
      inputs: {},
      id: undefined,
      state: {},
    };
    resources.push(rec);
    const nested = decodeKeepingSecretsNested(req.getObject());
    if (nested) nestedInputs.set(rec, nested);
    pending.set(`${rec.type}::${rec.name}`, rec);
    return register(req, callback);
  };

  // A failed Output (a refused lookup, an apply that throws) ends a real
  // deployment; here it would leave a registration waiting forever, so the
  // first such error ends the run too.
  let failed: () => void = () => undefined;
  const failure = new Promise<void>((resolve) => (failed = resolve));
  const onRejection = (reason: unknown) => {
    const err = reason instanceof Error ? reason : new Error(String(reason));
    // The SDK wraps the cause once per property it was serializing.
    err.message = err.message.replace(/^(error serializing property "[^"]*": )+/, "");
    if (!errors.some((e) => e.message === err.message)) errors.push(err);
    failed();
  };
  process.on("unhandledRejection", onRejection);
  // The SDK reads a full stack trace at every registration for its source position, which only
  // the real engine's diagnostics show: nothing here reads it, and a component's deep stacks make it costly.
  // (A private static of the SDK's Resource: should it be renamed, this is unused and nothing changes.)
  const sdkResource = pulumi.Resource as unknown as { callsites: () => unknown[] };
  const callsites = sdkResource.callsites;
  sdkResource.callsites = () => [];
  const stackTraceLimit = Error.stackTraceLimit;
  if (opts.stackTraces === false) Error.stackTraceLimit = 0;
  try {
    const result = await program();
    await Promise.race([settle(), failure.then(() => new Promise((r) => setTimeout(r, 20)))]);
    return { resources, invokes, result, errors };
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
    sdkResource.callsites = callsites;
    process.off("unhandledRejection", onRejection);
  }
}

/** Waits until every outstanding registration has finished. */
async function settle(): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const settings = require("@pulumi/pulumi/runtime/settings") as { waitForRPCs?: () => Promise<void> };
  if (settings.waitForRPCs) await settings.waitForRPCs();
  await new Promise((r) => setImmediate(r));
}

/**
 * The value of an Output, or a rejection with the real error (unlike
 * `apply`, which never settles when the output fails or is unknown).
 */
export async function outputValue<T>(o: pulumi.Output<T> | pulumi.Input<T>): Promise<T> {
  if (!pulumi.Output.isInstance(o)) return o as T;
  return (o as any).promise() as Promise<T>;
}

export async function isSecretOutput(o: unknown): Promise<boolean> {
  return pulumi.Output.isInstance(o) ? await (o as any).isSecret : false;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const rpc = require("@pulumi/pulumi/runtime/rpc") as { deserializeProperty(v: unknown): unknown; specialSigKey: string; specialSecretSig: string };

/**
 * Registered inputs as the engine holds them: a secret stays at the value it
 * wraps (the SDK's `deserializeProperty` lifts it to the enclosing object
 * or list, @pulumi/pulumi runtime/rpc.ts); assets, references and unknowns
 * are decoded by the SDK as before.
 */
function decodeKeepingSecretsNested(struct: { toJavaScript(): Record<string, unknown> } | undefined): Record<string, unknown> | undefined {
  if (!struct) return undefined;
  const decode = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(decode);
    if (typeof v !== "object" || v === null) return rpc.deserializeProperty(v);
    const o = v as Record<string, unknown>;
    if (o[rpc.specialSigKey] === rpc.specialSecretSig) return { [rpc.specialSigKey]: rpc.specialSecretSig, value: decode(o.value) };
    if (rpc.specialSigKey in o) return rpc.deserializeProperty(o);
    return Object.fromEntries(Object.entries(o).filter(([, x]) => x !== undefined).map(([k, x]) => [k, decode(x)]));
  };
  const raw = struct.toJavaScript();
  return Object.fromEntries(Object.entries(raw).filter(([, x]) => x !== undefined).map(([k, x]) => [k, decode(x)]));
}

/** The secret sentinel Pulumi uses in serialized inputs. */
export const SECRET_SIG = "4dabf18193072939515e22adb298388d";

export function isSecretValue(v: unknown): v is { value: unknown } {
  return typeof v === "object" && v !== null && (v as Record<string, unknown>)[SECRET_SIG] === "1b47061264138c4ac30d75fd1eb44270";
}
