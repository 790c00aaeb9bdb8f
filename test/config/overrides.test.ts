// `overrides.<child>`: arguments of the child's @pulumi/aws resource, checked by
// name, with directives resolved like the properties' own (secrets kept secret).
import * as assert from "assert";
import * as fs from "fs";
import { cli, tmpFile } from "../cli/cli-helpers";
import { analyzeStackfile } from "../../src/config/stackfile";
import { awsArgNames } from "../../src/shared/aws-naming/aws-arg-names";


const cache = (overrides: string) => `resources:
  cache:
    type: redis-cluster
    properties:
      instanceSize: cache.t4g.small
      defaultUserPassword: $Secret('pw')
    overrides:
${overrides}`;

describe("overrides", () => {
  it("argument names come from the installed @pulumi/aws", () => {
    const names = awsArgNames("aws:elasticache/replicationGroup:ReplicationGroup")!;
    assert.ok(names.includes("maintenanceWindow") && names.includes("authToken") && names.includes("applyImmediately"), names.join(","));
    assert.ok(!names.includes("maintenanceWindw"));
    assert.ok(awsArgNames("aws:s3/bucket:Bucket")!.includes("forceDestroy"));
    assert.strictEqual(awsArgNames("aws:nosuch/thing:Thing"), undefined);
  });

  it("an unknown argument is refused at its key, with the child's type and a suggestion", () => {
    const r = analyzeStackfile("s.yaml", cache("      replicationGroup:\n        maintenanceWindw: sun:05:00-sun:06:00\n        applyImmediately: true\n"));
    assert.deepStrictEqual(r.problems.map((p) => `${p.line}:${p.col}: ${p.message}`), [
      "9:9: unknown argument 'maintenanceWindw' of replicationGroup (aws.elasticache.ReplicationGroup); did you mean 'maintenanceWindow'?",
    ]);
  });

  it("stackfile's own dynamic children take no overrides", () => {
    const r = analyzeStackfile("s.yaml", cache("      updateGuard:\n        x: 1\n"));
    assert.deepStrictEqual(r.problems.map((p) => `${p.line}:${p.col}: ${p.message}`), [
      "8:7: updateGuard is one of stackfile's own resources (pulumi-nodejs:dynamic/stackfile:RedisUpdateGuard) and takes no overrides",
    ]);
  });

  it("a $Secret in an override is a needed secret, resolved and kept secret", async () => {
    const f = tmpFile(cache("      replicationGroup:\n        authToken: $Secret('other')\n"));
    const r = analyzeStackfile(f, fs.readFileSync(f, "utf8"));
    assert.deepStrictEqual(r.problems, []);
    assert.deepStrictEqual(r.model.resources[0].secrets.map((s) => s.name).sort(), ["other", "pw"]);
    const missing = await cli("plan", f, "--secret", "pw=Correct-Horse-Battery-1");
    assert.strictEqual(missing.code, 0, missing.err);
    assert.match(missing.out, /Secrets not given, shown with placeholders: other/);
    const given = await cli("plan", f, "--json", "--secret", "pw=Correct-Horse-Battery-1", "--secret", "other=Other-Password-123456");
    assert.strictEqual(given.code, 0, given.err);
    assert.ok(!given.out.includes("Other-Password"));
    const group = JSON.parse(given.out).resources.find((x: { name: string }) => x.name === "cache-replication-group");
    assert.strictEqual(group.inputs.authToken, "[secret]");
  });

  it("a $ResourceParam in an override reads the other resource, which is made first", async () => {
    const f = tmpFile(`resources:
  cache:
    type: redis-cluster
    properties:
      instanceSize: cache.t4g.small
      defaultUserPassword: Correct-Horse-Battery-1
    overrides:
      replicationGroup:
        description: "cache behind $ResourceParam('api', 'domain')"
  api:
    type: http-api-gateway
`);
    const r = await cli("plan", f, "--json");
    assert.strictEqual(r.code, 0, r.err);
    const group = JSON.parse(r.out).resources.find((x: { name: string }) => x.name === "cache-replication-group");
    assert.match(group.inputs.description, /^cache behind [a-z0-9]+\.execute-api\.us-east-1\.amazonaws\.com$/);
  });

  it("directive problems in overrides are placed at their line", () => {
    const r = analyzeStackfile("s.yaml", cache("      replicationGroup:\n        description: $ResourceParam('nope', 'host')\n"));
    assert.deepStrictEqual(r.problems.map((p) => `${p.line}:${p.col}`), ["9:22"]);
    assert.match(r.problems[0].message, /names the resource 'nope', which is not in this file/);
  });
});
