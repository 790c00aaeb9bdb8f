// `stackfile diff` of a web-app-firewall: a scope change replaces the web
// ACL and its IP sets (scope is fixed at creation), and the CDN that uses it
// takes the new one in place; a rule change updates the ACL in place. A
// firewall holds no data: nothing is refused.
import * as assert from "assert";
import { cli, tmpFile } from "../../cli/cli-helpers";

const stack = (scope: string, limit: number, addresses = `["192.0.2.0/24"]`, useFirewall = true) => `resources:
  edge:
    type: web-app-firewall
    properties:
      scope: ${scope}
      rules:
        - type: rate-based
          properties: { limit: ${limit} }
        - type: ip-set
          properties: { addresses: ${addresses} }
${useFirewall ? "  api:\n    type: http-api-gateway\n    properties:\n      cdn: { enabled: true }\n      useFirewall: edge\n" : ""}`;

async function diff(before: string, after: string) {
  const r = await cli("diff", tmpFile(before), tmpFile(after), "--format", "json");
  const out = r.out ? JSON.parse(r.out) : { resources: [] };
  const byName = (name: string) => out.resources.find((x: { name: string }) => x.name === name);
  return { ...r, out, byName };
}

describe("stackfile diff: web-app-firewall", function () {
  this.timeout(180000);

  it("scope cdn -> regional replaces the web ACL and its IP set (scope is fixed at creation); nothing holds data, so it is not refused", async () => {
    const r = await diff(stack("cdn", 100, `["192.0.2.0/24"]`, false), stack("regional", 100, `["192.0.2.0/24"]`, false));
    assert.strictEqual(r.code, 0, r.err);
    assert.deepStrictEqual([r.byName("edge-web-acl").action, r.byName("edge-web-acl").dataLoss], ["replace", false]);
    assert.ok(r.byName("edge-web-acl").replaceBecause.some((b: string) => b.startsWith("scope")), JSON.stringify(r.byName("edge-web-acl")));
    assert.strictEqual(r.byName("edge-ip-set-1-ipv4").action, "replace");
  });

  it("a rule change (the rate limit) updates the web ACL in place, and the CDN is untouched", async () => {
    const r = await diff(stack("cdn", 100), stack("cdn", 200));
    assert.strictEqual(r.code, 0, r.err);
    assert.strictEqual(r.byName("edge-web-acl").action, "update");
    assert.ok(r.byName("edge-web-acl").changed.some((c: string) => c.startsWith("rules")), JSON.stringify(r.byName("edge-web-acl")));
    assert.strictEqual(r.byName("api-cdn-distribution"), undefined);
  });

  it("an address of the other version adds an IP set; the rule's statement changes in place", async () => {
    const r = await diff(stack("cdn", 100), stack("cdn", 100, `["192.0.2.0/24", "2001:db8::/32"]`));
    assert.strictEqual(r.code, 0, r.err);
    assert.strictEqual(r.byName("edge-ip-set-1-ipv6").action, "create");
    assert.strictEqual(r.byName("edge-web-acl").action, "update");
  });
});
