// relational-database in a stack file, through `plan --json` (the mock
// engine, the catalog of AWS rules): a PostgreSQL instance, an Aurora cluster
// with a reader and a Serverless v2 cluster, each connected to a function.
// One plan, read by every check.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { cli } from "../../cli/cli-helpers";

interface Planned { type: string; name: string; parent: string | null; dependsOn: string[]; inputs: Record<string, any> }

const STACK = `resources:
  pg:
    type: relational-database
    properties:
      engine:
        type: postgres
        properties:
          version: "16.4"
          dbName: app
          primaryInstance: { instanceSize: db.t4g.micro }
      credentials:
        masterUserPassword: $Secret(pgPassword)
      accessibility:
        accessibilityMode: scoping-workloads-in-vpc
  aurora:
    type: relational-database
    properties:
      engine:
        type: aurora-mysql
        properties:
          dbName: shop
          instances:
            - instanceSize: db.r7g.large
            - instanceSize: db.t4g.medium
      automatedBackupRetentionDays: 14
  slim:
    type: relational-database
    properties:
      engine:
        type: aurora-postgresql-serverless-v2
        properties:
          minCapacity: 0
          maxCapacity: 8
      credentials:
        masterUserPassword: $Secret(slimPassword)
      deletionProtection: false
  api:
    type: function
    properties:
      entryfilePath: ./fn.ts
      joinDefaultVpc: true
      connectTo: [pg, aurora, slim]
`;

describe("relational-database: plan of an instance, an Aurora cluster with a reader, and Serverless v2", function () {
  this.timeout(120000);
  let resources: Planned[];
  let outputs: Record<string, Record<string, unknown>>;
  const one = (name: string) => {
    const r = resources.find((x) => x.name === name);
    assert.ok(r, `no ${name} in ${resources.map((x) => x.name).join(", ")}`);
    return r;
  };

  before(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rds-plan-"));
    fs.writeFileSync(path.join(dir, "fn.ts"), "export async function handler() {\n  return { statusCode: 200, body: 'ok' };\n}\n");
    fs.writeFileSync(path.join(dir, "stack.yaml"), STACK);
    const r = await cli("plan", path.join(dir, "stack.yaml"), "--json", "--secret", "pgPassword=Correct-Horse-Battery-1", "--secret", "slimPassword=Another-Good-Pass-2");
    assert.strictEqual(r.code, 0, r.err);
    ({ resources, outputs } = JSON.parse(r.out));
  });

  it("postgres: an encrypted, private gp3 instance with backups, deletion protection, a final snapshot and its password as a secret", () => {
    const i = one("pg-instance").inputs;
    assert.strictEqual(one("pg-instance").type, "aws:rds/instance:Instance");
    assert.deepStrictEqual(
      [i.engine, i.engineVersion, i.instanceClass, i.dbName, i.port, i.username, i.password, i.manageMasterUserPassword],
      ["postgres", "16.4", "db.t4g.micro", "app", 5432, "dbadmin", "[secret]", undefined],
    );
    assert.deepStrictEqual(
      [i.storageEncrypted, i.publiclyAccessible, i.storageType, i.allocatedStorage, i.backupRetentionPeriod, i.deletionProtection, i.skipFinalSnapshot, i.finalSnapshotIdentifier],
      [true, false, "gp3", 20, 7, true, false, i.finalSnapshotIdentifier],
    );
    assert.match(i.finalSnapshotIdentifier, /^pg-final-[0-9a-f]{8}$/
    );
    assert.deepStrictEqual(i.enabledCloudwatchLogsExports, ["postgresql"]);
    assert.strictEqual(i.allowMajorVersionUpgrade, false);
  });

  it("postgres: its parameter group is of the version's family and requires TLS (rds.force_ssl)", () => {
    const g = one("pg-parameter-group").inputs;
    assert.strictEqual(g.family, "postgres16");
    assert.deepStrictEqual(g.parameters, [{ name: "rds.force_ssl", value: "1", applyMethod: "immediate" }]);
  });

  it("scoping-workloads-in-vpc: no VPC-wide ingress; the function's security group is let in on 5432", () => {
    assert.strictEqual(resources.find((x) => x.name === "pg-vpc-ingress"), undefined);
    const rules = resources.filter((x) => x.type === "aws:vpc/securityGroupIngressRule:SecurityGroupIngressRule" && x.dependsOn.includes("pg-security-group"));
    assert.deepStrictEqual(rules.map((x) => x.name), ["api-connect-ingress-pg"]);
    const rule = rules[0];
    assert.deepStrictEqual([rule.inputs.fromPort, rule.inputs.toPort, rule.inputs.ipProtocol, rule.inputs.cidrIpv4], [5432, 5432, "tcp", undefined]);
    assert.ok(rule.dependsOn.includes("api-security-group"), "from the function's security group");
    assert.match(rule.inputs.referencedSecurityGroupId, /^sg-/);
    // The VPC-wide rule of a database in mode vpc, for contrast.
    assert.strictEqual(one("slim-vpc-ingress").inputs.cidrIpv4, "172.31.0.0/16");
  });

  it("aurora-mysql: a cluster with a managed password, TLS required by its cluster parameter group, a writer and a reader", () => {
    const c = one("aurora-cluster").inputs;
    assert.deepStrictEqual(
      [c.engine, c.engineVersion, c.engineMode, c.databaseName, c.port, c.masterUsername, c.masterPassword, c.manageMasterUserPassword, c.storageEncrypted, c.backupRetentionPeriod, c.deletionProtection],
      ["aurora-mysql", "8.0.mysql_aurora.3.08.0", "provisioned", "shop", 3306, "dbadmin", undefined, true, true, 14, true],
    );
    assert.deepStrictEqual(c.enabledCloudwatchLogsExports, ["error", "slowquery"]);
    const g = one("aurora-cluster-parameter-group").inputs;
    assert.strictEqual(g.family, "aurora-mysql8.0");
    assert.deepStrictEqual(g.parameters, [{ name: "require_secure_transport", value: "ON", applyMethod: "immediate" }]);
    const writer = one("aurora-cluster-instance-0").inputs;
    const reader = one("aurora-cluster-instance-1").inputs;
    assert.deepStrictEqual([writer.instanceClass, writer.promotionTier, writer.engine, writer.publiclyAccessible], ["db.r7g.large", 0, "aurora-mysql", false]);
    assert.deepStrictEqual([reader.instanceClass, reader.promotionTier], ["db.t4g.medium", 1]);
    assert.ok(resources.find((x) => x.name === "aurora-vpc-ingress"), "mode vpc opens the port to the VPC");
  });

  it("serverless v2: the capacity range on the cluster, one db.serverless writer, no deletion protection when asked", () => {
    const c = one("slim-cluster").inputs;
    assert.deepStrictEqual(c.serverlessv2ScalingConfiguration, { minCapacity: 0, maxCapacity: 8 });
    assert.deepStrictEqual([c.engine, c.engineVersion, c.deletionProtection, c.masterPassword], ["aurora-postgresql", "16", false, "[secret]"]);
    assert.strictEqual(one("slim-cluster-instance-0").inputs.instanceClass, "db.serverless");
    assert.strictEqual(resources.find((x) => x.name === "slim-cluster-instance-1"), undefined);
    assert.strictEqual(one("slim-cluster-parameter-group").inputs.family, "aurora-postgresql16");
  });

  it("connectTo: the spec's variables, connection strings as secrets, READER_* only for the cluster with a reader", () => {
    const vars = one("api-function").inputs.environment.variables as Record<string, string>;
    const of = (prefix: string) => Object.keys(vars).filter((k) => k.startsWith(prefix)).sort();
    assert.deepStrictEqual(of("STP_PG_"), ["STP_PG_CONNECTION_STRING", "STP_PG_HOST", "STP_PG_JDBC_CONNECTION_STRING", "STP_PG_PORT"]);
    assert.deepStrictEqual(of("STP_AURORA_"), [
      "STP_AURORA_CONNECTION_STRING", "STP_AURORA_HOST", "STP_AURORA_JDBC_CONNECTION_STRING", "STP_AURORA_PORT",
      "STP_AURORA_READER_CONNECTION_STRING", "STP_AURORA_READER_HOST", "STP_AURORA_READER_JDBC_CONNECTION_STRING",
    ]);
    assert.deepStrictEqual(of("STP_SLIM_"), ["STP_SLIM_CONNECTION_STRING", "STP_SLIM_HOST", "STP_SLIM_JDBC_CONNECTION_STRING", "STP_SLIM_PORT"]);
    for (const k of ["STP_PG_CONNECTION_STRING", "STP_PG_JDBC_CONNECTION_STRING", "STP_AURORA_READER_CONNECTION_STRING", "STP_SLIM_JDBC_CONNECTION_STRING"]) assert.strictEqual(vars[k], "[secret]", k);
    assert.match(vars.STP_PG_HOST, /^pg-instance[0-9a-f]*\..*\.us-east-1\.rds\.amazonaws\.com$/);
    assert.strictEqual(vars.STP_PG_PORT, "5432");
    assert.match(vars.STP_AURORA_HOST, /\.cluster-[a-z0-9]+\.us-east-1\.rds\.amazonaws\.com$/);
    assert.match(vars.STP_AURORA_READER_HOST, /\.cluster-ro-[a-z0-9]+\.us-east-1\.rds\.amazonaws\.com$/);
    assert.strictEqual(vars.STP_AURORA_PORT, "3306");
  });

  it("stack outputs: the parameters each database has, connection strings secret", () => {
    assert.deepStrictEqual(Object.keys(outputs.pg).sort(), ["connectionString", "dbName", "host", "jdbcConnectionString", "port"]);
    assert.deepStrictEqual(Object.keys(outputs.aurora).sort(), [
      "connectionString", "dbName", "host", "jdbcConnectionString", "port", "readerConnectionString", "readerHost", "readerJdbcConnectionString",
    ]);
    assert.deepStrictEqual([outputs.pg.connectionString, outputs.pg.dbName, outputs.slim.dbName, outputs.aurora.dbName], ["[secret]", "app", "postgres", "shop"]);
  });
});
