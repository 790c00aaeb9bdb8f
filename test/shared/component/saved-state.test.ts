// The saved state a check judges against (shared/component/saved-state.ts):
// the engine's readStackResourceOutputs, read once per run. The file backend
// can answer it with "failed to load checkpoint: EOF" while the engine writes
// the same stack's checkpoint (seen under the real engine on a first `up`):
// such a read is tried again, and a read that keeps failing fails the run.
import * as assert from "assert";
import * as pulumi from "@pulumi/pulumi";
import { READ_STACK_RESOURCES, savedOutputs } from "../../../src/shared/component/saved-state";

const GROUP = "aws:elasticache/replicationGroup:ReplicationGroup";

/** Runs savedOutputs of a child `cache-replication-group` under mocks whose read fails `failures` times first. */
async function readWith(failures: number): Promise<{ reads: number; result: Promise<Record<string, unknown> | undefined> }> {
  let reads = 0;
  await pulumi.runtime.setMocks({
    newResource: (a) => ({ id: `${a.name}-id`, state: a.inputs }),
    call: (a) => {
      if (a.token !== READ_STACK_RESOURCES) throw new Error(`unexpected call ${a.token}`);
      reads++;
      if (reads <= failures) throw new Error("failed to load checkpoint: EOF");
      const urn = "urn:pulumi:test::stackfile::stackfile:index:RedisCluster$" + GROUP + "::cache-replication-group";
      return { name: "organization/stackfile/test", outputs: { [urn]: { type: GROUP, outputs: { engineVersion: "7.0" } } } };
    },
  }, "stackfile", "test", false, "organization");
  const parent = new pulumi.ComponentResource("stackfile:index:RedisCluster", "cache", {});
  const out = savedOutputs(parent, GROUP, "cache-replication-group");
  const result = new Promise<Record<string, unknown> | undefined>((resolve, reject) => {
    // An Output's failure surfaces through its promise (the run would fail with it).
    (out as unknown as { promise(): Promise<Record<string, unknown> | undefined> }).promise().then(resolve, reject);
  });
  return { get reads() { return reads; }, result };
}

describe("saved state of a stack (readStackResourceOutputs)", () => {
  it("a read that fails while the engine writes the checkpoint is tried again: the child's saved outputs", async () => {
    const r = await readWith(2);
    assert.deepStrictEqual(await r.result, { engineVersion: "7.0" });
    assert.strictEqual(r.reads, 3);
  });

  it("a read that keeps failing fails the run, saying what could not be read", async () => {
    const r = await readWith(100);
    await assert.rejects(r.result, /the stack's last saved state could not be read \(tried 5 times\)/);
  });
});
