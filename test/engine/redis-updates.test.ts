// The redis update rules as deploy sequences under the real Pulumi engine:
// an illegal change fails `pulumi preview` (and `pulumi up`) with the guard's
// message and touches nothing in the stand-in's account; the legal two-deploy
// sequences pass; after a failed update of the replication group, the next
// preview judges against what the cluster has (the guard records only what
// AWS accepted).
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { newStack, removeStack, requireEngine, type EngineStack } from "./harness";

const PASSWORD = "Correct-Horse-Battery-1";

function cluster(props: string): string {
  return `resources:
  cache:
    type: redis-cluster
    properties:
      instanceSize: cache.t4g.micro
      defaultUserPassword: $Secret('cachePassword')
${props.trim().split("\n").map((l) => `      ${l}`).join("\n")}
`;
}

const FAIL_GROUP_UPDATE = { STACKFILE_FAIL: "cache-replication-group:update" };

describe("engine: redis update rules as deploy sequences (real pulumi)", function () {
  this.timeout(600_000);
  let s: EngineStack | undefined;
  before(function () {
    requireEngine(this);
  });
  afterEach(() => removeStack(s));

  /** The account's changes so far (creates, updates, deletes). */
  const changes = () => s!.world().log.length;

  /** `up` too: it previews first, so it fails the same way. */
  async function refused(yaml: string, message: RegExp, opts: { up?: boolean } = {}): Promise<void> {
    s!.writeStack(yaml);
    const before = changes();
    const preview = await s!.fails(["preview"]);
    assert.match(preview, message, preview);
    if (opts.up) assert.match(await s!.fails(["up", "--yes"]), message);
    assert.strictEqual(changes(), before, "nothing was touched");
  }

  async function deployed(yaml: string): Promise<void> {
    s!.writeStack(yaml);
    await s!.ok(["up", "--yes"]);
  }

  it("not sharded: failover with replicas is two deploys each way; refused in one, with nothing touched", async () => {
    s = await newStack(cluster("numReplicaNodes: 0"), {}, { cachePassword: PASSWORD });
    await s.ok(["up", "--yes"]);
    await refused(cluster("numReplicaNodes: 1\nenableAutomaticFailover: true"), /automatic failover cannot be enabled in the same deploy that changes numReplicaNodes \(0 -> 1\)/, { up: true });
    await deployed(cluster("numReplicaNodes: 1"));
    await deployed(cluster("numReplicaNodes: 1\nenableAutomaticFailover: true"));
    const group = Object.values(s.world().resources).find((r) => r.name === "cache-replication-group")!;
    assert.deepStrictEqual([group.state.numCacheClusters, group.state.automaticFailoverEnabled], [2, true]);
    await refused(cluster("numReplicaNodes: 0"), /numReplicaNodes cannot change in the same deploy that disables automatic failover \(1 -> 0\)|enableAutomaticFailover needs at least 1 replica/);
    await deployed(cluster("numReplicaNodes: 1\nenableAutomaticFailover: false"));
    await deployed(cluster("numReplicaNodes: 0"));
  });

  it("sharded: sharding and the replica count cannot change; refused at preview with nothing touched", async () => {
    s = await newStack(cluster("enableSharding: true\nnumReplicaNodes: 1\nnumShards: 2"), {}, { cachePassword: PASSWORD });
    await s.ok(["up", "--yes"]);
    await refused(cluster("enableSharding: true\nnumReplicaNodes: 2\nnumShards: 2"), /numReplicaNodes cannot change on a sharded cluster \(it was 1, now 2\)/);
    await refused(cluster("numReplicaNodes: 1"), /enableSharding cannot change after the cluster is created \(it was true, now false\)/);
    // numShards may change.
    await deployed(cluster("enableSharding: true\nnumReplicaNodes: 1\nnumShards: 3"));
  });

  it("after a failed update of the replication group, the next preview judges against what the cluster has (replicas, then failover)", async () => {
    s = await newStack(cluster("numReplicaNodes: 0"), {}, { cachePassword: PASSWORD });
    await s.ok(["up", "--yes"]);
    s.writeStack(cluster("numReplicaNodes: 1"));
    await s.fails(["up", "--yes"], FAIL_GROUP_UPDATE);
    // The cluster still has no replica: enabling failover with the replica in one deploy is refused.
    await refused(cluster("numReplicaNodes: 1\nenableAutomaticFailover: true"), /automatic failover cannot be enabled in the same deploy that changes numReplicaNodes \(0 -> 1\)/);
    await deployed(cluster("numReplicaNodes: 1"));
    await deployed(cluster("numReplicaNodes: 1\nenableAutomaticFailover: true"));
  });

  /** The replication group as the stand-in's account holds it. */
  const group = () => Object.values(s!.world().resources).find((r) => r.name === "cache-replication-group")!;
  const HOLD_GROUP_UPDATE = { STACKFILE_HOLD: "cache-replication-group:update" };
  const held = () => fs.existsSync(path.join(s!.dir, ".engine", "held"));

  /** After a kill: the lock released (`pulumi cancel`), then the state read again from the account (`pulumi refresh`). */
  async function recover(): Promise<void> {
    await s!.ok(["cancel", "--yes"]);
    await s!.ok(["refresh", "--yes"]);
  }

  it("a deploy killed (SIGKILL) while the group's upgrade was applied: after cancel and refresh, going back is a downgrade, refused at preview and by up --skip-preview, nothing replaced", async () => {
    s = await newStack(cluster('engineVersion: "6.2"'), {}, { cachePassword: PASSWORD });
    await s.ok(["up", "--yes"]);
    const id = group().id;
    s.writeStack(cluster('engineVersion: "7.0"'));
    await s.killed(["up", "--yes", "--skip-preview"], held, HOLD_GROUP_UPDATE);
    assert.strictEqual(group().state.engineVersion, "7.0", "the account has the upgrade");
    await recover();
    await refused(cluster('engineVersion: "6.2"'), /engineVersion cannot be downgraded \(from 7\.0 to 6\.2\)/, { up: true });
    assert.match(await s.fails(["up", "--yes", "--skip-preview"]), /engineVersion cannot be downgraded \(from 7\.0 to 6\.2\)/);
    assert.deepStrictEqual([group().id, group().state.engineVersion], [id, "7.0"], "the group was not replaced");
    const groupSteps = s.world().log.filter((l) => / cache-replication-group$/.test(l)).map((l) => l.split(" ")[0]);
    assert.deepStrictEqual(groupSteps, ["create", "update"], "created once, updated once (the killed upgrade), never deleted");
    // Going on from what the cluster is works.
    await deployed(cluster('engineVersion: "7.1"'));
  });

  it("a deploy killed as soon as the group's update is printed: after cancel and refresh, the revert is judged against the group, refused at preview", async () => {
    s = await newStack(cluster('engineVersion: "6.2"'), {}, { cachePassword: PASSWORD });
    await s.ok(["up", "--yes"]);
    const id = group().id;
    s.writeStack(cluster('engineVersion: "7.0"'));
    await s.killed(["up", "--yes", "--skip-preview"], (out) => /cache-replication-group\s+updated/.test(out));
    await recover();
    await refused(cluster('engineVersion: "6.2"'), /engineVersion cannot be downgraded \(from 7\.0 to 6\.2\)/);
    assert.deepStrictEqual([group().id, group().state.engineVersion], [id, "7.0"]);
  });

  it("a deploy killed while failover was being enabled: removing the replica with failover off in one deploy is refused against what the group has", async () => {
    s = await newStack(cluster("numReplicaNodes: 1"), {}, { cachePassword: PASSWORD });
    await s.ok(["up", "--yes"]);
    s.writeStack(cluster("numReplicaNodes: 1\nenableAutomaticFailover: true"));
    await s.killed(["up", "--yes", "--skip-preview"], held, HOLD_GROUP_UPDATE);
    await recover();
    assert.strictEqual(group().state.automaticFailoverEnabled, true);
    await refused(cluster("numReplicaNodes: 0\nenableAutomaticFailover: false"), /numReplicaNodes cannot change in the same deploy that disables automatic failover \(1 -> 0\)/);
    await deployed(cluster("numReplicaNodes: 1\nenableAutomaticFailover: false"));
    await deployed(cluster("numReplicaNodes: 0"));
  });

  it("after a failed engine upgrade, going back to the deployed version is no downgrade; after a good one it is refused", async () => {
    s = await newStack(cluster('engineVersion: "6.2"'), {}, { cachePassword: PASSWORD });
    await s.ok(["up", "--yes"]);
    s.writeStack(cluster('engineVersion: "7.1"'));
    await s.fails(["up", "--yes"], FAIL_GROUP_UPDATE);
    s.writeStack(cluster('engineVersion: "6.2"'));
    const preview = await s.ok(["preview"]);
    assert.doesNotMatch(preview, /downgraded/);
    await deployed(cluster('engineVersion: "7.1"'));
    await refused(cluster('engineVersion: "6.2"'), /engineVersion cannot be downgraded \(from 7\.1 to 6\.2\)/);
  });
});
