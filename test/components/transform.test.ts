// `transform.<childId>` in TypeScript: typed by that child's @pulumi/aws
// arguments, a map merged into them or a function of them and the child's
// resource options. The type checks are compile errors (`npm test` runs tsc).
import * as assert from "assert";
import { run, T } from "../harness";
import { RedisCluster, type RedisClusterArgs } from "../../src/components/redis-cluster";
import { childInputs } from "../../src/shared/component/children";

const base: RedisClusterArgs = { instanceSize: "cache.t4g.micro", defaultUserPassword: "Correct-Horse-Battery-1" };

// Compile-time: an argument the child's type does not have, or a child id that does not exist, is an error.
export const typed: RedisClusterArgs[] = [
  // @ts-expect-error maintenanceWindw is not an argument of aws.elasticache.ReplicationGroup
  { ...base, transform: { replicationGroup: { maintenanceWindw: "sun:05:00-sun:06:00" } } },
  // @ts-expect-error replicationGrop is not a child of RedisCluster
  { ...base, transform: { replicationGrop: { maintenanceWindow: "sun:05:00-sun:06:00" } } },
  // @ts-expect-error retentionInDays is a number
  { ...base, transform: { slowLog: (args) => { args.retentionInDays = "one"; } } },
  { ...base, transform: { slowLog: (args, opts) => { args.retentionInDays = 1; opts.protect = true; } } },
];

describe("transform", () => {
  it("a map is merged into the child's arguments, nested maps included", async () => {
    const r = await run(() => new RedisCluster("cache", {
      ...base, transform: { replicationGroup: { maintenanceWindow: "sun:05:00-sun:06:00", tags: { team: "core" } } },
    }));
    const rg = r.one(T.replicationGroup).inputs;
    assert.strictEqual(rg.maintenanceWindow, "sun:05:00-sun:06:00");
    assert.deepStrictEqual(rg.tags, { team: "core" });
    assert.strictEqual(rg.nodeType, "cache.t4g.micro", "the component's own arguments stay");
  });

  it("a function gets the child's arguments and resource options, and may change both", async () => {
    const r = await run(() => new RedisCluster("cache", {
      ...base,
      transform: {
        slowLog: (args, opts, name) => {
          args.retentionInDays = 1;
          opts.customTimeouts = { delete: "7m" };
          assert.strictEqual(name, "cache-slow-log");
        },
      },
    }));
    const log = r.one(T.logGroup);
    assert.strictEqual(log.inputs.retentionInDays, 1);
    assert.strictEqual(log.deleteTimeout, "7m");
    assert.strictEqual(log.parent, "cache", "options the component set stay unless changed");
  });

  it("the component's arguments and options are copies: a transform never changes what another child gets", () => {
    const args = { a: 1 };
    const opts = { protect: false };
    const [, out, outOpts] = childInputs({ x: (a: any, o: any) => { a.a = 2; o.protect = true; } }, "x", "n", args, opts);
    assert.deepStrictEqual([args, opts, out, outOpts], [{ a: 1 }, { protect: false }, { a: 2 }, { protect: true }]);
  });

  it("a built-in name as a map key sets an argument, never the prototype", () => {
    const patch = JSON.parse('{"__proto__": {"polluted": true}, "constructor": "c"}');
    const [, out] = childInputs({ x: patch }, "x", "n", { a: 1 }, {});
    assert.strictEqual(({} as Record<string, unknown>).polluted, undefined);
    assert.strictEqual(Object.getPrototypeOf(out), Object.prototype);
    assert.deepStrictEqual(Object.keys(out).sort(), ["__proto__", "a", "constructor"]);
  });
});
