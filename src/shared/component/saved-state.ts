// What a child resource was in the stack's last saved state: its outputs as
// the engine last recorded or read them (`pulumi refresh` reads them again
// from the cloud), not what the program asks for now. A check that compares
// a change with what exists reads this, never a record of its own, so no
// deploy that died halfway (a CI timeout, a kill) can leave it comparing with
// something else.
//
// The engine's built-in provider answers the invoke
// `pulumi:pulumi:readStackResourceOutputs` with every resource of a stack
// (URN -> type and outputs) from the backend's last saved snapshot, resources
// pending deletion left out (pulumi/pulumi pkg/v3@v3.248.0
// resource/deploy/builtins.go readStackResourceOutputs, and
// backend/backend.go GetStackResourceOutputs); the package `pulumi`'s invokes
// go to that provider (resource/deploy/providers/registry.go, loadProvider).
// Under the SDK's mocks (plan, diff, the tests) the mock answers it: a plan
// has no saved state.
import * as pulumi from "@pulumi/pulumi";

export const READ_STACK_RESOURCES = "pulumi:pulumi:readStackResourceOutputs";

/**
 * A child's URN from its parent's: the parent's type chain, `$` and the
 * child's type, `::` and its name (@pulumi/pulumi resource.ts, createUrn).
 */
export function childUrn(parentUrn: string, type: string, name: string): string {
  return `${parentUrn.slice(0, parentUrn.lastIndexOf("::"))}$${type}::${name}`;
}

/**
 * The saved outputs of the child `name` of type `type` of `parent`, or
 * undefined when the last saved state has none (it was never created). The
 * result depends on no resource: a resource that reads it can be made before
 * the child (and so be checked before the child is touched).
 */
export function savedOutputs(parent: pulumi.Resource, type: string, name: string): pulumi.Output<Record<string, unknown> | undefined> {
  // The parent's URN as a plain promise: an Output of it would make readers depend on the parent, so on its children.
  const parentUrn = new Promise<string>((resolve) => parent.urn.apply((u) => {
    resolve(u);
    return u;
  }));
  const saved = savedState();
  return pulumi.output(parentUrn.then(async (urn) => {
    const entry = (await saved)[childUrn(urn, type, name)];
    return entry && entry.type === type && typeof entry.outputs === "object" ? entry.outputs : undefined;
  }));
}

type SavedState = Record<string, { type?: string; outputs?: Record<string, unknown> }>;

/** The last saved state of this program's stack, read once per program run (every reader then sees one snapshot). */
const readsByRun = new WeakMap<object, Promise<SavedState>>();

function savedState(): Promise<SavedState> {
  // The run's monitor is the key: another run (another program, or a new mock) has another one.
  const run = pulumi.runtime.getMonitor() as object;
  let read = readsByRun.get(run);
  if (!read) {
    const stackName = `${pulumi.getOrganization()}/${pulumi.getProject()}/${pulumi.getStack()}`;
    read = readWithRetries(stackName);
    readsByRun.set(run, read);
  }
  return read;
}

/** Reads of the saved state tried before a run fails (a few seconds in all). */
const READ_TRIES = 5;

/**
 * The file backend reads the checkpoint the engine is saving for this very
 * run, and may answer "failed to load checkpoint: EOF" (seen under the real
 * engine, pulumi 3.248, on a first `up`): the read is tried again, and a read
 * that keeps failing fails the run (the guard never judges without it).
 */
async function readWithRetries(stackName: string): Promise<SavedState> {
  let last: unknown;
  for (let tried = 1; tried <= READ_TRIES; tried++) {
    try {
      const r = await pulumi.runtime.invoke(READ_STACK_RESOURCES, { stackName });
      return (r as { outputs?: SavedState })?.outputs ?? {};
    } catch (e) {
      last = e;
      await new Promise((done) => setTimeout(done, 200 * tried));
    }
  }
  const why = last instanceof Error && last.message ? `: ${last.message}` : "";
  throw new Error(`the stack's last saved state could not be read (tried ${READ_TRIES} times)${why}; run the command again`);
}
