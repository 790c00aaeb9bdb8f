// YAML `options` under the real Pulumi engine: `protect` makes
// `pulumi destroy` refuse before anything is deleted; `retainOnDelete` leaves
// the data children (src/shared/component/component-options.ts applies both to the
// children dataHeldBy names: replication group, bucket, table, log groups, and
// what a retained replication group keeps using) in the account after
// `pulumi destroy`, while every other child is deleted.
import * as assert from "assert";
import { dataHeldBy } from "../../src/aws-rules/replacement-table";
import { fakeNextApp } from "../fake-next-app";
import { newStack, removeStack, requireEngine, type EngineStack } from "./harness";

const PASSWORD = "Correct-Horse-Battery-1";

function cache(options: string, logging = false): string {
  return `  cache:
    type: redis-cluster
    properties:
      instanceSize: cache.t4g.micro
      defaultUserPassword: $Secret('cachePassword')
${logging ? "      logging:\n        format: json\n        retentionDays: 7\n" : ""}    options: { ${options} }
`;
}

describe("engine: options protect and retainOnDelete (real pulumi)", function () {
  this.timeout(900_000);
  let s: EngineStack | undefined;
  before(function () {
    requireEngine(this);
  });
  afterEach(() => removeStack(s));

  it("protect: `pulumi destroy --yes` refuses, naming the protection, and deletes nothing", async () => {
    s = await newStack(`resources:\n${cache("protect: true")}`, {}, { cachePassword: PASSWORD });
    await s.ok(["up", "--yes"]);
    const before = s.world();
    const exported = await s.exported();
    assert.ok(exported.some((r) => r.type === "aws:elasticache/replicationGroup:ReplicationGroup" && r.protect === true), "the replication group is protected in the state");
    const out = await s.fails(["destroy", "--yes"]);
    assert.match(out, /protect/i);
    assert.deepStrictEqual(s.world().log, before.log, "nothing was deleted in the account");
    assert.deepStrictEqual((await s.exported()).map((r) => r.urn), exported.map((r) => r.urn), "the state still holds every resource");
  });

  it("retainOnDelete: `pulumi destroy --yes` succeeds; the replication group (with the subnet, parameter and security groups it uses), log groups and the site's bucket and table stay in the account; every other resource is gone", async () => {
    const app = fakeNextApp();
    s = await newStack(`resources:\n${cache("retainOnDelete: true", true)}  web:
    type: nextjs-web
    properties:
      appDirectory: ${app.dir}
      buildCommand: '${app.buildCommand}'
    options: { retainOnDelete: true }
`, {}, { cachePassword: PASSWORD });
    await s.ok(["up", "--yes"]);
    const made = Object.values(s.world().resources);
    // The data children, and what the retained replication group keeps using: AWS refuses to
    // delete its subnet, parameter and security groups while it exists (stand-in/in-use.ts).
    const USED_BY_GROUP = ["aws:elasticache/subnetGroup:SubnetGroup", "aws:elasticache/parameterGroup:ParameterGroup", "aws:ec2/securityGroup:SecurityGroup"];
    const data = made.filter((r) => dataHeldBy(r.type) || (r.name.startsWith("cache-") && USED_BY_GROUP.includes(r.type)));
    const names = (rs: { name: string }[]) => rs.map((r) => r.name).sort();
    assert.ok(names(data).includes("cache-replication-group") && data.some((r) => r.type === "aws:s3/bucket:Bucket"), names(data).join(", "));
    assert.ok(made.length > data.length, "the stack has children that hold no data");
    await s.ok(["destroy", "--yes"]);
    assert.deepStrictEqual(names(Object.values(s.world().resources)), names(data));
    assert.deepStrictEqual(await s.exported(), [], "Pulumi forgot them all");
  });
});
