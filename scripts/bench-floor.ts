// The floor `npm run bench` compares `plan` with: the registrations a plan
// made (its `--json` output, given as a file), made again as bare resources
// (no component logic, no checks) under the same mock engine, with the SDK's
// stack traces off as `plan` has them, and printed as `plan --json` prints.
// What `plan` costs above this is ours. Run with plain node (bench.ts
// compiles this file first): tsx's start-up would make the floor look slower.
//   node bench-floor.js ROOT PLAN.json [--as-plan-loads]
// With --as-plan-loads the floor loads the SDK as `plan` does from the command
// line (src/cli/provider-code.ts: no closure serializer, so no TypeScript or
// npm arborist): the like-for-like floor for what the components cost.
import * as fs from "fs";
import * as path from "path";
import type * as Pulumi from "@pulumi/pulumi";

interface Registration {
  type: string;
  name: string;
  parent: string | null;
  dependsOn: string[];
  inputs: Record<string, unknown>;
}

const [root, planFile, how] = process.argv.slice(2);
if (how === "--as-plan-loads") {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  (require(path.join(root, "dist", "cli", "provider-code")) as typeof import("../src/cli/provider-code")).providerCodeAsPlaceholder();
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const pulumi = require(path.join(root, "node_modules", "@pulumi", "pulumi")) as typeof Pulumi;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { runWithMocks } = require(path.join(root, "dist", "cli", "mock-engine")) as typeof import("../src/cli/mock-engine");

const plan = JSON.parse(fs.readFileSync(planFile, "utf8")) as { resources: Registration[]; outputs: unknown };

/** Parents and dependencies before what names them (the order a program makes them in). */
function ordered(list: Registration[]): Registration[] {
  const byName = new Map(list.map((r) => [r.name, r]));
  const done = new Set<string>();
  const out: Registration[] = [];
  const visit = (r: Registration) => {
    if (done.has(r.name)) return;
    done.add(r.name);
    for (const n of [r.parent, ...r.dependsOn]) {
      const before = n === null ? undefined : byName.get(n);
      if (before) visit(before);
    }
    out.push(r);
  };
  list.forEach(visit);
  return out;
}

// The SDK's classes as they are: no constructor logic of ours.
class BareResource extends pulumi.CustomResource {}
class BareProvider extends pulumi.ProviderResource {}

async function main(): Promise<void> {
  Error.stackTraceLimit = 0;
  const made = new Map<string, Pulumi.Resource>();
  const run = await runWithMocks(() => {
    for (const r of ordered(plan.resources)) {
      const opts: Pulumi.CustomResourceOptions = {
        parent: r.parent === null ? undefined : made.get(r.parent),
        dependsOn: r.dependsOn.map((n) => made.get(n)).filter((x): x is Pulumi.Resource => x !== undefined),
      };
      const resource = r.type.startsWith("stackfile:index:")
        ? new pulumi.ComponentResource(r.type, r.name, {}, opts)
        : r.type.startsWith("pulumi:providers:")
          ? new BareProvider(r.type.slice("pulumi:providers:".length), r.name, r.inputs as Pulumi.Inputs, opts)
          : new BareResource(r.type, r.name, r.inputs as Pulumi.Inputs, opts);
      made.set(r.name, resource);
    }
  }, { project: "stackfile", stack: "plan" });
  const resources = [...run.resources]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((r) => ({ type: r.type, name: r.name, parent: r.parent, dependsOn: [...new Set(r.dependsOn)].sort(), inputs: r.inputs }));
  process.stdout.write(JSON.stringify({ resources, outputs: plan.outputs }, null, 2) + "\n");
}

main().catch((err) => {
  process.stderr.write(`floor: ${(err as Error).message}\n`);
  process.exitCode = 1;
});
