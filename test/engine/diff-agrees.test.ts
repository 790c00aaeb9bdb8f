// `stackfile diff OLD NEW` against the real Pulumi engine: for one deployed
// base stack and each change below, the set of AWS resources `diff` says are
// created, updated, replaced and deleted is the set `pulumi preview --json`
// steps on (the stand-in decides replacements with the force-new table of
// src/aws-rules/replacement-table.ts, checked against terraform-provider-aws;
// what follows from a replacement's new outputs is the engine's own work and
// `diff`'s propagation). Changes are previewed, never deployed: each is
// compared against the same base. `diff` fills $Secret with placeholders
// (it takes no --secret): no change here is to a secret. Before the base is
// deployed, the engine's first preview is compared with `stackfile plan
// --json` of the same file: types, names, parents and every input the
// preview knows (preview-vs-plan.ts).
import * as assert from "assert";
import * as path from "path";
import { execFile } from "child_process";
import { REPO, newStack, removeStack, requireEngine, type EngineStack } from "./harness";
import { assertPreviewMatchesPlan, previewJsonSteps, type PlannedResource, type PreviewJsonStep } from "./preview-vs-plan";

const PASSWORD = "Correct-Horse-Battery-1";

const BASE = `resources:
  cache:
    type: redis-cluster
    properties:
      instanceSize: cache.t4g.micro
      defaultUserPassword: $Secret('cachePassword')
  small:
    type: redis-cluster
    properties:
      instanceSize: cache.t4g.micro
      port: $ResourceParam('cache', 'port')
      defaultUserPassword: $Secret('cachePassword')
  api:
    type: http-api-gateway
    properties:
      payloadFormat: "2.0"
      customDomains:
        - domainName: api.example.com
  worker:
    type: function
    properties:
      entryfilePath: ./fn.ts
      memory: 256
      joinDefaultVpc: true
      connectTo: [small]
      environment:
        - name: GREETING
          value: hello
      events:
        - type: http-api-gateway
          properties: { httpApiGatewayName: api, path: /hello, method: GET }
  pinger:
    type: function
    properties:
      entryfilePath: ./fn.ts
      events:
        - type: http-api-gateway
          properties: { httpApiGatewayName: api, path: /ping, method: GET }
`;

const FN = "export const handler = async () => ({ statusCode: 200, body: 'ok' });\n";

/** One edit of the base: `from` (once in BASE) becomes `to`. */
function edit(from: string, to: string): string {
  assert.strictEqual(BASE.split(from).length, 2, `the base holds ${JSON.stringify(from)} once`);
  return BASE.replace(from, to);
}

const PINGER = BASE.slice(BASE.indexOf("  pinger:"));
const HELLO = "properties: { httpApiGatewayName: api, path: /hello, method: GET }";

const CHANGES: { name: string; yaml: string }[] = [
  { name: "no change", yaml: BASE },
  { name: "function memory (update)", yaml: edit("memory: 256", "memory: 512") },
  { name: "function environment value (update)", yaml: edit("value: hello", "value: hi") },
  { name: "function architecture (update)", yaml: edit("memory: 256", "memory: 256\n      architecture: x86_64") },
  { name: "function log retention (update)", yaml: edit("memory: 256", "memory: 256\n      logging:\n        retentionDays: 30") },
  { name: "redis port: replaces both groups (the second follows it) and cascades to the connected function", yaml: edit("instanceSize: cache.t4g.micro\n      defaultUserPassword", "instanceSize: cache.t4g.micro\n      port: 6380\n      defaultUserPassword") },
  { name: "redis instance size (update)", yaml: edit("instanceSize: cache.t4g.micro\n      defaultUserPassword", "instanceSize: cache.t4g.small\n      defaultUserPassword") },
  { name: "redis replicas 0 -> 1 (update)", yaml: edit("instanceSize: cache.t4g.micro\n      defaultUserPassword", "instanceSize: cache.t4g.micro\n      numReplicaNodes: 1\n      defaultUserPassword") },
  { name: "removed function (deletes it, its route and integration)", yaml: BASE.replace(PINGER, "") },
  { name: "added event (creates a route, integration and permission)", yaml: edit(HELLO, `${HELLO}\n        - type: http-api-gateway\n          properties: { httpApiGatewayName: api, path: /items, method: POST }`) },
  { name: "event path (the route, integration and permission are named by it: new ones, the old deleted)", yaml: edit("path: /hello", "path: /hi") },
  { name: "event payload format (update of the integration)", yaml: edit(HELLO, HELLO.replace(" }", ', payloadFormat: "1.0" }')) },
  { name: "gateway custom domain (replaces the domain and its certificate)", yaml: edit("domainName: api.example.com", "domainName: api2.example.com") },
  { name: "gateway CORS (update)", yaml: edit('payloadFormat: "2.0"\n', 'payloadFormat: "2.0"\n      cors:\n        enabled: true\n        allowedOrigins: [https://app.example.com]\n') },
];

type Actions = Record<string, string>;

const OP: Record<string, string> = { create: "create", update: "update", replace: "replace", "create-replacement": "replace", "delete-replaced": "replace", delete: "delete" };

/** The engine's steps on AWS resources (not components, providers or the stack), by name. */
async function engineActions(s: EngineStack): Promise<Actions> {
  const out: Actions = {};
  for (const step of await s.previewSteps()) {
    if (!step.type.startsWith("aws:") || !OP[step.op]) continue;
    out[step.name] = OP[step.op];
  }
  return out;
}

/** `stackfile plan stack.yaml --json` in the folder, with the stack's secret: its resources. */
function planned(dir: string): Promise<PlannedResource[]> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [path.join(REPO, "bin", "stackfile.js"), "plan", "stack.yaml", "--json", "--secret", `cachePassword=${PASSWORD}`],
      { cwd: dir, maxBuffer: 64 << 20 }, (err, stdout, stderr) => (err ? reject(new Error(`stackfile plan: ${err.message}\n${stderr}`)) : resolve(JSON.parse(stdout).resources)));
  });
}

function diffActions(dir: string): Promise<Actions> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [path.join(REPO, "bin", "stackfile.js"), "diff", "base.yaml", "stack.yaml", "--format", "json"],
      { cwd: dir, maxBuffer: 64 << 20 }, (err, stdout, stderr) => {
        if (err && (err as { code?: number }).code !== 1) return reject(new Error(`stackfile diff: ${err.message}\n${stderr}`));
        try {
          const report = JSON.parse(stdout) as { resources: { name: string; type: string; action: string }[] };
          resolve(Object.fromEntries(report.resources.filter((r) => r.type.startsWith("aws:")).map((r) => [r.name, r.action])));
        } catch {
          reject(new Error(`stackfile diff printed no JSON:\n${stdout}\n${stderr}`));
        }
      });
  });
}

describe("engine: stackfile diff agrees with pulumi preview (real pulumi)", function () {
  this.timeout(1_800_000);
  let s: EngineStack | undefined;
  let firstPreview: PreviewJsonStep[] = [];
  let plan: PlannedResource[] = [];
  before(async function () {
    requireEngine(this);
    s = await newStack(BASE, { "fn.ts": FN, "base.yaml": BASE }, { cachePassword: PASSWORD });
    // Before anything is deployed: the engine's first preview, and plan of the same file.
    [firstPreview, plan] = await Promise.all([s.ok(["preview", "--json"]).then(previewJsonSteps), planned(s.dir)]);
    await s.ok(["up", "--yes"]);
  });
  after(() => removeStack(s));

  it("the first preview registers what plan shows: the same types and names, each under the same parent, with the same inputs wherever the preview knows them", () => {
    assert.ok(firstPreview.length > 20 && plan.length > 20, `${firstPreview.length} steps, ${plan.length} planned`);
    assertPreviewMatchesPlan(firstPreview, plan);
  });

  for (const change of CHANGES) {
    it(`${change.name}: the same resources are created, updated, replaced and deleted`, async () => {
      s!.writeStack(change.yaml);
      const [engine, diff] = await Promise.all([engineActions(s!), diffActions(s!.dir)]);
      const sorted = (a: Actions) => Object.fromEntries(Object.entries(a).sort(([x], [y]) => (x < y ? -1 : 1)));
      assert.deepStrictEqual(sorted(diff), sorted(engine), `stackfile diff (actual) vs pulumi preview (expected) for: ${change.name}`);
      if (change.yaml !== BASE) assert.ok(Object.keys(engine).length > 0, "the change changes something");
    });
  }
});
