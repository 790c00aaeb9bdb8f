import * as assert from "assert";
import * as fs from "fs";
import { schemaText, SCHEMA_PATH } from "../../scripts/generate-schema";
import { withDefaults, fileSchema } from "../../src/shared/schema/schema";

describe("JSON Schema", function () {
  this.timeout(60000);

  it("the checked-in schema is what the properties interfaces generate (run `npm run schema:gen` when this fails)", () => {
    assert.strictEqual(fs.readFileSync(SCHEMA_PATH, "utf8"), schemaText());
  });

  it("carries the documented defaults and enums of redis-cluster", () => {
    const def = fileSchema().definitions!.RedisClusterProperties;
    assert.strictEqual(def.properties!.port.default, 6379);
    assert.deepStrictEqual(def.required, ["instanceSize", "defaultUserPassword"]);
    assert.deepStrictEqual(fileSchema().definitions!.RedisEngineVersion.enum, ["6.0", "6.2", "7.0", "7.1"]);
    assert.strictEqual(fileSchema().definitions!.RedisInstanceSize.enum!.length, 60);
  });

  it("withDefaults fills every documented default, nested objects included", () => {
    const filled = withDefaults("RedisClusterProperties", { instanceSize: "cache.t3.micro", logging: { format: "text" } });
    assert.deepStrictEqual(filled, {
      instanceSize: "cache.t3.micro",
      enableSharding: false,
      numShards: 1,
      numReplicaNodes: 0,
      automatedBackupRetentionDays: 0,
      port: 6379,
      engineVersion: "6.2",
      logging: { format: "text", disabled: false, retentionDays: 90 },
      accessibility: { accessibilityMode: "vpc" },
    });
  });

  it("withDefaults keeps given values", () => {
    const filled = withDefaults("RedisClusterProperties", { port: 7000, accessibility: { accessibilityMode: "scoping-workloads-in-vpc" } }) as any;
    assert.strictEqual(filled.port, 7000);
    assert.strictEqual(filled.accessibility.accessibilityMode, "scoping-workloads-in-vpc");
  });
});
