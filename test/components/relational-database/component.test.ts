// The RelationalDatabase component under the mock engine: the values of its
// connection strings (what the plan shows only as [secret]), the options on
// the children that hold data, overrides by child id, and arguments refused
// with every problem.
import * as assert from "assert";
import * as pulumi from "@pulumi/pulumi";
import { RelationalDatabase, type RelationalDatabaseArgs } from "../../../src/components/relational-database";
import { run, outputValue, isSecretOutput, type RegisteredResource } from "../../harness";

const flagged = (rs: RegisteredResource[], flag: "protect" | "retainOnDelete") => rs.filter((r) => r[flag]).map((r) => r.name).sort();
const postgres: RelationalDatabaseArgs = {
  engine: { type: "postgres", properties: { dbName: "app", primaryInstance: { instanceSize: "db.t4g.micro" }, readReplicas: [{ instanceSize: "db.t4g.small" }] } },
  credentials: { masterUserName: "app_admin", masterUserPassword: pulumi.secret("p:ss#w%rd-1") },
};

describe("RelationalDatabase", function () {
  this.timeout(60000);

  it("postgres: connection strings carry the user and the URL-encoded password, TLS asked; readers from the first replica; all secret", async () => {
    const r = await run(() => new RelationalDatabase("db", postgres));
    const db = r.result;
    const host = String(await outputValue(db.host));
    const reader = String(await outputValue(db.readerHost!));
    assert.notStrictEqual(host, reader);
    assert.strictEqual(await outputValue(db.connectionString), `postgresql://app_admin:p%3Ass%23w%25rd-1@${host}:5432/app?sslmode=require`);
    assert.strictEqual(await outputValue(db.jdbcConnectionString), `jdbc:postgresql://${host}:5432/app?user=app_admin&password=p%3Ass%23w%25rd-1&sslmode=require`);
    assert.strictEqual(await outputValue(db.readerConnectionString!), `postgresql://app_admin:p%3Ass%23w%25rd-1@${reader}:5432/app?sslmode=require`);
    for (const o of [db.connectionString, db.jdbcConnectionString, db.readerConnectionString!, db.readerJdbcConnectionString!]) assert.strictEqual(await isSecretOutput(o), true);
    const replica = r.byName("db-read-replica-0")!;
    assert.deepStrictEqual([replica.inputs.instanceClass, replica.inputs.backupRetentionPeriod, replica.inputs.skipFinalSnapshot, replica.inputs.publiclyAccessible], ["db.t4g.small", 0, true, false]);
    assert.ok(replica.inputs.replicateSourceDb, "replicates the primary");
  });

  it("names its final snapshot per stack and engine: two stages of one account, or an engine change, never reuse a name RDS refuses twice (DBSnapshotAlreadyExists)", async () => {
    const snapshot = async (stack: string, engine: "postgres" | "mysql") => {
      const r = await run(() => new RelationalDatabase("db", { engine: { type: engine, properties: { primaryInstance: { instanceSize: "db.t4g.micro" } } } }), { project: "shop", stack });
      return r.byName("db-instance")!.inputs.finalSnapshotIdentifier as string;
    };
    const [pr1, pr2, pr1Again, pr1Mysql] = [await snapshot("pr-1", "postgres"), await snapshot("pr-2", "postgres"), await snapshot("pr-1", "postgres"), await snapshot("pr-1", "mysql")];
    // RDS: 1-255 letters, digits or hyphens, a letter first, no "--", no hyphen last.
    for (const n of [pr1, pr2, pr1Mysql]) assert.match(n, /^db-final-[0-9a-f]{8}$/);
    assert.strictEqual(pr1Again, pr1, "the same stack and engine keep their name (no update on every deploy)");
    assert.notStrictEqual(pr2, pr1);
    assert.notStrictEqual(pr1Mysql, pr1);
  });

  it("a database name or master user name change, which replaces the instance, gives the new one another final snapshot name (the old one's delete takes the old name)", async () => {
    const snapshot = async (properties: Record<string, unknown>, credentials?: Record<string, unknown>) => {
      const r = await run(() => new RelationalDatabase("db", { engine: { type: "postgres", properties: { primaryInstance: { instanceSize: "db.t4g.micro" }, ...properties } }, ...(credentials ? { credentials } : {}) } as never), { project: "shop", stack: "pr-1" });
      return r.byName("db-instance")!.inputs.finalSnapshotIdentifier as string;
    };
    const base = await snapshot({ dbName: "app" });
    const renamed = await snapshot({ dbName: "shop" });
    const otherUser = await snapshot({ dbName: "app" }, { masterUserName: "owner" });
    for (const n of [base, renamed, otherUser]) assert.match(n, /^db-final-[0-9a-f]{8}$/);
    assert.strictEqual(await snapshot({ dbName: "app" }), base, "the same settings keep their name");
    assert.strictEqual(new Set([base, renamed, otherUser]).size, 3, `${base} ${renamed} ${otherUser}`);
  });

  it("mysql with a managed password: the URLs carry the user and no password; mariadb's JDBC URL is its own driver's", async () => {
    const r = await run(() => [
      new RelationalDatabase("my", { engine: { type: "mysql", properties: { primaryInstance: { instanceSize: "db.t4g.micro" } } } }),
      new RelationalDatabase("maria", { engine: { type: "mariadb", properties: { dbName: "shop", primaryInstance: { instanceSize: "db.t4g.micro" } } } }),
    ]);
    const [my, maria] = r.result;
    const host = String(await outputValue(my.host));
    assert.strictEqual(await outputValue(my.connectionString), `mysql://dbadmin@${host}:3306/`);
    assert.strictEqual(await outputValue(my.jdbcConnectionString), `jdbc:mysql://${host}:3306/?user=dbadmin&sslMode=REQUIRED`);
    assert.match(String(await outputValue(maria.jdbcConnectionString)), /^jdbc:mariadb:\/\/.*:3306\/shop\?user=dbadmin&sslMode=trust$/);
    assert.strictEqual(r.byName("my-instance")!.inputs.manageMasterUserPassword, true);
    assert.deepStrictEqual(r.byName("my-parameter-group")!.inputs.parameters, [{ name: "require_secure_transport", value: "1", applyMethod: "immediate" }]);
    assert.strictEqual(r.byName("maria-parameter-group")!.inputs.family, "mariadb11.4");
    assert.strictEqual(my.readerHost, undefined);
  });

  it("options protect and retainOnDelete reach the instances and the cluster; retainOnDelete also the groups they keep using", async () => {
    const opts = { protect: true, retainOnDelete: true };
    const r = await run(() => [
      new RelationalDatabase("db", postgres, opts),
      new RelationalDatabase("au", { engine: { type: "aurora-postgresql", properties: { instances: [{ instanceSize: "db.r7g.large" }] } } }, opts),
    ]);
    assert.deepStrictEqual(flagged(r.resources, "protect"), ["au-cluster", "db-instance", "db-read-replica-0"]);
    assert.deepStrictEqual(flagged(r.resources, "retainOnDelete"), [
      "au-cluster", "au-cluster-parameter-group", "au-security-group", "au-subnet-group",
      "db-instance", "db-parameter-group", "db-read-replica-0", "db-security-group", "db-subnet-group",
    ]);
  });

  it("an Aurora cluster and its instances are named after the resource (an identifier prefix, unique per create), not the provider's tf-<digits>; a name an override gives replaces the prefix", async () => {
    const r = await run(() => [
      new RelationalDatabase("Orders_DB", { engine: { type: "aurora-postgresql-serverless-v2", properties: { instances: [{}, {}] } } }),
      new RelationalDatabase("named", { engine: { type: "aurora-postgresql-serverless-v2", properties: {} }, transform: { cluster: { clusterIdentifier: "orders-main" } } }),
    ]);
    const cluster = r.byName("Orders_DB-cluster")!;
    assert.strictEqual(cluster.inputs.clusterIdentifierPrefix, "orders-db-");
    assert.match(String(cluster.state!.clusterIdentifier), /^orders-db-\d{26}$/);
    assert.deepStrictEqual(["Orders_DB-cluster-instance-0", "Orders_DB-cluster-instance-1"].map((n) => r.byName(n)!.inputs.identifierPrefix), ["orders-db-0-", "orders-db-1-"]);
    const named = r.byName("named-cluster")!.inputs;
    assert.deepStrictEqual([named.clusterIdentifier, named.clusterIdentifierPrefix], ["orders-main", undefined], "the provider refuses both (ConflictsWith)");
  });

  it("transform by child id adjusts the cluster and each cluster instance", async () => {
    const r = await run(() => new RelationalDatabase("au", {
      engine: { type: "aurora-mysql-serverless-v2", properties: { instances: [{}, {}] } },
      transform: { cluster: (a) => ({ ...a, preferredBackupWindow: "03:00-04:00" }), clusterInstance: (a) => ({ ...a, performanceInsightsEnabled: true }) },
    }));
    assert.strictEqual(r.byName("au-cluster")!.inputs.preferredBackupWindow, "03:00-04:00");
    assert.deepStrictEqual(["au-cluster-instance-0", "au-cluster-instance-1"].map((n) => [r.byName(n)!.inputs.performanceInsightsEnabled, r.byName(n)!.inputs.instanceClass]), [[true, "db.serverless"], [true, "db.serverless"]]);
    assert.match(String(await outputValue(r.result.readerHost!)), /\.cluster-ro-/);
  });

  it("refuses its arguments with every problem at once, the password never in the message", async () => {
    await assert.rejects(
      run(() => new RelationalDatabase("bad", {
        engine: { type: "aurora-postgresql", properties: { instances: [{ instanceSize: "db.t4g.micro" }], version: "9.6" } },
        credentials: { masterUserPassword: "has/slash-and-more" },
      })),
      (err: Error) => {
        assert.match(err.message, /instances\[0\]\.instanceSize/);
        assert.match(err.message, /version/);
        assert.match(err.message, /masterUserPassword/);
        assert.ok(!err.message.includes("has/slash-and-more"), err.message);
        return true;
      },
    );
  });
});
