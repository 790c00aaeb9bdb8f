// Names the way pulumi-aws makes them: `<pulumi name>-<7 hex>`, its maxima
// and lower-casing, and the same failure when a name cannot fit.
import * as assert from "assert";
import { NAMES, autoName, explicitName, nameProblem } from "../../src/aws-rules/naming";
import { runWithMocks } from "../../src/cli/mock-engine";
import * as aws from "@pulumi/aws";

describe("pulumi-aws auto-naming, as the mock engine does it", () => {
  it("a replication group id: lower case, 7 hex, at most 40", () => {
    const a = autoName("aws:elasticache/replicationGroup:ReplicationGroup", "Cache-replication-group");
    assert.ok(a && "name" in a && /^cache-replication-group-[0-9a-f]{7}$/.test(a.name), JSON.stringify(a));
  });

  it("fails as pulumi-aws does when the name plus 7 characters is over the maximum", () => {
    assert.deepStrictEqual(autoName("aws:elasticache/replicationGroup:ReplicationGroup", "userSessionCache-replication-group"), {
      error: "could not make instance of 'aws:elasticache/replicationGroup:ReplicationGroup': name 'usersessioncache-replication-group-' plus 7 random chars is longer than maximum length 40",
    });
    // 32 characters and the separator fit 40 exactly.
    assert.ok("name" in autoName("aws:elasticache/replicationGroup:ReplicationGroup", "a".repeat(32))!);
    assert.ok("error" in autoName("aws:elasticache/replicationGroup:ReplicationGroup", "a".repeat(33))!);
  });

  it("a given name, or a prefix, turns auto-naming off", () => {
    assert.strictEqual(autoName("aws:iam/role:Role", "r", { name: "mine" }), undefined);
    assert.strictEqual(autoName("aws:sqs/queue:Queue", "q", { namePrefix: "q-" }), undefined);
  });

  it("a FIFO queue gets .fifo after the length check", () => {
    const a = autoName("aws:sqs/queue:Queue", "web-revalidation-queue", { fifoQueue: true });
    assert.ok(a && "name" in a && /^web-revalidation-queue-[0-9a-f]{7}\.fifo$/.test(a.name));
  });

  it("the mock engine's resources carry those names, never cut", async () => {
    const run = await runWithMocks(() => {
      new aws.elasticache.ReplicationGroup("Cache-replication-group", { description: "x" });
      new aws.elasticache.ReplicationGroup("userSessionCache-replication-group", { description: "x" });
    });
    const [ok, long] = run.resources;
    assert.match(ok.id!, /^cache-replication-group-[0-9a-f]{7}$/);
    assert.match(long.id!, /^usersessioncache-replication-group-[0-9a-f]{7}$/, "kept whole: the catalog refuses it");
  });
});

describe("explicit names where an auto-name would not fit", () => {
  for (const [type, spec] of Object.entries(NAMES)) {
    if (!spec.autoName) continue;
    it(`${type}: none while the auto-name fits; a valid, unique one of at most ${Math.min(spec.valid.max, spec.autoName.maxLength)} otherwise`, () => {
      assert.strictEqual(explicitName(type, "a", "stack/a"), undefined);
      for (const len of [60, 90, 200, 300]) {
        const urn = `${"N".repeat(len - 8)}-child-x`;
        const name = explicitName(type, urn, "stack/a");
        if (name === undefined) {
          const auto = autoName(type, urn);
          assert.ok(auto && "name" in auto && nameProblem(type, auto.name) === undefined);
          continue;
        }
        assert.strictEqual(nameProblem(type, name), undefined, name);
        assert.ok(name.length <= spec.autoName!.maxLength, name);
        assert.notStrictEqual(name, explicitName(type, urn, "stack/b"), "unique per stack");
        assert.strictEqual(name, explicitName(type, urn, "stack/a"), "stable");
      }
    });
  }
});
