import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { spawnSync } from "child_process";
import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import { cli, tmpFile, cacheStack } from "./cli-helpers";
import { runWithMocks } from "../../src/cli/mock-engine";
import { exampleBuild } from "../nextjs-fixture";
import { requireBuilt } from "../built";

const EXAMPLE = "examples/yaml-stack/stack.yaml";
/** The CLI in a process of its own. */
const RUN_CLI = path.join(__dirname, "../fixtures/run-cli.ts");


const cache = cacheStack;

describe("stackfile validate", () => {
  it("exits 0 with 'ok: N resources' for a good file", async () => {
    assert.deepStrictEqual(await cli("validate", EXAMPLE), { code: 0, out: "ok: 9 resources", err: "" });
  });

  it("exits 1 with one FILE:LINE:COL line per problem", async () => {
    const f = tmpFile(cache("      port: x\n      numShards: 0\n"));
    const r = await cli("validate", f);
    assert.strictEqual(r.code, 1);
    assert.deepStrictEqual(r.err.split("\n"), [
      `${f}:7:13: port must be a number, not the string "x"`,
      `${f}:8:18: numShards must be at least 1 (it is 0); allowed: 1 to 500`,
    ]);
    assert.strictEqual(r.out, "");
  });

  it("exits 2 for usage errors and unreadable files", async () => {
    assert.strictEqual((await cli()).code, 2);
    assert.strictEqual((await cli("frobnicate")).code, 2);
    assert.strictEqual((await cli("validate")).code, 2);
    assert.strictEqual((await cli("validate", "a", "b")).code, 2);
    assert.strictEqual((await cli("validate", "--strict", EXAMPLE)).code, 2);
    const missing = await cli("validate", "/nonexistent/stack.yaml");
    assert.deepStrictEqual(missing, { code: 2, out: "", err: "stackfile validate: cannot read /nonexistent/stack.yaml: no such file" });
    assert.strictEqual((await cli("validate", os.tmpdir())).code, 2);
  });
});

describe("stackfile plan", () => {
  // The example app's build is made once here (minutes on a cold, busy machine), so each plan below reads it.
  before(function () {
    this.timeout(900_000);
    exampleBuild();
  });

  it("prints the whole resource tree with secrets masked", async () => {
    const r = await cli("plan", EXAMPLE);
    assert.strictEqual(r.code, 0, r.err);
    // (The default VPC's endpoints are children of the stack's DefaultVpcEndpoints, the sixth component.)
    // (105: the function's three default alarms, the gateway's three (its CDN's among them), the caches' twelve (sessions: four for each of its two shards; cache: four) and the site server's three are children too.)
    assert.match(r.out, /128 resources \(10 components\)/);
    assert.match(r.out, /├─ sessions-replication-lag-alarm-0002 {2}\(aws:cloudwatch\/metricAlarm:MetricAlarm\)/);
    assert.match(r.out, /├─ web-server-duration-alarm {2}\(aws:cloudwatch\/metricAlarm:MetricAlarm\)/);
    assert.match(r.out, /├─ hello-errors-alarm {2}\(aws:cloudwatch\/metricAlarm:MetricAlarm\)/);
    assert.match(r.out, /├─ api-cdn-server-errors-alarm {2}\(aws:cloudwatch\/metricAlarm:MetricAlarm\)/);
    // The function behind the gateway: its routes are the gateway's children.
    assert.match(r.out, /├─ hello-function {2}\(aws:lambda\/function:Function\)/);
    assert.match(r.out, /├─ api-route-get-hello-[0-9a-f]{6} {2}\(aws:apigatewayv2\/route:Route\)/);
    assert.match(r.out, /^sessions {2}\(stackfile:index:RedisCluster\)$/m);
    assert.match(r.out, /├─ cache-replication-group {2}\(aws:elasticache\/replicationGroup:ReplicationGroup\)/);
    // Children print in name order, whatever order the program registered them in.
    assert.match(r.out, /└─ cache-vpc-ingress {2}\(aws:vpc\/securityGroupIngressRule:SecurityGroupIngressRule\)/);
    // A code archive shows its digest, so review sees a code change (or proof of none).
    assert.match(r.out, /code: archive of 2 members\n.*\.: archive of examples\/nextjs-app\/\.open-next\/server-functions\/default \(\d+ files, sha256 [0-9a-f]{64}\)/);
    assert.match(r.out, /authToken: \[secret\]/);
    assert.match(r.out, /^ {2}pulumi stack output sessions --json --show-secrets\n( {4}\S.*\n)* {4}connectionString: \[secret\]$/m);
    // The footer recommends the channels argv does not show (docs/secrets.md), with each value's shape.
    assert.match(r.out, /^Secrets not given, shown with placeholders: redis, sessionsPassword\. Give them in a --secrets-file or as STACKFILE_SECRET_REDIS, STACKFILE_SECRET_SESSIONS_PASSWORD \(docs\/secrets\.md\); each value as in --secret redis='\{"cachePassword":"VALUE"\}' --secret sessionsPassword=VALUE\.$/m);
    assert.ok(!/Placeholder-/.test(r.out), "placeholder values never show");
  });

  it("--json prints every registered resource with parent and masked inputs, the outputs and the monthly cost", async () => {
    const r = await cli("plan", EXAMPLE, "--json", "--secret", "sessionsPassword=Sessions-Password-123", "--secret=redis={\"cachePassword\":\"Cache-Password-12345\"}");
    assert.strictEqual(r.code, 0, r.err);
    const plan = JSON.parse(r.out);
    assert.deepStrictEqual(Object.keys(plan), ["resources", "outputs", "cost"]);
    const rg = plan.resources.find((x: any) => x.name === "cache-replication-group");
    assert.deepStrictEqual(
      { type: rg.type, parent: rg.parent, authToken: rg.inputs.authToken, port: rg.inputs.port },
      { type: "aws:elasticache/replicationGroup:ReplicationGroup", parent: "cache", authToken: "[secret]", port: 6379 },
    );
    assert.deepStrictEqual(plan.resources.find((x: any) => x.name === "cache"), { type: "stackfile:index:RedisCluster", name: "cache", parent: null, dependsOn: [], inputs: {} });
    // The order a reviewer needs: the server only after its static files, the group after its guard (checked before it is touched).
    assert.ok(plan.resources.find((x: any) => x.name === "web-server-function").dependsOn.includes("web-assets"));
    assert.ok(plan.resources.find((x: any) => x.name === "cache-replication-group").dependsOn.includes("cache-update-guard"));
    assert.strictEqual(plan.outputs.cache.connectionString, "[secret]");
    assert.strictEqual(plan.outputs.cache.port, 6379);
    assert.match(plan.outputs.sessions.host, /^clustercfg\./);
    assert.ok(!r.out.includes("Sessions-Password-123") && !r.out.includes("Cache-Password-12345"), "secret values never show");
    const server = plan.resources.find((x: any) => x.name === "web-server-function");
    assert.deepStrictEqual(Object.keys(server.inputs.code.archive), [".", "stackfile-server.mjs"], "code shows as what it is made of");
    assert.match(server.inputs.code.archive["."], new RegExp(`^archive of ${path.join("examples", "nextjs-app", ".open-next", "server-functions", "default").replace(/\./g, "\\.")} \\(\\d+ files, sha256 [0-9a-f]{64}\\)$`));
    assert.match(server.inputs.code.archive["stackfile-server.mjs"], /^text, \d+ bytes, sha256 [0-9a-f]{64}$/);
  });

  it("resolves $ResourceParam across resources (cache.port follows sessions.port)", async () => {
    const f = tmpFile(`resources:
  a:
    type: redis-cluster
    properties: { instanceSize: cache.t3.micro, defaultUserPassword: $Secret(passwordSecret), port: 7001 }
  b:
    type: redis-cluster
    properties: { instanceSize: cache.t3.micro, defaultUserPassword: $Secret(passwordSecret), port: "$ResourceParam(a, port)" }
`);
    const plan = JSON.parse((await cli("plan", f, "--json")).out);
    assert.strictEqual(plan.resources.find((x: any) => x.name === "b-replication-group").inputs.port, 7001);
  });

  it("applies overrides to the named child", async () => {
    const f = tmpFile(cache("      numReplicaNodes: 1\n    overrides:\n      replicationGroup:\n        maintenanceWindow: sun:05:00-sun:06:00\n      slowLog:\n        retentionInDays: 1\n"));
    const plan = JSON.parse((await cli("plan", f, "--json")).out);
    assert.strictEqual(plan.resources.find((x: any) => x.name === "cache-replication-group").inputs.maintenanceWindow, "sun:05:00-sun:06:00");
    assert.strictEqual(plan.resources.find((x: any) => x.name === "cache-slow-log").inputs.retentionInDays, 1);
  });

  it("refuses a --secret that lacks a key the file reads, at the first directive that reads it", async () => {
    const r = await cli("plan", EXAMPLE, "--secret", "redis={}");
    assert.strictEqual(r.code, 1);
    const line = fs.readFileSync(EXAMPLE, "utf8").split("\n").findIndex((l) => l.includes("$Secret('redis.cachePassword')")) + 1;
    assert.strictEqual(r.err, `${EXAMPLE}:${line}:28: secret 'redis' has no key 'cachePassword' (read by $Secret('redis.cachePassword')); pass --secret redis='{"cachePassword":"VALUE"}'`);
  });

  it("two resources reading two keys of one JSON secret: each missing key is said at a resource that reads it, all at once", async () => {
    const f = tmpFile(`resources:
  c2:
    type: redis-cluster
    properties:
      instanceSize: cache.t4g.micro
      defaultUserPassword: "$Secret('redis.password')"
  c3:
    type: redis-cluster
    properties:
      instanceSize: cache.t4g.micro
      defaultUserPassword: "$Secret('redis.token')"
`);
    const one = await cli("plan", f, "--secret", `redis={"password":"Correct-Horse-Battery-1"}`);
    assert.strictEqual(one.code, 1);
    const hint = `pass --secret redis='{"password":"VALUE","token":"VALUE"}'`;
    assert.strictEqual(one.err, `${f}:11:28: secret 'redis' has no key 'token' (read by $Secret('redis.token')); ${hint}`);
    const both = await cli("plan", f, "--secret", "redis={}");
    assert.deepStrictEqual(both.err.split("\n"), [
      `${f}:6:28: secret 'redis' has no key 'password' (read by $Secret('redis.password')); ${hint}`,
      `${f}:11:28: secret 'redis' has no key 'token' (read by $Secret('redis.token')); ${hint}`,
    ]);
    // Not given at all: placeholders, and the footer says what to pass, with the keys the file reads.
    const none = await cli("plan", f);
    assert.strictEqual(none.code, 0, none.err);
    assert.match(none.out, /^Secrets not given, shown with placeholders: redis\. Give them in a --secrets-file or as STACKFILE_SECRET_REDIS \(docs\/secrets\.md\); each value as in --secret redis='\{"password":"VALUE","token":"VALUE"\}'\.$/m);
  });

  it("reports a failing Next.js build at the resource, without a stack trace", async () => {
    const app = path.resolve("examples/nextjs-app");
    const f = tmpFile(`resources:\n  web:\n    type: nextjs-web\n    properties:\n      appDirectory: ${app}\n      buildCommand: "exit 7"\n`);
    const r = await cli("plan", f);
    assert.strictEqual(r.code, 1);
    assert.strictEqual(r.err, `${f}:2:3: NextjsWeb 'web': the build of ${app} failed: \`exit 7\` exited with 7; its output is above`);
    const missing = await cli("plan", tmpFile("resources:\n  web:\n    type: nextjs-web\n    properties:\n      appDirectory: ./nope\n"));
    assert.strictEqual(missing.code, 1);
    assert.match(missing.err, /:2:3: NextjsWeb 'web': appDirectory .*nope does not exist/);
  });

  it("prints the same plan in two processes, byte for byte (no timestamps, no randomness a new process would draw)", async function () {
    this.timeout(300_000);
    // This process's plan and one in a process of its own: a random seed, a clock read or a key
    // drawn at module load differs between them.
    const here = await cli("plan", EXAMPLE, "--json");
    const there = spawnSync(process.execPath, ["--require", "tsx/cjs", RUN_CLI, "plan", EXAMPLE, "--json"], { encoding: "utf8", maxBuffer: 1 << 28 });
    assert.strictEqual(here.code, 0, here.err);
    assert.strictEqual(there.status, 0, there.stderr);
    assert.ok(JSON.parse(there.stdout).resources.length > 0, "a plan with resources");
    assert.strictEqual(there.stdout, here.out + "\n");
  });

  it("exits 1 with positions for a bad file and 2 for usage errors", async () => {
    const r = await cli("plan", tmpFile(cache("      port: x\n")));
    assert.strictEqual(r.code, 1);
    assert.match(r.err, /stack.yaml:7:13: port must be a number/);
    assert.strictEqual((await cli("plan", EXAMPLE, "--secret", "novalue")).code, 2);
    assert.strictEqual((await cli("plan", EXAMPLE, "--yaml")).code, 2);
  });
});

describe("stackfile diff", () => {
  const before = cache("      enableSharding: true\n      numReplicaNodes: 1\n      numShards: 2\n");

  it("lists changes and exits 0 when every change is allowed", async () => {
    const after = cache("      enableSharding: true\n      numReplicaNodes: 1\n      numShards: 4\n").replace("t4g.micro", "t4g.small");
    const r = await cli("diff", tmpFile(before), tmpFile(after));
    assert.strictEqual(r.code, 0, r.err);
    // The stack file's changes come first, then what each resource does (diff-resources.test.ts).
    assert.strictEqual(r.out.split("\n\n")[0], "~ cache (redis-cluster): changed\n    instanceSize: cache.t4g.micro -> cache.t4g.small\n    numShards: 2 -> 4");
  });

  it("refuses an illegal update at the offending line of the new file (exit 1)", async () => {
    const after = tmpFile(cache("      enableSharding: true\n      numReplicaNodes: 2\n      numShards: 2\n"));
    const r = await cli("diff", tmpFile(before), after);
    assert.strictEqual(r.code, 1);
    assert.strictEqual(r.err, `${after}:8:24: numReplicaNodes cannot change on a sharded cluster (it was 1, now 2); keep numReplicaNodes: 1, or delete the cluster and create it again (for example under a new resource name)`);
  });

  it("refuses failover and replicas in one deploy", async () => {
    const r = await cli("diff", tmpFile(cache("")), tmpFile(cache("      numReplicaNodes: 1\n      enableAutomaticFailover: true\n")));
    assert.strictEqual(r.code, 1);
    assert.match(r.err, /:8:32: automatic failover cannot be enabled in the same deploy that changes numReplicaNodes \(0 -> 1\); first deploy numReplicaNodes: 1/);
  });

  it("reports added and removed resources, and 'no changes'", async () => {
    const two = cache("") + `  other:\n    type: redis-cluster\n    properties: { instanceSize: cache.t3.micro, defaultUserPassword: $Secret(passwordSecret) }\n`;
    const r = await cli("diff", tmpFile(cache("")), tmpFile(two));
    assert.deepStrictEqual([r.code, r.out.split("\n\n")[0], r.err], [0, "+ other (redis-cluster): added", ""]);
    // Removing a cluster deletes its data: refused unless --allow-replace names it.
    const removed = await cli("diff", tmpFile(two), tmpFile(cache("")));
    assert.strictEqual(removed.code, 1);
    assert.match(removed.out, /- other \(redis-cluster\): removed/);
    assert.strictEqual((await cli("diff", tmpFile(two), tmpFile(cache("")), "--allow-replace", "other")).code, 0);
    assert.strictEqual((await cli("diff", EXAMPLE, EXAMPLE)).out, "no changes");
  });

  it("exits 1 when either file has problems, 2 for usage", async () => {
    assert.strictEqual((await cli("diff", EXAMPLE, tmpFile("resources: ["))).code, 1);
    assert.strictEqual((await cli("diff", EXAMPLE)).code, 2);
  });
});

describe("stackfile schema", () => {
  it("prints the checked-in JSON Schema", async () => {
    const r = await cli("schema");
    assert.strictEqual(r.code, 0);
    assert.deepStrictEqual(JSON.parse(r.out), JSON.parse(fs.readFileSync("schema/stackfile.schema.json", "utf8")));
  });
});

describe("the stackfile binary", function () {
  this.timeout(120000);
  before(function () {
    requireBuilt("dist/cli/main.js");
  });

  it("runs validate with the documented exit codes and no stack trace", () => {
    const ok = spawnSync(process.execPath, ["bin/stackfile.js", "validate", EXAMPLE], { encoding: "utf8" });
    assert.deepStrictEqual([ok.status, ok.stdout.trim()], [0, "ok: 9 resources"]);
    const bad = spawnSync(process.execPath, ["bin/stackfile.js", "validate", tmpFile("resources:\n  x: 1\n")], { encoding: "utf8" });
    assert.strictEqual(bad.status, 1);
    assert.match(bad.stderr, /stack.yaml:2:6: resource 'x' must be a map with 'type' and 'properties', not number 1/);
    const usage = spawnSync(process.execPath, ["bin/stackfile.js"], { encoding: "utf8" });
    assert.strictEqual(usage.status, 2);
    assert.ok(!/\n\s+at /.test(bad.stderr + usage.stderr));
  });
});

describe("the mock engine", () => {
  it("ends a run whose Output fails instead of waiting forever, and reports the error", async () => {
    const run = await runWithMocks(() => {
      const failing = pulumi.output("x").apply((): string => {
        throw new pulumi.RunError("the lookup was refused");
      });
      new aws.cloudwatch.LogGroup("lg", { name: failing });
    });
    assert.deepStrictEqual(run.errors.map((e) => e.message), ["the lookup was refused"]);
  });
});
