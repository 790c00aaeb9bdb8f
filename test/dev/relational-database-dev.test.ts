// A relational-database under `stackfile dev`: the real PostgreSQL server with
// the stack's user, password and database, TLS required; a function connected
// to it queries it through the gateway with the `pg` client, over the same
// STP_* variables as in AWS (the readers of a cluster are the same server).
// A MySQL engine on Debian's MariaDB server, queried with its mariadb client.
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { spawnSync } from "child_process";
import { Client } from "pg";
import type { DevSession } from "../../src/cli/dev-session";
import { postgresBinDir } from "../../src/dev/postgres";
import { startDevHere } from "./dev-here";
import { basePort } from "./dev-process";

const QUERY = `import pg from "pg";
const ask = async (url) => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query("select current_database() as db, current_user as usr, (select ssl from pg_stat_ssl where pid = pg_backend_pid()) as tls, 6 * 7 as answer");
    return r.rows[0];
  } finally {
    await c.end();
  }
};
export async function handler() {
  const env = process.env;
  return { statusCode: 200, body: JSON.stringify({
    writer: await ask(env.STP_DB_CONNECTION_STRING),
    reader: await ask(env.STP_DB_READER_CONNECTION_STRING),
    host: env.STP_DB_HOST, port: env.STP_DB_PORT, readerHost: env.STP_DB_READER_HOST,
    jdbc: env.STP_DB_JDBC_CONNECTION_STRING, readerJdbc: env.STP_DB_READER_JDBC_CONNECTION_STRING,
  }) };
}
`;

describe("stackfile dev: relational-database", function () {
  // Hang guard for two busy cores (initdb, a bundle with pg), not a timing.
  this.timeout(180_000);
  const password = "local-Pa55word!";
  const dbPort = basePort() + 51;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rds-dev-"));
  let out: string[] = [];
  let stop: () => void = () => undefined;
  let code: Promise<number> = Promise.resolve(0);
  let session: DevSession | undefined;

  before(async () => {
    // The function's bundle takes pg from the repository's packages, as an application's would from its own.
    fs.symlinkSync(path.resolve("node_modules"), path.join(dir, "node_modules"));
    fs.writeFileSync(path.join(dir, "query.mjs"), QUERY);
    fs.writeFileSync(path.join(dir, "stack.yaml"), `resources:
  db:
    type: relational-database
    properties:
      engine:
        type: aurora-postgresql
        properties:
          dbName: app
          port: ${dbPort}
          instances: [{ instanceSize: db.t4g.medium }, { instanceSize: db.t4g.medium }]
      credentials:
        masterUserName: appadmin
        masterUserPassword: $Secret('dbPassword')
  api:
    type: http-api-gateway
  query:
    type: function
    properties:
      entryfilePath: ./query.mjs
      joinDefaultVpc: true
      connectTo: [db]
      events:
        - { type: http-api-gateway, properties: { httpApiGatewayName: api, path: /answer, method: GET } }
`);
    ({ out, session, code, stop } = await startDevHere([path.join(dir, "stack.yaml"), "--port", String(basePort() + 50), "--secret", `dbPassword=${password}`]));
  });

  after(async () => {
    stop();
    assert.strictEqual(await code, 0, out.join("\n"));
  });

  it("a function connected to it runs a query over TLS, as the stack's user in the stack's database, and the answer comes back through the gateway", async () => {
    const url = String(session!.output("api", "url"));
    const res = await fetch(`${url}/answer`);
    const body = await res.text();
    assert.strictEqual(res.status, 200, `${body}\n${out.join("\n")}`);
    const got = JSON.parse(body);
    const row = { db: "app", usr: "appadmin", tls: true, answer: 42 };
    assert.deepStrictEqual(got.writer, row);
    // A cluster with a reader instance: the READER_* variables reach the same server.
    assert.deepStrictEqual(got.reader, row);
    assert.deepStrictEqual([got.host, got.port, got.readerHost], ["127.0.0.1", String(dbPort), "127.0.0.1"]);
    assert.strictEqual(got.jdbc, `jdbc:postgresql://127.0.0.1:${dbPort}/app?user=appadmin&password=${encodeURIComponent(password)}&sslmode=require`);
    assert.strictEqual(got.readerJdbc, got.jdbc);
  });

  it("refuses a connection without TLS, as RDS does with rds.force_ssl, and a wrong password", async () => {
    const plain = new Client({ host: "127.0.0.1", port: dbPort, user: "appadmin", password, database: "app", ssl: false });
    await assert.rejects(plain.connect(), /no encryption/);
    const wrong = new Client({ host: "127.0.0.1", port: dbPort, user: "appadmin", password: "not-the-password", database: "app", ssl: { ca: fs.readFileSync(path.join(session!.cacheDir, "tls", "ca.crt")) } });
    await assert.rejects(wrong.connect(), /password authentication failed/);
  });

  it("prints the database's address without its password, and never the password in its log", () => {
    const line = out.find((l) => l.startsWith("db "));
    assert.match(line ?? "", new RegExp(`postgresql://127\\.0\\.0\\.1:${dbPort}/app`), out.join("\n"));
    assert.ok(!out.join("\n").includes(password), out.join("\n"));
    assert.strictEqual(session!.output("db", "connectionString"), `postgresql://appadmin:${encodeURIComponent(password)}@127.0.0.1:${dbPort}/app?sslmode=require`);
  });

  it("says once when the local PostgreSQL's major version is not the one the stack asks for (aurora-postgresql's default, 16)", () => {
    const local = /PostgreSQL\)\s+(\d+)/.exec(spawnSync(path.join(postgresBinDir(), "postgres"), ["--version"], { encoding: "utf8" }).stdout)![1];
    const notes = out.filter((l) => /^\[db\] runs PostgreSQL \S+ here; the stack asks for aurora-postgresql 16/.test(l));
    assert.strictEqual(notes.length, local === "16" ? 0 : 1, out.join("\n"));
  });

  it("stops with PostgreSQL's fast shutdown, so a client still connected does not hold dev up (its log says which shutdown it got)", async () => {
    const open = new Client({ host: "127.0.0.1", port: dbPort, user: "appadmin", password, database: "app", ssl: { ca: fs.readFileSync(path.join(session!.cacheDir, "tls", "ca.crt")) } });
    open.on("error", () => undefined);
    await open.connect();
    stop();
    assert.strictEqual(await code, 0, out.join("\n"));
    assert.ok(out.some((l) => /received fast shutdown request/.test(l)), out.join("\n"));
    assert.ok(!out.some((l) => /received smart shutdown request/.test(l)), out.join("\n"));
  });
});

describe("stackfile dev: relational-database of a MySQL engine, on MariaDB", function () {
  // Hang guard for two busy cores (mariadb-install-db), not a timing.
  this.timeout(120_000);
  const password = "my'Local\\Pa55";
  const dbPort = basePort() + 52;
  let out: string[] = [];
  let stop: () => void = () => undefined;
  let code: Promise<number> = Promise.resolve(0);
  let session: DevSession | undefined;
  /** The mariadb client (Debian's, beside the server) over TCP; its password from the environment, not the command line. */
  const client = (args: string[], pw = password) => spawnSync("mariadb", ["--protocol=tcp", "--host=127.0.0.1", `--port=${dbPort}`, "--user=appadmin", "--batch", "--skip-column-names", ...args], { encoding: "utf8", env: { ...process.env, MYSQL_PWD: pw } });

  before(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rds-dev-mysql-"));
    fs.writeFileSync(path.join(dir, "stack.yaml"), `resources:
  db:
    type: relational-database
    properties:
      engine:
        type: mysql
        properties: { dbName: app, port: ${dbPort}, primaryInstance: { instanceSize: db.t4g.micro } }
      credentials: { masterUserName: appadmin, masterUserPassword: $Secret('dbPassword') }
`);
    ({ out, session, code, stop } = await startDevHere([path.join(dir, "stack.yaml"), "--port", String(basePort() + 53), "--secret", `dbPassword=${password}`]));
  });

  after(async () => {
    stop();
    assert.strictEqual(await code, 0, out.join("\n"));
  });

  it("serves the stack's database to its master user over TLS checked against the session's CA, and gives the cloud's URLs", () => {
    const ca = path.join(session!.cacheDir, "tls", "ca.crt");
    const got = client(["--ssl", `--ssl-ca=${ca}`, "--ssl-verify-server-cert", "-e", "select database(), current_user(), 6 * 7; show status like 'Ssl_version'", "app"]);
    assert.strictEqual(got.status, 0, got.stderr + out.join("\n"));
    const [row, tls] = got.stdout.trim().split("\n");
    assert.strictEqual(row, "app\tappadmin@%\t42");
    assert.match(tls, /^Ssl_version\tTLSv1\.[23]$/);
    assert.strictEqual(session!.output("db", "connectionString"), `mysql://appadmin:${encodeURIComponent(password)}@127.0.0.1:${dbPort}/app`);
    assert.strictEqual(session!.output("db", "jdbcConnectionString"), `jdbc:mysql://127.0.0.1:${dbPort}/app?user=appadmin&password=${encodeURIComponent(password)}&sslMode=REQUIRED`);
    assert.match(out.find((l) => l.startsWith("db ")) ?? "", new RegExp(`^db\\s+mysql://127\\.0\\.0\\.1:${dbPort}/app \\(MariaDB, TLS required\\)`));
    assert.ok(!out.join("\n").includes(password));
  });

  it("says once that a MySQL engine runs on MariaDB here, with both versions", () => {
    assert.strictEqual(out.filter((l) => /^\[db\] runs MariaDB \d+\.\d+\S* here; the stack asks for mysql 8\.0:/.test(l)).length, 1, out.join("\n"));
  });

  it("refuses a connection without TLS, and a wrong password", () => {
    assert.notStrictEqual(client(["--skip-ssl", "-e", "select 1", "app"]).status, 0);
    const ca = path.join(session!.cacheDir, "tls", "ca.crt");
    const wrong = client(["--ssl", `--ssl-ca=${ca}`, "-e", "select 1", "app"], "not-the-password");
    assert.match(wrong.stderr, /Access denied/);
  });
});
