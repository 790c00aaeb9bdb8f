// `stackfile diff` of a relational-database: what replaces the database is
// refused as data loss (unless --allow-replace), a major version upgrade is
// refused without its flag, and an instance class change is an update in
// place, with a note on its downtime.
import * as assert from "assert";
import { cli, tmpFile } from "../../cli/cli-helpers";

const db = (engine: string, props: string, extra = "") => `resources:
  db:
    type: relational-database
    properties:
      engine:
        type: ${engine}
        properties:
${props}      credentials:
        masterUserPassword: $Secret(pw)
${extra}`;
const pg = (version: string, size = "db.t4g.micro", more = "") => db("postgres", `          version: "${version}"\n          primaryInstance: { instanceSize: ${size} }\n${more}`);
const aurora = (extra = "") => db("aurora-postgresql", "          instances: [{ instanceSize: db.r7g.large }]\n", extra);

async function diff(before: string, after: string, ...more: string[]) {
  const file = tmpFile(after);
  const r = await cli("diff", tmpFile(before), file, "--format", "json", "--secret", "pw=Correct-Horse-Battery-1", ...more);
  const out = r.out ? JSON.parse(r.out) : { resources: [] };
  const byName = (name: string) => out.resources.find((x: { name: string }) => x.name === name);
  return { ...r, file, out, byName };
}

describe("stackfile diff: relational-database", function () {
  this.timeout(180000);

  it("an engine change replaces the instance, which loses its databases: refused at engine.type; --allow-replace db accepts it", async () => {
    const after = db("mysql", "          primaryInstance: { instanceSize: db.t4g.micro }\n");
    const r = await diff(pg("17"), after);
    assert.strictEqual(r.code, 1);
    assert.deepStrictEqual([r.byName("db-instance").action, r.byName("db-instance").dataLoss], ["replace", true]);
    assert.ok(r.byName("db-instance").replaceBecause.includes("engine"), JSON.stringify(r.byName("db-instance")));
    assert.match(r.err, new RegExp(`^${r.file}:6:15: db: db-instance \\(aws:rds/instance:Instance\\) is replaced because .*engine.* every database on the instance .*pass --allow-replace db$`, "m"));
    const allowed = await diff(pg("17"), after, "--allow-replace", "db");
    assert.strictEqual(allowed.code, 0, allowed.err);
    assert.strictEqual(allowed.byName("db-instance").action, "replace");
  });

  it("a major version upgrade is refused at version without allowMajorVersionUpgrade, and updates in place with it", async () => {
    const refused = await diff(pg("16"), pg("17"));
    assert.strictEqual(refused.code, 1);
    assert.match(refused.err, new RegExp(`^${refused.file}:8:20: 16 -> 17 is a major version upgrade: set engine.properties.allowMajorVersionUpgrade: true`, "m"));
    const r = await diff(pg("16"), pg("17", "db.t4g.micro", "          allowMajorVersionUpgrade: true\n"));
    assert.strictEqual(r.code, 0, r.err);
    assert.deepStrictEqual([r.byName("db-instance").action, r.byName("db-instance").dataLoss], ["update", false]);
    assert.ok(r.byName("db-instance").changed.includes("engineVersion"));
    // The parameter group's family follows the major: a new group (nothing held), the instance moves to it in place.
    assert.strictEqual(r.byName("db-parameter-group").action, "replace");
  });

  it("an instance class change is an update in place (exit 0) with a note of its downtime at instanceSize", async () => {
    const r = await diff(pg("17"), pg("17", "db.t4g.small"));
    assert.strictEqual(r.code, 0, r.err);
    assert.deepStrictEqual(r.out.resources.map((x: { name: string; action: string; changed: string[] }) => [x.name, x.action, x.changed]), [["db-instance", "update", ["instanceClass"]]]);
    assert.match(r.err, new RegExp(`^${r.file}:9:44: warning: the primary instance db.t4g.micro -> db.t4g.small changes in place, applied at once: it restarts, unavailable for a few minutes`, "m"));
  });

  it("a cluster identifier given through overrides replaces the cluster: refused as data loss", async () => {
    const r = await diff(aurora(), aurora("    overrides:\n      cluster: { clusterIdentifier: orders-db }\n"));
    assert.strictEqual(r.code, 1);
    assert.deepStrictEqual([r.byName("db-cluster").action, r.byName("db-cluster").dataLoss], ["replace", true]);
    assert.match(r.err, /db-cluster \(aws:rds\/cluster:Cluster\) is replaced because clusterIdentifier, clusterIdentifierPrefix forces a new resource: .*every database in the cluster/);
  });
});
