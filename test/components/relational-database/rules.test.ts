import * as assert from "assert";
import { relationalStaticProblems, relationalUpdateProblems, relationalWarnings } from "../../../src/components/relational-database/rules";

const paths = (ps: { path: (string | number)[] }[]) => ps.map((p) => p.path.join("."));
const pg = (props: Record<string, unknown> = {}, rest: Record<string, unknown> = {}) => ({ engine: { type: "postgres", properties: { primaryInstance: { instanceSize: "db.t4g.micro" }, ...props } }, ...rest });
const aurora = (type: string, props: Record<string, unknown> = {}, rest: Record<string, unknown> = {}) => ({ engine: { type, properties: props }, ...rest });
const PW = { credentials: { masterUserPassword: "Correct-Horse-1" } };

describe("relational-database static rules", () => {
  const cases: { name: string; props: Record<string, unknown>; expect: string[] }[] = [
    { name: "a postgres instance passes", props: pg(), expect: [] },
    { name: "postgres without primaryInstance fails at engine.properties", props: { engine: { type: "postgres" } }, expect: ["engine.properties"] },
    { name: "an instance class of an unknown family fails", props: pg({ primaryInstance: { instanceSize: "db.q9.large" } }), expect: ["engine.properties.primaryInstance.instanceSize"] },
    { name: "a version the engine does not offer fails", props: pg({ version: "9.6" }), expect: ["engine.properties.version"] },
    { name: "a version in another engine's form fails", props: aurora("aurora-mysql", { version: "8.0.40", instances: [{ instanceSize: "db.r7g.large" }] }), expect: ["engine.properties.version"] },
    { name: "an offered version passes", props: pg({ version: "17.4" }), expect: [] },
    { name: "instances on an RDS instance engine fail", props: pg({ instances: [{ instanceSize: "db.r7g.large" }] }), expect: ["engine.properties.instances"] },
    { name: "capacity outside Serverless v2 fails", props: pg({ minCapacity: 1 }), expect: ["engine.properties.minCapacity"] },
    { name: "read replicas with a password pass", props: pg({ readReplicas: [{ instanceSize: "db.t4g.micro" }] }, PW), expect: [] },
    { name: "read replicas with a managed password fail (RDS refuses)", props: pg({ readReplicas: [{ instanceSize: "db.t4g.micro" }] }), expect: ["engine.properties.readReplicas"] },
    { name: "a provisioned Aurora cluster without instances fails", props: aurora("aurora-postgresql"), expect: ["engine.properties"] },
    { name: "an Aurora micro class fails", props: aurora("aurora-postgresql", { instances: [{ instanceSize: "db.t4g.micro" }] }), expect: ["engine.properties.instances.0.instanceSize"] },
    { name: "an Aurora m class fails", props: aurora("aurora-postgresql", { instances: [{ instanceSize: "db.m6g.large" }] }), expect: ["engine.properties.instances.0.instanceSize"] },
    { name: "an Aurora instance without a size fails", props: aurora("aurora-mysql", { instances: [{}] }), expect: ["engine.properties.instances.0"] },
    { name: "Aurora with storage fields fails", props: aurora("aurora-mysql", { instances: [{ instanceSize: "db.r7g.large" }], allocatedStorage: 100 }), expect: ["engine.properties.allocatedStorage"] },
    { name: "Serverless v2 with defaults passes", props: aurora("aurora-postgresql-serverless-v2"), expect: [] },
    { name: "a Serverless v2 instance with a size fails", props: aurora("aurora-mysql-serverless-v2", { instances: [{ instanceSize: "db.r7g.large" }] }), expect: ["engine.properties.instances.0.instanceSize"] },
    { name: "a Serverless v2 minimum above the maximum fails", props: aurora("aurora-postgresql-serverless-v2", { minCapacity: 8, maxCapacity: 2 }), expect: ["engine.properties.minCapacity"] },
    { name: "capacity off the half-ACU steps fails", props: aurora("aurora-postgresql-serverless-v2", { maxCapacity: 2.25 }), expect: ["engine.properties.maxCapacity"] },
    { name: "maxAllocatedStorage not above allocatedStorage fails", props: pg({ allocatedStorage: 100, maxAllocatedStorage: 50 }), expect: ["engine.properties.maxAllocatedStorage"] },
    { name: "a reserved master user name fails", props: pg({}, { credentials: { masterUserName: "user" } }), expect: ["credentials.masterUserName"] },
    { name: "a dbName with a hyphen fails", props: pg({ dbName: "my-app" }), expect: ["engine.properties.dbName"] },
    { name: "unknown values are not judged", props: pg({ version: { unknown: true }, primaryInstance: { instanceSize: { unknown: true } } }), expect: [] },
    { name: "every problem at once", props: { engine: { type: "mysql", properties: { version: "5.1", instances: [] } }, credentials: { masterUserName: "select" } }, expect: ["engine.properties.instances", "engine.properties", "credentials.masterUserName", "engine.properties.version"] },
  ];
  for (const c of cases) it(c.name, () => assert.deepStrictEqual(paths(relationalStaticProblems(c.props)), c.expect));
});

describe("relational-database master password (checked offline, never echoed)", () => {
  const problems = (pw: string, type = "postgres") => relationalStaticProblems(type === "postgres" ? pg({}, { credentials: { masterUserPassword: pw } }) : aurora(type, {}, { credentials: { masterUserPassword: pw } }));
  it("passes printable ASCII of the right length", () => assert.deepStrictEqual(problems("Correct-Horse-Battery-1"), []));
  for (const [pw, what] of [["has/slash1", "/"], ["has\"quote1", "\""], ["has@sign12", "@"], ["has space1", "space"]] as const) {
    it(`refuses ${what}, naming the character class and not the password`, () => {
      const ps = problems(pw);
      assert.strictEqual(ps.length, 1);
      assert.deepStrictEqual(ps[0].path, ["credentials", "masterUserPassword"]);
      assert.ok(ps[0].message.includes(what), ps[0].message);
      assert.ok(!ps[0].message.includes(pw), "the password is never in the message");
    });
  }
  it("PostgreSQL instances take 128 characters; Aurora 41", () => {
    assert.deepStrictEqual(problems("a".repeat(128)), []);
    assert.match(problems("a".repeat(42), "aurora-postgresql-serverless-v2")[0].message, /has 42 characters; this engine takes 8 to 41/);
  });
  it("a literal password is a warning (use $Secret)", () => {
    assert.deepStrictEqual(paths(relationalWarnings(pg({}, PW), { resource: "db" })), ["credentials.masterUserPassword"]);
    assert.deepStrictEqual(relationalWarnings(pg(), { resource: "db" }), []);
  });
});

describe("relational-database update rules", () => {
  const v = (version: string | undefined, allow?: boolean) => pg({ version, allowMajorVersionUpgrade: allow });
  it("a minor upgrade passes", () => assert.deepStrictEqual(relationalUpdateProblems(v("16.3"), v("16.4")), []));
  it("a major upgrade without allowMajorVersionUpgrade is refused at version", () => {
    const ps = relationalUpdateProblems(v("16.4"), v("17.2"));
    assert.deepStrictEqual(paths(ps), ["engine.properties.version"]);
    assert.match(ps[0].message, /16\.4 -> 17\.2 is a major version upgrade: set engine\.properties\.allowMajorVersionUpgrade: true/);
  });
  it("a major upgrade with the flag passes", () => assert.deepStrictEqual(relationalUpdateProblems(v("16.4"), v("17.2", true)), []));
  it("from the default version (17) to 16 is a downgrade, refused", () => assert.match(relationalUpdateProblems(v(undefined), v("16"))[0].message, /below the deployed 17: RDS upgrades only/));
  it("a minor downgrade is refused; a major alone after a full version is not judged a downgrade", () => {
    assert.deepStrictEqual(paths(relationalUpdateProblems(v("17.4"), v("17.2"))), ["engine.properties.version"]);
    assert.deepStrictEqual(relationalUpdateProblems(v("17.4"), v("17")), []);
  });
  it("Aurora MySQL 3 minors compare as versions", () => {
    const am = (version: string) => aurora("aurora-mysql", { version, instances: [{ instanceSize: "db.r7g.large" }] });
    assert.deepStrictEqual(relationalUpdateProblems(am("8.0.mysql_aurora.3.05.2"), am("8.0.mysql_aurora.3.08.0")), []);
    assert.deepStrictEqual(paths(relationalUpdateProblems(am("8.0.mysql_aurora.3.08.0"), am("8.0.mysql_aurora.3.05.2"))), ["engine.properties.version"]);
  });
  it("an engine change is left to diff's data-loss refusal (not an update rule)", () => assert.deepStrictEqual(relationalUpdateProblems(pg(), aurora("aurora-postgresql", { instances: [{ instanceSize: "db.r7g.large" }] })), []));
});

describe("relational-database update notes", () => {
  it("an instance class change is a note (warning) on the size, in place with its downtime; not a refusal", () => {
    const ps = relationalUpdateProblems(pg(), pg({ primaryInstance: { instanceSize: "db.t4g.small" } }));
    assert.deepStrictEqual(ps.map((p) => [p.path.join("."), p.warning]), [["engine.properties.primaryInstance.instanceSize", true]]);
    assert.match(ps[0].message, /db\.t4g\.micro -> db\.t4g\.small changes in place, applied at once: it restarts, unavailable for a few minutes/);
  });
  it("a Multi-AZ primary fails over instead", () => {
    const ps = relationalUpdateProblems(pg({ primaryInstance: { instanceSize: "db.m7g.large", multiAz: true } }), pg({ primaryInstance: { instanceSize: "db.m7g.xlarge", multiAz: true } }));
    assert.match(ps[0].message, /fails over to its standby/);
  });
  it("an Aurora reader's class change names the reader; an unchanged size says nothing", () => {
    const am = (r: string) => aurora("aurora-mysql", { instances: [{ instanceSize: "db.r7g.large" }, { instanceSize: r }] });
    assert.deepStrictEqual(paths(relationalUpdateProblems(am("db.r7g.large"), am("db.r7g.xlarge"))), ["engine.properties.instances.1.instanceSize"]);
    assert.deepStrictEqual(relationalUpdateProblems(am("db.r7g.large"), am("db.r7g.large")), []);
  });
});
