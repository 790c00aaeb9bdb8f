// The stage under `pulumi up`: the program reads the selected stack's name,
// its aws:region and its plain configuration from the engine, so the same
// stack file deploys production's values as `production` and the defaults as
// `pr-7` (the program as the engine runs it, under the mock engine).
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { deployStackfile } from "../../src/config/deploy";
import { run } from "../harness";
import { STAGED_STACK } from "../cli/stage-fixtures";

const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "program-stages-")), "stack.yaml");
fs.writeFileSync(file, STAGED_STACK);

const deploy = (stack: string, config: Record<string, string>) => run(() => deployStackfile(), {
  project: "shop", stack, region: "eu-west-1",
  config: { "stackfile:file": file, "aws:region": "eu-west-1", "shop:pw": "Correct-Horse-Battery-1", ...config },
  secretKeys: ["shop:pw"],
});

describe("stages under pulumi up (the program reads the engine's stack and config)", () => {
  it("deploys production's size, replicas, port and domain as production", async () => {
    const r = await deploy("production", { "shop:cachePort": "6380" });
    const group = r.one("aws:elasticache/replicationGroup:ReplicationGroup").inputs;
    assert.strictEqual(group.nodeType, "cache.r7g.large");
    assert.strictEqual(group.numCacheClusters, 3);
    assert.strictEqual(group.port, 6380);
    assert.strictEqual(group.description, "cache of production in eu-west-1");
    assert.strictEqual(r.one("aws:apigatewayv2/domainName:DomainName").inputs.domainName, "api.example.com");
  });

  it("deploys the defaults and a domain with the stage in it as pr-7", async () => {
    const r = await deploy("pr-7", { "shop:cachePort": "6379" });
    const group = r.one("aws:elasticache/replicationGroup:ReplicationGroup").inputs;
    assert.strictEqual(group.nodeType, "cache.t4g.micro");
    assert.strictEqual(group.numCacheClusters, 1);
    assert.strictEqual(group.description, "cache of pr-7 in eu-west-1");
    assert.strictEqual(r.one("aws:apigatewayv2/domainName:DomainName").inputs.domainName, "pr-7.preview.example.com");
  });

  it("refuses a stack that does not set a key $Config reads, with the pulumi config set line", async () => {
    await assert.rejects(deploy("pr-9", {}), /stack\.yaml:7:13: \$Config\('cachePort'\): stack pr-9 does not set 'cachePort'; run: pulumi config set cachePort <value> --stack pr-9/);
  });

  it("refuses a key the stack holds as a secret read with $Config (it would be stored in plain text), naming $Secret, and never shows its value", async () => {
    await deploy("pr-9", { "shop:cachePort": "6390" });
    const secretKeys = ["shop:pw", "shop:cachePort"];
    const refused = await run(() => deployStackfile(), {
      project: "shop", stack: "pr-9", region: "eu-west-1",
      config: { "stackfile:file": file, "aws:region": "eu-west-1", "shop:pw": "Correct-Horse-Battery-1", "shop:cachePort": "6390" },
      secretKeys,
    }).then(() => undefined, (e: Error) => e);
    assert.ok(refused, "a secret read with $Config is refused");
    assert.match(refused.message, /stack\.yaml:7:13: \$Config\('cachePort'\): stack pr-9 holds 'cachePort' as a secret; read it with \$Secret\('cachePort'\)/);
    assert.ok(!refused.message.includes("6390"), refused.message);
  });
});
