import * as assert from "assert";
import { analyzeStackfile, formatProblem } from "../../src/config/stackfile";

function problems(text: string): string[] {
  return analyzeStackfile("s.yaml", text).problems.map(formatProblem);
}

const redis = (extra = "", name = "cache") => `
  ${name}:
    type: redis-cluster
    properties:
      instanceSize: cache.t4g.micro
      defaultUserPassword: $Secret(pw)${extra}`;

describe("stack file validation", () => {
  it("accepts the example stack", () => {
    const fs = require("fs") as typeof import("fs");
    const text = fs.readFileSync("examples/yaml-stack/stack.yaml", "utf8");
    assert.deepStrictEqual(problems(text), []);
  });

  it("points at the line and column of a wrong value", () => {
    assert.deepStrictEqual(problems(`resources:${redis("\n      port: high")}`), [
      's.yaml:7:13: port must be a number, not the string "high"',
    ]);
  });

  it("collects every problem, not only the first", () => {
    const out = problems(`resources:${redis("\n      port: high\n      numShards: 0\n      engineVersion: '9.9'")}`);
    assert.strictEqual(out.length, 3);
  });

  it("suggests the closest key for an unknown one, pointing at the key", () => {
    assert.deepStrictEqual(problems(`resources:${redis("\n      instanceSzie: x")}`), [
      "s.yaml:7:7: unknown property 'instanceSzie'; did you mean 'instanceSize'?",
    ]);
  });

  it("suggests the closest enum value and resource type", () => {
    assert.match(problems(`resources:${redis("\n      logging:\n        format: jsn")}`)[0], /format must be one of json, text, not the string "jsn"; did you mean json\?/);
    assert.match(problems(`resources:\n  c:\n    type: redis-clster\n    properties: {}`)[0], /s.yaml:3:11: unknown resource type "redis-clster"; did you mean 'redis-cluster'\?/);
  });

  it("tells to quote a version YAML read as a number", () => {
    assert.match(problems(`resources:${redis("\n      engineVersion: 7.0")}`)[0], /write it in quotes: "7.0"/);
  });

  it("refuses top-level keys other than resources, and a missing resources", () => {
    assert.deepStrictEqual(problems(`resources: {}\nextra: 1`), ["s.yaml:2:1: unknown top-level key 'extra'; the file has only 'resources' and 'notifications'"]);
    assert.match(problems(`resorces: {}`).join("\n"), /did you mean 'resources'\?/);
    assert.match(problems(``).join("\n"), /s.yaml:1:1: the file must be a map with the key 'resources'/);
  });

  it("refuses bad resource names", () => {
    assert.match(problems(`resources:${redis("", "my-cache")}`)[0], /s.yaml:2:3: resource name 'my-cache' must start with a letter and hold only letters and digits/);
  });

  it("requires properties for redis-cluster and its required fields", () => {
    assert.match(problems(`resources:\n  c:\n    type: redis-cluster`)[0], /resource 'c' \(redis-cluster\) needs 'properties'/);
    assert.deepStrictEqual(problems(`resources:\n  c:\n    type: redis-cluster\n    properties:\n      port: 1`), [
      "s.yaml:5:7: properties is missing the required property 'instanceSize'",
      "s.yaml:5:7: properties is missing the required property 'defaultUserPassword'",
    ]);
  });

  it("runs the type's rules on the file", () => {
    assert.deepStrictEqual(problems(`resources:${redis("\n      enableSharding: true")}`), [
      "s.yaml:7:23: numReplicaNodes must be at least 1 when enableSharding is true (it is 0); set numReplicaNodes: 1 or more",
    ]);
  });

  it("refuses unknown resources and parameters in $ResourceParam", () => {
    const text = `resources:${redis("\n      port: $ResourceParam(cahce, port)")}${redis("\n      port: $ResourceParam(cache, prot)", "other")}`;
    assert.deepStrictEqual(problems(text), [
      "s.yaml:7:13: $ResourceParam names the resource 'cahce', which is not in this file; did you mean 'cache'?",
      "s.yaml:13:13: redis-cluster has no parameter 'prot'; did you mean 'port'?; available: host, port, connectionString, sharding, readerHost, readerPort, readerConnectionString",
    ]);
  });

  it("knows that a sharded cluster has no reader parameters", () => {
    const text = `resources:${redis("\n      enableSharding: true\n      numReplicaNodes: 1")}${redis("\n      port: $ResourceParam(cache, readerPort)", "other")}`;
    assert.match(problems(text)[0], /redis-cluster 'cache' has no 'readerPort' in its configuration; .*available: host, port, connectionString, sharding/);
  });

  it("checks the type a whole-value reference gives", () => {
    const text = `resources:${redis("")}${redis("\n      port: $ResourceParam(cache, host)", "other")}`;
    assert.deepStrictEqual(problems(text), ["s.yaml:12:13: port must be a number, but the directive gives a string"]);
  });

  it("refuses directives where a field decides what is made", () => {
    const text = `resources:${redis("")}${redis("\n      enableSharding: $ResourceParam(cache, sharding)", "other")}`;
    assert.deepStrictEqual(problems(text).length, 1);
    assert.ok(problems(text).some((p) => /s.yaml:12:23: enableSharding decides which AWS resources are made/.test(p)), problems(text).join("\n"));
  });

  it("reports a reference cycle with its whole path", () => {
    const text = `resources:${redis("\n      port: $ResourceParam(b, port)", "a")}${redis("\n      port: $ResourceParam(c, port)", "b")}${redis("\n      port: $ResourceParam(a, port)", "c")}`;
    assert.deepStrictEqual(problems(text), ["s.yaml:7:13: references form a cycle: a -> b -> c -> a; a resource cannot depend on itself, directly or through others"]);
  });

  it("checks overrides' child ids, listing the valid ones", () => {
    const text = `resources:${redis("")}\n    overrides:\n      replicationGrup: {}`;
    assert.deepStrictEqual(problems(text), [
      "s.yaml:8:7: 'replicationGrup' is not a child of redis-cluster 'cache'; did you mean 'replicationGroup'?; valid ids: subnetGroup, securityGroup, vpcIngress, parameterGroup, slowLog, updateGuard, replicationGroup, cpuAlarm, memoryAlarm, evictionsAlarm, replicationLagAlarm, " +
        "logForwardingBucket, logForwardingBucketBlock, logForwardingBucketEncryption, logForwardingStreamRole, logForwardingStreamPolicy, " +
        "logForwardingStream, logForwardingLogsRole, logForwardingLogsPolicy, logForwardingSubscription",
    ]);
  });

  it("reports YAML syntax errors and duplicate keys with positions", () => {
    assert.match(problems("resources:\n  a: [1, 2\n")[0], /^s.yaml:\d+:\d+: invalid YAML: /);
    assert.match(problems(`resources:${redis("\n      port: 1\n      port: 2")}`)[0], /^s.yaml:8:7: invalid YAML: Map keys must be unique/);
  });

  it("orders the model so referenced resources come first", () => {
    const text = `resources:${redis("\n      port: $ResourceParam(b, port)", "a")}${redis("", "b")}`;
    assert.deepStrictEqual(analyzeStackfile("s.yaml", text).model.resources.map((r) => r.name), ["b", "a"]);
  });
});
