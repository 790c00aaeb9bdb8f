// `stackfile diff`, resource level: both files run under the mock engine as
// `plan` runs them, and every AWS resource is created, updated (with the
// changed inputs), replaced (with the input that forces it) or deleted, the
// way `pulumi preview --diff` would show it. What loses data is refused,
// at the property that causes it, unless `--allow-replace <resource>`.
import * as assert from "assert";
import * as path from "path";
import { cli, tmpFile, cacheStack } from "./cli-helpers";
import { fakeNextApp } from "../fake-next-app";


const cache = cacheStack;

/** The resources of a json diff by name: [action, changed, replaceBecause, dataLoss] (without `values`). */
async function jsonDiff(...args: string[]) {
  const r = await cli("diff", ...args, "--format", "json");
  const out = r.out ? JSON.parse(r.out) : undefined;
  // Old and new values are tested in nested-secrets.test.ts; these tests are about actions.
  for (const x of out?.resources ?? []) delete x.values;
  const byName = (name: string) => out?.resources.find((x: { name: string }) => x.name === name);
  return { ...r, json: out, byName };
}

describe("stackfile diff: what each AWS resource would do", function () {
  this.timeout(120000);

  it("a port change replaces the replication group, which loses the cache's data: refused at the port (exit 1)", async () => {
    const after = tmpFile(cache("      port: 6380\n"));
    const r = await jsonDiff(tmpFile(cache()), after);
    assert.strictEqual(r.code, 1);
    assert.deepStrictEqual(r.byName("cache-replication-group"), {
      name: "cache-replication-group", type: "aws:elasticache/replicationGroup:ReplicationGroup",
      action: "replace", changed: ["port"], replaceBecause: ["port"], dataLoss: true,
    });
    // The security group rule follows the port in place.
    assert.deepStrictEqual([r.byName("cache-vpc-ingress").action, r.byName("cache-vpc-ingress").changed], ["update", ["fromPort", "toPort"]]);
    assert.strictEqual(r.err, `${after}:7:13: cache: cache-replication-group (aws:elasticache/replicationGroup:ReplicationGroup) is replaced because port forces a new resource: the new one starts empty, and the old one is deleted with every key in the cluster; if that is intended, pass --allow-replace cache`);
  });

  it("--allow-replace cache accepts that replacement (exit 0), and still shows it", async () => {
    const r = await jsonDiff(tmpFile(cache()), tmpFile(cache("      port: 6380\n")), "--allow-replace", "cache");
    assert.strictEqual(r.code, 0, r.err);
    assert.strictEqual(r.byName("cache-replication-group").action, "replace");
    assert.strictEqual(r.byName("cache-replication-group").dataLoss, true);
    assert.deepStrictEqual(r.json.refused, []);
  });

  it("an instance size change updates the replication group in place (exit 0)", async () => {
    const r = await jsonDiff(tmpFile(cache()), tmpFile(cache().replace("t4g.micro", "t4g.small")));
    assert.strictEqual(r.code, 0, r.err);
    assert.deepStrictEqual(r.json.resources, [{
      name: "cache-replication-group", type: "aws:elasticache/replicationGroup:ReplicationGroup",
      action: "update", changed: ["nodeType"], replaceBecause: [], dataLoss: false,
    }]);
  });

  it("a renamed resource is a delete and a create: the old cluster's data is lost, refused at the new name", async () => {
    const after = tmpFile(cache().replace("  cache:", "  sessions:"));
    const r = await jsonDiff(tmpFile(cache()), after);
    assert.strictEqual(r.code, 1);
    assert.deepStrictEqual([r.byName("cache-replication-group").action, r.byName("cache-replication-group").dataLoss], ["delete", true]);
    assert.deepStrictEqual([r.byName("sessions-replication-group").action, r.byName("sessions-replication-group").dataLoss], ["create", false]);
    assert.deepStrictEqual(r.byName("cache-slow-log"), { name: "cache-slow-log", type: "aws:cloudwatch/logGroup:LogGroup", action: "delete", changed: [], replaceBecause: [], dataLoss: true });
    const lines = r.err.split("\n");
    assert.deepStrictEqual(lines.map((l) => l.split(": ")[0]), [`${after}:2:3`, `${after}:2:3`]);
    assert.match(lines[0], /cache-replication-group \(aws:elasticache\/replicationGroup:ReplicationGroup\) is deleted \('cache' is now 'sessions': a rename deletes the old resource and creates a new one\) with every key in the cluster; if that is intended, pass --allow-replace cache$/);
    assert.match(lines[1], /cache-slow-log .* with the log events stored in the group/);
    // The loss is the old name's: allowing it accepts the rename.
    assert.strictEqual((await cli("diff", tmpFile(cache()), after, "--allow-replace", "cache")).code, 0);
  });

  it("a new nextjs-web build updates the server function (its code), losing nothing (exit 0)", async () => {
    // Base and head checked out side by side, as the CI recipe does: same layout, other code.
    const stack = (app: { buildCommand: string }) => `resources:\n  web:\n    type: nextjs-web\n    properties:\n      appDirectory: ./app\n      buildCommand: '${app.buildCommand}'\n`;
    const base = path.dirname(fakeNextApp("v1").dir);
    const head = path.dirname(fakeNextApp("v2").dir);
    const r = await jsonDiff(tmpFile(stack(fakeNextApp("v1", base)), "stack.yaml", base), tmpFile(stack(fakeNextApp("v2", head)), "stack.yaml", head));
    assert.strictEqual(r.code, 0, r.err);
    const server = r.byName("web-server-function");
    assert.deepStrictEqual([server.action, server.changed, server.dataLoss], ["update", ["code"], false]);
    assert.deepStrictEqual(r.json.resources.filter((x: { dataLoss: boolean; action: string }) => x.dataLoss || x.action === "delete"), []);
    assert.ok(!r.byName("web-bucket") && !r.byName("web-tag-table"), "the bucket and the table stay as they are");
    assert.strictEqual(r.byName("web-assets").action, "update", "the new static files are uploaded");
  });

  it("a gateway CORS change updates the API in place (exit 0)", async () => {
    const api = (origin: string) => `resources:\n  api:\n    type: http-api-gateway\n    properties:\n      cors:\n        enabled: true\n        allowedOrigins: [${origin}]\n`;
    const r = await jsonDiff(tmpFile(api("https://a.example.com")), tmpFile(api("https://b.example.com")));
    assert.strictEqual(r.code, 0, r.err);
    assert.deepStrictEqual(r.json.resources, [{
      name: "api-api", type: "aws:apigatewayv2/api:Api", action: "update", changed: ["corsConfiguration.allowOrigins"], replaceBecause: [], dataLoss: false,
    }]);
  });

  it("a replaced resource changes what reads its outputs: a new parameter group family (engine 6.2 -> 7.1) gives the cluster a new group name", async () => {
    const r = await jsonDiff(tmpFile(cache()), tmpFile(cache("      engineVersion: \"7.1\"\n")));
    assert.strictEqual(r.code, 0, r.err);
    assert.deepStrictEqual([r.byName("cache-parameter-group").action, r.byName("cache-parameter-group").replaceBecause], ["replace", ["family"]]);
    assert.deepStrictEqual([r.byName("cache-replication-group").action, r.byName("cache-replication-group").changed], ["update", ["engineVersion", "parameterGroupName"]]);
    const text = await cli("diff", tmpFile(cache()), tmpFile(cache("      engineVersion: \"7.1\"\n")));
    assert.match(text.out, /parameterGroupName: cache-parameter-group-[0-9a-f]{7} -> \(known after cache-parameter-group is replaced\)/);
  });

  it("an override of a force-new input replaces the cluster, refused at the override", async () => {
    const r = await jsonDiff(tmpFile(cache()), tmpFile(cache("    overrides:\n      subnetGroup:\n        name: cache-subnets\n")));
    assert.strictEqual(r.code, 1);
    assert.deepStrictEqual(r.byName("cache-subnet-group").replaceBecause, ["name"]);
    assert.deepStrictEqual(r.byName("cache-replication-group").replaceBecause, ["subnetGroupName"]);
    assert.match(r.err, /:9:15: cache: cache-replication-group .* is replaced because subnetGroupName forces a new resource/);
  });

  it("a port read from another cluster replaces both: each refused at its own port line", async () => {
    const two = (port: number) => `resources:
  main:
    type: redis-cluster
    properties: { instanceSize: cache.t4g.micro, defaultUserPassword: $Secret(pw), port: ${port} }
  follower:
    type: redis-cluster
    properties:
      instanceSize: cache.t4g.micro
      defaultUserPassword: $Secret(pw)
      port: $ResourceParam(main, port)
`;
    const after = tmpFile(two(7001));
    const r = await cli("diff", tmpFile(two(7000)), after);
    assert.strictEqual(r.code, 1);
    assert.deepStrictEqual(r.err.split("\n").map((l) => l.split(": ").slice(0, 2).join(": ")), [
      `${after}:4:90: main`,
      `${after}:10:13: follower`,
    ]);
  });

  it("logging.disabled deletes the slow log group with its logs: refused at the setting", async () => {
    const after = tmpFile(cache("      logging:\n        disabled: true\n"));
    const r = await jsonDiff(tmpFile(cache()), after);
    assert.strictEqual(r.code, 1);
    assert.strictEqual(r.byName("cache-slow-log").action, "delete");
    assert.match(r.err, new RegExp(`^${after}:8:19: cache: cache-slow-log .* is deleted \\(by this change\\) with the log events stored in the group`));
  });

  it("retainOnDelete keeps the old data in the account, but a replacement leaves the stack on a new empty resource: refused unless --allow-replace; a removal passes", async () => {
    const before = tmpFile(cache("    options: { retainOnDelete: true }\n"));
    const after = tmpFile(cache("      port: 6380\n    options: { retainOnDelete: true }\n"));
    const retained = await jsonDiff(before, after);
    assert.strictEqual(retained.code, 1, retained.err);
    assert.deepStrictEqual([retained.byName("cache-replication-group").action, retained.byName("cache-replication-group").dataLoss], ["replace", false]);
    assert.match(retained.err, new RegExp(`^${after}:7:13: cache: cache-replication-group \\(aws:elasticache/replicationGroup:ReplicationGroup\\) is replaced because port forces a new resource: the new one starts empty; the old one stays in the account \\(options.retainOnDelete\\) with .*, outside the stack; if that is intended, pass --allow-replace cache$`, "m"));
    assert.strictEqual((await jsonDiff(before, after, "--allow-replace", "cache")).code, 0);
    assert.match((await cli("diff", before, after, "--allow-replace", "cache")).out, /cache-replication-group .*, leaves .* in the old one, outside the stack/);
    const removed = await jsonDiff(before, tmpFile("resources: {}\n"));
    assert.strictEqual(removed.code, 0, removed.err);
    const protectedOne = await jsonDiff(tmpFile(cache("    options: { protect: true }\n")), tmpFile(cache("      port: 6380\n    options: { protect: true }\n")), "--allow-replace", "cache");
    assert.strictEqual(protectedOne.code, 1);
    assert.match(protectedOne.err, /:7:13: cache: cache-replication-group .* would be replaced because port forces a new resource, but it is protected \(options.protect\): pulumi up stops before it/);
  });
});
