// The default VPC's gateway endpoints under the real Pulumi engine: a stack
// deployed when the endpoints were the stack's unparented
// `default-vpc-<kind>-endpoint` (made by whichever workload asked first)
// keeps them after the move under the stack's DefaultVpcEndpoints
// (`default-vpc`): each endpoint's alias (src/shared/workloads/default-vpc.ts)
// makes the engine see the same resource, so it is neither created, deleted
// nor replaced, and keeps its id.
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { fakeNextApp } from "../fake-next-app";
import { newStack, removeStack, requireEngine, type EngineStack } from "./harness";

const ENDPOINT = "aws:ec2/vpcEndpoint:VpcEndpoint";
const SHARED = "stackfile:index:DefaultVpcEndpoints";

interface StateResource { urn: string; type: string; id?: string; parent?: string; dependencies?: string[]; propertyDependencies?: Record<string, string[]> }

/**
 * The deployment as the previous layout had it: each endpoint unparented
 * (its parent the stack), `default-vpc-<kind>-endpoint`, and no
 * DefaultVpcEndpoints component.
 */
function previousLayout(exported: { deployment: { resources: StateResource[] } }): { text: string; moved: Map<string, string> } {
  const resources = exported.deployment.resources;
  const stack = resources.find((r) => r.type === "pulumi:pulumi:Stack")!;
  const shared = resources.find((r) => r.type === SHARED)!;
  assert.ok(stack && shared, "a stack and a DefaultVpcEndpoints in the state");
  const moved = new Map<string, string>();
  for (const r of resources.filter((x) => x.type === ENDPOINT)) {
    assert.strictEqual(r.parent, shared.urn, `${r.urn} is a child of the DefaultVpcEndpoints`);
    const name = r.urn.slice(r.urn.lastIndexOf("::") + 2);
    assert.match(name, /^default-vpc-(s3|dynamodb)-endpoint$/);
    const [prefix, project] = stack.urn.split("::");
    moved.set(r.urn, `${prefix}::${project}::${ENDPOINT}::${name}`);
    r.parent = stack.urn;
  }
  exported.deployment.resources = resources.filter((r) => r !== shared);
  // Every reference to an endpoint (its own urn, dependencies, propertyDependencies) names the previous URN.
  let text = JSON.stringify(exported);
  for (const [now, previous] of moved) text = text.split(JSON.stringify(now)).join(JSON.stringify(previous));
  return { text, moved };
}

describe("engine: default-VPC gateway endpoints alias (real pulumi)", function () {
  this.timeout(900_000);
  let s: EngineStack | undefined;
  before(function () {
    requireEngine(this);
  });
  after(() => removeStack(s));

  it("a stack deployed with unparented endpoints moves them under DefaultVpcEndpoints without creating, deleting or replacing them; up keeps their ids", async () => {
    const app = fakeNextApp();
    s = await newStack(`resources:
  web:
    type: nextjs-web
    properties:
      appDirectory: ${app.dir}
      buildCommand: '${app.buildCommand}'
      joinDefaultVpc: true
`);
    await s.ok(["up", "--yes"]);
    const ids = () => Object.values(s!.world().resources).filter((r) => r.type === ENDPOINT).map((r) => r.id).sort();
    const before = ids();
    assert.strictEqual(before.length, 2, "an S3 and a DynamoDB endpoint");

    const out = await s.ok(["stack", "export"]);
    const { text, moved } = previousLayout(JSON.parse(out.slice(out.indexOf("{"))));
    assert.strictEqual(moved.size, 2);
    const file = path.join(s.dir, "previous.json");
    fs.writeFileSync(file, text);
    await s.ok(["stack", "import", "--file", file]);
    // The state now is what the previous layout deployed: unparented endpoints, no DefaultVpcEndpoints.
    const state = await s.exported();
    assert.deepStrictEqual(state.filter((r) => r.type === ENDPOINT).map((r) => r.urn).sort(), [...moved.values()].sort());
    assert.deepStrictEqual(state.filter((r) => r.type === SHARED), []);

    // `preview --json` lists the steps: the component is created; no endpoint is created, deleted or replaced.
    const steps = await s.previewSteps();
    assert.deepStrictEqual(steps.filter((x) => x.type === SHARED).map((x) => x.op), ["create"]);
    const endpointSteps = steps.filter((x) => x.type === ENDPOINT);
    for (const step of endpointSteps) assert.ok(["same", "update"].includes(step.op), `${step.name}: ${step.op}`);

    const logged = s.world().log.length;
    await s.ok(["up", "--yes"]);
    assert.deepStrictEqual(ids(), before);
    assert.deepStrictEqual(s.world().log.slice(logged).filter((l) => l.includes(ENDPOINT)).filter((l) => !l.startsWith("update ")), []);
    const after = await s.exported();
    const shared = after.find((r) => r.type === SHARED)!;
    assert.ok(shared, "the DefaultVpcEndpoints is in the state");
    assert.deepStrictEqual(
      after.filter((r) => r.type === ENDPOINT).map((r) => [r.urn.slice(r.urn.lastIndexOf("::") + 2), (r as StateResource).parent]).sort(),
      [["default-vpc-dynamodb-endpoint", shared.urn], ["default-vpc-s3-endpoint", shared.urn]],
    );
  });
});
