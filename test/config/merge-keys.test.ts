// YAML 1.1 merge keys (`<<: *defaults`): settings shared between resources.
import * as assert from "assert";
import { analyzeStackfile } from "../../src/config/stackfile";

const SHARED = `resources:
  first:
    type: redis-cluster
    properties: &defaults
      instanceSize: cache.t4g.small
      defaultUserPassword: $Secret(pw)
      port: PORT
  second:
    type: redis-cluster
    properties:
      <<: *defaults
      numReplicaNodes: 1
`;

describe("YAML merge keys", () => {
  it("merge a resource's anchored properties into another, explicit keys winning", () => {
    const r = analyzeStackfile("s.yaml", SHARED.replace("PORT", "6380").replace("numReplicaNodes: 1", "numReplicaNodes: 1\n      port: 6381"));
    assert.deepStrictEqual(r.problems, []);
    const second = r.model.resources.find((x) => x.name === "second")!;
    assert.deepStrictEqual(second.properties, {
      instanceSize: "cache.t4g.small", defaultUserPassword: "$Secret(pw)", port: 6381, numReplicaNodes: 1,
    });
    assert.deepStrictEqual(second.secrets.map((s) => s.name), ["pw"]);
  });

  it("a problem in a merged value points at its anchored source, for every resource that merges it", () => {
    const r = analyzeStackfile("s.yaml", SHARED.replace("PORT", "nope"));
    assert.deepStrictEqual(r.problems.map((p) => `${p.line}:${p.col}: ${p.message}`), [
      `7:13: port must be a number, not the string "nope"`,
    ]);
  });

  it("a list of merged maps: the first that has a key gives it", () => {
    const text = `resources:
  a:
    type: redis-cluster
    properties: &a
      instanceSize: cache.t4g.small
      defaultUserPassword: $Secret(pw)
  b:
    type: http-api-gateway
    properties: &b
      logging: {format: CSV}
  c:
    type: redis-cluster
    properties:
      <<: [*a, {port: 6390}]
`;
    const r = analyzeStackfile("s.yaml", text);
    assert.deepStrictEqual(r.problems, []);
    assert.strictEqual(r.model.resources.find((x) => x.name === "c")!.properties.port, 6390);
  });

  it("a top-level key for shared settings is refused with the way to share them", () => {
    const r = analyzeStackfile("s.yaml", `x-defaults: &d\n  instanceSize: cache.t4g.small\n${SHARED.replace("PORT", "6380")}`);
    assert.deepStrictEqual(r.problems.map((p) => `${p.line}:${p.col}: ${p.message}`), [
      "1:1: unknown top-level key 'x-defaults'; the file has only 'resources' and 'notifications' (to share settings, anchor one resource's properties, `properties: &defaults`, and merge them into others with `<<: *defaults`)",
    ]);
  });
});
