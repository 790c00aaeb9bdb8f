// No command prints a secret value: not in a problem a rule finds in a value
// that came from $Secret, not in a usage error that names an option.
import * as assert from "assert";
import { cli, tmpFile } from "./cli-helpers";


const gateway = (props: string) => `resources:
  api:
    type: http-api-gateway
    properties:
${props}`;

describe("secrets are never printed", () => {
  it("plan: a rule refusing a $Secret value says where, not what", async () => {
    const f = tmpFile(gateway("      cors:\n        enabled: true\n        allowedOrigins: [$Secret('origin')]\n"));
    const r = await cli("plan", f, "--secret", "origin=hunter2-secret-origin/");
    assert.strictEqual(r.code, 1);
    assert.ok(!r.err.includes("hunter2"), r.err);
    assert.match(r.err, /:7:26: '\[secret\]' is not an origin.*\(the value of \$Secret\('origin'\)\)/);
  });

  it("plan: a key of a JSON secret is as secret as the whole", async () => {
    const f = tmpFile(gateway(`      cdn:
        enabled: true
        forwardingOptions:
          customRequestHeaders:
            - headerName: $Secret('cdn.header')
              value: x
`));
    const r = await cli("plan", f, "--secret", 'cdn={"header": "X-Amz-Hidden-Name"}');
    assert.strictEqual(r.code, 1);
    assert.ok(!/Hidden-Name/i.test(r.err), r.err);
  });

  it("usage errors name the option, never its value", async () => {
    const f = tmpFile(gateway("      cors: {enabled: false}\n"));
    for (const args of [
      ["validate", f, "--secret=pw=TopSecret-1"],
      ["validate", f, "--secret", "pw=TopSecret-1"],
      ["plan", f, "--secrets=pw=TopSecret-1"],
      ["plan", f, "--region=TopSecret-1"],
      ["plan", f, "--stack=TopSecret 1"],
      ["plan", f, "--quota=TopSecret-1"],
      ["diff", f, f, "--token=TopSecret-1"],
      ["schema", "--x=TopSecret-1"],
      ["TopSecret-1"],
    ]) {
      const r = await cli(...args);
      assert.strictEqual(r.code, 2, args.join(" "));
      assert.ok(!(r.out + r.err).includes("TopSecret"), `${args.join(" ")} printed: ${r.err}`);
    }
  });

  it("validate: a field the schema marks secret never shows its value, even a wrong one", async () => {
    const f = tmpFile(`resources:
  cache:
    type: redis-cluster
    properties:
      instanceSize: cache.t4g.small
      defaultUserPassword: 98765432109876543210
      logging:
        logForwarding:
          type: logs-vendor-a
          properties: {apiKey: [SecretApiKey12345]}
`);
    const r = await cli("validate", f);
    assert.strictEqual(r.code, 1);
    assert.match(r.err, /:6:28: defaultUserPassword must be a string, not a secret value/);
    assert.match(r.err, /:10:32: apiKey must be a string, not a secret value/);
    assert.ok(!/98765|SecretApiKey/.test(r.err), r.err);
  });
});
