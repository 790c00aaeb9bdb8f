// `plan` names the stack's outputs as Pulumi names them: one object per
// resource, each under the `pulumi stack output` command that reads it after
// `pulumi up` (`--show-secrets` where it holds a secret). The engine test of
// the user's path (test/engine/user-path.test.ts) runs the printed commands.
import * as assert from "assert";
import { cli, tmpFile } from "./cli-helpers";

describe("plan's outputs", function () {
  this.timeout(120_000);

  it("lists each resource's outputs under the command that reads them, --show-secrets where one is secret", async () => {
    const f = tmpFile(`resources:
  api:
    type: http-api-gateway
  cache:
    type: redis-cluster
    properties:
      instanceSize: cache.t4g.micro
      defaultUserPassword: $Secret('pw')
`);
    const r = await cli("plan", f);
    assert.strictEqual(r.code, 0, r.err);
    const lines = r.out.split("\n");
    const at = lines.indexOf("Outputs after pulumi up, one object per resource:");
    assert.ok(at > 0, r.out);
    const section = lines.slice(at + 1, lines.indexOf("", at));
    assert.strictEqual(section[0], "  pulumi stack output api --json");
    assert.match(section[1], /^ {4}domain: \S+$/);
    assert.match(section[2], /^ {4}url: https:\/\/\S+$/);
    const cache = section.indexOf("  pulumi stack output cache --json --show-secrets");
    assert.ok(cache > 0, section.join("\n"));
    assert.ok(section.includes("    connectionString: [secret]"), section.join("\n"));
    assert.ok(section.includes("    port: 6379"), section.join("\n"));
    assert.ok(!r.out.includes("api.url"), "no flat names pulumi does not have");
  });
});
