// Default alarms under the real Pulumi engine: a stack of a function behind a
// gateway and a redis cluster deploys with every type's default alarms; then
// one line of the stack file switches ONE alarm off (`alarms: {evictions:
// false}` on the cache) and nothing else changes: `pulumi preview` plans that
// alarm's delete and no other step, and after `pulumi up` the stand-in's
// account holds every resource it held before but that alarm, unchanged.
// One deployment; its checks are steps of it, in order.
import * as assert from "assert";
import { newStack, removeStack, requireEngine, type EngineStack } from "./harness";
import type { WorldResource } from "./stand-in/world";

const PASSWORD = "Correct-Horse-Battery-1";
const ALARM = "aws:cloudwatch/metricAlarm:MetricAlarm";

const stack = (cacheAlarms: string) => `resources:
  cache:
    type: redis-cluster
    properties:
      instanceSize: cache.t4g.micro
      defaultUserPassword: $Secret('cachePassword')
${cacheAlarms}  api:
    type: http-api-gateway
    properties:
      payloadFormat: "2.0"
  hello:
    type: function
    properties:
      entryfilePath: ./fn.ts
      events:
        - type: http-api-gateway
          properties: { httpApiGatewayName: api, path: /hello, method: GET }
`;

const FN = "export const handler = async () => ({ statusCode: 200, body: 'ok' });\n";

/** The account's resources by `type name`, each with its id and state. */
function byName(resources: WorldResource[]): Map<string, WorldResource> {
  return new Map(resources.map((r) => [`${r.type} ${r.name}`, r]));
}

describe("engine: switching one default alarm off deletes exactly that alarm (real pulumi)", function () {
  this.timeout(1_200_000);
  let s: EngineStack | undefined;
  let deployed = new Map<string, WorldResource>();
  let logBefore = 0;
  before(async function () {
    requireEngine(this);
    s = await newStack(stack(""), { "fn.ts": FN }, { cachePassword: PASSWORD });
    await s.ok(["up", "--yes"]);
  });
  after(() => removeStack(s));

  it("up with the defaults: each type's alarms are in the account (the cache's cpu, memory, evictions; the gateway's 5xx and latency; the function's errors, throttles, duration)", () => {
    const world = s!.world();
    deployed = byName(Object.values(world.resources));
    logBefore = world.log.length;
    const alarms = [...deployed.values()].filter((r) => r.type === ALARM).map((r) => r.name).sort();
    assert.deepStrictEqual(alarms, [
      "api-latency-alarm", "api-server-errors-alarm",
      "cache-cpu-alarm", "cache-evictions-alarm", "cache-memory-alarm",
      "hello-duration-alarm", "hello-errors-alarm", "hello-throttles-alarm",
    ]);
  });

  it("`alarms: {evictions: false}` on the cache: preview plans one step, the delete of cache-evictions-alarm", async () => {
    s!.writeStack(stack("      alarms:\n        evictions: false\n"));
    const changes = (await s!.previewSteps()).filter((step) => step.op !== "same");
    assert.deepStrictEqual(changes, [{ op: "delete", type: ALARM, name: "cache-evictions-alarm" }]);
  });

  it("up: the account holds every other resource as it was (same id and state), and no longer the evictions alarm", async () => {
    await s!.ok(["up", "--yes"]);
    const world = s!.world();
    assert.deepStrictEqual(world.log.slice(logBefore), [`delete ${ALARM} cache-evictions-alarm`], "the one change made in the account");
    const expected = new Map(deployed);
    expected.delete(`${ALARM} cache-evictions-alarm`);
    assert.deepStrictEqual(byName(Object.values(world.resources)), expected);
  });
});
