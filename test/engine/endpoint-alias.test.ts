// The default VPC's gateway endpoints under the real Pulumi engine: a stack
// deployed when the endpoint was the first workload's child
// (`<workload>-<kind>Endpoint`, parent the workload) keeps that endpoint
// after the move to the stack's own `default-vpc-<kind>-endpoint`: the alias
// (src/shared/workloads/workload-connections.ts connectNetwork) makes the engine see
// the same resource, so it is neither created, deleted nor replaced.
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { childName } from "../../src/shared/component/children";
import { fakeNextApp } from "../fake-next-app";
import { newStack, removeStack, requireEngine, type EngineStack } from "./harness";

const ENDPOINT = "aws:ec2/vpcEndpoint:VpcEndpoint";

interface StateResource { urn: string; type: string; id?: string; parent?: string; dependencies?: string[]; propertyDependencies?: Record<string, string[]> }

/** The deployment as the older layout had it: each default-VPC endpoint a child of `workload` named `<workload>-<kind>Endpoint`. */
function olderLayout(exported: { deployment: { resources: StateResource[] } }, workload: string): { text: string; moved: Map<string, string> } {
  const resources = exported.deployment.resources;
  const parent = resources.find((r) => r.urn.endsWith(`::${workload}`) && r.type.startsWith("stackfile:"))!;
  assert.ok(parent, `no component ${workload} in the state`);
  const moved = new Map<string, string>();
  for (const r of resources.filter((x) => x.type === ENDPOINT)) {
    const kind = /::default-vpc-(s3|dynamodb)-endpoint$/.exec(r.urn)?.[1];
    assert.ok(kind, `unexpected endpoint ${r.urn}`);
    const [stack, project, types] = parent.urn.split("::");
    const older = `${stack}::${project}::${types}$${ENDPOINT}::${childName(workload, `${kind}Endpoint`)}`;
    moved.set(r.urn, older);
    r.parent = parent.urn;
  }
  // Every reference to an endpoint (its own urn, dependencies, propertyDependencies) names the older URN.
  let text = JSON.stringify(exported);
  for (const [now, older] of moved) text = text.split(JSON.stringify(now)).join(JSON.stringify(older));
  return { text, moved };
}

describe("engine: default-VPC gateway endpoints alias (real pulumi)", function () {
  this.timeout(900_000);
  let s: EngineStack | undefined;
  before(function () {
    requireEngine(this);
  });
  after(() => removeStack(s));

  it("a stack deployed with the endpoints as the first workload's children updates without creating, deleting or replacing them; up keeps their ids", async () => {
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
    const { text, moved } = olderLayout(JSON.parse(out.slice(out.indexOf("{"))), "web");
    assert.strictEqual(moved.size, 2);
    const file = path.join(s.dir, "older.json");
    fs.writeFileSync(file, text);
    await s.ok(["stack", "import", "--file", file]);
    // The state now names the endpoints as the older layout did.
    const urns = (await s.exported()).filter((r) => r.type === ENDPOINT).map((r) => r.urn).sort();
    assert.deepStrictEqual(urns, [...moved.values()].sort());

    // `preview --json` lists the steps that change something: none may create, delete or replace an endpoint.
    const steps = (await s.previewSteps()).filter((x) => x.type === ENDPOINT);
    for (const step of steps) assert.ok(["same", "update"].includes(step.op), `${step.name}: ${step.op}`);

    const logged = s.world().log.length;
    await s.ok(["up", "--yes"]);
    assert.deepStrictEqual(ids(), before);
    assert.deepStrictEqual(s.world().log.slice(logged).filter((l) => l.includes(ENDPOINT)).filter((l) => !l.startsWith("update ")), []);
    const after = (await s.exported()).filter((r) => r.type === ENDPOINT).map((r) => r.urn.slice(r.urn.lastIndexOf("::") + 2)).sort();
    assert.deepStrictEqual(after, ["default-vpc-dynamodb-endpoint", "default-vpc-s3-endpoint"]);
  });
});
